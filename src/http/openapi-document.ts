import { z } from 'zod';
import { AnalysisRequestBody } from '../contract/analysis-request.js';
import { ErrorEnvelope, successEnvelope } from '../contract/envelopes.js';
import { ERROR_CATALOGUE, ERROR_CODES, type ErrorCode } from '../contract/error-catalogue.js';
import { API_PREFIXES } from '../contract/api-prefixes.js';
import { CREDITS_PER_CALL } from '../contract/price.js';
import { PetDeletedData } from '../contract/pet-records.js';
import { IDEMPOTENCY_KEY_FORMAT } from './idempotency.js';
import { PET_ID } from './pet-id.js';
import { PetAnalysesData } from './pet-records-route.js';
import { OPERATION_LIST } from '../operations/registry.js';

/** A request is documented as it may be sent (before the parser's transforms), a response as it is sent. */
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });

/** The catalogue's codes an operation can answer with, grouped by status. */
function errorResponses() {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of ERROR_CODES.filter((candidate) => ERROR_CATALOGUE[candidate].operations)) {
    const { status } = ERROR_CATALOGUE[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      String(status),
      {
        description: codes.map((code) => `${code}: ${ERROR_CATALOGUE[code].message}`).join('\n\n'),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      },
    ]),
  );
}

/** OpenAPI 3.1 from the operation registry, the error catalogue and the zod schemas that parse every request and check every response. */
export function buildOpenApiDocument(version: string) {
  const schemas: Record<string, unknown> = {
    AnalysisRequest: jsonSchema(AnalysisRequestBody, 'input'),
    ErrorEnvelope: jsonSchema(ErrorEnvelope, 'output'),
  };
  const paths: Record<string, unknown> = {};
  for (const contract of OPERATION_LIST) {
    const { key } = contract;
    const envelopeName = `${key[0]!.toUpperCase()}${key.slice(1)}Response`;
    schemas[envelopeName] = jsonSchema(successEnvelope(contract.data), 'output');
    API_PREFIXES.forEach((prefix, index) => {
      paths[`${prefix}/${contract.path}`] = {
        post: {
          operationId: index === 0 ? key : `${key}Short`,
          summary: contract.title,
          description: `${contract.title}. Costs ${CREDITS_PER_CALL} credits when it assesses the photo; an answer that assessed nothing (a photo of the wrong kind or too dark, an emotion nothing read, a breed with no classifier) and failed calls are free.${index === 0 ? '' : ' Alias of the /api/v1 path.'}`,
          tags: [index === 0 ? 'operations' : 'aliases'],
          security: [{ bearerAuth: [] }],
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              schema: { type: 'string', pattern: IDEMPOTENCY_KEY_FORMAT.source },
              description:
                'Retry-safe key: the same key and body within 24 h return the stored answer, without a second charge.',
            },
            {
              name: 'X-Pet-Id',
              in: 'header',
              required: false,
              schema: { type: 'string', pattern: PET_ID.source },
              description:
                "The clinic's id for the pet (a chart number, a UUID): the answer is kept in that pet's records, for this API key only (never the photo).",
            },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/AnalysisRequest' } } },
          },
          responses: {
            '200': {
              description: 'The analysis.',
              headers: {
                'X-Request-Id': { schema: { type: 'string' } },
                'X-Credits-Charged': {
                  schema: { type: 'integer' },
                  description: `${CREDITS_PER_CALL}, or 0 for an answer that assessed nothing.`,
                },
                'X-Credits-Remaining': { schema: { type: 'integer' }, description: 'Absent for unlimited keys.' },
              },
              content: { 'application/json': { schema: { $ref: `#/components/schemas/${envelopeName}` } } },
            },
            ...errorResponses(),
          },
        },
      };
    });
  }
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
          'The results kept for this pet under this API key (requests that sent X-Pet-Id), newest first. Free.',
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
            description: 'next_before of the previous page.',
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
        description: 'Erases every result kept for this pet under this API key. Free.',
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
  return {
    openapi: '3.1.0',
    info: {
      title: 'pawlens',
      version,
      description:
        'On-premise pet photo analysis. Every operation takes one Base64 photo (JPG, PNG or WEBP, at most 3 MiB) and returns a closed JSON analysis. Photos never leave the host.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: pk_ followed by 32 characters.' },
      },
      schemas,
    },
    paths,
  };
}
