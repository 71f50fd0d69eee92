import type { RequestHandler } from 'express';
import { ApiError } from '../contract/api-error.js';
import { required } from './request-state.js';

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * Per-key token bucket: `perMinute` requests a minute on average, bursts up to the same number.
 * In memory, per process; a limit of 0 turns it off.
 */
class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key` or throws 429 with the seconds until the next one. */
  take(key: string): void {
    if (this.perMinute === 0) return;
    const now = this.now();
    const refillPerMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, updatedAt: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.updatedAt) * refillPerMs);
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000));
      throw new ApiError('RATE_LIMITED', `At most ${this.perMinute} requests a minute per key; retry in ${retryAfter} s.`, {
        'Retry-After': String(retryAfter),
      });
    }
    bucket.tokens -= 1;
  }
}

/** 429 once the request's key has used its calls for this minute; a limit of 0 turns it off. */
export function rateLimit(perMinute: number, now: () => number): RequestHandler {
  const limiter = new RateLimiter(perMinute, now);
  return (_req, res, next) => {
    limiter.take(required(res.locals.key, 'the API key').id);
    next();
  };
}
