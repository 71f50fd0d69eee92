import type { ReadinessCheck } from '../../readiness-check.js';
import type { LlmMode } from './llm-mode.js';
import type { OllamaNarrator } from './ollama-narrator.js';

/**
 * /readyz's `llm`: without a working LLM the service still answers, from templates, and says it
 * is degraded; with PAWLENS_LLM=required it is not ready.
 */
export function llmReadinessCheck(mode: LlmMode, narrator: OllamaNarrator | undefined): ReadinessCheck {
  return {
    name: 'llm',
    async check() {
      // The last probe's answer, never a wait on Ollama: a silent one must not make /readyz silent too.
      const state = mode === 'off' || !narrator ? 'off' : await narrator.cachedState();
      const outcomes = narrator ? await narrator.outcomeCounts() : {};
      const status = state === 'off' || state === 'ok' ? 'ok' : mode === 'required' ? 'not_ready' : 'degraded';
      // Not the host: /readyz may be reachable from the LAN, and where the LLM runs is the operator's business.
      return { status, report: { mode, model: narrator?.model ?? null, state, outcomes } };
    },
  };
}
