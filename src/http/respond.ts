import type { Response } from 'express';
import type { z } from 'zod';
import { ApiError } from '../contract/api-error.js';
import { ErrorEnvelope, successEnvelope } from '../contract/envelopes.js';
import { ERROR_CATALOGUE } from '../contract/error-catalogue.js';
import { requestIdOf } from './request-id.js';

/**
 * The only two ways a response body is made. Both check the envelope against its closed schema;
 * a success that fails the check is a bug, thrown before any credit is committed and answered as
 * an internal error, so a client never receives (or pays for) a malformed analysis.
 */
export function successBody(requestId: string, dataSchema: z.ZodType, data: unknown): unknown {
  const checked = successEnvelope(dataSchema).safeParse({ success: true, request_id: requestId, data });
  if (!checked.success) throw new InvalidResponseError(checked.error);
  return checked.data;
}

export function sendError(res: Response, error: ApiError): void {
  const envelope = {
    success: false,
    request_id: requestIdOf(res),
    error: { code: error.code, message: error.message.slice(0, 500) },
  };
  const checked = ErrorEnvelope.safeParse(envelope);
  const body = checked.success
    ? checked.data
    : { success: false, request_id: requestIdOf(res), error: { code: 'INTERNAL_ERROR', message: ERROR_CATALOGUE.INTERNAL_ERROR.message } };
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.status(checked.success ? error.status : 500).json(body);
}

/** A success body that broke its own schema: carries zod's issues for the log, never the client. */
export class InvalidResponseError extends Error {
  override readonly name = 'InvalidResponseError';
  constructor(readonly zodError: z.ZodError) {
    super(`response failed its closed schema: ${zodError.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
}
