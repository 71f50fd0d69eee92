import type { LlmFailureCause, LlmState } from './ollama-calls.js';

/**
 * Where the narrator stands with Ollama: what the last probe or load found (LlmState), `unprobed`
 * before the first, and `down` while Ollama was found not answering moments ago (a probe, a load
 * or a call failed to reach it: no call is tried for LLM_RETRY_AFTER_MS).
 */
export type NarratorState = LlmState | 'unprobed' | 'down';

/**
 * What a call may do in each state, in one table: `try` it; `refuse` it before it waits for a
 * slot (the model can never be asked: a text-only model would answer about a photo it never saw,
 * a cloud one would send the photo out of the building); or `fail` it at once with a cause (it
 * may be asked later). `available`: whether the pipeline waits for the model (PAWLENS_LLM=auto
 * writes from templates at once when not).
 */
export type CallPolicy =
  | { readonly call: 'try'; readonly available: boolean }
  | {
      readonly call: 'refuse' | 'fail';
      readonly available: false;
      readonly cause: LlmFailureCause;
      readonly detail: (model: string) => string;
    };

export const CALL_POLICY: Readonly<Record<NarratorState, CallPolicy>> = {
  unprobed: { call: 'try', available: true },
  ok: { call: 'try', available: true },
  // Found not answering, but long enough ago: a call finds out whether it is back; the pipeline does not wait on it.
  unreachable: { call: 'try', available: false },
  down: {
    call: 'fail',
    available: false,
    cause: 'network',
    detail: () => 'Ollama was found not answering moments ago; not asked',
  },
  loading: { call: 'fail', available: false, cause: 'loading', detail: (model) => `${model} is loading` },
  model_missing: {
    call: 'fail',
    available: false,
    cause: 'model_not_found',
    detail: (model) => `${model} is not pulled`,
  },
  load_failed: {
    call: 'fail',
    available: false,
    cause: 'http_error',
    detail: (model) => `Ollama could not load ${model}`,
  },
  no_vision: {
    call: 'refuse',
    available: false,
    cause: 'no_vision',
    detail: (model) => `${model} has no vision capability: it would drop the photo and answer about nothing`,
  },
  cloud: {
    call: 'refuse',
    available: false,
    cause: 'cloud_model',
    detail: (model) => `${model} runs on ollama.com: the photo would leave the building`,
  },
};

/**
 * The state a call meets: a refusing state first (whatever else is true, the model is not to be
 * asked), then a model that is loading, missing or failed to load, then an outage, then the last
 * probe's word.
 */
export function narratorState(probed: LlmState | undefined, down: boolean): NarratorState {
  if (probed && CALL_POLICY[probed].call !== 'try') return probed;
  if (down) return 'down';
  return probed ?? 'unprobed';
}
