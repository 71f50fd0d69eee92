import { Worker } from 'node:worker_threads';
import './onnxruntime-privacy.js';
import type ort from 'onnxruntime-node';
import { SESSION_OPTIONS } from './session-options.js';
import { keepBuffer } from './tensor-buffers.js';

/** A tensor as it crosses threads: structured clone keeps typed arrays but not classes. */
export interface PlainTensor {
  readonly type: ort.Tensor.Type;
  readonly data: ort.Tensor.DataType;
  readonly dims: readonly number[];
}

type WorkerRequest =
  | {
      readonly kind: 'open';
      readonly id: number;
      readonly model: number;
      readonly bytes: Uint8Array;
      readonly options: ort.InferenceSession.SessionOptions;
    }
  | { readonly kind: 'run'; readonly id: number; readonly model: number; readonly feeds: Record<string, PlainTensor> }
  | { readonly kind: 'release'; readonly id: number; readonly model: number };
type WorkerReply = { readonly id: number } & (
  | { readonly ok: true; readonly outputs?: Record<string, PlainTensor>; readonly returned?: ArrayBuffer[] }
  | { readonly ok: false; readonly message: string }
);
type Pending = { resolve: (outputs: Record<string, PlainTensor> | undefined) => void; reject: (error: Error) => void };

interface RunJob {
  readonly model: number;
  readonly feeds: Record<string, PlainTensor>;
  readonly transfer: ArrayBuffer[];
  readonly resolve: (outputs: Record<string, PlainTensor>) => void;
  readonly reject: (error: Error) => void;
}

const WORKER_URL = new URL('./inference-worker.js', import.meta.url);

export interface InferencePoolOptions {
  /** The thread's script; inference-worker.js unless a test needs a thread that misbehaves. */
  readonly workerUrl?: URL;
}

export class InferenceError extends Error {
  override readonly name = 'InferenceError';
}

/** One thread of the pool and the requests it has not answered yet. */
class InferenceThread {
  readonly worker: Worker;
  readonly pending = new Map<number, Pending>();
  private readonly idleWaiters: Array<() => void> = [];
  /** Set once it said it started and opened the pool's models: only then is it worth replacing. */
  usable = false;
  lastError: Error | undefined;
  /** Resolves when the thread has loaded onnxruntime; rejects if it stops first. */
  readonly ready: Promise<void>;
  private markStarted!: () => void;
  private markFailed!: (error: Error) => void;

  constructor(workerUrl: URL) {
    this.worker = new Worker(workerUrl);
    this.ready = new Promise((resolve, reject) => {
      this.markStarted = resolve;
      this.markFailed = reject;
    });
    this.ready.catch(() => {});
    this.worker.unref();
    this.worker.on('message', (reply: WorkerReply | { readonly ready: true }) =>
      'ready' in reply ? this.markStarted() : this.settle(reply),
    );
    // An uncaught error ends the thread; the pool replaces it on 'exit', which follows.
    this.worker.on('error', (error) => (this.lastError = error));
  }

  send(request: WorkerRequest, transfer: ArrayBuffer[] = []): Promise<Record<string, PlainTensor> | undefined> {
    // Referenced only while it owes an answer: an idle pool never keeps the process alive.
    this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      this.worker.postMessage(request, transfer);
    });
  }

  /** Resolves once it owes no answer. */
  whenIdle(): Promise<void> {
    return this.pending.size === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private settle(reply: WorkerReply): void {
    const pending = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    if (this.pending.size === 0) {
      this.worker.unref();
      for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
    if (reply.ok) {
      for (const buffer of reply.returned ?? []) keepBuffer(buffer);
      pending?.resolve(reply.outputs);
    } else pending?.reject(new InferenceError(reply.message));
  }

  /** It stopped: everything it owed fails with `error`. */
  stopped(error: Error): void {
    this.markFailed(error);
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}

/**
 * onnxruntime's `run` is synchronous under its promise: on the main thread, every inference
 * holds the event loop that reads requests and writes answers. The pool runs inference on
 * `size` worker threads instead, each with its own session of every model (a session is not
 * shared across threads), taking jobs from one FIFO queue as they come free. A thread that dies
 * fails only its own job and is replaced with the same models; one that cannot start is not.
 */
export class InferencePool {
  private readonly threads: InferenceThread[] = [];
  private readonly idle: InferenceThread[] = [];
  private readonly jobs: RunJob[] = [];
  /** Model bytes by id, so a replacement thread can open the same sessions. */
  private readonly models = new Map<number, Uint8Array>();
  private nextId = 1;
  private closed = false;
  /** Why the pool can run nothing any more, once no thread is left. */
  private broken: string | undefined;
  /** Threads replaced after dying: reported by /readyz. */
  restarts = 0;

  constructor(
    readonly size: number,
    private readonly options: InferencePoolOptions = {},
  ) {
    if (!Number.isInteger(size) || size < 1)
      throw new RangeError(`an inference pool needs at least one thread, not ${size}`);
    for (let i = 0; i < size; i++) this.addThread();
  }

  /** Threads alive now: fewer than `size` while a replacement starts, or after one could not. */
  get liveThreads(): number {
    return this.threads.length;
  }

  /** Why the pool cannot run anything, or undefined while it can: /readyz reports it. */
  get failure(): string | undefined {
    return this.closed ? 'the inference pool is closed' : this.broken;
  }

  /** Opens a model in every thread; resolves once each thread can run it. */
  async open(bytes: Uint8Array): Promise<number> {
    if (this.failure) throw new InferenceError(this.failure);
    const model = this.nextId++;
    this.models.set(model, bytes);
    await Promise.all(this.threads.map((thread) => this.openIn(thread, model, bytes)));
    return model;
  }

  /** Runs a model in the next free thread. Feeds that own their buffer are moved there: do not reuse them. */
  async run(model: number, feeds: Record<string, PlainTensor>): Promise<Record<string, PlainTensor>> {
    if (this.failure) throw new InferenceError(this.failure);
    if (!this.models.has(model)) throw new InferenceError(`model ${model} is not open in the inference pool`);
    const plainFeeds = Object.fromEntries(
      Object.entries(feeds).map(([name, t]) => [name, { type: t.type, data: t.data, dims: t.dims }]),
    );
    // A feed that owns its whole buffer moves to the thread instead of being copied (a photo's
    // tensor is hundreds of KB); one that views part of a larger buffer is copied as usual.
    const transfer = [
      ...new Set(
        Object.values(plainFeeds)
          .map(({ data }) => data as ArrayBufferView)
          .filter(
            (data) =>
              data.buffer instanceof ArrayBuffer && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength,
          )
          .map((data) => data.buffer as ArrayBuffer),
      ),
    ];
    return new Promise((resolve, reject) => {
      this.jobs.push({ model, feeds: plainFeeds, transfer, resolve, reject });
      this.dispatch();
    });
  }

  async release(model: number): Promise<void> {
    if (!this.models.delete(model) || this.closed) return;
    await Promise.all(this.threads.map((thread) => thread.send({ kind: 'release', id: this.nextId++, model })));
  }

  /** Lets the jobs running finish, refuses those waiting, then stops every thread. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.jobs.splice(0))
      job.reject(new InferenceError('the inference pool closed before this job ran'));
    // Stopping a thread inside onnxruntime's native run aborts the whole process, so never mid-run.
    await Promise.all(this.threads.map((thread) => thread.whenIdle()));
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }

  private async openIn(thread: InferenceThread, model: number, bytes: Uint8Array): Promise<void> {
    await thread.ready;
    await thread.send({ kind: 'open', id: this.nextId++, model, bytes, options: SESSION_OPTIONS });
  }

  private dispatch(): void {
    while (this.jobs.length > 0 && this.idle.length > 0) {
      const job = this.jobs.shift()!;
      const thread = this.idle.pop()!;
      thread
        .send({ kind: 'run', id: this.nextId++, model: job.model, feeds: job.feeds }, job.transfer)
        .then(
          (outputs) => job.resolve(outputs!),
          (error: Error) => job.reject(error),
        )
        .finally(() => {
          if (!this.threads.includes(thread)) return;
          this.idle.push(thread);
          this.dispatch();
        });
    }
  }

  /** A new thread with every model open: idle (taking jobs) once they are. */
  private addThread(): void {
    const thread = new InferenceThread(this.options.workerUrl ?? WORKER_URL);
    thread.worker.on('exit', (code) => this.replace(thread, code));
    this.threads.push(thread);
    // The models open now; any opened later reach this thread through open(), which sends to all.
    const models = [...this.models];
    thread.ready
      .then(() => Promise.all(models.map(([model, bytes]) => this.openIn(thread, model, bytes))))
      .then(
        () => {
          thread.usable = true;
          this.idle.push(thread);
          this.dispatch();
        },
        // It could not start or open what the others opened: stop it; it is not replaced.
        () => void thread.worker.terminate(),
      );
  }

  private replace(thread: InferenceThread, code: number): void {
    const why = thread.lastError ? `: ${thread.lastError.message}` : '';
    thread.stopped(new InferenceError(`an inference thread stopped (exit code ${code}${why})`));
    this.threads.splice(this.threads.indexOf(thread), 1);
    const idleAt = this.idle.indexOf(thread);
    if (idleAt >= 0) this.idle.splice(idleAt, 1);
    if (this.closed) return;
    if (thread.usable) {
      this.restarts++;
      this.addThread();
    } else if (this.threads.length === 0) {
      this.broken = `no inference thread is left: the last could not start${why}`;
      for (const job of this.jobs.splice(0)) job.reject(new InferenceError(this.broken));
    }
  }
}
