import { createHash } from 'node:crypto';
import type { Response } from 'express';
import type { AnalysisRequest } from '../contract/analysis-request.js';
import { ApiError } from '../contract/api-error.js';
import type { OperationKey } from '../contract/operation-contracts.js';

/** How long a stored answer can be replayed, as payment APIs keep theirs. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** A claim this old without an answer belongs to a process that died; a retry takes it over. */
export const IDEMPOTENCY_ABANDON_MS = 10 * 60_000;

const KEY_FORMAT = /^[\x21-\x7e]{1,200}$/;

/** The Idempotency-Key header, checked: 1–200 printable ASCII characters. */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!KEY_FORMAT.test(header)) {
    throw new ApiError('VALIDATION_ERROR', 'The Idempotency-Key header must be 1 to 200 printable ASCII characters, e.g. a UUID.');
  }
  return header;
}

/** What makes two requests "the same": the operation and the body as read (so JSON key order or spacing do not matter). */
export function requestHash(operation: OperationKey, request: AnalysisRequest): string {
  return createHash('sha256').update(JSON.stringify([operation, request.image, request.animalType ?? null, request.language])).digest('hex');
}

/** Sends the stored answer again: same body and request id, nothing charged this time. */
export function replay(res: Response, body: string): void {
  const requestId = (JSON.parse(body) as { request_id: string }).request_id;
  res.setHeader('X-Request-Id', requestId);
  res.setHeader('Idempotent-Replayed', 'true');
  res.setHeader('X-Credits-Charged', '0');
  res.status(200).type('application/json').send(body);
}
