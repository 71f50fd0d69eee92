import type { Response } from 'express';
import type { IdempotencyClaims, KeyRecord } from '../accounts/account-store.js';
import type { AnalysisRequest } from '../contract/analysis-request.js';
import { ApiError } from '../contract/api-error.js';
import type { Operation } from '../operations/operation.js';
import type { OperationKey } from '../operations/registry.js';
import type { Logger } from '../logger.js';
import { requestIdOf } from './request-id.js';
import { ANSWERED, type Step } from './call-steps.js';
import { idempotencyKeyOf, requestHash } from './idempotency-request.js';
import { IDEMPOTENCY_ABANDON_MS, IDEMPOTENCY_TTL_MS } from '../contract/service-policy.js';

/** What a claim is of: the key's, for the operation, the request as parsed and the pet. */
interface ClaimNeeds {
  readonly key: KeyRecord;
  readonly operation: Operation<OperationKey>;
  readonly request: AnalysisRequest;
  readonly petId: string | undefined;
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
): {
  claim: Step<ClaimNeeds, { idempotencyKey: string | undefined }>;
  release: (res: Response, call: Partial<ClaimNeeds & { idempotencyKey: string | undefined }>) => Promise<void>;
} {
  const claim: Step<ClaimNeeds, { idempotencyKey: string | undefined }> = async (
    req,
    res,
    { key, operation, request, petId },
  ) => {
    const idempotencyKey = idempotencyKeyOf(req.get('idempotency-key'));
    if (!idempotencyKey) return { idempotencyKey: undefined };
    const hash = requestHash(operation.key, request, petId);
    const claimed = await store.claimIdempotencyKey(
      key.id,
      idempotencyKey,
      hash,
      IDEMPOTENCY_TTL_MS,
      IDEMPOTENCY_ABANDON_MS,
    );
    switch (claimed.state) {
      case 'claimed':
        return { idempotencyKey };
      case 'replay':
        replay(res, claimed.body);
        return ANSWERED;
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
  const release = async (
    res: Response,
    { key, idempotencyKey }: Partial<{ key: KeyRecord; idempotencyKey: string | undefined }>,
  ) => {
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
  };
  return { claim, release };
}
