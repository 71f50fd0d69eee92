import type { z } from 'zod';

// How a call to Ollama can end, and what its answers mean for the next call: the causes a call
// fails with (each logged and counted on its own), the states a probe finds, and the small
// helpers the narrator reads transport errors and model names with.

/** Every distinct way a call can fail (docs/design.md §6), each logged and counted on its own. */
export const LLM_FAILURE_CAUSES = [
  'timeout',
  'refused',
  'network',
  'model_not_found',
  'busy',
  'http_error',
  'truncated',
  'format_ignored',
  'not_json',
  'schema',
  'language',
  'queue_full',
  'no_vision',
  'cloud_model',
  'loading',
] as const;
export type LlmFailureCause = (typeof LLM_FAILURE_CAUSES)[number];
export type LlmOutcomeLabel = 'ok' | 'repaired' | 'reasked_ok' | LlmFailureCause;

export type NarrationOutcome<Fields extends z.ZodObject> =
  | { readonly ok: true; readonly fields: z.infer<Fields>; readonly repairs: readonly string[]; readonly calls: number }
  | { readonly ok: false; readonly cause: LlmFailureCause; readonly detail: string; readonly calls: number };

/**
 * Whether Ollama answers, has the model pulled, the model can see images, runs here, and is
 * loaded: a `cloud` model is one Ollama forwards to ollama.com (its /api/show names a
 * remote_host); `loading` while pawlens has it loaded (the templates answer meanwhile);
 * `load_failed` when Ollama answers but cannot load it (out of memory, a broken file), which
 * /api/show alone never says.
 */
export type LlmState = 'ok' | 'unreachable' | 'model_missing' | 'no_vision' | 'cloud' | 'loading' | 'load_failed';

/**
 * Failures that say Ollama, not this answer, is the problem: every call would fail the same way
 * for now. Not a timeout: a slow answer (a long Chinese summary on a CPU host) is no outage, and
 * the probe finds a silent Ollama within seconds anyway.
 */
export const OUTAGE_CAUSES: readonly LlmFailureCause[] = ['refused', 'network', 'model_not_found'];

/** Ollama's name for a model: a missing tag is ":latest", case does not matter. */
export const canonicalModel = (name: string) => {
  const lower = name.trim().toLowerCase();
  return lower.slice(lower.lastIndexOf('/') + 1).includes(':') ? lower : `${lower}:latest`;
};

/** Whether `promise` settled true before `signal` aborted (false, not an exception, when it aborted). */
export function untilSettled(promise: Promise<boolean>, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const aborted = () => resolve(false);
    signal.addEventListener('abort', aborted, { once: true });
    void promise.then((value) => {
      signal.removeEventListener('abort', aborted);
      resolve(value);
    });
  });
}

export class CallFailed extends Error {
  constructor(
    readonly reason: LlmFailureCause,
    detail: string,
  ) {
    super(detail);
  }
}

/** Transport and HTTP failures → a cause. ResponseError is not exported by ollama, so by name. */
export function classify(error: unknown): CallFailed {
  if (error instanceof CallFailed) return error;
  const e = error as { name?: string; status_code?: number; message?: string; cause?: { code?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return new CallFailed('timeout', 'the model did not answer in time');
  if (e.name === 'ResponseError') {
    if (e.status_code === 404) return new CallFailed('model_not_found', e.message ?? 'model not found');
    if (e.status_code === 503) return new CallFailed('busy', e.message ?? 'server busy');
    return new CallFailed('http_error', `HTTP ${e.status_code}: ${e.message}`);
  }
  if (e.cause?.code === 'ECONNREFUSED') return new CallFailed('refused', 'connection refused');
  return new CallFailed('network', e.cause?.code ?? e.message ?? String(error));
}

/**
 * An error response whose body is not JSON (a proxy's HTML page, a crash) → Ollama's own error
 * shape, with the text as its message. The ollama client prints such bodies with console.log,
 * which would put a stray line among the service's JSON log lines on stdout.
 */
export async function jsonErrors(response: Response): Promise<Response> {
  if (response.ok || (response.headers.get('content-type') ?? '').includes('json')) return response;
  const text = (await response.text()).trim().slice(0, 300);
  return new Response(JSON.stringify({ error: text || response.statusText || `HTTP ${response.status}` }), {
    status: response.status,
    statusText: response.statusText,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}
