import { AsyncLocalStorage } from 'node:async_hooks';
import { type ChatResponse, Ollama } from 'ollama';
import type { z } from 'zod';
import { silentLogger, type Logger } from '../../logger.js';
import { Metrics } from '../../metrics.js';
import { WorkQueue } from '../../work-queue.js';
import { buildMessages, issuesInEnglish, retryMessages, type ChatMessage } from './build-prompt.js';
import { LLM_MAX_TOKENS, llmFormat } from './llm-format.js';
import { jpegForLlm, LLM_IMAGE_LONG_SIDE } from './llm-image.js';
import type { NarrationRequest } from './narration-request.js';
import {
  CallFailed,
  canonicalModel,
  classify,
  jsonErrors,
  type LlmFailureCause,
  type LlmOutcomeLabel,
  type LlmState,
  type NarrationOutcome,
  OUTAGE_CAUSES,
  untilSettled,
} from './ollama-calls.js';
import { readAnswer } from './read-answer.js';
import { CALL_POLICY, type CallPolicy, narratorState } from './narrator-states.js';

export interface OllamaNarratorOptions {
  /** Base URL with an explicit port, e.g. http://127.0.0.1:11434. */
  readonly host: string;
  readonly model: string;
  readonly timeoutMs: number;
  readonly fetch?: typeof fetch;
  readonly logger?: Logger;
  /** Where call outcomes and call durations are counted, for /metrics and /readyz; a registry of its own when not given. */
  readonly metrics?: Metrics;
  /** Calls in flight at once (match Ollama's OLLAMA_NUM_PARALLEL); default 2. */
  readonly concurrency?: number;
  /** Requests that may wait for a call slot; past it a request gets no LLM text (cause queue_full). Default 8. */
  readonly maxQueue?: number;
  /** How long the health probe (/api/show) may take before Ollama counts as not answering. Default 3 s. */
  readonly probeTimeoutMs?: number;
  /** Sent as keep_alive with each call only when set: otherwise Ollama's own OLLAMA_KEEP_ALIVE holds. */
  readonly keepAlive?: string | number;
  /** PAWLENS_ALLOW_REMOTE_LLM=1: a model Ollama runs on ollama.com may be called. */
  readonly allowRemote?: boolean;
  /** How long loading the model may take (a 4B model on a CPU host: about a minute). Default 5 min. */
  readonly loadTimeoutMs?: number;
  /** The long side of the photo it is sent; default LLM_IMAGE_LONG_SIDE. */
  readonly imageSize?: number;
}

/** After Ollama is found not answering, no call is tried for this long (a probe that finds it back ends it sooner). */
export const LLM_RETRY_AFTER_MS = 30_000;
/** The health probe runs this often while watched, and /readyz's answer is at most this old. */
const PROBE_EVERY_MS = 10_000;
const DEFAULT_PROBE_TIMEOUT_MS = 3_000;
export const DEFAULT_LOAD_TIMEOUT_MS = 300_000;
/** The signal of the call in progress, seen by the client's fetch (the client passes none of its own on non-streamed calls). */
const callSignal = new AsyncLocalStorage<AbortSignal>();

/**
 * Fixed sampling: the same photo and facts give the same text, as far as the model allows; room
 * for the longest answer the format's grammar allows, so none is cut off.
 */
export const CHAT_OPTIONS = { temperature: 0, seed: 42, num_predict: LLM_MAX_TOKENS } as const;

/**
 * Writes an operation's text fields with a local vision LLM through Ollama: one chat call with
 * the photo (≤ 1024 px JPEG), the on-device facts and the fields' JSON schema as `format`; the
 * answer is parsed, repaired where safe and validated; a broken answer is asked for once more
 * with its errors. Anything else is a failure with its cause, never an exception.
 */
export class OllamaNarrator {
  readonly client: Ollama;
  readonly model: string;
  private readonly logger: Logger;
  private readonly metrics: Metrics;
  /** Bounds the calls to Ollama, apart from the CPU slots: a photo waiting on the model holds no decode slot. */
  readonly slots: WorkQueue;

  private readonly timeoutMs: number;
  private readonly probeTimeoutMs: number;
  private readonly keepAlive: string | number | undefined;
  private readonly allowRemote: boolean;
  private readonly loadTimeoutMs: number;
  private readonly imageSize: number;
  /** The load in progress (a load-only chat), resolving to whether the model loaded. */
  private loading: Promise<boolean> | undefined;
  /** When a load last failed: the next is tried no sooner than LLM_RETRY_AFTER_MS after. */
  private loadFailedAt = 0;
  /** Whether a load has worked since start. */
  private loadedOnce = false;
  /** Until when no call is tried: Ollama was found not answering. */
  private unavailableUntil = 0;
  /** Aborted when Ollama is found not answering: every call waiting or running then ends at once. */
  private outage = new AbortController();
  private health: { readonly state: LlmState; readonly at: number } | undefined;
  private probing: Promise<LlmState> | undefined;
  private watcher: NodeJS.Timeout | undefined;

  constructor(options: OllamaNarratorOptions) {
    const baseFetch = options.fetch ?? fetch;
    const timedFetch: typeof fetch = async (url, init) =>
      jsonErrors(
        await baseFetch(url, { ...init, signal: callSignal.getStore() ?? AbortSignal.timeout(options.timeoutMs) }),
      );
    this.client = new Ollama({ host: options.host, fetch: timedFetch });
    this.model = options.model;
    this.timeoutMs = options.timeoutMs;
    this.probeTimeoutMs = options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
    this.keepAlive = options.keepAlive;
    this.allowRemote = options.allowRemote ?? false;
    this.loadTimeoutMs = options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS;
    this.imageSize = options.imageSize ?? LLM_IMAGE_LONG_SIDE;
    this.logger = options.logger ?? silentLogger;
    this.metrics = options.metrics ?? new Metrics({ defaultMetrics: false });
    this.slots = new WorkQueue(options.concurrency ?? 1, options.maxQueue ?? 8);
  }

  /** What a call may do now (narrator-states.ts): the one table every decision about calling reads. */
  private policy(): CallPolicy {
    return CALL_POLICY[narratorState(this.health?.state, Date.now() < this.unavailableUntil)];
  }

  /** Whether the pipeline should wait for the model now: a model found ready, or not probed yet, and no outage. */
  available(): boolean {
    return this.policy().available;
  }

  /**
   * Has Ollama load the model with a load-only chat (no messages, answered "load"), under a
   * deadline of its own: minutes, not a request's seconds. pawlens never hangs up on a load,
   * which Ollama would abandon and start again on the next call. Resolves to whether it loaded.
   */
  preload(): Promise<boolean> {
    this.loading ??= callSignal
      .run(AbortSignal.timeout(this.loadTimeoutMs), () =>
        this.client.chat({
          model: this.model,
          messages: [],
          ...(this.keepAlive !== undefined && { keep_alive: this.keepAlive }),
          stream: false,
        }),
      )
      .then(
        () => {
          this.logger.info({ model: this.model }, 'language model loaded');
          this.loadedOnce = true;
          this.health = { state: 'ok', at: Date.now() };
          this.unavailableUntil = 0;
          return true;
        },
        (error: unknown) => {
          const failure = classify(error);
          const unreachable = failure.reason === 'refused' || failure.reason === 'network';
          this.loadFailedAt = Date.now();
          this.health = { state: unreachable ? 'unreachable' : 'load_failed', at: Date.now() };
          if (unreachable) this.markDown(`loading the model failed: ${failure.message}`);
          this.logger.warn(
            { model: this.model, cause: failure.reason, detail: failure.message },
            'language model did not load',
          );
          return false;
        },
      )
      .finally(() => (this.loading = undefined));
    return this.loading;
  }

  /** Whether Ollama has the model in memory now (/api/ps). */
  private async isLoaded(): Promise<boolean> {
    const { models } = await this.client.ps();
    const wanted = canonicalModel(this.model);
    return models.some((model) => canonicalModel(model.name) === wanted || canonicalModel(model.model) === wanted);
  }

  /** Ollama is not answering: calls waiting or running end now, and none is tried for LLM_RETRY_AFTER_MS. */
  private markDown(why: string): void {
    this.unavailableUntil = Date.now() + LLM_RETRY_AFTER_MS;
    this.outage.abort(new CallFailed('network', why));
    this.outage = new AbortController();
  }

  /**
   * Asks Ollama for the model (/api/show) with a short timeout of its own: an Ollama that accepts
   * connections but never answers is found in seconds, not after a call's whole timeout.
   */
  probe(): Promise<LlmState> {
    this.probing ??= callSignal
      .run(AbortSignal.timeout(this.probeTimeoutMs), async (): Promise<LlmState> => {
        const shown = await this.client.show({ model: this.model });
        // Ollama 0.12 names where it forwards a cloud model; the npm client's types do not list it yet.
        const { remote_host: remoteHost } = shown as { remote_host?: string };
        if (remoteHost && !this.allowRemote) return 'cloud';
        if (!(shown.capabilities ?? []).includes('vision')) return 'no_vision';
        // /api/show reads the manifest only: whether the model loads, only loading it tells.
        if (this.loading) return 'loading';
        // An Ollama (or a proxy) without /api/ps cannot say: then the last load that worked stands.
        const loaded = await this.isLoaded().catch(() => undefined);
        if (loaded === true || (loaded === undefined && this.loadedOnce)) return 'ok';
        if (this.health?.state === 'load_failed' && Date.now() - this.loadFailedAt < LLM_RETRY_AFTER_MS)
          return 'load_failed';
        // Not loaded (never yet, or unloaded after its keep_alive): load it now, not on a patient's photo.
        void this.preload();
        return 'loading';
      })
      .catch((error: unknown): LlmState => {
        const e = error as { name?: string; status_code?: number };
        return e.name === 'ResponseError' && e.status_code === 404 ? 'model_missing' : 'unreachable';
      })
      .then((state) => {
        // A load that finished while the probe was still settling has already said how it went.
        if (state === 'loading' && !this.loading && this.health) return this.health.state;
        if (state === 'unreachable' && this.health?.state !== 'unreachable')
          this.logger.warn({ model: this.model }, 'Ollama does not answer; answering from templates');
        this.health = { state, at: Date.now() };
        if (state === 'unreachable') this.markDown('Ollama did not answer its health probe');
        else if (state === 'ok') this.unavailableUntil = 0;
        return state;
      })
      .finally(() => (this.probing = undefined));
    return this.probing;
  }

  /**
   * The last probe's answer (what /readyz reports), at once; one older than PROBE_EVERY_MS starts
   * the next in the background. Only before any probe has answered does it wait, for that first one.
   */
  async cachedState(): Promise<LlmState> {
    if (!this.health) return this.probe();
    if (Date.now() - this.health.at > PROBE_EVERY_MS) void this.probe();
    return this.health.state;
  }

  /** Probes every PROBE_EVERY_MS until stop(): an Ollama that stops answering mid-call is found, and its calls end, within seconds. */
  watch(): void {
    this.watcher ??= setInterval(() => void this.probe(), PROBE_EVERY_MS);
    this.watcher.unref();
  }

  stop(): void {
    clearInterval(this.watcher);
    this.watcher = undefined;
  }

  private count(outcome: LlmOutcomeLabel): void {
    this.metrics.llmOutcomes.inc({ outcome });
  }

  /** How the calls so far ended, by outcome, as /metrics counts them: what /readyz shows. */
  async outcomeCounts(): Promise<Record<string, number>> {
    const { values } = await this.metrics.llmOutcomes.get();
    return Object.fromEntries(values.map(({ labels, value }) => [String(labels.outcome), value]));
  }

  private async chat(fields: z.ZodObject, messages: ChatMessage[]): Promise<string> {
    let response: ChatResponse;
    try {
      response = await this.client.chat({
        model: this.model,
        messages,
        format: llmFormat(fields),
        options: CHAT_OPTIONS,
        ...(this.keepAlive !== undefined && { keep_alive: this.keepAlive }),
        stream: false,
        think: false,
      });
    } catch (error) {
      throw classify(error);
    }
    // Thinking models may leave content empty and put the JSON in message.thinking.
    const text = response.message.content.trim() || (response.message.thinking ?? '').trim();
    if (response.done_reason === 'length') throw new CallFailed('truncated', 'the answer was cut off at num_predict');
    return text;
  }

  /** Waits for a call slot, then writes the fields; a full queue is a failure, not a wait. */
  async narrate<Fields extends z.ZodObject>(request: NarrationRequest<Fields>): Promise<NarrationOutcome<Fields>> {
    const { requestId } = request.input;
    const before = this.policy();
    if (before.call === 'refuse') return this.fail(before.cause, before.detail(this.model), 0, requestId);
    if (this.slots.full)
      return this.fail(
        'queue_full',
        `${this.slots.active} calls run and ${this.slots.depth} wait; none more may`,
        0,
        requestId,
      );
    // The wait (for the model to load, then for a call slot) has a deadline; the call has its own,
    // from when it starts: a photo that waited its turn still gets the whole time to be answered.
    const waiting = this.deadline();
    let release: () => void;
    try {
      if (this.loading && !(await untilSettled(this.loading, waiting.signal)) && waiting.signal.aborted)
        return this.fail('loading', `${this.model} is still loading`, 0, requestId);
      release = await this.slots.acquire(waiting.signal);
    } catch (error) {
      const failure = classify(error);
      return this.fail(failure.reason, `while waiting for a call slot: ${failure.message}`, 0, requestId);
    } finally {
      waiting.done();
    }
    const calling = this.deadline();
    try {
      // Found not answering, not pulled, not loadable, loading or refusing while this one waited: not asked either.
      const now = this.policy();
      if (now.call !== 'try') return this.fail(now.cause, now.detail(this.model), 0, requestId);
      return await callSignal.run(calling.signal, () => this.metrics.time('llm', () => this.write(request)));
    } finally {
      calling.done();
      release();
    }
  }

  /**
   * A step's signal: aborted when timeoutMs have passed or when Ollama is found not answering;
   * `done` clears its timer. The deadline is a timer that holds its controller, not an
   * AbortSignal.timeout(): Node 20's AbortSignal.any holds its sources weakly, so a timeout signal
   * only the composite refers to can be collected before it fires, and the call would then wait on
   * a silent Ollama for ever.
   */
  private deadline(): { readonly signal: AbortSignal; readonly done: () => void } {
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new DOMException('the model did not answer in time', 'TimeoutError')),
      this.timeoutMs,
    );
    return { signal: AbortSignal.any([deadline.signal, this.outage.signal]), done: () => clearTimeout(timer) };
  }

  private async write<Fields extends z.ZodObject>(
    request: NarrationRequest<Fields>,
  ): Promise<NarrationOutcome<Fields>> {
    const { input } = request;
    const first = buildMessages(request, await jpegForLlm(input.image, this.imageSize));
    let messages = first;
    for (let call = 1; call <= 2; call++) {
      let raw: string;
      try {
        raw = await this.chat(request.fields, messages);
      } catch (error) {
        const failure = error instanceof CallFailed ? error : classify(error);
        // Transport failures are not the model's answer: asking again would only wait twice.
        if (failure.reason !== 'truncated' || call === 2)
          return this.fail(failure.reason, failure.message, call, input.requestId);
        messages = retryMessages(first, '', [{ kind: 'truncated' }], input.language);
        continue;
      }
      const answer = readAnswer(request, raw);
      if (answer.ok) {
        this.count(call === 2 ? 'reasked_ok' : answer.repairs.length > 0 ? 'repaired' : 'ok');
        if (answer.repairs.length > 0)
          this.logger.info({ requestId: input.requestId, repairs: answer.repairs }, 'llm answer repaired');
        return { ok: true, fields: answer.fields, repairs: answer.repairs, calls: call };
      }
      if (call === 2) return this.fail(answer.cause, issuesInEnglish(answer.issues).join(' '), call, input.requestId);
      messages = retryMessages(first, raw, answer.issues, input.language);
    }
    throw new Error('unreachable');
  }

  private fail(cause: LlmFailureCause, detail: string, calls: number, requestId: string): NarrationOutcome<never> {
    this.count(cause);
    if (calls > 0 && OUTAGE_CAUSES.includes(cause)) this.markDown(`a call failed: ${cause}`);
    // A call that ran out of time may have met a model Ollama had unloaded: the probe reloads it if so.
    if (cause === 'timeout' && calls > 0) void this.probe();
    this.logger.warn(
      { requestId, cause, detail: detail.slice(0, 300), calls },
      'llm call failed; answering from templates',
    );
    return { ok: false, cause, detail, calls };
  }
}
