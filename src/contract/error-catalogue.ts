/**
 * Every error the service can answer with: one row per code, its HTTP status, the message a client
 * sees when the thrower gives no more specific one, and whether the analysis operations can answer
 * with it (the OpenAPI document lists exactly those under each operation; the others come from
 * routing). DESIGN.md §1 is the source; codes follow the published cloud service so its clients
 * keep working.
 */
export const ERROR_CATALOGUE = {
  BAD_REQUEST: { status: 400, message: 'The request is not valid HTTP.', operations: false },
  VALIDATION_ERROR: {
    status: 400,
    message:
      'The request body is not valid: send a JSON object with "image" and optional "animalType" and "language" (en, zh or es).',
    operations: true,
  },
  MISSING_IMAGE: {
    status: 400,
    message: 'The "image" field is required: send the photo as a Base64 string or a data URL.',
    operations: true,
  },
  INVALID_IMAGE: {
    status: 400,
    message: 'The image could not be decoded: send a complete JPG, PNG or WEBP photo.',
    operations: true,
  },
  UNAUTHORIZED: { status: 401, message: 'Send your API key as "Authorization: Bearer <API_KEY>".', operations: true },
  INVALID_KEY: { status: 401, message: 'The API key is not known to this server.', operations: true },
  INSUFFICIENT_CREDITS: {
    status: 402,
    message: 'The API key has fewer credits than one call costs.',
    operations: true,
  },
  KEY_DISABLED: { status: 403, message: 'The API key is disabled.', operations: true },
  KEY_REVOKED: { status: 403, message: 'The API key has been revoked.', operations: true },
  KEY_EXPIRED: { status: 403, message: 'The API key has expired.', operations: true },
  NOT_FOUND: {
    status: 404,
    message: 'No such endpoint. The operations are POST /api/v1/<operation>; see /docs.',
    operations: false,
  },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed on this path.', operations: false },
  REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in time; send it again.', operations: false },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    message: 'This Idempotency-Key was already used with a different request; use a new key for a new request.',
    operations: true,
  },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed; retry after the time in Retry-After.',
    operations: true,
  },
  IMAGE_TOO_LARGE: { status: 413, message: 'The image is larger than the 3 MiB limit.', operations: true },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'Send the request body as JSON with "Content-Type: application/json".',
    operations: true,
  },
  UNSUPPORTED_IMAGE_FORMAT: { status: 415, message: 'The image is not JPG, PNG or WEBP.', operations: true },
  EXPECTATION_FAILED: {
    status: 417,
    message: 'The Expect header asks for something this server cannot do; send no Expect, or "Expect: 100-continue".',
    operations: false,
  },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request line or headers are too long.', operations: false },
  RATE_LIMITED: {
    status: 429,
    message: 'Too many requests for this API key; retry after the time in Retry-After.',
    operations: true,
  },
  INTERNAL_ERROR: {
    status: 500,
    message: 'An internal error occurred; the request id identifies it in the server log.',
    operations: true,
  },
  AI_CALL_FAILED: {
    status: 502,
    message: 'The language model required by this server failed to answer.',
    operations: true,
  },
  SERVICE_BUSY: {
    status: 503,
    message: 'The server is at capacity; retry after the time in Retry-After.',
    operations: true,
  },
} as const satisfies Record<string, { status: number; message: string; operations: boolean }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];
