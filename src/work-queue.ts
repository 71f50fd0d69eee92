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
  private readonly waiting: Array<{ readonly owner: string | undefined; readonly grant: () => void }> = [];
  /** Slots held per owner, for those that hold any. */
  private readonly held = new Map<string, number>();

  /**
   * `maxPerOwner`: slots one owner (acquire's `owner`) may hold at once; while it holds that many,
   * its next jobs wait and others' go first, so that one owner cannot take every slot.
   */
  constructor(
    readonly concurrency: number,
    readonly maxQueue: number,
    private readonly retryAfterSeconds = 1,
    readonly maxPerOwner = concurrency,
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

  private mayTake(owner: string | undefined): boolean {
    return owner === undefined || (this.held.get(owner) ?? 0) < this.maxPerOwner;
  }

  private take(owner: string | undefined): void {
    this.running++;
    if (owner !== undefined) this.held.set(owner, (this.held.get(owner) ?? 0) + 1);
  }

  private give(owner: string | undefined): void {
    this.running--;
    if (owner === undefined) return;
    const left = (this.held.get(owner) ?? 1) - 1;
    if (left > 0) this.held.set(owner, left);
    else this.held.delete(owner);
  }

  /**
   * Waits for a slot and holds it until the returned function is called (once is enough; later
   * calls do nothing): for work whose end is an event rather than a promise, such as a response.
   * With `signal`, the wait ends (rejected with its reason) when it aborts. With `owner`, the slot
   * counts against that owner's share (maxPerOwner).
   */
  async acquire(signal?: AbortSignal, owner?: string): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.running < this.concurrency && this.mayTake(owner)) this.take(owner);
    else if (this.waiting.length >= this.maxQueue) throw new QueueFull(this.retryAfterSeconds);
    else {
      // A waiter that gives up (its deadline passed) leaves the line; the slot it never got goes to the next.
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(signal!.reason);
        };
        const waiter = {
          owner,
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        this.waiting.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    }
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.give(owner);
      // The slot goes straight to the first waiter allowed to take it (in arrival order), before
      // any newcomer can jump the line.
      const at = this.waiting.findIndex((waiter) => this.mayTake(waiter.owner));
      if (at < 0) return;
      const [next] = this.waiting.splice(at, 1);
      this.take(next!.owner);
      next!.grant();
    };
  }
}
