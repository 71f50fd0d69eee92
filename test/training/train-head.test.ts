import { existsSync, readFileSync } from 'node:fs';
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
import { DEFAULT_SETTINGS, PENALTIES, trainHead } from '../../src/training/train-head.js';
import { headGraphBytes } from '../../src/vision/heads/head-graph.js';
import { installModel } from '../../src/vision/runtime/install-model.js';
import { seededRandom } from '../../src/vision/runtime/seeded-random.js';
import { clutter, drawnPhotos, spots, stripes, writeHeadFolder } from '../fixtures/head-folders.js';
import { analyze } from '../../scripts/support/doubles/pipelines.js';
import { describeWithShared, realCatSkin, SHARED_DIR, sharedPhoto } from '../fixtures/shared-assets.js';
import { tempDir } from '../fixtures/temp-dir.js';
import { label } from '../fixtures/trained-heads.js';

/** Labelled photos through the real MobileNetV2 and the trainer, as `pawlens heads train` runs them. */
async function trained(backbone: Backbone, dir: string, seed = 1) {
  const definition = await readHeadDefinition(dir);
  const folder = await readLabelledFolder(dir, Object.keys(definition.labels), true);
  const reading = await readPhotoFeatures(folder.photos, backbone);
  return { definition, reading, ...trainHead(definition, reading.read, { ...DEFAULT_SETTINGS, seed }) };
}

const skinHead = (labels: readonly string[]) => ({
  name: 'generated',
  operation: 'skin',
  labels: Object.fromEntries(labels.map((id, i) => [id, label(id, i === 0 ? 'normal' : 'mild')])),
});

/** `count` copies of a real photo: seeded crops of `least`–100% of it, some mirrored, lighter or darker. */
async function views(name: string, count: number, seed: number, least: number): Promise<Buffer[]> {
  const random = seededRandom(seed);
  const bytes = readFileSync(sharedPhoto(name));
  const { width, height } = await sharp(bytes).metadata();
  const out: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const share = least + (1 - least) * random();
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

  // Smooth gradients are left out: twenty of them are too like each other to be twenty photos (near-duplicates.ts).
  it('separable generated classes (stripes, spots, clutter) reach 100% cross-validated, sure of nearly all', async () => {
    const dir = writeHeadFolder(tempDir(), skinHead(['clutter', 'spots', 'stripes']), {
      clutter: await drawnPhotos(clutter, 20, 11),
      spots: await drawnPhotos(spots, 20, 12),
      stripes: await drawnPhotos(stripes, 20, 13),
    });
    const { report } = await trained(backbone, dir);
    expect(report.accuracy).toBe(1);
    expect(report.n).toBe(60);
    expect(report.confusion).toEqual({
      clutter: { clutter: 20, spots: 0, stripes: 0 },
      spots: { clutter: 0, spots: 20, stripes: 0 },
      stripes: { clutter: 0, spots: 0, stripes: 20 },
    });
    // The weakest penalty: nothing here needs holding back.
    expect(report.penalty).toBe(PENALTIES.at(-1));
    expect(report.named_wrong).toBe(0);
    expect(report.named_right).toBeGreaterThan(0.9);
    // Both poolings (mean and peak) cross-validated at five penalties: 3 s beside two other test files.
  }, 180_000);

  it('labels given at random to one kind of photo stay near chance, and no head is made of them', async () => {
    const photos = await drawnPhotos(clutter, 60, 21);
    const dir = writeHeadFolder(tempDir(), skinHead(['a', 'b', 'c']), {
      a: photos.slice(0, 20),
      b: photos.slice(20, 40),
      c: photos.slice(40),
    });
    await expect(trained(backbone, dir)).rejects.toThrow(/no better than naming the commonest label every time/);
  }, 180_000);

  it('copies of a few photos (cropped, mirrored, lighter or darker) are found, and too few distinct photos make no head', async () => {
    // Issue 40: crops of four photos gave 100% cross-validated accuracy, with no warning. Crops
    // of 85–100% are found; of 60% and less, only in part (near-duplicates.ts).
    const dir = writeHeadFolder(tempDir(), skinHead(['cat', 'dog', 'horses']), {
      cat: [...(await views('chelsea.png', 10, 1, 0.85)), ...(await views('kitten_224.png', 10, 2, 0.85))],
      dog: await views('wml_dog.jpg', 20, 3, 0.85),
      horses: await views('darknet_horses.jpg', 20, 4, 0.85),
    });
    await expect(trained(backbone, dir)).rejects.toThrow(
      /at least 10 distinct photos, not copies, crops or edits of one another; cat has [2-4], dog has [1-3], horses has [1-3]/,
    );
  });

  it('the same photos and seed give the same head, byte for byte', async () => {
    const dir = writeHeadFolder(tempDir(), skinHead(['clutter', 'spots']), {
      clutter: await drawnPhotos(clutter, 20, 31),
      spots: await drawnPhotos(spots, 20, 32),
    });
    const first = await trained(backbone, dir);
    const second = await trained(backbone, dir);
    expect(Buffer.from(headGraphBytes(second.model)).equals(Buffer.from(headGraphBytes(first.model)))).toBe(true);
    expect(second.report).toEqual(first.report);
    // Two trainings on 40 photos through MobileNetV2, each of both poolings: 4 s beside two other test files.
  }, 240_000);

  // Reading 120 real photos through MobileNetV2, training two poolings at five penalties, and judging 45 photos three times: 17 s beside two other test files.
  it('real close-ups: a head trained on cat skin photos names conditions on others, and quotes only a held-out figure', async () => {
    // Not acne: of its 60 photos, 26 of the last 30 are turned or cropped copies of the first 30 (photo-look.ts).
    const labels = ['flea_allergy', 'ringworm', 'scabies'];
    const real = join(SHARED_DIR, 'photos-real', 'skin-cat');
    if (!existsSync(real)) return;
    // Of each condition's photos: 30 to learn, the next 15 to evaluate.
    const photosOf = realCatSkin;
    const dir = writeHeadFolder(
      tempDir(),
      {
        name: 'real-cat-skin',
        operation: 'skin',
        labels: {
          flea_allergy: label('flea_allergy', 'mild'),
          ringworm: label('ringworm', 'moderate'),
          scabies: label('scabies', 'moderate'),
        },
      },
      Object.fromEntries(labels.map((condition) => [condition, photosOf(condition, 0, 30)])),
    );
    const result = await trained(backbone, dir);
    expect(result.report.accuracy).toBeGreaterThanOrEqual(0.6);
    // Half its training photos lie within its typical distance, all within its farthest (head-vouches.ts).
    expect(result.report.typical).toBeGreaterThan(0);
    expect(result.report.typical).toBeLessThan(result.report.farthest);
    // The photo gate's refusals of the held-out photos, before the head is installed and after.
    const refused = async () => {
      const models = await loadAnalysisModels({ modelsDir });
      try {
        const photos = labels.flatMap((condition) => photosOf(condition, 30, 15));
        const pipeline = createPipeline(models);
        let count = 0;
        for (const photo of photos) {
          const data = await analyze(pipeline, 'skin', {
            photo,
            language: 'en',
            animalType: 'cat',
            requestId: 'req_real_gate',
          });
          if (data.condition === 'not a photo of the right kind') count++;
        }
        return count;
      } finally {
        await Promise.all(models.loaded.map((model) => model.release()));
      }
    };
    const refusedWithout = await refused();
    await installHead(modelsDir, result.definition, result, {
      backbone: backbone.classifier.sha256,
      companion: backbone.companion?.sha256,
    });

    // Close-ups as like its training photos as the typical one are judged, not refused (head-vouches.ts).
    expect(refusedWithout).toBeGreaterThan(0);
    // Measured with MobileNetV2 alone: 6 of the 45 refused without the head, 3 with it.
    expect(await refused()).toBeLessThan(refusedWithout);
    const vision = await loadAnalysisModels({ modelsDir });
    let heldOutCount = 0;
    const answer = (photo: Buffer) =>
      analyze(createPipeline(vision), 'skin', { photo, language: 'en', animalType: 'cat', requestId: 'req_real_head' });
    try {
      // Before an evaluation, a sure answer quotes no figure: a cross-validated one is not for owners.
      const before = await answer(photosOf('scabies', 30, 1)[0]!);
      expect(before.summary).not.toMatch(/right on \d+%/);

      const heldOut = writeHeadFolder(
        tempDir(),
        undefined,
        Object.fromEntries(labels.map((condition) => [condition, photosOf(condition, 30, 15)])),
      );
      const evaluation = await evaluateHead('real-cat-skin', heldOut, { modelsDir });
      // The set holds copies of some photos under other names: those are left out, the rest measured.
      expect(evaluation.n + evaluation.trained_on).toBe(45);
      expect(evaluation.n).toBeGreaterThanOrEqual(30);
      expect(evaluation.recorded).toBe(true);
      heldOutCount = evaluation.n;
      expect(evaluation.accuracy).toBeGreaterThanOrEqual(0.6);
      expect(Object.keys(evaluation.per_label)).toEqual(labels);
    } finally {
      await Promise.all(vision.loaded.map((model) => model.release()));
    }
    const evaluated = await loadAnalysisModels({ modelsDir });
    try {
      const answers = await Promise.all(
        labels
          .flatMap((condition) => photosOf(condition, 30, 15).map((photo) => ({ condition, photo })))
          .map(async ({ condition, photo }) => ({
            condition,
            data: await analyze(createPipeline(evaluated), 'skin', {
              photo,
              language: 'en',
              animalType: 'cat',
              requestId: 'req_real_head',
            }),
          })),
      );
      // Each answer names a condition, quoting the held-out photos, names two as possibilities, says
      // the head was unsure (and quotes no figure), or names a copy of a training photo by its label.
      let recalled = 0;
      for (const { condition, data } of answers)
        if (data.condition.startsWith('not named')) expect(data.summary).toMatch(/are the likeliest possibilities/);
        else if (/not sure enough to name anything/.test(data.summary)) expect(data.summary).not.toMatch(/right on/);
        else if (/or a copy of one/.test(data.summary)) {
          recalled++;
          expect(data.condition).toBe(`${condition} (en)`);
          expect(data.summary).toContain(`the clinic labelled it ${data.condition}`);
        } else if (data.severity !== 'inconclusive')
          expect(data.summary).toContain(`of ${heldOutCount} photos held out from its training`);
      // The held-out photos the evaluation left out as copies of training photos are named by their label.
      expect(recalled).toBe(45 - heldOutCount);
      expect(recalled).toBeGreaterThan(0);
    } finally {
      await Promise.all(evaluated.loaded.map((model) => model.release()));
    }
  }, 240_000);
});
