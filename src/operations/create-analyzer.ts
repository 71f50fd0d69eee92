import { ApiError } from '../contract/api-error.js';
import type { OperationData, OperationKey } from '../contract/operation-contracts.js';
import { mergeAnswer } from '../narration/llm/merge-answer.js';
import type { LlmFailureCause, OllamaNarrator } from '../narration/llm/ollama-narrator.js';
import type { Metrics } from '../metrics.js';
import type { VisionModels } from '../vision/vision-models.js';
import type { AnalysisInput } from './analysis-input.js';
import type { Analyzer } from './analyzer.js';
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
 * model's text merged over it. A photo that cannot be judged never goes to the model.
 */
export function createAnalyzer(vision: VisionModels, llm?: LlmStage, options: { metrics?: Metrics; now?: () => number } = {}): Analyzer {
  const now = options.now ?? Date.now;
  const time = <T>(stage: 'vision' | 'llm', work: () => Promise<T>) => (options.metrics ? options.metrics.time(stage, work) : work());
  let skipLlmUntil = 0;
  return {
    async analyze<K extends OperationKey>(operation: K, input: AnalysisInput): Promise<OperationData<K>> {
      const onDevice = await time('vision', () => analyzeOnDevice(operation, input, vision));
      if (!llm || onDevice.qualityProblem) return onDevice.data;
      if (llm.mode === 'auto' && now() < skipLlmUntil) return onDevice.data;

      const outcome = await time('llm', () => llm.narrator.narrate(onDevice, input));
      if (outcome.ok) return mergeAnswer(onDevice, outcome.fields);
      if (llm.mode === 'required') {
        throw new ApiError('AI_CALL_FAILED', `The language model this server requires failed (${outcome.cause}); nothing was charged.`);
      }
      if (UNREACHABLE.includes(outcome.cause)) skipLlmUntil = now() + LLM_RETRY_AFTER_MS;
      return onDevice.data;
    },
  };
}
