import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { IdempotencyClaims, KeyRecord } from '../../accounts/account-store.js';
import { notEnoughCredits, type PaidAnalysisDeps, runPaidAnalysis } from '../../analysis/paid-analysis.js';
import { CREDITS_PER_CALL } from '../../contract/price.js';
import { imageFieldBytes } from '../../image/base64-field.js';
import { DEFAULT_INTAKE_LIMITS } from '../../image/decode-image.js';
import type { Logger } from '../../logger.js';
import type { Operation } from '../../operations/operation.js';
import { type OperationKey, operationNamed } from '../../operations/registry.js';
import type { WorkQueue } from '../../work-queue.js';
import { ClientGoneError } from '../transport/client-gone.js';
import { idempotency } from '../idempotency.js';
import { jsonBody } from '../transport/json-body.js';
import { petIdOf } from './pet-id.js';
import { ANSWERED, type KeyedSteps, type Step, Steps } from '../call-steps.js';
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
  readonly keyed: KeyedSteps<{ key: KeyRecord }>;
  readonly logger: Logger;
  /** How fast a body must arrive once its grace is over (DEFAULT_UPLOAD_PACE). */
  readonly uploadPace: UploadPace;
}

/** Which operation this path is: the call's `operation`; its metrics and logs are labelled with it. */
const selectOperation: Step<object, { operation: Operation<OperationKey> }> = (req) => {
  // Express's routing is not strict, so `/…/feces-analysis/` is the same path: its last segment is
  // the one before the trailing slash.
  const segment = req.path.replace(/\/+$/, '').split('/').at(-1) ?? '';
  const operation = operationNamed(segment);
  if (!operation) throw new Error(`no operation is mounted at ${req.path}`);
  return { operation };
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
  const admit: Step<{ key: KeyRecord }, { releaseIntake: () => void }> = async (_req, res, { key }) => {
    if (key.credits !== null && key.credits < CREDITS_PER_CALL) throw notEnoughCredits(key.id, key.credits);
    const release = await deps.intake.acquire(undefined, key.id);
    res.once('close', release);
    return { releaseIntake: release };
  };

  const admitted = deps
    .keyed(Steps.start().step(selectOperation))
    .step(admit)
    .step(jsonBody(DEFAULT_INTAKE_LIMITS.maxBytes, deps.uploadPace))
    .step(petIdOf)
    .step(claims.claim);

  const analyze: Step<typeof admitted extends Steps<infer Call> ? Call : never> = async (_req, res, call) => {
    const { requestId, arrivedAt } = res.locals;
    const { key, operation, idempotencyKey, petId, releaseIntake } = call;
    const { language, animalType } = call.request;
    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) gone.abort(new ClientGoneError());
    });
    const answer = await runPaidAnalysis(deps.paid, {
      operation: operation.key,
      requestId,
      language,
      animalType,
      // Read inside the CPU slot only, so that the body's text is no longer reachable once the photo is decoded.
      photo: () => imageFieldBytes(call.request.image, DEFAULT_INTAKE_LIMITS.maxBytes),
      payer: {
        keyId: key.id,
        idempotencyKey,
        record: petId ? { petId, keepPhoto: deps.keepImages ?? false, arrivedAt } : undefined,
      },
      signal: gone.signal,
      // The body has served its purpose: the intake slot goes to the next upload while this one
      // waits for the language model (which has its own bounded queue), and the text is let go.
      onAssessed: () => {
        call.request = { ...call.request, image: '' };
        releaseIntake();
      },
    });
    res.setHeader('X-Credits-Charged', String(answer.charged));
    if (answer.remaining !== null) res.setHeader('X-Credits-Remaining', String(answer.remaining));
    res.status(200).json(answer.body);
    return ANSWERED;
  };

  return admitted.step(analyze).handlers((_error, res, call) => claims.release(res, call));
}
