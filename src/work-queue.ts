/** A job refused because every slot is taken and the queue is full: the caller should retry after `retryAfterSeconds`. */
export class QueueFull extends Error {
  override readonly name = 'QueueFull';
  constructor(readonly retryAfterSeconds: number) {
    super('every slot is taken and the queue is full');
  }
}

/**
 * Bounded concurrency: up to `concurrency` jobs run; up to `maxQueue` wait in arrival order; one
 * more is refused at once with QueueFull, so overload shows up as fast refusals a client can
 * retry instead of a server that slows down for everyone. Used for decode + inference (sized
 * from the cores) and, separately, for calls to the language model.
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

  /** True when run() would refuse a job right now. */
  get full(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.maxQueue;
  }

  /** Runs `job` once a slot is free, and frees the slot when it ends. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await job();
    } finally {
      release();
    }
  }

  /**
   * Waits for a slot and holds it until the returned function is called (once is enough; later
   * calls do nothing): for work whose end is an event rather than a promise, such as a response.
   * With `signal`, the wait ends (rejected with its reason) when it aborts.
   */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.full) throw new QueueFull(this.retryAfterSeconds);
    signal?.throwIfAborted();
    if (this.running >= this.concurrency) {
      // A waiter that gives up (its deadline passed) leaves the line; the slot it never got goes to the next.
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          const at = this.waiting.indexOf(granted);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(signal!.reason);
        };
        const granted = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        this.waiting.push(granted);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    } else this.running++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      // Hand the slot straight to the next waiter, so `running` never dips and lets a newcomer jump the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    };
  }
}
