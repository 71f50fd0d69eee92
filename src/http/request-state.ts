import type { KeyRecord } from '../accounts/account-store.js';
import type { Operation } from '../operations/operation.js';
import type { OperationKey } from '../operations/registry.js';

/**
 * What every handler may read of a request in `res.locals`: its id and arrival (set first, by
 * requestId(), so always there), and the keyed call's value as far as its steps got
 * (call-steps.ts), which the access log labels its line and metrics with. The steps themselves
 * receive that value typed by what came before them, never through these optional fields.
 */
declare global {
  // Express's own declaration-merging hook for res.locals.
  namespace Express {
    interface Locals {
      /** requestId() */
      requestId: string;
      /** requestId(): when the request arrived, first in the chain (an erasure after it keeps no record of it). */
      arrivedAt: Date;
      /** The keyed call's value (call-steps.ts): read here only by what must run whether or not a step got that far. */
      call?: { readonly operation?: Operation<OperationKey>; readonly key?: KeyRecord };
      /** errorHandler(): the client went away before its answer; the access log says so. */
      clientGone?: boolean;
    }
  }
}
