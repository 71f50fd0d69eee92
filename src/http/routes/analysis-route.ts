import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { IdempotencyClaims } from '../../accounts/account-store.js';
import { notEnoughCredits, type PaidAnalysisDeps, runPaidAnalysis } from '../../analysis/paid-analysis.js';
import { CREDITS_PER_CALL } from '../../contract/price.js';
import { imageFieldBytes } from '../../image/base64-field.js';
import { DEFAULT_INTAKE_LIMITS } from '../../image/decode-image.js';
import type { Logger } from '../../logger.js';
import { operationNamed } from '../../operations/registry.js';
import type { WorkQueue } from '../../work-queue.js';
import { ClientGoneError } from '../transport/client-gone.js';
import { idempotency } from '../idempotency.js';
import { jsonBody } from '../transport/json-body.js';
import { petIdOf } from './pet-id.js';
import { required } from '../request-state.js';
import type { UploadPace } from '../transport/upload-pace.js';

export interface AnalysisRouteDeps {
  /** The paid analysis every request runs: its pipeline, credits, CPU slots and metrics. */
  readonly paid: PaidAnalysisDeps;
  readonly claims: IdempotencyClaims;
  /**
   * Requests whose body is being read or analysed: bodies are read only inside one of its slots,
   * so memory is bounded by its size, not by how many clients upload at once. Those waiting for a
   * slot hold only a socket; past its queue they are refused at once (SERVICE_BUSY). Its slots are
   * owned by keys: one key's uploads, however slow, leave a slot to the others.
   */
  readonly intake: WorkQueue;
  /** PAWLENS_KEEP_IMAGES: a pet's record keeps the photo too. */
  readonly keepImages?: boolean;
  /** The API key checked and its rate limit taken, shared with every keyed route (one limit per key). */
  readonly keyed: readonly RequestHandler[];
  readonly logger: Logger;
  /** How fast a body must arrive once its grace is over (DEFAULT_UPLOAD_PACE). */
  readonly uploadPace: UploadPace;
}

/** Which operation this path is, into res.locals.operation; its metrics and logs are labelled with it. */
const selectOperation: RequestHandler = (req, res, next) => {
  // Express's routing is not strict, so `/…/feces-analysis/` is the same path: its last segment is
  // the one before the trailing slash.
  const segment = req.path.replace(/\/+$/, '').split('/').at(-1) ?? '';
  res.locals.operation = required(operationNamed(segment), `the operation at ${req.path}`);
  next();
};

/**
 * The handler chain of every operation, mounted on all their paths, in docs/design.md §1's order: auth
 * → credits → content type → body → fields (and the Idempotency-Key: a replay ends here) → the paid
 * analysis (image → credits → analysis → settlement). What is HTTP's stays here: the intake slot,
 * the body, a client that hangs up, and the credit headers.
 */
export function analysisRoute(deps: AnalysisRouteDeps): Array<RequestHandler | ErrorRequestHandler> {
  const claims = idempotency(deps.claims, deps.logger);

  /**
   * Admission, before any body is read: a metered key without the credits for one call is
   * refused here (the reservation after the image is still what holds them), then the request
   * waits for an intake slot, held until the on-device analysis is done or the client is gone.
   */
  const admit: RequestHandler = async (_req, res, next) => {
    const key = required(res.locals.key, 'the API key');
    if (key.credits !== null && key.credits < CREDITS_PER_CALL) throw notEnoughCredits(key.id, key.credits);
    const release = await deps.intake.acquire(undefined, key.id);
    res.locals.releaseIntake = release;
    res.once('close', release);
    next();
  };

  const analyze: RequestHandler = async (_req, res) => {
    const { requestId, idempotencyKey, petId, arrivedAt } = res.locals;
    const { language, animalType } = required(res.locals.request, 'the request');
    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) gone.abort(new ClientGoneError());
    });
    const answer = await runPaidAnalysis(deps.paid, {
      operation: required(res.locals.operation, 'the operation').key,
      requestId,
      language,
      animalType,
      // Read inside the CPU slot only, so that the body's text is no longer reachable once the photo is decoded.
      photo: () => imageFieldBytes(required(res.locals.request, 'the request').image, DEFAULT_INTAKE_LIMITS.maxBytes),
      payer: {
        keyId: required(res.locals.key, 'the API key').id,
        idempotencyKey,
        record: petId ? { petId, keepPhoto: deps.keepImages ?? false, arrivedAt } : undefined,
      },
      signal: gone.signal,
      // The body has served its purpose: the intake slot goes to the next upload while this one
      // waits for the language model (which has its own bounded queue), and the text is let go.
      onAssessed: () => {
        res.locals.request = { ...required(res.locals.request, 'the request'), image: '' };
        res.locals.releaseIntake?.();
      },
    });
    res.setHeader('X-Credits-Charged', String(answer.charged));
    if (answer.remaining !== null) res.setHeader('X-Credits-Remaining', String(answer.remaining));
    res.status(200).json(answer.body);
  };

  return [
    selectOperation,
    ...deps.keyed,
    admit,
    ...jsonBody(DEFAULT_INTAKE_LIMITS.maxBytes, deps.uploadPace),
    petIdOf,
    claims.claim,
    analyze,
    claims.release,
  ];
}
