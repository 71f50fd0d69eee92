import { API_PREFIXES } from '../contract/api-prefixes.js';
import { successEnvelope } from '../contract/envelopes.js';
import { PetDeletedData } from '../contract/pet-records.js';
import { jsonSchema } from './openapi-json-schema.js';
import { PET_ID } from './pet-id.js';
import { PetAnalysesData } from './pet-records-route.js';

/** The pets' records' paths (DESIGN.md §11); their response schemas go into `schemas`. */
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
  const petErrors = {
    '400': { description: 'VALIDATION_ERROR: a bad pet id or page.' },
    '401': { description: 'UNAUTHORIZED or INVALID_KEY.' },
    '429': { description: 'RATE_LIMITED.' },
  };
  for (const prefix of API_PREFIXES) {
    paths[`${prefix}/pets/{petId}/analyses`] = {
      get: {
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
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PetAnalysesResponse' } } },
          },
          ...petErrors,
        },
      },
    };
    paths[`${prefix}/pets/{petId}/analyses/{requestId}/photo`] = {
      get: {
        summary: "A record's photo",
        description: 'The photo kept with a record, as it was sent (only with PAWLENS_KEEP_IMAGES=1). Free.',
        tags: ['records'],
        security: [{ bearerAuth: [] }],
        parameters: [petParameter, { name: 'requestId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'The photo.', content: { 'image/jpeg': {}, 'image/png': {}, 'image/webp': {} } },
          '404': { description: 'NOT_FOUND: no photo kept for this record.' },
          ...petErrors,
        },
      },
    };
    paths[`${prefix}/pets/{petId}`] = {
      delete: {
        summary: "Erase a pet's records",
        description:
          "Erases every result kept for this pet in this API key's clinic, whichever of its keys made it. Free.",
        tags: ['records'],
        security: [{ bearerAuth: [] }],
        parameters: [petParameter],
        responses: {
          '200': {
            description: 'How many were erased.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PetDeletedResponse' } } },
          },
          ...petErrors,
        },
      },
    };
  }
  return paths;
}
