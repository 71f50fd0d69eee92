import type { RequestHandler } from 'express';
import type { KeyStore } from '../accounts/account-store.js';
import { authenticate } from '../accounts/authenticate.js';
import { ApiError } from '../contract/api-error.js';
import { authorizationHeaders } from './routes/admin-access.js';

/** The API key of `Authorization: Bearer …`, checked against the store (timing-safe), into res.locals.key. */
export function bearerAuth(store: KeyStore, now: () => Date): RequestHandler {
  return async (req, res, next) => {
    // Node keeps the first of several Authorization headers and drops the rest: which key pays
    // would depend on header order a proxy may change. Refused instead.
    const sent = authorizationHeaders(req);
    if (sent > 1) throw new ApiError('UNAUTHORIZED', `Send one Authorization header, not ${sent}.`);
    res.locals.key = await authenticate(req.get('authorization'), store, now());
    next();
  };
}
