import type { ReadinessCheck } from '../readiness-check.js';
import type { VisionModels } from './vision-models.js';

/** /readyz's `models`: what is loaded, the breed classifier, the trained heads, and whether the inference threads can run anything. */
export function visionReadinessCheck(vision: VisionModels): ReadinessCheck {
  return {
    name: 'models',
    async check() {
      const { pool } = vision;
      // threads 0: inference runs on the event loop's thread (PAWLENS_INFERENCE_THREADS=0).
      const inference = pool
        ? {
            threads: pool.liveThreads,
            configured: pool.size,
            restarts: pool.restarts,
            state: pool.failure === undefined ? 'ok' : 'error',
            ...(pool.failure && { error: pool.failure }),
          }
        : { threads: 0, state: 'ok' };
      const report = {
        loaded: vision.loaded.map((model) => model.manifest.name),
        breed: vision.classifier?.name ?? null,
        detector: vision.detector?.name ?? null,
        // The heads a clinic trained, by the operation each answers for.
        heads: Object.fromEntries([...vision.trained].map(([operation, head]) => [operation, head.name])),
        // The localizers, by the operation whose subject each finds (docs/design.md §13).
        localizers: Object.fromEntries([...vision.localizers].map(([operation, found]) => [operation, found.name])),
        // …and those on the detector's maps, asked where the first finds nothing.
        detectorLocalizers: Object.fromEntries(
          [...vision.detectorLocalizers].map(([operation, found]) => [operation, found.name]),
        ),
        inference,
      };
      return { status: pool?.failure === undefined ? 'ok' : 'not_ready', report };
    },
  };
}
