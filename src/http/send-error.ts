import type { Response } from 'express';
import type { ApiError } from '../contract/api-error.js';
import { ErrorEnvelope } from '../contract/envelopes.js';
import { ERROR_CATALOGUE } from '../contract/error-catalogue.js';
import { requestIdOf } from './request-id.js';

/** The error envelope for `error`, checked against its schema; one that fails it becomes INTERNAL_ERROR, never a malformed answer. */
export function errorEnvelope(
  requestId: string,
  error: ApiError,
): { readonly status: number; readonly body: ErrorEnvelope } {
  const checked = ErrorEnvelope.safeParse({
    success: false,
    request_id: requestId,
    error: { code: error.code, message: error.message.slice(0, 500) },
  });
  if (checked.success) return { status: error.status, body: checked.data };
  return {
    status: 500,
    body: {
      success: false,
      request_id: requestId,
      error: { code: 'INTERNAL_ERROR', message: ERROR_CATALOGUE.INTERNAL_ERROR.message },
    },
  };
}

/**
 * The challenge a 401 carries (RFC 9110 §11.6.1; RFC 6750 §3 for Bearer): what credentials to send,
 * and for a key that was sent but is not one, that it is invalid.
 */
const challengeFor = (error: ApiError) =>
  error.code === 'INVALID_KEY' ? 'Bearer realm="pawlens", error="invalid_token"' : 'Bearer realm="pawlens"';

export function sendError(res: Response, error: ApiError): void {
  const { status, body } = errorEnvelope(requestIdOf(res), error);
  if (status === 401) res.setHeader('WWW-Authenticate', challengeFor(error));
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.status(status).json(body);
}
