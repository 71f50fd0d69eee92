import { AnalysisRequestBody } from '../../contract/analysis-request.js';
import { ErrorEnvelope } from '../../contract/envelopes.js';
import { jsonSchema } from './json-schema.js';
import { operationPaths } from './operation-paths.js';
import { recordPaths } from './record-paths.js';
import { HEADERS } from './responses.js';

/** OpenAPI 3.1 from the operation registry, the error catalogue and the zod schemas that parse every request and check every response. */
export function buildOpenApiDocument(version: string) {
  const schemas: Record<string, unknown> = {
    AnalysisRequest: jsonSchema(AnalysisRequestBody, 'input'),
    ErrorEnvelope: jsonSchema(ErrorEnvelope, 'output'),
  };
  const paths = { ...operationPaths(schemas), ...recordPaths(schemas) };
  return {
    openapi: '3.1.0',
    info: {
      title: 'pawlens',
      version,
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        'On-premise pet photo analysis. Every operation takes one Base64 photo (JPG, PNG or WEBP, at most 3 MiB) and returns a closed JSON analysis. Photos never leave the host.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: pk_ followed by 32 characters.' },
      },
      schemas,
      headers: HEADERS,
    },
    paths,
  };
}
