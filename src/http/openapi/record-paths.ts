import { API_PREFIXES } from '../../contract/api-prefixes.js';
import { REQUEST_ID_FORMAT, successEnvelope } from '../../contract/envelopes.js';
import { PetDeletedData } from '../../contract/pet-records.js';
import { jsonSchema } from './json-schema.js';
import { errorResponses, REQUEST_ID_HEADER } from './responses.js';
import { PET_ID } from '../routes/pet-id.js';
import { PetAnalysesData } from '../routes/pet-records-route.js';

/** The pets' records' paths (docs/design.md §11); their response schemas go into `schemas`. */
export function recordPaths(schemas: Record<string, unknown>): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  schemas.PetAnalysesResponse = jsonSchema(successEnvelope(PetAnalysesData), 'output');
  schemas.PetDeletedResponse = jsonSchema(successEnvelope(PetDeletedData), 'output');
  const petParameter = {
    name: 'petId',
    in: 'path',
    required: true,
    schema: { type: 'string', pattern: PET_ID.source },
  };
  const petErrors = errorResponses(['any', 'keyed']);
  API_PREFIXES.forEach((prefix, index) => {
    // The /v1 paths are aliases of the /api/v1 ones: their operations are named apart.
    const id = (name: string) => (index === 0 ? name : `${name}Short`);
    paths[`${prefix}/pets/{petId}/analyses`] = {
      get: {
        operationId: id('listPetAnalyses'),
        summary: "A pet's analyses",
        description:
          "The results kept for this pet in this API key's clinic (requests that sent X-Pet-Id, with any of its keys), newest first. Free.",
        tags: ['records'],
        security: [{ bearerAuth: [] }],
        parameters: [
          petParameter,
          {
            name: 'limit',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
          {
            name: 'before',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description:
              "next_before of the previous page: an opaque cursor, valid for this clinic's keys and this pet only.",
          },
        ],
        responses: {
          '200': {
            description: 'A page of records.',
            headers: REQUEST_ID_HEADER,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PetAnalysesResponse' } } },
          },
          ...petErrors,
        },
      },
    };
    paths[`${prefix}/pets/{petId}/analyses/{requestId}/photo`] = {
      get: {
        operationId: id('getAnalysisPhoto'),
        summary: "A record's photo",
        description: 'The photo kept with a record, as it was sent (only with PAWLENS_KEEP_IMAGES=1). Free.',
        tags: ['records'],
        security: [{ bearerAuth: [] }],
        parameters: [
          petParameter,
          {
            name: 'requestId',
            in: 'path',
            required: true,
            schema: { type: 'string', pattern: REQUEST_ID_FORMAT.source },
          },
        ],
        responses: {
          '200': {
            description: 'The photo, stripped of every metadata block.',
            headers: REQUEST_ID_HEADER,
            content: Object.fromEntries(
              ['image/jpeg', 'image/png', 'image/webp'].map((type) => [
                type,
                { schema: { type: 'string', contentMediaType: type } },
              ]),
            ),
          },
          // No photo kept for this record, or no such record in this key's clinic.
          ...errorResponses(['any', 'keyed'], ['NOT_FOUND']),
        },
      },
    };
    paths[`${prefix}/pets/{petId}`] = {
      delete: {
        operationId: id('erasePet'),
        summary: "Erase a pet's records",
        description:
          "Erases every result kept for this pet in this API key's clinic, whichever of its keys made it, and the answers their Idempotency-Keys would replay (a retry is then analysed afresh). Free.",
        tags: ['records'],
        security: [{ bearerAuth: [] }],
        parameters: [petParameter],
        responses: {
          '200': {
            description: 'How many were erased.',
            headers: REQUEST_ID_HEADER,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PetDeletedResponse' } } },
          },
          ...petErrors,
        },
      },
    };
  });
  return paths;
}
