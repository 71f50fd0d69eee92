import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadAnalysisModels } from '../../src/analysis/load-analysis-models.js';
import { runPaidAnalysis } from '../../src/analysis/paid-analysis.js';
import { parseYoloLabels } from '../../src/training/localizer/box-folder.js';
import { createPipeline, type Pipeline } from '../../src/analysis/pipeline.js';
import { OPERATIONS, type OperationKey } from '../../src/operations/registry.js';
import { describeScene } from '../../src/vision/scene/describe-scene.js';
import { installModel } from '../../src/vision/runtime/install-model.js';
import { RECOMMENDED_MODELS } from '../../src/vision/runtime/model-catalogue.js';
import { PACKAGE_MODELS_DIR } from '../../src/vision/runtime/models-location.js';
import type { VisionModels } from '../../src/vision/vision-models.js';
import { describeWithShared, SHARED_DIR } from '../fixtures/shared-assets.js';
import { tempDir } from '../fixtures/temp-dir.js';
import { runProcess } from '../fixtures/run-process.js';
import { cleanEnv, CLI, ROOT } from '../fixtures/served-cli.js';

/**
 * Stool analysis with the recommended models, the stool localizer among them, on the real stool
 * photos its training held out (models/trained/stool-localizer/held-out.json: whole groups of
 * copies of one photo, which it never saw). What issue 39 asks of it: stool is found and read
 * brown, with no red flag, in most ordinary photos; a photo without stool gets no finding.
 */
const DATASET = join(SHARED_DIR, 'datasets', 'dog-stool');
const HELD_OUT: string[] = JSON.parse(
  readFileSync(join(PACKAGE_MODELS_DIR, 'trained', 'stool-localizer', 'held-out.json'), 'utf8'),
);
const labelsOf = (photo: string) =>
  readFileSync(join(DATASET, 'labels', photo.replace(/\.[^.]+$/, '.txt')), 'utf8').trim();
const hasStool = (photo: string) => labelsOf(photo).length > 0;

/**
 * The lawn of one of the dataset's photos, cut off its labelled stools: the `nth` of the strips
 * left of, right of, above and below all its boxes (each widened by 3% of the frame) that are at
 * least 35% of the frame each way, as the 761 lawn crops its figures were measured on were cut.
 */
async function groundCrop(photo: string, nth = 0): Promise<Buffer> {
  const boxes = parseYoloLabels(labelsOf(photo), photo, [0]).map(({ cx, cy, w, h }) => [
    cx - w / 2 - 0.03,
    cy - h / 2 - 0.03,
    cx + w / 2 + 0.03,
    cy + h / 2 + 0.03,
  ]);
  const [left, top] = [0, 1].map((side) => Math.min(...boxes.map((box) => box[side]!)));
  const [right, bottom] = [2, 3].map((side) => Math.max(...boxes.map((box) => box[side]!)));
  const strips = [
    [0, 0, left!, 1],
    [right!, 0, 1, 1],
    [0, 0, 1, top!],
    [0, bottom!, 1, 1],
  ];
  const [x0, y0, x1, y1] = strips.filter(([a, b, c, d]) => c! - a! >= 0.35 && d! - b! >= 0.35)[nth]!;
  const image = sharp(join(DATASET, 'images', photo));
  const { width, height } = await image.metadata();
  const [x, y] = [Math.round(x0! * width!), Math.round(y0! * height!)];
  const [w, h] = [Math.round((x1! - x0!) * width!), Math.round((y1! - y0!) * height!)];
  return image
    .extract({ left: x, top: y, width: Math.min(w, width! - x), height: Math.min(h, height! - y) })
    .png()
    .toBuffer();
}

describeWithShared('stool analysis on real stool photos it never learnt from', () => {
  let models: VisionModels;
  let pipeline: Pipeline;
  const answers = new Map<string, { severity: string; color: string; summary: string; assessed: boolean }>();
  /** A photo's bytes analysed for `operation`, as a request is (English, a dog). */
  const analyseBytes = (operation: OperationKey, bytes: Buffer) =>
    runPaidAnalysis(
      { pipeline },
      { operation, requestId: `req_stooldataset${operation}`, language: 'en', animalType: 'dog', photo: () => bytes },
    );
  /** One of the dataset's photos analysed so. */
  const analyse = (operation: OperationKey, photo: string) =>
    analyseBytes(operation, readFileSync(join(DATASET, 'images', photo)));
  beforeAll(async () => {
    const modelsDir = tempDir('pawlens-stool-');
    for (const name of RECOMMENDED_MODELS) await installModel(name, { from: join(SHARED_DIR, 'models'), modelsDir });
    models = await loadAnalysisModels({ modelsDir });
    pipeline = createPipeline(models);
    for (const photo of HELD_OUT) {
      const { data, assessed } = await analyse('stool', photo);
      expect(OPERATIONS.stool.data.safeParse(data).success).toBe(true);
      answers.set(photo, { ...(data as { severity: string; color: string; summary: string }), assessed });
    }
  }, 120_000);
  afterAll(async () => {
    for (const model of models?.loaded ?? []) await model.release();
  });

  it('installs with the recommended models, from the package whatever --from says', () => {
    expect(RECOMMENDED_MODELS).toContain('stool-localizer');
    expect(models.localizers.get('stool')?.name).toBe('stool-localizer');
    expect(models.detectorLocalizers.get('stool')?.name).toBe('stool-localizer-detector');
    expect(models.localizers.has('stool-localizer-detector')).toBe(false);
  });

  it('finds most stools and reads them brown, with no red flag', () => {
    const withStool = HELD_OUT.filter(hasStool);
    const brown = withStool.filter((photo) => {
      const answer = answers.get(photo)!;
      // The colour field leads with a brown: "green and light brown" is no brown stool to a reader.
      return (
        /^(dark |light )?brown/.test(answer.color) && answer.severity !== 'severe' && answer.severity !== 'moderate'
      );
    });
    const redFlags = withStool.filter((photo) => answers.get(photo)!.severity === 'severe');
    // Measured when this was written: 83 of 113 brown, 4 severe (photos whose shadows crush the
    // stool to black); 72 and 5 before the closer look; 86 and 1 since blocks crushed to black are
    // not named; 95 and 1 since the localizer learnt from zoomed-out views (and 1 moderate: a
    // rust-brown stool read red at its rim); 97 and 1 since a stool whose colours crowd in it
    // stands out from a ground that shows some of them too; 98 and 1 since the localizer on the
    // detector's maps is asked where the first finds nothing; 99 and 1 since an animal's box whose
    // crop the classifier names a thing is no animal. This split held out a whole dry winter yard of small
    // stools, which the localizer found in three quarters of its photos before the zoomed views
    // (docs/stool-localizer.md).
    expect(withStool.length).toBeGreaterThan(100);
    expect(brown.length / withStool.length).toBeGreaterThan(0.7);
    expect(redFlags.length).toBeLessThanOrEqual(1);
  });

  it('reads stools on a green lawn by their own colour, not the blades of grass on and around them', () => {
    // Three held-out stools on green grass that were "green stool" (mild), 54–70% of their blocks
    // green, the ground around them 52–91%.
    // (Since the localizer learnt from zoomed-out views, sift_scale_rotate_1457, a near-black stool,
    // is refused as in deep shadow.)
    for (const photo of ['IMG_7164_png.jpg', 'IMG_7166_png.jpg']) {
      const answer = answers.get(photo)!;
      expect(answer.color, photo).toMatch(/brown/);
      expect(answer.color, photo).not.toMatch(/green/);
      expect(answer.severity, photo).toBe('inconclusive');
    }
  });

  it('names a brown stool with grass blades lying over it brown first, as its verdict reads it', () => {
    // Brown over half its blocks, each of three shades 0.22–0.23 under the blades' green (0.25):
    // it was "green and light brown", then "Brown is the expected colour" (MAIN_COLOUR_RULE_SHARE).
    const answer = answers.get('motion_blur_0407_jpg.jpg')!;
    expect(answer.color).toMatch(/^(dark |light )?brown/);
    expect(answer.summary).toMatch(
      /^The stool in the photo is mainly (dark |light )?brown.*Brown is the expected colour/,
    );
    expect(answer.severity).toBe('inconclusive');
  });

  it('judges small dark stools whose own edges and the lawn’s shadows fall in the ground around them', () => {
    // A black stool on a shaded lawn, a small one in a dry yard seen from afar, and one in yellowed
    // grass: "no stool stands out clearly" before, for the ground read around each (the blocks the
    // localizer is unsure of) held enough of its dark for every block of its own to match it
    // (SUBJECT_PIXELS.crowded).
    for (const photo of ['geometric_transformation_1396_jpg.jpg', 'IMG_7204_png.jpg', 'IMG_7164_png.jpg']) {
      const answer = answers.get(photo)!;
      expect(answer.summary, photo).toMatch(/The stool in the photo is mainly/);
      expect(answer.color, photo).toMatch(/brown/);
      expect(answer.severity, photo).toBe('inconclusive');
    }
  });

  it('reads a pale stool in a washed-out photo brown, not grey: pale clay needs a photo with shadows', () => {
    // A brightened photo of stools on dry grass (its darkest blocks at L* 36): "grey and light
    // brown… pale clay", moderate, before.
    const washedOut = answers.get('brightness_contrast_0250_jpg.jpg')!;
    expect(washedOut.color).toMatch(/brown/);
    expect(washedOut.color).not.toMatch(/grey/);
    expect(washedOut.severity).toBe('inconclusive');
  });

  it('refuses a stool crushed to black by its shadow, free, where it was read as melena', () => {
    // A dark stool on a lawn, noised: nine in ten of its blocks under L* 14, most at the camera's
    // black (median L* 3). It was "black, tar-like stool… melena", severe and urgent, charged.
    const crushed = answers.get('noise_addition_0524_jpg.jpg')!;
    expect(crushed.summary).toMatch(/^Most of the stool lies in deep shadow in the photo, crushed to black/);
    expect(crushed.severity).toBe('inconclusive');
    expect(crushed.assessed).toBe(false);
  });

  it('takes a "person" the localizer covers for the stool, and a hand pointing at it for no person', () => {
    // YOLOX-Nano boxes this coiled stool on turf as a person (0.63), a box the stool's cells cover
    // whole: it was refused as "a photo of a person". So was the other: a hand reaching in from the
    // frame's edge (a person's box of 25% of the frame) points at a stool on turf.
    for (const photo of ['captured_image_123_png.jpg', 'captured_image_166_png.jpg']) {
      const answer = answers.get(photo)!;
      expect(answer.summary, photo).toMatch(/The stool in the photo is mainly/);
      expect(answer.color, photo).toMatch(/brown/);
    }
  });

  it('judges a small dark stool on a dry lawn that the classifier reads as fur, where the detector boxes it', () => {
    // Found faintly (0.57) in a frame whose animal classes read 0.94: refused as "a photo of an
    // animal" (a coat seen close) before, though YOLOX-Nano boxed the stool itself, as a bear.
    const answer = answers.get('sift_scale_rotate_1397_jpg.jpg')!;
    expect(answer.summary).toMatch(/The stool in the photo is mainly/);
    expect(answer.color).toMatch(/brown/);
  });

  it('judges stool the detector boxes as a bear and the classifier, on the crop, reads as a mushroom', () => {
    // Refused as "a photo of an animal" before (2026-12-02): YOLOX-Nano boxed the pieces as a bear
    // at 0.31, which MobileNetV2 reads as a false morel (0.92), and the localizer covers little of the box.
    const answer = answers.get('Complex_1053_jpg.jpg')!;
    expect(answer.summary).toMatch(/The stool in the photo is mainly/);
    expect(answer.color).toMatch(/brown/);
  });

  it('judges stool the detector boxes loosely with the lawn round it, as a bear or a giraffe (training photos of the localizer)', async () => {
    // Refused as "a photo of an animal" before (2026-12-04): boxes at 0.30–0.40, their crops no pet,
    // the localizer's cells covering 0.18–0.51 of them, on frames read 0.66–0.90 as the ground.
    for (const photo of ['basic_augmentation_0434_jpg.jpg', 'gravel_0559_jpg.jpg', 'shadow_0438_jpg.jpg']) {
      const { data, assessed } = await analyse('stool', photo);
      const { summary, color } = data as { summary: string; color: string };
      expect(summary, photo).toMatch(/The stool in the photo is mainly/);
      expect({ photo, color }).toMatchObject({ photo, color: expect.stringMatching(/brown/) });
      expect(assessed, photo).toBe(false);
    }
  });

  it('looks closer where the whole frame shows no stool: a small stool is found in a tile and read brown', async () => {
    // Stools under 3% of the frame, which the whole frame's 7 × 7 cells missed (measured when this
    // was written; captured_image_48 was one, which the whole frame finds since the zoomed views).
    for (const photo of [
      'motion_blur_1439_jpg.jpg',
      'geometric_transformation_1432_jpg.jpg',
      'motion_blur_1235_jpg.jpg',
    ]) {
      expect(HELD_OUT).toContain(photo);
      const image = await pipeline.decode('stool', readFileSync(join(DATASET, 'images', photo)));
      const { location } = await describeScene(image, models, {
        readFrame: true,
        classify: 1,
        localizer: models.localizers.get('stool'),
      });
      expect(location?.look, photo).toBe('closer');
      expect(location?.found.length, photo).toBeGreaterThan(0);
      const answer = answers.get(photo)!;
      expect(answer.color, `${photo}: ${answer.summary}`).toMatch(/brown/);
      expect(answer.summary).toMatch(/^The stool in the photo is mainly/);
    }
  });

  it('asks the localizer on the detector’s maps where the classifier’s finds nothing: a stool on busy ground is found and read brown', async () => {
    // Neither the whole frame nor the closer look found this stool on a lawn strewn with leaves
    // (measured when this was written); YOLOX-Nano's 26 × 26 map does, at 0.98.
    const photo = 'Complex_1425_jpg.jpg';
    expect(HELD_OUT).toContain(photo);
    const image = await pipeline.decode('stool', readFileSync(join(DATASET, 'images', photo)));
    const options = { readFrame: true, classify: 1, localizer: models.localizers.get('stool') };
    expect((await describeScene(image, models, options)).location?.found).toEqual([]);
    const { location } = await describeScene(image, models, {
      ...options,
      detectorLocalizer: models.detectorLocalizers.get('stool'),
    });
    expect(location?.look).toBe('detector');
    expect(location?.localizer).toBe('stool-localizer-detector');
    expect(location?.found.length).toBeGreaterThan(0);
    const answer = answers.get(photo)!;
    expect(answer.color, answer.summary).toMatch(/brown/);
    expect(answer.summary).toMatch(/^The stool in the photo is mainly/);
  });

  it('takes nothing under a person’s box for stool on the detector’s maps: fingers on turf are a hand', async () => {
    // One of the stool set's photos without stool (a training photo: its behaviour, not a figure):
    // the detector's maps alone take two fingers for stool at 0.96, which made it "brown" where it
    // had been refused as a photo of a person.
    const { data, assessed } = await analyse('stool', 'captured_image_110_png.jpg');
    expect(assessed).toBe(false);
    expect((data as { summary: string }).summary).toMatch(/^This looks like a photo of a person/);
  });

  it('reads a stool localizer installed by an older pawlens with the package’s manifest (the closer look included)', async () => {
    const modelsDir = tempDir('pawlens-stool-older-');
    for (const name of RECOMMENDED_MODELS) await installModel(name, { from: join(SHARED_DIR, 'models'), modelsDir });
    // The manifest an older pawlens wrote: the same graph, no closer look.
    const manifestPath = join(modelsDir, 'stool-localizer', 'manifest.json');
    const older = JSON.parse(readFileSync(manifestPath, 'utf8'));
    delete older.localizer.closerLook;
    writeFileSync(manifestPath, JSON.stringify(older));
    const reloaded = await loadAnalysisModels({ modelsDir });
    try {
      expect(reloaded.localizers.get('stool')?.spec.closerLook).toEqual(
        models.localizers.get('stool')?.spec.closerLook,
      );
      expect(reloaded.localizers.get('stool')?.spec.closerLook).toBeDefined();
    } finally {
      for (const model of reloaded.loaded) await model.release();
    }
  });

  it('refuses to start a localizer on the detector’s maps with a detector that does not give them', async () => {
    const modelsDir = tempDir('pawlens-stool-plain-detector-');
    for (const name of RECOMMENDED_MODELS) await installModel(name, { from: join(SHARED_DIR, 'models'), modelsDir });
    // The detector's manifest as an older pawlens wrote it: the heads' map only.
    const manifestPath = join(modelsDir, 'yolox-nano', 'manifest.json');
    const older = JSON.parse(readFileSync(manifestPath, 'utf8'));
    older.featureMaps = older.featureMaps.slice(0, 1);
    writeFileSync(manifestPath, JSON.stringify(older));
    await expect(loadAnalysisModels({ modelsDir })).rejects.toThrow(
      /stool-localizer-detector reads the feature maps of the detector .*install it again: "pawlens models install yolox-nano".*PAWLENS_DETECTOR_MODEL/,
    );
  });

  it('lists the second localizer as asked where the first finds none', async () => {
    const modelsDir = tempDir('pawlens-stool-list-');
    for (const name of RECOMMENDED_MODELS) await installModel(name, { from: join(SHARED_DIR, 'models'), modelsDir });
    const list = await runProcess(process.execPath, [CLI, 'heads', 'list'], {
      cwd: ROOT,
      env: cleanEnv({ PAWLENS_MODELS_DIR: modelsDir }),
    });
    expect(list.stdout).toMatch(/^stool-localizer {2}stool {2}localizer of stool, held out/m);
    expect(list.stdout).toMatch(
      /^stool-localizer-detector {2}stool {2}localizer of stool where the first finds none \(reads the detector\), held out/m,
    );
  });

  it('gives no finding, and charges nothing, for a photo without stool', () => {
    const without = HELD_OUT.filter((photo) => !hasStool(photo));
    expect(without.length).toBeGreaterThan(0);
    for (const photo of without) {
      const answer = answers.get(photo)!;
      expect(['inconclusive'], `${photo}: ${answer.summary}`).toContain(answer.severity);
    }
  });

  // Red read where the ground is as red (QUALITY_LIMITS.redGround): an orange-cast copy, pink-cast
  // grass and reddish dry grass had been "fresh blood" or "heavy bleeding"; red on a green lawn is
  // the stool's own, and keeps its finding.
  it('refuses blood read where the ground is as red as the stool, free; not red on a green lawn', async () => {
    for (const photo of [
      'color_variation_0279_jpg.jpg',
      'geometric_transformation_0352_jpg.jpg',
      'basic_augmentation_0398_jpg.jpg',
    ]) {
      const { data, assessed } = await analyse('stool', photo);
      const { severity, summary } = data as { severity: string; summary: string };
      expect(severity, `${photo}: ${summary}`).toBe('inconclusive');
      expect(summary).toMatch(/^The ground around the stool is about as red as the stool itself: a warm light/);
      expect(assessed).toBe(false);
    }
    const onALawn = await analyse('stool', 'color_variation_1095_jpg.jpg');
    expect((onALawn.data as { severity: string }).severity).toBe('moderate');
    expect(onALawn.assessed).toBe(true);
  });

  // A subject only a second look found carries no finding (second-look.ts): on the lawns of four
  // photos (training photos: their behaviour, not a figure), the detector's maps found a hole in
  // dry grass ("black… melena", severe), a yellow leaf, grey grass and a green blade.
  it('refuses a finding from a subject only a second look found, free: a hole, a leaf and grass on the lawn', async () => {
    for (const [photo, strip] of [
      ['basic_augmentation_1658_jpg.jpg', 0],
      ['gravel_0559_jpg.jpg', 0],
      ['noise_addition_1076_jpg.jpg', 2],
      ['shadow_0342_jpg.jpg', 0],
    ] as const) {
      const bytes = await groundCrop(photo, strip);
      const { data, assessed } = await analyseBytes('stool', bytes);
      const { severity, summary } = data as { severity: string; summary: string };
      expect(severity, `${photo}: ${summary}`).toBe('inconclusive');
      expect(summary, photo).toMatch(/^What may be the stool was found only on a second, closer look/);
      expect(assessed).toBe(false);
    }
  });

  // MobileNetV2 reads a lawn as fur, spread thin over the dog breeds (0.5–0.9 together, its surest
  // class 0.04): three lawns (training photos: their behaviour, not a figure) had been "a photo of a
  // dog" to vomit and urine (SCENE_LIMITS.frameTopProbability).
  it('calls no lawn a dog: sent to vomit or urine, nothing stands out on it or it is the ground, free', async () => {
    for (const photo of ['Complex_0201_jpg.jpg', 'Complex_1041_jpg.jpg', 'basic_augmentation_0026_jpg.jpg']) {
      const bytes = await groundCrop(photo);
      for (const operation of ['vomit', 'urine'] as const) {
        const { data, assessed } = await analyseBytes(operation, bytes);
        const { summary } = data as { summary: string };
        expect(summary, `${operation} ${photo}`).toMatch(new RegExp(`^No ${operation} stands out clearly`));
        expect(assessed).toBe(false);
      }
    }
    // …and two whose reading gives the lawn's classes some weight: the ground, to urine (coatOrGround).
    for (const photo of ['Complex_0321_jpg.jpg', 'Complex_1017_jpg.jpg']) {
      const bytes = await groundCrop(photo);
      const { data, assessed } = await analyseBytes('urine', bytes);
      expect((data as { summary: string }).summary, photo).toMatch(/mostly the ground outdoors/);
      expect(assessed).toBe(false);
    }
    // …and one read mostly as the ground (0.71, a gyromitra first): urine soaks in, so only soil and
    // grass show (GROUND_LIMITS.soakedInGroundProbability). It had been "brown urine", severe.
    const soaked = await analyseBytes('urine', await groundCrop('872d0196-2632-45e8-80b9-5da1360340f8_JPG.jpg', 1));
    expect((soaked.data as { summary: string }).summary).toMatch(/mostly the ground outdoors/);
    expect(soaked.assessed).toBe(false);
  });

  it('gives no skin or ear finding for the same photos sent to skin or ear', async () => {
    const findings = { skin: 0, ear: 0 };
    for (const operation of ['skin', 'ear'] as const)
      for (const photo of HELD_OUT) {
        const { data } = await analyse(operation, photo);
        if (!['inconclusive', 'normal'].includes((data as { severity: string }).severity)) findings[operation]++;
      }
    // Measured when this was written: skin 0, ear 0 of 118 (9 before the gate asked the stool
    // localizer: piles of stool read as curly fur, dry yellow grass as discharge).
    expect(findings.skin).toBe(0);
    expect(findings.ear).toBe(0);
  }, 60_000);

  // The photos without stool are lawns with things on them: an empty bottle's red label on turf
  // is judged as red urine (a bottle is where a sample is kept: PhotoNeeds.inContainer).
  // Measured when each was written, of the 113 held-out photos with stool: urine, 1 finding (mild),
  // 9 before it asked the stool localizer (5 "brown urine", severe), 64 said to show stool on the
  // ground; vomit (2026-12-04), 1 finding ("white foam", mild), 9 before (2 "coffee grounds",
  // severe, from a stool's texture on grass), 69 stool on the ground.
  it.each([
    { operation: 'urine', asStoolAtLeast: 50 },
    { operation: 'vomit', asStoolAtLeast: 55 },
  ] as const)(
    'gives no $operation finding for the same photos sent to $operation: stool on the ground is none',
    async ({ operation, asStoolAtLeast }) => {
      const findings: string[] = [];
      let asStool = 0;
      for (const photo of HELD_OUT.filter(hasStool)) {
        const { data } = await analyse(operation, photo);
        const { severity, summary } = data as { severity: string; summary: string };
        if (!['inconclusive', 'normal'].includes(severity)) findings.push(`${photo}: ${summary}`);
        if (summary.includes('stool on the ground')) asStool++;
      }
      expect(findings.length, findings.join('\n')).toBeLessThanOrEqual(1);
      expect(asStool).toBeGreaterThanOrEqual(asStoolAtLeast);
    },
    60_000,
  );

  it('refuses a stool on a lawn that the classifier reads as fur as stool on the ground to urine and vomit, free', async () => {
    // The classifier reads the frame 0.79 as fur; stool or a coat, it is no urine: it had been
    // "brown or very dark urine", severe, and judged "black and grey" by vomit (GROUND_LIMITS.stoolGroundAnimalShare).
    for (const operation of ['urine', 'vomit'] as const) {
      const { data, assessed } = await analyse(operation, 'gravel_0955_jpg.jpg');
      expect({ operation, assessed }).toEqual({ operation, assessed: false });
      expect((data as { summary: string }).summary).toContain('stool on the ground');
    }
  });

  it('charges no breed for the same photos: a pile the detector boxes as a bear or a dog is stool on the ground', async () => {
    const charged: string[] = [];
    const asStool: string[] = [];
    for (const photo of HELD_OUT) {
      const { data, assessed } = await analyse('breed', photo);
      const { species, summary } = data as { species: string; summary: string };
      if (assessed) charged.push(`${photo}: ${species}`);
      if (summary.includes('stool on the ground')) asStool.push(photo);
    }
    // Measured when this was written: 3 of 118 charged as a dog (13–38%), 9 before the stool
    // localizer was asked; 32 said to show stool on the ground (before: an animal that is no pet,
    // or none). Since a pet under 3% of the frame is too small to read (SCENE_LIMITS.smallPetShare,
    // 2026-12-04), 1: a pile boxed as a bear at 10% of the frame, read as a curly-coated retriever.
    expect(charged.length, charged.join('; ')).toBeLessThanOrEqual(1);
    expect(asStool.length).toBeGreaterThanOrEqual(25);
  }, 60_000);

  it('takes artificial turf and a pale lawn for the ground, not skin or an ear canal, by how near the stool photos’ ground they lie', async () => {
    // Training photos that passed for an ear canal (two with "debris like coffee grounds", charged)
    // before greenShare: the classifier reads such turf as a doormat, not the ground. (Two more,
    // captured_image_29 and shadow_0846, are refused before the green is asked, as stool on the
    // ground, since the localizer learnt from zoomed-out views and finds their stools.) Since the
    // doormat counts with the ground's classes (2026-12-03), two of the four answers refused the
    // turf as the ground before its green was asked; since a lawn's birds and balls count with it
    // for a close-up (IMAGENET_LAWN, 2026-12-04), three, the green refusing the fourth as grass;
    // since the stool localizer reads how near its photos' ground a frame lies (LocalizerSpec.ground,
    // asked before the green), all four. The green's rule stays for lawns unlike the stool photos',
    // and where no localizer is installed (photo-gate.test).
    const turf = ['captured_image_180_png.jpg', 'motion_blur_1559_jpg.jpg'];
    for (const operation of ['skin', 'ear'] as const)
      for (const photo of turf) {
        const { data, assessed } = await analyse(operation, photo);
        expect(assessed, `${operation} ${photo}`).toBe(false);
        expect((data as { summary: string }).summary, `${operation} ${photo}`).toMatch(/mostly the ground outdoors/);
      }
  });

  it('says so plainly when no stool is found', () => {
    const notFound = [...answers.values()].filter((answer) => answer.summary.startsWith('No stool was found'));
    expect(notFound.length).toBeGreaterThan(0);
    for (const answer of notFound) {
      expect(answer.assessed).toBe(false);
      expect(answer.summary).toMatch(/learnt from photos of dogs’ stool outdoors/);
    }
  });
});
