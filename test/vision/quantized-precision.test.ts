import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decodeImageBytes } from '../../src/image/decode-image.js';
import { ClassifierModel } from '../../src/vision/classifier-model.js';
import { InferencePool } from '../../src/vision/runtime/inference-pool.js';
import { loadModel } from '../../src/vision/runtime/load-model.js';
import { describeWithShared, sharedPhoto } from '../fixtures/shared-assets.js';
import { sharedClassifiers } from '../fixtures/shared-classifiers.js';

const ESPRESSO = 967;
const EGYPTIAN_CAT = 285;

/**
 * The int8 MobileNetV2 gives its own answers on any x86 processor (session-options.ts). Without
 * VNNI, onnxruntime's int8 products saturate unless told otherwise: on an AVX2-only server
 * coffee.png read as espresso at 0.64 and chelsea.png as an Egyptian cat at 0.65, where the exact
 * arithmetic (a VNNI processor, or this option) gives 0.995 and 0.738. On a VNNI processor these
 * pass either way; on an AVX2-only one (this project's CI) they fail without the option.
 */
describeWithShared('a quantized model answers the same on every x86 processor', () => {
  const classifiers = sharedClassifiers('pawlens-int8-');
  let pool: InferencePool;
  beforeAll(() => {
    pool = new InferencePool(1);
  });
  afterAll(() => pool.close());

  const readings = async (classifier: ClassifierModel) => {
    const read = async (name: string) =>
      (await classifier.predict(await decodeImageBytes(readFileSync(sharedPhoto(name))))).probabilities;
    return { coffee: await read('coffee.png'), chelsea: await read('chelsea.png') };
  };

  it.each(['the main thread', 'an inference thread'])('in %s', async (where) => {
    const model =
      where === 'the main thread'
        ? classifiers.mobilenet
        : await loadModel(join(classifiers.modelsDir, 'mobilenetv2-12-int8'), pool);
    const { coffee, chelsea } = await readings(new ClassifierModel(model));
    expect(coffee[ESPRESSO]).toBeGreaterThan(0.98);
    expect(chelsea[EGYPTIAN_CAT]).toBeCloseTo(0.738, 1);
    if (model !== classifiers.mobilenet) await model.release();
  });
});
