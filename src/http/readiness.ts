import type { AccountStore } from '../accounts/account-store.js';
import type { LlmMode } from '../config.js';
import { llmReadiness, type LlmState } from '../narration/llm/llm-readiness.js';
import type { OllamaNarrator } from '../narration/llm/ollama-narrator.js';
import type { VisionModels } from '../vision/vision-models.js';

export interface ReadinessReport {
  /** ready: everything configured works; degraded: answering on templates; not_ready: cannot serve. */
  readonly status: 'ready' | 'degraded' | 'not_ready';
  readonly checks: Record<string, unknown>;
}

export interface ReadinessSources {
  readonly store: AccountStore;
  readonly vision?: VisionModels;
  readonly llm?: { readonly mode: LlmMode; readonly host: string; readonly narrator?: OllamaNarrator };
}

/**
 * /readyz: the key store answers, the models are loaded and their inference threads alive, and
 * — when an LLM is configured — Ollama is reachable with the model pulled and able to see images. Without a working LLM the service
 * still answers (from templates) and says it is degraded; with PAWLENS_LLM=required it is not ready.
 */
export async function checkReadiness(sources: ReadinessSources): Promise<ReadinessReport> {
  let store: 'ok' | 'error' = 'ok';
  try {
    await sources.store.countKeys();
  } catch {
    store = 'error';
  }
  const checks: Record<string, unknown> = { store };
  const pool = sources.vision?.pool;
  if (sources.vision) {
    checks.models = {
      loaded: sources.vision.loaded.map((model) => model.manifest.name),
      breed: sources.vision.classifier?.name ?? null,
      // threads 0: inference runs on the event loop's thread (PAWLENS_INFERENCE_THREADS=0).
      inference: pool
        ? {
            threads: pool.liveThreads,
            configured: pool.size,
            restarts: pool.restarts,
            state: pool.failure === undefined ? 'ok' : 'error',
            ...(pool.failure && { error: pool.failure }),
          }
        : { threads: 0, state: 'ok' },
    };
  }
  let llmState: LlmState | 'off' = 'off';
  if (sources.llm) {
    const { mode, host, narrator } = sources.llm;
    llmState = mode === 'off' || !narrator ? 'off' : await llmReadiness(narrator);
    checks.llm = { mode, host, model: narrator?.model ?? null, state: llmState, outcomes: Object.fromEntries(narrator?.outcomes ?? []) };
  }
  const required = sources.llm?.mode === 'required';
  const status = store !== 'ok' || pool?.failure !== undefined || (required && llmState !== 'ok') ? 'not_ready' : llmState === 'off' || llmState === 'ok' ? 'ready' : 'degraded';
  return { status, checks };
}
