import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { animalsToClassify, decodeSizeFor } from '../../src/analysis/decode-plan.js';
import { loadAnalysisModels } from '../../src/analysis/load-analysis-models.js';
import { createPipeline } from '../../src/analysis/pipeline.js';
import { OPERATION_KEYS, type OperationKey } from '../../src/operations/registry.js';
import { OllamaNarrator } from '../../src/narration/llm/ollama-narrator.js';
import { OPERATIONS } from '../../src/operations/registry.js';
import { installModel } from '../../src/vision/runtime/install-model.js';
import { RECOMMENDED_MODELS } from '../../src/vision/runtime/model-catalogue.js';
import type { VisionModels } from '../../src/vision/vision-models.js';
import { startFakeOllama } from '../../scripts/support/doubles/fake-ollama.js';
import { phoneStoolPhoto } from '../../scripts/support/phone-photo.js';
import { describeWithShared, SHARED_DIR } from '../fixtures/shared-assets.js';
import { tempDir } from '../fixtures/temp-dir.js';
import { builtinVision } from '../fixtures/test-app.js';

/** A 12 MP photo as a phone held upright stores it: 4032×3024, EXIF orientation 6 (upright it is 3024×4032). */
let sideways: Buffer;
beforeAll(async () => {
  sideways = await phoneStoolPhoto({ orientation: 6 });
}, 30_000);

const decodedSize = async (models: VisionModels, operation: OperationKey) => {
  const { width, height, sourceWidth, sourceHeight } = await createPipeline(models).decode(operation, sideways);
  expect([sourceWidth, sourceHeight]).toEqual([3024, 4032]);
  return [width, height];
};

describe('the decode plan', () => {
  it('decodes a 12 MP phone photo upright to the colour analyser’s 192 px short side when only the built-in models run', async () => {
    const vision = await builtinVision();
    for (const operation of OPERATION_KEYS) expect(await decodedSize(vision, operation), operation).toEqual([192, 256]);
  });

  it('keeps the full 1024 px for the language model’s image when it will be asked', async () => {
    const vision = await builtinVision();
    for (const operation of OPERATION_KEYS)
      expect(decodeSizeFor(OPERATIONS[operation], vision, true).longSide, operation).toBe(1024);
  });

  it('decodes to 1024 px for the language model while it answers, and to the models’ size while auto mode leaves a down Ollama alone', async () => {
    const fake = await startFakeOllama();
    const narrator = new OllamaNarrator({ host: fake.url, model: 'gemma3:4b', timeoutMs: 2000 });
    const pipeline = createPipeline(await builtinVision(), { narrator, mode: 'auto' });
    const image = await pipeline.decode('stool', sideways);
    expect([image.width, image.height]).toEqual([768, 1024]);
    const input = { image, language: 'en', animalType: undefined, requestId: 'req_decodeplan0' } as const;
    await pipeline.narrate(await pipeline.assess('stool', input));
    // The model got the photo with the detail it was decoded for.
    const [sent] = fake.chatRequests()[0]!.messages.flatMap((message) => message.images ?? []);
    const { width, height } = await sharp(Buffer.from(sent!, 'base64')).metadata();
    expect([width, height]).toEqual([768, 1024]);

    await fake.close();
    await pipeline.narrate(await pipeline.assess('stool', input));
    const meanwhile = await pipeline.decode('stool', sideways);
    expect([meanwhile.width, meanwhile.height]).toEqual([192, 256]);
  });

  it('classifies the crop an answer or a refusal names, and the others only for a language model', () => {
    expect(animalsToClassify(OPERATIONS.breed, false)).toBe(1);
    expect(animalsToClassify(OPERATIONS.stool, false)).toBe(1);
    expect(animalsToClassify(OPERATIONS.skin, false)).toBe(1);
    // Emotion's gate asks only whether there is an animal; its answer names no species.
    expect(animalsToClassify(OPERATIONS.emotion, false)).toBe(0);
    for (const operation of OPERATION_KEYS) expect(animalsToClassify(OPERATIONS[operation], true)).toBe(3);
  });
});

describeWithShared('the decode plan with scene models installed', () => {
  const withModels = async (names: readonly string[]) => {
    const modelsDir = tempDir();
    for (const name of names) await installModel(name, { from: join(SHARED_DIR, 'models'), modelsDir });
    return loadAnalysisModels({ modelsDir });
  };

  it('decodes to the detector’s 416 px, except breed, whose crops keep the detail its classifier was validated at', async () => {
    const vision = await withModels(RECOMMENDED_MODELS);
    for (const operation of OPERATION_KEYS)
      expect(await decodedSize(vision, operation), operation).toEqual(operation === 'breed' ? [768, 1024] : [312, 416]);
  }, 60_000);

  it('with a classifier alone, to its 224 px short side, so that it reads the whole frame without enlarging it; for breed too, with no boxes to crop', async () => {
    const vision = await withModels(['squeezenet1.0']);
    expect(await decodedSize(vision, 'stool')).toEqual([224, 299]);
    expect(await decodedSize(vision, 'breed')).toEqual([224, 299]);
  }, 60_000);
});
