import { createHash } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { IdempotencyClaims } from '../accounts/account-store.js';
import type { AnalysisRequest } from '../contract/analysis-request.js';
import { ApiError } from '../contract/api-error.js';
import type { OperationKey } from '../operations/registry.js';
import type { Logger } from '../logger.js';
import { requestIdOf } from './request-id.js';
import { required } from './request-state.js';
import { IDEMPOTENCY_ABANDON_MS, IDEMPOTENCY_TTL_MS } from '../contract/service-policy.js';

/** What an Idempotency-Key may be: 1–200 printable ASCII characters (the OpenAPI document says the same). */
export const IDEMPOTENCY_KEY_FORMAT = /^[\x21-\x7e]{1,200}$/;

/** The Idempotency-Key header, checked: 1–200 printable ASCII characters. */
function idempotencyKeyOf(header: string | undefined): string | undefined {
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
function requestHash(operation: OperationKey, request: AnalysisRequest, petId: string | undefined): string {
  const rest = [request.animalType ?? null, request.language, petId ?? null];
  const hash = createHash('sha256');
  if (typeof request.image === 'string')
    return hash.update(JSON.stringify([operation, request.image, ...rest])).digest('hex');
  // The image's place: the first empty string, right after the operation's (never empty) name.
  const template = JSON.stringify([operation, '', ...rest]);
  const at = template.indexOf('""') + 1;
  return hash.update(template.slice(0, at)).update(request.image.text).update(template.slice(at)).digest('hex');
}

/** Sends the stored answer again: same body and request id, nothing charged this time. */
function replay(res: Response, body: string): void {
  const requestId = (JSON.parse(body) as { request_id: string }).request_id;
  res.setHeader('X-Request-Id', requestId);
  res.setHeader('Idempotent-Replayed', 'true');
  res.setHeader('X-Credits-Charged', '0');
  res.status(200).type('application/json').send(body);
}

/**
 * Idempotency-Key, as payment APIs have it. `claim` runs once the body is parsed: a key seen
 * with this body replays the stored answer (and ends the request there), with another body is
 * refused, and while its first request runs answers IN_PROGRESS. The answer itself is stored by
 * the credit commit, in the same transaction. `release`, mounted after the handler, forgets the
 * claim of a request that failed before its error is sent, so a retry runs afresh at once.
 */
export function idempotency(
  store: IdempotencyClaims,
  logger: Logger,
): { claim: RequestHandler; release: ErrorRequestHandler } {
  const claim: RequestHandler = async (req, res, next) => {
    const idempotencyKey = idempotencyKeyOf(req.get('idempotency-key'));
    if (!idempotencyKey) return next();
    const key = required(res.locals.key, 'the API key');
    const hash = requestHash(
      required(res.locals.operation, 'the operation').key,
      required(res.locals.request, 'the request'),
      res.locals.petId,
    );
    const claimed = await store.claimIdempotencyKey(
      key.id,
      idempotencyKey,
      hash,
      IDEMPOTENCY_TTL_MS,
      IDEMPOTENCY_ABANDON_MS,
    );
    switch (claimed.state) {
      case 'claimed':
        res.locals.idempotencyKey = idempotencyKey;
        return next();
      case 'replay':
        return replay(res, claimed.body);
      case 'mismatch':
        throw new ApiError('IDEMPOTENCY_KEY_REUSED');
      case 'in_progress':
        throw new ApiError('IDEMPOTENCY_IN_PROGRESS', undefined, { 'Retry-After': '1' });
      default: {
        const unknown: never = claimed;
        throw new Error(`unknown claim ${JSON.stringify(unknown)}`);
      }
    }
  };
  const release: ErrorRequestHandler = async (error, _req, res, next) => {
    const { key, idempotencyKey } = res.locals;
    if (key && idempotencyKey) {
      // A release that fails (a full disk) must not hide the error the client gets, nor block its
      // retry: the claim is no longer open in this process, so the retry takes it over, and the sweep forgets it.
      await store
        .releaseIdempotencyKey(key.id, idempotencyKey)
        .catch((releaseError: unknown) =>
          logger.error(
            { requestId: requestIdOf(res), err: releaseError },
            'could not release an idempotency claim; a retry takes it over',
          ),
        );
    }
    next(error);
  };
  return { claim, release };
}
