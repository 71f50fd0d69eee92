import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadAnalysisModels } from '../../src/analysis/load-analysis-models.js';
import { describeScene } from '../../src/vision/scene/describe-scene.js';
import { createPipeline } from '../../src/analysis/pipeline.js';
import { photoToRead } from '../../src/analysis/photo-to-read.js';
import { decodeImageBytes } from '../../src/image/decode-image.js';
import { openBackbone, type Backbone } from '../../src/training/backbone.js';
import { readHeadDefinition, readLabelledFolder } from '../../src/training/head-folder.js';
import { installHead } from '../../src/training/install-head.js';
import { readPhotoFeatures } from '../../src/training/photo-features.js';
import { trainHead } from '../../src/training/train-head.js';
import { installModel } from '../../src/vision/runtime/install-model.js';
import { readManifest } from '../../src/vision/runtime/load-model.js';
import { writeHeadFolder } from '../fixtures/head-folders.js';
import { describeWithShared, realCatSkin, SHARED_DIR, sharedPhoto } from '../fixtures/shared-assets.js';
import { tempDir } from '../fixtures/temp-dir.js';
import { label } from '../fixtures/trained-heads.js';

const SQUEEZENET_SHA256 = '21f25e3d9254af93e6218a359469fac714a017b3f9035c0f5c4acbf9a3ff7233';
const YOLOX_SHA256 = 'e8af074932d4ed7e232278e3055cefcdea3edf178874a3694ae292649fb464dd';

describeWithShared('a head that reads SqueezeNet and YOLOX-Nano beside MobileNetV2 (issue 40)', () => {
  const modelsDir = tempDir('pawlens-companion-');
  let backbone: Backbone;
  beforeAll(async () => {
    for (const name of ['mobilenetv2-12-int8', 'squeezenet1.0', 'yolox-nano'])
      await installModel(name, { from: join(SHARED_DIR, 'models'), modelsDir });
    backbone = await openBackbone({ modelsDir }, 'skin');
  });
  afterAll(() => backbone?.release());

  it("SqueezeNet gives the mean of its last fire module's map, and stays out of the classifier's place", async () => {
    expect(backbone.classifier.name).toBe('mobilenetv2-12-int8');
    expect(backbone.companion?.name).toBe('squeezenet1.0');
    const meanOf = async (photo: string) => {
      const { image } = await photoToRead(await decodeImageBytes(readFileSync(sharedPhoto(photo))));
      return (await backbone.companion!.predict(image)).features!.mean;
    };
    const [kitten, coffee] = [await meanOf('kitten_224.png'), await meanOf('coffee.png')];
    expect(kitten).toHaveLength(512);
    // After the fire module's ReLUs: no value below zero, and a cup is not a kitten.
    expect(Math.min(...kitten, ...coffee)).toBeGreaterThanOrEqual(0);
    const distance = Math.hypot(...kitten.map((value, i) => value - coffee[i]!));
    expect(distance).toBeGreaterThan(0.2 * Math.hypot(...kitten));
  });

  // Reading 75 real photos through both classifiers and training two poolings at five penalties: about 40 s.
  it('a head trained on real cat close-ups reads all three, the service gives it all three, and refuses to start without what it reads', async () => {
    const labels = ['flea_allergy', 'ringworm', 'scabies'];
    const dir = writeHeadFolder(
      tempDir(),
      {
        name: 'two-backbones',
        operation: 'skin',
        labels: Object.fromEntries(labels.map((id) => [id, label(id, 'moderate')])),
      },
      Object.fromEntries(labels.map((condition) => [condition, realCatSkin(condition, 0, 25)])),
    );
    const definition = await readHeadDefinition(dir);
    const folder = await readLabelledFolder(dir, labels, true);
    const reading = await readPhotoFeatures(folder.photos, backbone);
    const trained = trainHead(definition, reading.read);
    // YOLOX-Nano's three maps' means: 256 of its 13 × 13 map, 128 of the 26 × 26 one, 64 of the 52 × 52 one.
    expect([trained.report.companion, trained.report.detector]).toEqual([512, 256 + 128 + 64]);
    expect(trained.model.features).toBe(1280 + 512 + 448);
    expect(trained.report.accuracy).toBeGreaterThanOrEqual(0.6);
    const installed = await installHead(modelsDir, definition, trained, {
      backbone: backbone.classifier.sha256,
      companion: backbone.companion!.sha256,
      detector: backbone.detector!.sha256,
    });
    expect((await readManifest(installed)).input).toMatchObject({
      size: 2240,
      companion: { backbone: SQUEEZENET_SHA256, size: 512 },
      detector: { backbone: YOLOX_SHA256, size: 448 },
    });
    // A head trained before 2026-12-06 read the first map's mean alone: it still loads, and is given that.
    const firstMapOnly = reading.read.map((photo) => ({
      ...photo,
      features: { ...photo.features, detector: photo.features.detector!.slice(0, 256) },
    }));
    const olderDefinition = { ...definition, name: 'first-map-only', operation: 'ear' as const };
    const firstMapHead = trainHead(olderDefinition, firstMapOnly);
    expect(firstMapHead.report.detector).toBe(256);
    await installHead(modelsDir, olderDefinition, firstMapHead, {
      backbone: backbone.classifier.sha256,
      companion: backbone.companion!.sha256,
      detector: backbone.detector!.sha256,
    });

    const vision = await loadAnalysisModels({ modelsDir });
    try {
      expect(vision.companion?.name).toBe('squeezenet1.0');
      const pipeline = createPipeline(vision);
      const assessedAll = await Promise.all(
        realCatSkin('scabies', 30, 5).map(async (photo) => {
          const image = await pipeline.decode('skin', photo);
          return pipeline.assess('skin', { image, language: 'en', animalType: 'cat', requestId: 'req_two' });
        }),
      );
      // Most close-ups pass the gate (one may show the whole cat): the head then answers.
      const assessed = assessedAll.find((answer) => answer.verdict.judged)!;
      expect(assessedAll.filter((answer) => answer.verdict.judged).length).toBeGreaterThanOrEqual(3);
      // The answer's record names the models that read the photo, the head's two others among them.
      expect(assessed.models.map((model) => model.name)).toEqual(
        expect.arrayContaining(['mobilenetv2-12-int8', 'squeezenet1.0', 'yolox-nano', 'two-backbones']),
      );
      const image = assessed.input.image;
      // Stool analysis has no such head: SqueezeNet does not run for it.
      const stool = await pipeline.assess('stool', {
        image,
        language: 'en',
        animalType: 'cat',
        requestId: 'req_stool',
      });
      expect(stool.models.map((model) => model.name)).not.toContain('squeezenet1.0');
      // The older head answers for ear from the first map's features, as it was trained.
      const ear = await pipeline.assess('ear', { image, language: 'en', animalType: 'cat', requestId: 'req_ear' });
      expect(ear.models.map((model) => model.name)).toContain('first-map-only');
      expect(ear.data.summary).toMatch(/A model trained on this clinic's own photos/);
    } finally {
      await Promise.all(vision.loaded.map((model) => model.release()));
    }

    rmSync(join(modelsDir, 'first-map-only'), { recursive: true });
    // A YOLOX-Nano installed by an older pawlens names no feature map: the head cannot be given its features.
    const yoloxManifest = join(modelsDir, 'yolox-nano', 'manifest.json');
    const { featureMaps: _, ...older } = JSON.parse(readFileSync(yoloxManifest, 'utf8'));
    writeFileSync(yoloxManifest, JSON.stringify(older));
    await expect(loadAnalysisModels({ modelsDir })).rejects.toThrow(
      /two-backbones reads 448 features of yolox-nano, whose manifest gives 0: install yolox-nano again/,
    );
    rmSync(join(modelsDir, 'squeezenet1.0'), { recursive: true });
    await expect(loadAnalysisModels({ modelsDir })).rejects.toThrow(
      /two-backbones also reads the features of the classifier with sha256 21f25e3d9254…, which is not installed: install it \("pawlens models install squeezenet1.0 --from DIR"\)/,
    );
  }, 240_000);
});

describeWithShared('a head learns from the view of the photo the service gives it (issue 40)', () => {
  const modelsDir = tempDir('pawlens-head-view-');
  beforeAll(async () => {
    for (const name of ['mobilenetv2-12-int8', 'squeezenet1.0', 'yolox-nano', 'stool-localizer'])
      await installModel(name, { from: join(SHARED_DIR, 'models'), modelsDir });
  });

  it.each([
    ['stool', true],
    ['skin', false],
  ] as const)(
    '%s: the features training reads are those a request gives its head (stretched: %s)',
    async (operation, stretched) => {
      const backbone = await openBackbone({ modelsDir }, operation);
      const vision = await loadAnalysisModels({ modelsDir });
      try {
        // With the stool localizer installed, a stool request's frame is read stretched (the localizer's view).
        expect(backbone.stretched).toBe(stretched);
        const path = sharedPhoto('chelsea.png');
        const { read } = await readPhotoFeatures([{ path, label: 'any' }], backbone);
        const image = await createPipeline(vision).decode(operation, readFileSync(path));
        const { features } = await describeScene((await photoToRead(image)).image, vision, {
          readFrame: true,
          classify: 0,
          localizer: vision.localizers.get(operation),
          companion: vision.classifier && backbone.companion,
        });
        expect(read[0]!.features.mean).toEqual(features!.mean);
        expect(read[0]!.features.peak).toEqual(features!.peak);
        expect(read[0]!.features.companion).toEqual(features!.companion);
        expect(read[0]!.features.detector).toEqual(features!.detector);
        // The other view gives other features: the photo is not square, so a centre crop loses its sides.
        const other = stretched
          ? await vision.classifier!.predict((await photoToRead(image)).image)
          : await vision.classifier!.predictStretched((await photoToRead(image)).image);
        expect(other.features!.mean).not.toEqual(features!.mean);
      } finally {
        await backbone.release();
        await Promise.all(vision.loaded.map((model) => model.release()));
      }
    },
  );
});
