import type { RequestHandler, Response } from 'express';
import type { AccountStore, KeyRecord } from '../accounts/account-store.js';
import { authenticate } from '../accounts/authenticate.js';
import { parseAnalysisRequest } from '../contract/analysis-request.js';
import { ApiError } from '../contract/api-error.js';
import { OPERATION_CONTRACTS, type OperationKey } from '../contract/operation-contracts.js';
import { decodeImageField, type IntakeLimits } from '../image/decode-image.js';
import type { Metrics } from '../metrics.js';
import type { Analyzer } from '../operations/analyzer.js';
import type { WorkQueue } from '../work-queue.js';
import { IDEMPOTENCY_ABANDON_MS, IDEMPOTENCY_TTL_MS, idempotencyKeyOf, replay, requestHash } from './idempotency.js';
import { jsonBodyLimit, parseJsonBody, requireJson } from './json-body.js';
import type { RateLimiter } from './rate-limiter.js';
import { requestIdOf } from './request-id.js';
import { successBody } from './respond.js';

/** SPEC.md §1: every call costs 5 credits. */
export const CREDITS_PER_CALL = 5;

export interface AnalysisRouteDeps {
  readonly store: AccountStore;
  readonly analyzer: Analyzer;
  readonly queue: WorkQueue;
  readonly rateLimiter: RateLimiter;
  readonly limits: IntakeLimits;
  readonly metrics: Metrics;
  readonly now: () => Date;
}

const keyOf = (res: Response) => res.locals.key as KeyRecord;

/**
 * The handler chain of one operation, in DESIGN.md §1's order: auth → content type → body →
 * fields (and the Idempotency-Key: a replay ends here) → image → credits → analysis. Credits are reserved only once the photo is known to be
 * good, and every exit after the reservation either commits it (the answer is on its way) or
 * refunds it (anything failed, or the client hung up first).
 */
export function analysisRoute(operation: OperationKey, deps: AnalysisRouteDeps): RequestHandler[] {
  const contract = OPERATION_CONTRACTS[operation];

  const authenticateKey: RequestHandler = async (req, res, next) => {
    res.locals.operation = operation;
    const key = await authenticate(req.get('authorization'), deps.store, deps.now());
    res.locals.key = key;
    deps.rateLimiter.take(key.id);
    next();
  };

  const analyze: RequestHandler = async (req, res) => {
    const request = parseAnalysisRequest(req.body);
    const requestId = requestIdOf(res);
    const key = keyOf(res);
    const idempotencyKey = idempotencyKeyOf(req.get('idempotency-key'));
    if (idempotencyKey) {
      const claim = await deps.store.claimIdempotencyKey(key.id, idempotencyKey, requestHash(operation, request), IDEMPOTENCY_TTL_MS, IDEMPOTENCY_ABANDON_MS);
      switch (claim.state) {
        case 'claimed':
          break;
        case 'replay':
          replay(res, claim.body);
          return;
        case 'mismatch':
          throw new ApiError('IDEMPOTENCY_KEY_REUSED');
        case 'in_progress':
          throw new ApiError('IDEMPOTENCY_IN_PROGRESS', undefined, { 'Retry-After': '1' });
        default: {
          const unknown: never = claim;
          throw new Error(`unknown claim ${JSON.stringify(unknown)}`);
        }
      }
    }
    let clientGone = false;
    res.on('close', () => {
      if (!res.writableFinished) clientGone = true;
    });

    let answer: { body: unknown; remaining: number | null } | undefined;
    try {
      // The slot bounds decode + inference; it is handed on before any wait for the language model.
      answer = await deps.queue.run(async (releaseSlot) => {
        const image = await deps.metrics.time('decode', () => decodeImageField(request.image, deps.limits));
        const reservation = await deps.store.reserve(key.id, CREDITS_PER_CALL, requestId, operation);
        if (!reservation) {
          throw new ApiError(
            'INSUFFICIENT_CREDITS',
            `This call costs ${CREDITS_PER_CALL} credits and key ${key.id} has fewer; add some with "pawlens keys credit ${key.id} <N>".`,
          );
        }
        try {
          const data = await deps.analyzer.analyze(
            operation,
            { image, language: request.language, animalType: request.animalType, requestId },
            { onDeviceDone: releaseSlot },
          );
          const body = successBody(requestId, contract.data, data);
          if (clientGone) {
            await deps.store.refund(reservation);
            return undefined;
          }
          // Charged and stored for replay in one transaction, before it is sent: a retry racing
          // the answer already finds it, and a failed write leaves neither a charge nor an answer.
          await deps.store.commit(reservation, idempotencyKey ? { idempotencyKey, body: JSON.stringify(body) } : undefined);
          return { body, remaining: reservation.remaining };
        } catch (error) {
          await deps.store.refund(reservation);
          throw error;
        }
      });
    } finally {
      if (!answer && idempotencyKey) await deps.store.releaseIdempotencyKey(key.id, idempotencyKey);
    }

    if (!answer) return;
    deps.metrics.creditsCharged.inc(CREDITS_PER_CALL);
    res.setHeader('X-Credits-Charged', String(CREDITS_PER_CALL));
    if (answer.remaining !== null) res.setHeader('X-Credits-Remaining', String(answer.remaining));
    res.status(200).json(answer.body);
  };

  return [authenticateKey, requireJson(), parseJsonBody(jsonBodyLimit(deps.limits.maxBytes)), analyze];
}
