import { existsSync } from 'node:fs';
import { loadAnalysisModels } from '../analysis/load-analysis-models.js';
import { createPipeline, type Pipeline } from '../analysis/pipeline.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { LLM_QUEUE_GAUGES, type Metrics } from '../metrics.js';
import { llmReadinessCheck } from '../narration/llm/llm-readiness.js';
import { OllamaNarrator } from '../narration/llm/ollama-narrator.js';
import {
  assertLocalModel,
  assertPrivateLlmHost,
  cloudModelMessage,
  PrivacyGuardError,
} from '../narration/llm/privacy-guard.js';
import type { ReadinessCheck } from '../readiness-check.js';
import { InferencePool } from '../vision/runtime/inference-pool.js';
import { visionReadinessCheck } from '../vision/vision-readiness.js';

export interface Assembled {
  readonly pipeline: Pipeline;
  /** What /readyz asks, besides the key store. */
  readonly readinessChecks: readonly ReadinessCheck[];
  /** Stops the inference threads, once nothing is analysed any more. */
  close(): Promise<void>;
}

/**
 * Where the analysis is put together from the config: the models (verified, or the start stops)
 * in PAWLENS_INFERENCE_THREADS worker threads,
 * the privacy guard on OLLAMA_HOST and on cloud models (refused before a single photo could be
 * sent), and the LLM stage when PAWLENS_LLM is not off.
 */
export async function assembleAnalysis(
  config: Config,
  logger: Logger,
  print: (line: string) => void,
  metrics?: Metrics,
): Promise<Assembled> {
  const pool = config.inferenceThreads > 0 ? new InferencePool(config.inferenceThreads) : undefined;
  if (pool) metrics?.watchInferencePool(pool);
  const vision = await loadAnalysisModels({
    modelsDir: config.modelsDir,
    breedModel: config.breedModel,
    detectorModel: config.detectorModel,
    pool,
  }).catch(async (error: unknown) => {
    await pool?.close();
    throw error;
  });
  logger.info({ models: vision.loaded.map((model) => model.manifest.name) }, 'models loaded');
  if (!existsSync(config.modelsDir))
    print(
      `PAWLENS_MODELS_DIR=${config.modelsDir} does not exist: no installed model is loaded from it (a typo, or a volume not mounted?).`,
    );
  if (!vision.detector)
    print(
      'No object detector installed: the photo gate cannot tell what a photo shows ("pawlens models install recommended").',
    );
  if (!vision.classifier)
    print('No classifier installed: breed answers "unknown" ("pawlens models install recommended").');

  const { llm } = config;
  let narrator: OllamaNarrator | undefined;
  if (llm.mode !== 'off') {
    await assertPrivateLlmHost(llm.host, llm.allowRemote);
    assertLocalModel(llm.model, llm.allowRemote);
    narrator = new OllamaNarrator({
      host: llm.host.base,
      model: llm.model,
      timeoutMs: llm.timeoutMs,
      logger,
      metrics,
      concurrency: llm.concurrency,
      maxQueue: llm.maxQueue,
      keepAlive: llm.keepAlive,
      allowRemote: llm.allowRemote,
      loadTimeoutMs: llm.loadTimeoutMs,
      imageSize: llm.imageSize,
    });
    metrics?.watchQueue(narrator.slots, LLM_QUEUE_GAUGES);
    // A few seconds at most, even for an Ollama that accepts connections and never answers.
    const state = await narrator.probe();
    // A model Ollama forwards to ollama.com is refused as a public host is: before any photo.
    if (state === 'cloud') throw new PrivacyGuardError(cloudModelMessage(llm.model));
    if (state === 'no_vision' && llm.mode === 'required')
      throw new Error(
        `PAWLENS_LLM=required, but ${llm.model} cannot see images (Ollama lists no "vision" capability): it would answer about a photo it never saw. Use a vision model such as gemma3:4b, or PAWLENS_LLM=auto.`,
      );
    narrator.watch();
    const until = state === 'loading' ? 'it has loaded' : 'it is';
    const line = `LLM ${llm.model} at ${llm.host.base}: ${state}${state === 'ok' ? '' : llm.mode === 'auto' ? ` (answering from built-in templates until ${until})` : ''}`;
    print(line);
    if (state === 'model_missing') print(`  pull it with: ollama pull ${llm.model}`);
  }
  const pipeline = createPipeline(vision, narrator && llm.mode !== 'off' ? { narrator, mode: llm.mode } : undefined);
  return {
    pipeline,
    readinessChecks: [visionReadinessCheck(vision), llmReadinessCheck(llm.mode, narrator)],
    close: async () => {
      narrator?.stop();
      await pool?.close();
    },
  };
}
