import { ApiError } from '../contract/api-error.js';
import type { OperationData, OperationKey } from '../contract/operation-contracts.js';
import { mergeAnswer } from '../narration/llm/merge-answer.js';
import type { LlmFailureCause, OllamaNarrator } from '../narration/llm/ollama-narrator.js';
import { timeStage, type Metrics } from '../metrics.js';
import type { VisionModels } from '../vision/vision-models.js';
import type { AnalysisInput } from './analysis-input.js';
import type { AnalysisHooks, Analyzer } from './analyzer.js';
import { analyzeOnDevice } from './on-device-analysis.js';

export interface LlmStage {
  readonly narrator: OllamaNarrator;
  /** auto: use the LLM when it answers, else the templates; required: its failure is a 502. */
  readonly mode: 'auto' | 'required';
}

/** After Ollama is found down, auto mode answers from templates for this long before trying again. */
export const LLM_RETRY_AFTER_MS = 30_000;
const UNREACHABLE: readonly LlmFailureCause[] = ['refused', 'network', 'timeout', 'model_not_found'];

/**
 * The analysis every request runs: on-device first (measurements, rules, templates: a complete
 * answer), then, when a language model is configured and the photo passed the quality gate, the
 * model's text merged over it. A photo that cannot be judged never goes to the model. Between
 * the two, `onDeviceDone` lets the caller free its CPU slot; the narrator has its own slots.
 */
export function createAnalyzer(vision: VisionModels, llm?: LlmStage, options: { metrics?: Metrics; now?: () => number } = {}): Analyzer {
  const now = options.now ?? Date.now;
  let skipLlmUntil = 0;
  return {
    async analyze<K extends OperationKey>(operation: K, input: AnalysisInput, hooks: AnalysisHooks = {}): Promise<OperationData<K>> {
      const onDevice = await timeStage(options.metrics, 'vision', () => analyzeOnDevice(operation, input, vision));
      hooks.onDeviceDone?.();
      if (!llm || onDevice.qualityProblem) return onDevice.data;
      if (llm.mode === 'auto' && now() < skipLlmUntil) return onDevice.data;

      const outcome = await llm.narrator.narrate(onDevice, input);
      if (outcome.ok) return mergeAnswer(onDevice, outcome.fields);
      if (llm.mode === 'required') {
        if (outcome.cause === 'queue_full') {
          throw new ApiError('SERVICE_BUSY', 'Every language model slot is taken and the LLM queue is full; retry shortly. Nothing was charged.', { 'Retry-After': '5' });
        }
        throw new ApiError('AI_CALL_FAILED', `The language model this server requires failed (${outcome.cause}); nothing was charged.`);
      }
      if (UNREACHABLE.includes(outcome.cause)) skipLlmUntil = now() + LLM_RETRY_AFTER_MS;
      return onDevice.data;
    },
  };
}
