/**
 * A key's call rate as a token bucket: `perMinute` calls a minute on average, bursts of up to as
 * many. The arithmetic lives here once; the SQLite store keeps buckets in memory (one process per
 * store file), the PostgreSQL store keeps them in a table that every replica updates.
 */
export interface RateDecision {
  readonly granted: boolean;
  /** Whole seconds until the next call would be granted; 0 when this one was. */
  readonly retryAfterSeconds: number;
}

/** Tokens a bucket gains per millisecond. */
export const refillPerMs = (perMinute: number) => perMinute / 60_000;

/** The decision for a bucket holding `tokens` after its refill (before this call takes one). */
export function decide(tokens: number, perMinute: number): RateDecision {
  if (tokens >= 1) return { granted: true, retryAfterSeconds: 0 };
  return { granted: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / refillPerMs(perMinute) / 1000)) };
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Buckets in this process's memory, by key id. */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  take(keyId: string, perMinute: number, nowMs: number): RateDecision {
    const bucket = this.buckets.get(keyId) ?? { tokens: perMinute, updatedAt: nowMs };
    bucket.tokens = Math.min(perMinute, bucket.tokens + Math.max(0, nowMs - bucket.updatedAt) * refillPerMs(perMinute));
    bucket.updatedAt = Math.max(bucket.updatedAt, nowMs);
    this.buckets.set(keyId, bucket);
    const decision = decide(bucket.tokens, perMinute);
    if (decision.granted) bucket.tokens -= 1;
    return decision;
  }
}
