import type { KeyRecord, RateBuckets } from '../accounts/account-store.js';
import { ApiError } from '../contract/api-error.js';
import type { Step } from './call-steps.js';

/**
 * 429 once the request's key has used its calls for this minute (a token bucket, token-bucket.ts),
 * kept by the store: across every replica on a shared PostgreSQL. A limit of 0 turns it off, and
 * is decided here, once, not on every request.
 */
export function rateLimit(store: RateBuckets, perMinute: number, now: () => Date): Step<{ key: KeyRecord }> {
  if (perMinute === 0) return () => undefined;
  return async (_req, _res, { key }) => {
    const keyId = key.id;
    const { granted, retryAfterSeconds } = await store.takeCall(keyId, perMinute, now());
    if (!granted) {
      const message = `At most ${perMinute} requests a minute per key; retry in ${retryAfterSeconds} s.`;
      throw new ApiError('RATE_LIMITED', message, { 'Retry-After': String(retryAfterSeconds) });
    }
    return undefined;
  };
}
