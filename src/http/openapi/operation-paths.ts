import { API_PREFIXES } from '../../contract/api-prefixes.js';
import { successEnvelope } from '../../contract/envelopes.js';
import { CREDITS_PER_CALL } from '../../contract/price.js';
import { OPERATION_LIST } from '../../operations/registry.js';
import { IDEMPOTENCY_KEY_FORMAT } from '../idempotency-request.js';
import { jsonSchema } from './json-schema.js';
import { EXAMPLE_REQUEST_ID, OPERATION_EXAMPLES } from './examples.js';
import { ANALYSIS_HEADERS, errorResponses } from './responses.js';
import { PET_ID } from '../routes/pet-id.js';

/** Every operation's two paths (docs/contract.md §4), from the registry; their response schemas go into `schemas`. */
export function operationPaths(schemas: Record<string, unknown>): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const contract of OPERATION_LIST) {
    const { key } = contract;
    const example = OPERATION_EXAMPLES[key];
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
                'Retry-safe key: the same key and body within 24 h return the stored answer, without a second charge (unless the pet named in X-Pet-Id was erased since: the erasure takes the stored answer with it).',
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
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/AnalysisRequest' },
                // A photo a tool can send as it stands ("try it out"), and the answer below is pawlens' own to it.
                examples: {
                  photo: {
                    summary: `A generated 128 × 96 JPEG of what ${key} analysis judges`,
                    value: { image: example.image, language: 'en' },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'The analysis.',
              headers: ANALYSIS_HEADERS,
              content: {
                'application/json': {
                  schema: { $ref: `#/components/schemas/${envelopeName}` },
                  examples: {
                    photo: {
                      summary:
                        "pawlens' answer to the example photo on its built-in models (a new install); with the scene models installed, a generated scene may be refused as no real photo of the subject",
                      value: { success: true, request_id: EXAMPLE_REQUEST_ID, data: example.data },
                    },
                  },
                },
              },
            },
            ...errorResponses(['any', 'keyed', 'analysis']),
          },
        },
      };
    });
  }
  return paths;
}
