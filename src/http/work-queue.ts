import { ApiError } from '../contract/api-error.js';

/**
 * Bounded concurrency for decode + analysis. Up to `concurrency` jobs run; up to `maxQueue` wait
 * in arrival order; one more is refused at once with 503 and Retry-After, so overload shows up as
 * fast refusals a client can retry instead of a server that slows down for everyone.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly maxQueue: number,
    private readonly retryAfterSeconds = 1,
  ) {}

  get depth(): number {
    return this.waiting.length;
  }

  get active(): number {
    return this.running;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueue) {
        throw new ApiError('SERVICE_BUSY', undefined, { 'Retry-After': String(this.retryAfterSeconds) });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      // Hand the slot straight to the next waiter, so `running` never dips and lets a newcomer jump the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
