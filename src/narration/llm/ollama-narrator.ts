import { Ollama } from 'ollama';
import type { z } from 'zod';
import { silentLogger, type Logger } from '../../logger.js';
import { Metrics } from '../../metrics.js';
import { WorkQueue } from '../../work-queue.js';
import { buildMessages, retryMessages, type ChatMessage } from './build-prompt.js';
import { llmFormat } from './llm-format.js';
import { jpegForLlm } from './llm-image.js';
import type { NarrationRequest } from './narration-request.js';
import { readAnswer } from './read-answer.js';

/** Every distinct way a call can fail (DESIGN.md §6), each logged and counted on its own. */
export const LLM_FAILURE_CAUSES = ['timeout', 'refused', 'network', 'model_not_found', 'busy', 'http_error', 'truncated', 'not_json', 'schema', 'language', 'queue_full'] as const;
export type LlmFailureCause = (typeof LLM_FAILURE_CAUSES)[number];
export type LlmOutcomeLabel = 'ok' | 'repaired' | 'reasked_ok' | LlmFailureCause;

export type NarrationOutcome<Fields extends z.ZodObject> =
  | { readonly ok: true; readonly fields: z.infer<Fields>; readonly repairs: readonly string[]; readonly calls: number }
  | { readonly ok: false; readonly cause: LlmFailureCause; readonly detail: string; readonly calls: number };

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
}

/** Fixed sampling: the same photo and facts give the same text, as far as the model allows. */
export const CHAT_OPTIONS = { temperature: 0, seed: 42, num_predict: 900 } as const;
export const KEEP_ALIVE = '15m';

class CallFailed extends Error {
  constructor(
    readonly reason: LlmFailureCause,
    detail: string,
  ) {
    super(detail);
  }
}

/** Transport and HTTP failures → a cause. ResponseError is not exported by ollama, so by name. */
function classify(error: unknown): CallFailed {
  const e = error as { name?: string; status_code?: number; message?: string; cause?: { code?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return new CallFailed('timeout', 'the model did not answer in time');
  if (e.name === 'ResponseError') {
    if (e.status_code === 404) return new CallFailed('model_not_found', e.message ?? 'model not found');
    if (e.status_code === 503) return new CallFailed('busy', e.message ?? 'server busy');
    return new CallFailed('http_error', `HTTP ${e.status_code}: ${e.message}`);
  }
  if (e.cause?.code === 'ECONNREFUSED') return new CallFailed('refused', 'connection refused');
  return new CallFailed('network', e.cause?.code ?? e.message ?? String(error));
}

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

  constructor(options: OllamaNarratorOptions) {
    const baseFetch = options.fetch ?? fetch;
    // The client passes no signal on non-streamed calls: the timeout rides on its fetch.
    const timedFetch: typeof fetch = (url, init) => baseFetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    this.client = new Ollama({ host: options.host, fetch: timedFetch });
    this.model = options.model;
    this.logger = options.logger ?? silentLogger;
    this.metrics = options.metrics ?? new Metrics({ defaultMetrics: false });
    this.slots = new WorkQueue(options.concurrency ?? 2, options.maxQueue ?? 8);
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
    let response;
    try {
      response = await this.client.chat({
        model: this.model,
        messages,
        format: llmFormat(fields),
        options: CHAT_OPTIONS,
        keep_alive: KEEP_ALIVE,
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
    if (this.slots.full) {
      return this.fail('queue_full', `${this.slots.active} calls run and ${this.slots.depth} wait; none more may`, 0, request.input.requestId);
    }
    return this.slots.run(() => this.metrics.time('llm', () => this.write(request)));
  }

  private async write<Fields extends z.ZodObject>(request: NarrationRequest<Fields>): Promise<NarrationOutcome<Fields>> {
    const { input } = request;
    const first = buildMessages(request, await jpegForLlm(input.image));
    let messages = first;
    for (let call = 1; call <= 2; call++) {
      let raw: string;
      try {
        raw = await this.chat(request.fields, messages);
      } catch (error) {
        const failure = error instanceof CallFailed ? error : classify(error);
        // Transport failures are not the model's answer: asking again would only wait twice.
        if (failure.reason !== 'truncated' || call === 2) return this.fail(failure.reason, failure.message, call, input.requestId);
        messages = retryMessages(first, '', ['The answer was cut off: keep every field shorter.'], input.language);
        continue;
      }
      const answer = readAnswer(request, raw);
      if (answer.ok) {
        this.count(call === 2 ? 'reasked_ok' : answer.repairs.length > 0 ? 'repaired' : 'ok');
        if (answer.repairs.length > 0) this.logger.info({ requestId: input.requestId, repairs: answer.repairs }, 'llm answer repaired');
        return { ok: true, fields: answer.fields, repairs: answer.repairs, calls: call };
      }
      if (call === 2) return this.fail(answer.cause, answer.problems.join('; '), call, input.requestId);
      messages = retryMessages(first, raw, answer.problems, input.language);
    }
    throw new Error('unreachable');
  }

  private fail(cause: LlmFailureCause, detail: string, calls: number, requestId: string): NarrationOutcome<never> {
    this.count(cause);
    this.logger.warn({ requestId, cause, detail: detail.slice(0, 300), calls }, 'llm call failed; answering from templates');
    return { ok: false, cause, detail, calls };
  }
}
