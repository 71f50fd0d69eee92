import type { KeyRecord, KeyStore } from '../accounts/account-store.js';
import { authenticate } from '../accounts/authenticate.js';
import { ApiError } from '../contract/api-error.js';
import { authorizationHeaders } from './routes/admin-access.js';
import type { Step } from './call-steps.js';

/** The API key of `Authorization: Bearer …`, checked against the store (timing-safe): the call's `key`. */
export function bearerAuth(store: KeyStore, now: () => Date): Step<object, { key: KeyRecord }> {
  return async (req) => {
    // Node keeps the first of several Authorization headers and drops the rest: which key pays
    // would depend on header order a proxy may change. Refused instead.
    const sent = authorizationHeaders(req);
    if (sent > 1) throw new ApiError('UNAUTHORIZED', `Send one Authorization header, not ${sent}.`);
    return { key: await authenticate(req.get('authorization'), store, now()) };
  };
}
