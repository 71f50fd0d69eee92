import type { KeyRecord } from '../accounts/account-store.js';
import type { AnalysisRequest } from '../contract/analysis-request.js';
import type { Operation } from '../operations/operation.js';
import type { OperationKey } from '../operations/registry.js';

/**
 * What the middleware learn about a request, typed, in `res.locals`: each is set by the one
 * middleware named beside it and read by those mounted after it.
 */
declare global {
  // Express's own declaration-merging hook for res.locals.
  namespace Express {
    interface Locals {
      /** requestId() */
      requestId: string;
      /** requestId(): when the request arrived, first in the chain (an erasure after it keeps no record of it). */
      arrivedAt: Date;
      /** The operation whose path was called: selectOperation(). */
      operation?: Operation<OperationKey>;
      /** bearerAuth() */
      key?: KeyRecord;
      /** jsonBody(): the body, parsed by the contract's schema. */
      request?: AnalysisRequest;
      /** petIdOf(): the X-Pet-Id the request names, whose records it is kept with. */
      petId?: string;
      /** idempotency().claim, when the request carries an Idempotency-Key that it claimed. */
      idempotencyKey?: string;
      /** errorHandler(): the client went away before its answer; the access log says so. */
      clientGone?: boolean;
      /** The analysis route's admission: gives its intake slot back (once; later calls do nothing). */
      releaseIntake?: () => void;
    }
  }
}

/** Reads what an earlier middleware must have set; a missing value is a mounting bug, not a client error. */
export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined)
    throw new Error(`${what} is not set: the middleware that sets it is not mounted before this one`);
  return value;
}
