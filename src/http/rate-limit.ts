import type { RequestHandler } from 'express';
import type { AccountStore } from '../accounts/account-store.js';
import { ApiError } from '../contract/api-error.js';
import { required } from './request-state.js';

/**
 * 429 once the request's key has used its calls for this minute (a token bucket, token-bucket.ts),
 * kept by the store: across every replica on a shared PostgreSQL. A limit of 0 turns it off.
 */
export function rateLimit(store: AccountStore, perMinute: number, now: () => Date): RequestHandler {
  return async (_req, res, next) => {
    if (perMinute === 0) return next();
    const { granted, retryAfterSeconds } = await store.takeCall(
      required(res.locals.key, 'the API key').id,
      perMinute,
      now(),
    );
    if (!granted) {
      throw new ApiError(
        'RATE_LIMITED',
        `At most ${perMinute} requests a minute per key; retry in ${retryAfterSeconds} s.`,
        {
          'Retry-After': String(retryAfterSeconds),
        },
      );
    }
    next();
  };
}
