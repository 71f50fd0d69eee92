import type { RequestHandler } from 'express';
import type { RateBuckets } from '../accounts/account-store.js';
import { ApiError } from '../contract/api-error.js';
import { required } from './request-state.js';

/**
 * 429 once the request's key has used its calls for this minute (a token bucket, token-bucket.ts),
 * kept by the store: across every replica on a shared PostgreSQL. A limit of 0 turns it off, and
 * is decided here, once, not on every request.
 */
export function rateLimit(store: RateBuckets, perMinute: number, now: () => Date): RequestHandler {
  if (perMinute === 0) return (_req, _res, next) => next();
  return async (_req, res, next) => {
    const keyId = required(res.locals.key, 'the API key').id;
    const { granted, retryAfterSeconds } = await store.takeCall(keyId, perMinute, now());
    if (!granted) {
      const message = `At most ${perMinute} requests a minute per key; retry in ${retryAfterSeconds} s.`;
      throw new ApiError('RATE_LIMITED', message, { 'Retry-After': String(retryAfterSeconds) });
    }
    next();
  };
}
