import type { z } from 'zod';
import { successEnvelope } from './envelopes.js';

/**
 * The only way a success body is made: checked against its closed schema. A success that fails
 * the check is a bug, thrown before any credit is committed and answered as an internal error,
 * so a client never receives (or pays for) a malformed analysis.
 */
export function successBody(requestId: string, dataSchema: z.ZodType, data: unknown): unknown {
  const checked = successEnvelope(dataSchema).safeParse({ success: true, request_id: requestId, data });
  if (!checked.success) throw new InvalidResponseError(checked.error);
  return checked.data;
}

/** A success body that broke its own schema: carries zod's issues for the log, never the client. */
export class InvalidResponseError extends Error {
  override readonly name = 'InvalidResponseError';
  constructor(readonly zodError: z.ZodError) {
    super(
      `response failed its closed schema: ${zodError.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
}
