import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAnalysisModels } from '../../src/analysis/load-analysis-models.js';
import { createPipeline } from '../../src/analysis/pipeline.js';
import { successEnvelope } from '../../src/contract/envelopes.js';
import { PetAnalysesData } from '../../src/http/routes/pet-records-route.js';
import { installModel } from '../../src/vision/runtime/install-model.js';
import { RECOMMENDED_MODELS } from '../../src/vision/runtime/model-catalogue.js';
import type { VisionModels } from '../../src/vision/vision-models.js';
import { photo, toBase64 } from '../fixtures/images.js';
import { createLlmTestApp } from '../fixtures/llm-app.js';
import { describeWithShared, SHARED_DIR, sharedPhoto } from '../fixtures/shared-assets.js';
import { tempDir } from '../fixtures/temp-dir.js';
import { builtinVision, createTestApp, type TestApp } from '../fixtures/test-app.js';

const Listing = successEnvelope(PetAnalysesData);
const recordsOf = async (app: TestApp, petId: string) =>
  Listing.parse(
    (await request(app.http).get(`/api/v1/pets/${petId}/analyses`).set('Authorization', `Bearer ${app.key}`)).body,
  ).data.analyses;

/** The manifest's sha256 of an installed model: what a record must name. */
const sha256Of = (modelsDir: string, name: string) =>
  (JSON.parse(readFileSync(join(modelsDir, name, 'manifest.json'), 'utf8')) as { sha256: string }).sha256;

describe('what made a kept answer (issue 41)', () => {
  it('built-ins only: the colour network and the severity head with their sha256, the templates (no language model), assessed', async () => {
    const app = await createTestApp();
    await app.post('stool', { image: toBase64(await photo('jpeg')) }).set('X-Pet-Id', 'rex');
    const [record] = await recordsOf(app, 'rex');
    const vision = await builtinVision();
    expect(record!.made_by).toEqual({
      models: [vision.colour, vision.heads.get('stool')!].map(({ name, sha256 }) => ({ name, sha256 })),
      llm: null,
      assessed: true,
    });
  });

  it('with a language model: its name, beside the models', async () => {
    const app = await createLlmTestApp();
    try {
      await app.post('urine', { image: toBase64(await photo('png')) }).set('X-Pet-Id', 'tom');
      const [record] = await recordsOf(app, 'tom');
      expect(record!.made_by).toMatchObject({ llm: 'gemma3:4b', assessed: true });
    } finally {
      await app.fake.close();
    }
  });
});

describeWithShared('what made a kept answer, with the recommended models installed (issue 41)', () => {
  const modelsDir = tempDir('pawlens-made-by-');
  let vision: VisionModels;
  beforeAll(async () => {
    for (const model of RECOMMENDED_MODELS) await installModel(model, { from: join(SHARED_DIR, 'models'), modelsDir });
    vision = await loadAnalysisModels({ modelsDir });
  });
  afterAll(() => Promise.all(vision.loaded.map((model) => model.release())));

  it("names the detector's and the classifier's sha256, and says when the photo was refused", async () => {
    const app = await createTestApp({ pipeline: createPipeline(vision) });
    const dog = toBase64(readFileSync(sharedPhoto('wml_dog.jpg')));
    // A whole dog is no stool: refused, free, and the record says it assessed nothing.
    await app.post('stool', { image: dog }).set('X-Pet-Id', 'chart-7');
    await app.post('breed', { image: dog }).set('X-Pet-Id', 'chart-7');
    const [breed, stool] = await recordsOf(app, 'chart-7');
    const named = (record: typeof breed) => Object.fromEntries(record!.made_by!.models.map((m) => [m.name, m.sha256]));
    for (const record of [breed, stool]) {
      expect(named(record)).toMatchObject({
        'yolox-nano': sha256Of(modelsDir, 'yolox-nano'),
        'mobilenetv2-12-int8': sha256Of(modelsDir, 'mobilenetv2-12-int8'),
      });
      expect(record!.made_by!.llm).toBeNull();
    }
    expect(breed!.made_by!.assessed).toBe(true);
    expect(stool!.made_by!.assessed).toBe(false);
    expect(stool!.credits_charged).toBe(0);
  });

  it('names only the models that read the photo: no classifier where emotion, with no head, reads no crop of the dog', async () => {
    const app = await createTestApp({ pipeline: createPipeline(vision) });
    await app.post('emotion', { image: toBase64(readFileSync(sharedPhoto('wml_dog.jpg'))) }).set('X-Pet-Id', 'chart-8');
    const [record] = await recordsOf(app, 'chart-8');
    const names = record!.made_by!.models.map((model) => model.name);
    expect(names).toContain('yolox-nano');
    expect(names).not.toContain('mobilenetv2-12-int8');
  });

  it('names the classifier where the detector boxed no animal: it read the whole frame to say what the photo shows', async () => {
    const app = await createTestApp({ pipeline: createPipeline(vision) });
    await app.post('breed', { image: toBase64(readFileSync(sharedPhoto('coffee.png'))) }).set('X-Pet-Id', 'chart-9');
    const [record] = await recordsOf(app, 'chart-9');
    const names = record!.made_by!.models.map((model) => model.name);
    expect(names).toEqual(expect.arrayContaining(['yolox-nano', 'mobilenetv2-12-int8']));
    expect(record!.made_by!.assessed).toBe(false);
  });
});
