import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadAnalysisModels } from '../../src/analysis/load-analysis-models.js';
import { createPipeline } from '../../src/analysis/pipeline.js';
import { openBackbone, type Backbone } from '../../src/training/backbone.js';
import { evaluateHead } from '../../src/training/evaluate-head.js';
import { readHeadDefinition, readLabelledFolder } from '../../src/training/head-folder.js';
import { installHead } from '../../src/training/install-head.js';
import { readPhotoFeatures } from '../../src/training/photo-features.js';
import { PENALTIES, trainHead } from '../../src/training/train-head.js';
import { headGraphBytes } from '../../src/vision/heads/head-graph.js';
import { installModel } from '../../src/vision/install-model.js';
import { seededRandom } from '../../src/vision/seeded-random.js';
import { clutter, drawnPhotos, gradient, spots, stripes, writeHeadFolder } from '../fixtures/head-folders.js';
import { analyze } from '../fixtures/pipelines.js';
import { describeWithShared, SHARED_DIR, sharedPhoto } from '../fixtures/shared-assets.js';
import { tempDir } from '../fixtures/temp-dir.js';
import { label } from '../fixtures/trained-heads.js';

/** Labelled photos through the real MobileNetV2 and the trainer, as `pawlens heads train` runs them. */
async function trained(backbone: Backbone, dir: string, seed = 1) {
  const definition = await readHeadDefinition(dir);
  const folder = await readLabelledFolder(dir, Object.keys(definition.labels), true);
  const reading = await readPhotoFeatures(folder.photos, backbone);
  return { definition, reading, ...trainHead(definition, reading.read, { folds: 5, seed }) };
}

const skinHead = (labels: readonly string[]) => ({
  name: 'generated',
  operation: 'skin',
  labels: Object.fromEntries(labels.map((id, i) => [id, label(id, i === 0 ? 'normal' : 'mild')])),
});

/** `count` views of a real photo: seeded crops of 60–100% of it, some mirrored, lighter or darker. */
async function views(name: string, count: number, seed: number): Promise<Buffer[]> {
  const random = seededRandom(seed);
  const bytes = readFileSync(sharedPhoto(name));
  const { width, height } = await sharp(bytes).metadata();
  const out: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const share = 0.6 + 0.4 * random();
    const [w, h] = [Math.round(width! * share), Math.round(height! * share)];
    let view = sharp(bytes)
      .extract({
        left: Math.floor((width! - w) * random()),
        top: Math.floor((height! - h) * random()),
        width: w,
        height: h,
      })
      .modulate({ brightness: 0.8 + 0.4 * random() });
    if (random() < 0.5) view = view.flop();
    out.push(await view.jpeg({ quality: 88 }).toBuffer());
  }
  return out;
}

describeWithShared('training a head on the real MobileNetV2 backbone (issue 24)', () => {
  const modelsDir = tempDir('pawlens-train-');
  let backbone: Backbone;
  beforeAll(async () => {
    await installModel('mobilenetv2-12-int8', { from: join(SHARED_DIR, 'models'), modelsDir });
    backbone = await openBackbone({ modelsDir }, 'skin');
  });
  afterAll(() => backbone?.release());

  it('separable generated classes (stripes, spots, gradients) reach 100% cross-validated, sure of nearly all', async () => {
    const dir = writeHeadFolder(tempDir(), skinHead(['gradient', 'spots', 'stripes']), {
      gradient: await drawnPhotos(gradient, 12, 11),
      spots: await drawnPhotos(spots, 12, 12),
      stripes: await drawnPhotos(stripes, 12, 13),
    });
    const { report } = await trained(backbone, dir);
    expect(report.accuracy).toBe(1);
    expect(report.n).toBe(36);
    expect(report.confusion).toEqual({
      gradient: { gradient: 12, spots: 0, stripes: 0 },
      spots: { gradient: 0, spots: 12, stripes: 0 },
      stripes: { gradient: 0, spots: 0, stripes: 12 },
    });
    // The weakest penalty: nothing here needs holding back.
    expect(report.penalty).toBe(PENALTIES.at(-1));
    expect(report.named_wrong).toBe(0);
    expect(report.named_right).toBeGreaterThan(0.9);
  });

  it('labels given at random to one kind of photo stay near chance, and the head stays unsure of most', async () => {
    const photos = await drawnPhotos(clutter, 45, 21);
    const dir = writeHeadFolder(tempDir(), skinHead(['a', 'b', 'c']), {
      a: photos.slice(0, 15),
      b: photos.slice(15, 30),
      c: photos.slice(30),
    });
    const { report } = await trained(backbone, dir);
    // Chance is 1/3; with 45 photos a head that learnt nothing lands within about ±0.2 of it.
    expect(report.accuracy).toBeLessThan(0.56);
    // Cross-validation chose a stronger penalty than for the separable classes: it did not trust them.
    expect(report.penalty).toBeGreaterThan(PENALTIES.at(-1)!);
    expect(report.named_right).toBeLessThan(0.4);
    expect(report.unsure).toBeGreaterThan(0.5);
  });

  it('the same photos and seed give the same head, byte for byte', async () => {
    const dir = writeHeadFolder(tempDir(), skinHead(['gradient', 'spots']), {
      gradient: await drawnPhotos(gradient, 10, 31),
      spots: await drawnPhotos(spots, 10, 32),
    });
    const first = await trained(backbone, dir);
    const second = await trained(backbone, dir);
    expect(Buffer.from(headGraphBytes(second.model)).equals(Buffer.from(headGraphBytes(first.model)))).toBe(true);
    expect(second.report).toEqual(first.report);
  });

  it('real photos: a head told cats, dogs and horses apart names the cat in chelsea.png for skin, and evaluates on other views', async () => {
    const labels = ['cat', 'dog', 'horses'];
    const dir = writeHeadFolder(
      tempDir(),
      {
        name: 'real-pets',
        operation: 'skin',
        labels: { cat: label('cat', 'normal'), dog: label('dog', 'mild'), horses: label('horses', 'moderate') },
      },
      {
        cat: [...(await views('chelsea.png', 6, 1)), ...(await views('kitten_224.png', 6, 2))],
        dog: await views('wml_dog.jpg', 12, 3),
        horses: await views('darknet_horses.jpg', 12, 4),
      },
    );
    const result = await trained(backbone, dir);
    expect(result.report.accuracy).toBeGreaterThanOrEqual(0.9);
    await installHead(modelsDir, result.definition, result, backbone.classifier);
    // Other views of the same photos: a check of the plumbing on real features, not of generalisation.
    const heldOut = writeHeadFolder(tempDir(), undefined, {
      cat: await views('chelsea.png', 4, 41),
      dog: await views('wml_dog.jpg', 4, 42),
    });
    const evaluation = await evaluateHead('real-pets', heldOut, { modelsDir });
    expect(evaluation).toMatchObject({ n: 8, accuracy: 1 });
    expect(Object.keys(evaluation.per_label)).toEqual(labels);

    const vision = await loadAnalysisModels({ modelsDir });
    try {
      const data = await analyze(createPipeline(vision), 'skin', {
        photo: readFileSync(sharedPhoto('chelsea.png')),
        language: 'en',
        animalType: 'cat',
        requestId: 'req_real_head',
      });
      expect(data).toMatchObject({ severity: 'normal', condition: 'cat (en)' });
      expect(data.summary).toContain('of 8 photos held out from its training');
    } finally {
      await Promise.all(vision.loaded.map((model) => model.release()));
    }
  });
});
