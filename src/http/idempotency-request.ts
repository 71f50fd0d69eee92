import { createHash } from 'node:crypto';
import type { AnalysisRequest } from '../contract/analysis-request.js';
import { ApiError } from '../contract/api-error.js';
import type { OperationKey } from '../operations/registry.js';

/** What an Idempotency-Key may be: 1–200 printable ASCII characters (the OpenAPI document says the same). */
export const IDEMPOTENCY_KEY_FORMAT = /^[\x21-\x7e]{1,200}$/;

/** The Idempotency-Key header, checked: 1–200 printable ASCII characters. */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_FORMAT.test(header)) {
    throw new ApiError(
      'VALIDATION_ERROR',
      'The Idempotency-Key header must be 1 to 200 printable ASCII characters, e.g. a UUID.',
    );
  }
  return header;
}

/**
 * What makes two requests "the same": the operation, the body as read (so JSON key order or
 * spacing do not matter) and the pet; the SHA-256 of JSON.stringify([operation, image, animalType,
 * language, petId]). An image field cut out of the body as bytes is hashed as those bytes between
 * quotes, which is what JSON.stringify writes for it (plain Base64 needs no escape): the same
 * digest as its string, so a retry matches however each attempt's body was read.
 */
export function requestHash(operation: OperationKey, request: AnalysisRequest, petId: string | undefined): string {
  const rest = [request.animalType ?? null, request.language, petId ?? null];
  const hash = createHash('sha256');
  if (typeof request.image === 'string')
    return hash.update(JSON.stringify([operation, request.image, ...rest])).digest('hex');
  // The image's place: the first empty string, right after the operation's (never empty) name.
  const template = JSON.stringify([operation, '', ...rest]);
  const at = template.indexOf('""') + 1;
  return hash.update(template.slice(0, at)).update(request.image.text).update(template.slice(at)).digest('hex');
}
