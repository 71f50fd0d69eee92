/**
 * Which paths can answer with an error: `any` (the HTTP layer's, before any route: a malformed
 * request, a timeout, headers too long, and an internal error), `keyed` (every route that takes an
 * API key: the analyses and the pets' records), `analysis` (the analysis operations only), and
 * `routing` (a path or method that does not exist; the records' photo path says NOT_FOUND too).
 * The OpenAPI document lists under each path exactly the codes that can reach it.
 */
export type ErrorScope = 'any' | 'keyed' | 'analysis' | 'routing';

/**
 * Every error the service can answer with: one row per code, its HTTP status, the message a client
 * sees when the thrower gives no more specific one, and where it can be answered (ErrorScope).
 * Codes follow the published cloud service so its clients keep working.
 */
export const ERROR_CATALOGUE = {
  BAD_REQUEST: { status: 400, message: 'The request is not valid HTTP.', on: 'any' },
  VALIDATION_ERROR: {
    status: 400,
    message:
      'The request body is not valid: send a JSON object with "image" and optional "animalType" and "language" (en, zh or es).',
    on: 'keyed',
  },
  MISSING_IMAGE: {
    status: 400,
    message: 'The "image" field is required: send the photo as a Base64 string or a data URL.',
    on: 'analysis',
  },
  INVALID_IMAGE: {
    status: 400,
    message: 'The image could not be decoded: send a complete JPG, PNG or WEBP photo.',
    on: 'analysis',
  },
  UNAUTHORIZED: { status: 401, message: 'Send your API key as "Authorization: Bearer <API_KEY>".', on: 'keyed' },
  INVALID_KEY: { status: 401, message: 'The API key is not known to this server.', on: 'keyed' },
  INSUFFICIENT_CREDITS: {
    status: 402,
    message: 'The API key has fewer credits than one call costs.',
    on: 'analysis',
  },
  KEY_DISABLED: { status: 403, message: 'The API key is disabled.', on: 'keyed' },
  KEY_REVOKED: { status: 403, message: 'The API key has been revoked.', on: 'keyed' },
  KEY_EXPIRED: { status: 403, message: 'The API key has expired.', on: 'keyed' },
  NOT_FOUND: {
    status: 404,
    message: 'No such endpoint. The operations are POST /api/v1/<operation>; see /docs.',
    on: 'routing',
  },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed on this path.', on: 'routing' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in time; send it again.', on: 'any' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    message: 'This Idempotency-Key was already used with a different request; use a new key for a new request.',
    on: 'analysis',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed; retry after the time in Retry-After.',
    on: 'analysis',
  },
  IMAGE_TOO_LARGE: { status: 413, message: 'The image is larger than the 3 MiB limit.', on: 'analysis' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'Send the request body as JSON with "Content-Type: application/json".',
    on: 'analysis',
  },
  UNSUPPORTED_IMAGE_FORMAT: { status: 415, message: 'The image is not JPG, PNG or WEBP.', on: 'analysis' },
  EXPECTATION_FAILED: {
    status: 417,
    message: 'The Expect header asks for something this server cannot do; send no Expect, or "Expect: 100-continue".',
    on: 'any',
  },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request line or headers are too long.', on: 'any' },
  RATE_LIMITED: {
    status: 429,
    message: 'Too many requests for this API key; retry after the time in Retry-After.',
    on: 'keyed',
  },
  INTERNAL_ERROR: {
    status: 500,
    message: 'An internal error occurred; the request id identifies it in the server log.',
    on: 'any',
  },
  AI_CALL_FAILED: {
    status: 502,
    message: 'The language model required by this server failed to answer.',
    on: 'analysis',
  },
  SERVICE_BUSY: {
    status: 503,
    message: 'The server is at capacity; retry after the time in Retry-After.',
    on: 'keyed',
  },
} as const satisfies Record<string, { status: number; message: string; on: ErrorScope }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];
