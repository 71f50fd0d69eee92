/**
 * The examples of /openapi.json: for each operation, a small photo a tool can send as it stands
 * (a generated scene of what the operation judges, as a 128 × 96 JPEG: no photo of ../shared may
 * be committed) and the answer pawlens gives it with its built-in models, as a new install does.
 * `npm run openapi:examples` writes src/http/openapi/examples.ts; a test recomputes them, so the
 * document never shows an answer the service would not give.
 */
import sharp from 'sharp';
import { loadAnalysisModels } from '../../src/analysis/load-analysis-models.js';
import { runPaidAnalysis } from '../../src/analysis/paid-analysis.js';
import { createPipeline } from '../../src/analysis/pipeline.js';
import type { Operation } from '../../src/operations/operation.js';
import { OPERATION_KEYS, OPERATIONS, type OperationKey } from '../../src/operations/registry.js';
import { blob, closeUp, DARK_TILE, FLOOR, photographed, scene, speckles } from './scenes.js';

export interface OperationExample {
  /** The photo, Base64. */
  readonly image: string;
  /** The `data` of the success envelope pawlens answers it with (language en). */
  readonly data: unknown;
}

/** The request id the examples' envelopes carry. */
export const EXAMPLE_REQUEST_ID = 'req_3f9a1c2b7d4e5f60';

const STOOL = scene(FLOOR, [blob('#6e4623')]);
/**
 * What an operation's example shows, by what it takes: a specimen on the floor, a close-up of
 * skin; an animal's operation, which has no generated pet, gets the stool scene's honest answer.
 */
const BY_WHAT_IT_TAKES: Readonly<Record<Operation['needs']['shows'], Buffer>> = {
  specimen: STOOL,
  'close-up': closeUp('#eab2a8', [['#d9a58c', 6]]),
  animal: STOOL,
};
/** Where an operation's example shows something more telling than its kind's. */
const SCENES: Partial<Readonly<Record<OperationKey, Buffer>>> = {
  vomit: scene(FLOOR, [blob('#9c7048'), ...speckles('#7a4a26', 22, 6)]),
  urine: scene(DARK_TILE, [blob('#f0d848')]),
  skin: closeUp('#eab2a8', [['#cc3333', 8]]),
  ear: closeUp('#f0b8b0', [['#d9b48c', 6]]),
};
const sceneOf = (operation: OperationKey) => SCENES[operation] ?? BY_WHAT_IT_TAKES[OPERATIONS[operation].needs.shows];

/** Every operation's example, computed now with the built-in models in `modelsDir` (an empty folder: built-ins only). */
export async function operationExamples(modelsDir: string): Promise<Record<OperationKey, OperationExample>> {
  const models = await loadAnalysisModels({ modelsDir });
  try {
    const pipeline = createPipeline(models);
    const examples = {} as Record<OperationKey, OperationExample>;
    for (const operation of OPERATION_KEYS) {
      // Drawn small, then given a camera's noise at that size: noise added before shrinking the
      // scene would be averaged away, leaving the flat fills of a drawing (refused as a graphic).
      const small = await sharp(sceneOf(operation)).resize(128, 96).png().toBuffer();
      const photo = await (await photographed(small)).jpeg({ quality: 92 }).toBuffer();
      const { data } = await runPaidAnalysis(
        { pipeline },
        { operation, requestId: EXAMPLE_REQUEST_ID, language: 'en', animalType: undefined, photo: () => photo },
      );
      examples[operation] = { image: photo.toString('base64'), data };
    }
    return examples;
  } finally {
    await Promise.all(models.loaded.map((model) => model.release()));
  }
}
