import type { ReadinessCheck } from '../../readiness-check.js';
import type { LlmMode } from './llm-mode.js';
import type { OllamaNarrator } from './ollama-narrator.js';

export type LlmState = 'ok' | 'unreachable' | 'model_missing' | 'no_vision';

/** Whether Ollama answers, has the model pulled, and the model can see images (/api/show). */
export async function llmReadiness(narrator: OllamaNarrator): Promise<LlmState> {
  try {
    const shown = await narrator.client.show({ model: narrator.model });
    return (shown.capabilities ?? []).includes('vision') ? 'ok' : 'no_vision';
  } catch (error) {
    const e = error as { name?: string; status_code?: number };
    return e.name === 'ResponseError' && e.status_code === 404 ? 'model_missing' : 'unreachable';
  }
}

/**
 * /readyz's `llm`: without a working LLM the service still answers, from templates, and says it
 * is degraded; with PAWLENS_LLM=required it is not ready.
 */
export function llmReadinessCheck(mode: LlmMode, narrator: OllamaNarrator | undefined): ReadinessCheck {
  return {
    name: 'llm',
    async check() {
      const state = mode === 'off' || !narrator ? 'off' : await llmReadiness(narrator);
      const outcomes = narrator ? await narrator.outcomeCounts() : {};
      const status = state === 'off' || state === 'ok' ? 'ok' : mode === 'required' ? 'not_ready' : 'degraded';
      // Not the host: /readyz may be reachable from the LAN, and where the LLM runs is the operator's business.
      return { status, report: { mode, model: narrator?.model ?? null, state, outcomes } };
    },
  };
}
