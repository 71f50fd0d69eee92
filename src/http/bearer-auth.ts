import type { RequestHandler } from 'express';
import type { AccountStore } from '../accounts/account-store.js';
import { authenticate } from '../accounts/authenticate.js';

/** The API key of `Authorization: Bearer …`, checked against the store (timing-safe), into res.locals.key. */
export function bearerAuth(store: AccountStore, now: () => Date): RequestHandler {
  return async (req, res, next) => {
    res.locals.key = await authenticate(req.get('authorization'), store, now());
    next();
  };
}
