import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { AccountStore, Reservation } from '../accounts/account-store.js';
import type { Pipeline } from '../analysis/pipeline.js';
import { ApiError } from '../contract/api-error.js';
import type { OperationKey } from '../operations/registry.js';
import { CREDITS_PER_CALL } from '../contract/price.js';
import { imageFieldBytes } from '../image/base64-field.js';
import { DEFAULT_INTAKE_LIMITS } from '../image/decode-image.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import { operationNamed } from '../operations/registry.js';
import type { WorkQueue } from '../work-queue.js';
import { ClientGoneError } from './error-handler.js';
import { idempotency } from './idempotency.js';
import { jsonBody } from './json-body.js';
import { petIdOf } from './pet-id.js';
import { required } from './request-state.js';
import { successBody } from './success-body.js';

export interface AnalysisRouteDeps {
  readonly store: AccountStore;
  readonly pipeline: Pipeline;
  /** Decode + on-device analysis slots; the language model has its own. */
  readonly queue: WorkQueue;
  /**
   * Requests whose body is being read or analysed: bodies are read only inside one of its slots,
   * so memory is bounded by its size, not by how many clients upload at once. Those waiting for a
   * slot hold only a socket; past its queue they are refused at once (SERVICE_BUSY).
   */
  readonly intake: WorkQueue;
  /** PAWLENS_KEEP_IMAGES: a pet's record keeps the photo too. */
  readonly keepImages?: boolean;
  /** The API key checked and its rate limit taken, shared with every keyed route (one limit per key). */
  readonly keyed: readonly RequestHandler[];
  readonly metrics: Metrics;
  readonly logger: Logger;
}

/** Which operation this path is, into res.locals.operation; its metrics and logs are labelled with it. */
const selectOperation: RequestHandler = (req, res, next) => {
  res.locals.operation = required(operationNamed(req.path.split('/').at(-1) ?? ''), `the operation at ${req.path}`);
  next();
};

/**
 * The handler chain of every operation, built once and mounted on all their paths, in DESIGN.md
 * §1's order: auth → content type → body → fields (and the Idempotency-Key: a replay ends here) →
 * image → credits → analysis. Credits are reserved once the photo is known to be good; every exit
 * after that commits them (the answer is on its way) or refunds them (anything failed, or the
 * client hung up first).
 */
export function analysisRoute(deps: AnalysisRouteDeps): Array<RequestHandler | ErrorRequestHandler> {
  const { store, pipeline, queue, metrics } = deps;
  const claims = idempotency(store, deps.logger);

  const reserve = async (keyId: string, requestId: string, operation: OperationKey): Promise<Reservation> => {
    const reservation = await store.reserve(keyId, CREDITS_PER_CALL, requestId, operation);
    if (!reservation) {
      throw new ApiError(
        'INSUFFICIENT_CREDITS',
        `This call costs ${CREDITS_PER_CALL} credits and key ${keyId} has fewer; add some with "pawlens keys credit ${keyId} <N>".`,
      );
    }
    return reservation;
  };

  /**
   * Admission, before any body is read: a metered key without the credits for one call is
   * refused here (the reservation after the image is still what holds them), then the request
   * waits for an intake slot, held until the on-device analysis is done or the client is gone.
   */
  const admit: RequestHandler = async (_req, res, next) => {
    const key = required(res.locals.key, 'the API key');
    if (key.credits !== null && key.credits < CREDITS_PER_CALL) {
      throw new ApiError(
        'INSUFFICIENT_CREDITS',
        `This call costs ${CREDITS_PER_CALL} credits and key ${key.id} has ${key.credits}; add some with "pawlens keys credit ${key.id} <N>".`,
      );
    }
    const release = await deps.intake.acquire();
    res.locals.releaseIntake = release;
    res.once('close', release);
    next();
  };

  const analyze: RequestHandler = async (_req, res) => {
    const { requestId, idempotencyKey } = res.locals;
    const operation = required(res.locals.operation, 'the operation');
    const key = required(res.locals.key, 'the API key');
    let clientGone = false;
    res.on('close', () => {
      if (!res.writableFinished) clientGone = true;
    });

    // Decode and the on-device steps hold a CPU slot; it is free again before any wait for the language model.
    // The photo's bytes are kept for its record only where the clinic turned that on (PAWLENS_KEEP_IMAGES).
    let photo: Buffer | undefined;
    const { reservation, assessed } = await queue.run(async () => {
      // Read here only, so that the body's text is no longer reachable once this step is done.
      const request = required(res.locals.request, 'the request');
      const image = await metrics.time('decode', () => {
        const bytes = imageFieldBytes(request.image, DEFAULT_INTAKE_LIMITS.maxBytes);
        if (deps.keepImages && res.locals.petId) photo = bytes;
        return pipeline.decode(operation.key, bytes);
      });
      const held = await reserve(key.id, requestId, operation.key);
      try {
        const input = { image, language: request.language, animalType: request.animalType, requestId };
        return {
          reservation: held,
          assessed: await metrics.time('vision', () => pipeline.assess(operation.key, input)),
        };
      } catch (error) {
        await store.refund(held);
        throw error;
      }
    });
    // The body has served its purpose: the intake slot goes to the next upload while this one
    // waits for the language model (which has its own bounded queue), and the text is let go.
    res.locals.request = { ...required(res.locals.request, 'the request'), image: '' };
    res.locals.releaseIntake?.();
    try {
      const answer = await pipeline.narrate(assessed);
      const body = successBody(requestId, operation.data, answer.data);
      if (clientGone) throw new ClientGoneError();
      // An answer that assessed nothing (the gate refused the photo, nothing read it) is free (DESIGN.md §10).
      const charged = answer.assessed ? CREDITS_PER_CALL : 0;
      // Settled and stored for replay in one transaction, before it is sent: a retry racing the
      // answer already finds it, and a failed write leaves neither a charge nor an answer.
      const { petId } = res.locals;
      await store.commit(reservation, {
        charged: charged > 0,
        answer: idempotencyKey ? { idempotencyKey, body: JSON.stringify(body) } : undefined,
        record: petId
          ? {
              petId,
              data: JSON.stringify(answer.data),
              photo: photo && { bytes: photo, format: assessed.input.image.format },
            }
          : undefined,
      });
      metrics.creditsCharged.inc(charged);
      res.setHeader('X-Credits-Charged', String(charged));
      if (reservation.remaining !== null)
        res.setHeader('X-Credits-Remaining', String(reservation.remaining + reservation.credits - charged));
      res.status(200).json(body);
    } catch (error) {
      await store.refund(reservation);
      throw error;
    }
  };

  return [
    selectOperation,
    ...deps.keyed,
    admit,
    ...jsonBody(DEFAULT_INTAKE_LIMITS.maxBytes),
    petIdOf,
    claims.claim,
    analyze,
    claims.release,
  ];
}
