import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeImageBytes } from '../../src/image/decode-image.js';
import { DetectorModel, suppressOverlaps, type Detection } from '../../src/vision/detector-model.js';
import { installModel } from '../../src/vision/runtime/install-model.js';
import { loadModel, type LoadedModel } from '../../src/vision/runtime/load-model.js';
import { MANIFEST_FILE } from '../../src/vision/runtime/model-manifest.js';
import { describeWithShared, SHARED_DIR, sharedPhoto } from '../fixtures/shared-assets.js';
import { tempDir } from '../fixtures/temp-dir.js';

describe('suppressOverlaps', () => {
  const box = (label: string, score: number, x: number): Detection => ({ label, score, box: [x, 0, x + 100, 100] });

  it('keeps the surest of one class’s overlapping boxes, and boxes of other classes', () => {
    const kept = suppressOverlaps(
      [box('dog', 0.6, 10), box('dog', 0.9, 0), box('cat', 0.5, 5), box('dog', 0.7, 300)],
      0.45,
    );
    expect(kept.map((d) => `${d.label} ${d.score}`)).toEqual(['dog 0.9', 'dog 0.7', 'cat 0.5']);
  });

  it('keeps boxes that overlap less than the threshold', () => {
    expect(suppressOverlaps([box('cup', 0.8, 0), box('cup', 0.7, 60)], 0.45)).toHaveLength(2);
  });
});

/** A known answer of the shared READMEs: label, score and, where given, the box in photo pixels. */
type Known = readonly [label: string, score: number, box?: readonly [number, number, number, number]];

/**
 * The READMEs list what each detector finds at its threshold; a score given as 0.65 may measure
 * 0.649, so the detector is opened with its threshold lowered by the tolerance for this check.
 */
const SCORE_TOLERANCE = 0.02;
const BOX_TOLERANCE = 3;

const KNOWN: Readonly<Record<string, Readonly<Record<string, readonly Known[]>>>> = {
  'yolox-nano': {
    'wml_dog.jpg': [['dog', 0.93, [196, 139, 721, 1005]]],
    'chelsea.png': [['cat', 0.65, [-15, -17, 450, 302]]],
    'coffee.png': [
      ['cup', 0.9, [163, 16, 421, 296]],
      ['dining table', 0.73],
    ],
    'kitten_224.png': [
      ['dog', 0.65],
      ['cat', 0.46],
    ],
    'darknet_person.jpg': [
      ['person', 0.88, [188, 97, 277, 374]],
      ['dog', 0.88, [62, 263, 200, 350]],
      ['horse', 0.87, [403, 138, 603, 344]],
    ],
    'darknet_horses.jpg': [
      ['horse', 0.82],
      ['horse', 0.64],
      ['horse', 0.63],
      ['cow', 0.46],
    ],
    'darknet_giraffe.jpg': [
      ['giraffe', 0.93],
      ['zebra', 0.65],
    ],
  },
  fastestdet: {
    'wml_dog.jpg': [['dog', 0.93, [190, 124, 723, 1000]]],
    'chelsea.png': [['cat', 0.81]],
    'coffee.png': [
      ['cup', 0.78],
      ['dining table', 0.65],
    ],
    'kitten_224.png': [['cat', 0.9]],
    'darknet_person.jpg': [
      ['sheep', 0.92],
      ['dog', 0.91],
      ['person', 0.89],
    ],
    'darknet_horses.jpg': [
      ['horse', 0.71],
      ['cow', 0.69],
    ],
    'darknet_giraffe.jpg': [
      ['giraffe', 0.95],
      ['zebra', 0.85],
    ],
  },
};

describeWithShared.each(Object.keys(KNOWN))(
  '%s on the shared photos, as its README and the photos’ README give them',
  (name) => {
    let loaded: LoadedModel;
    let detector: DetectorModel;

    beforeAll(async () => {
      const modelsDir = tempDir('pawlens-detector-');
      await installModel(name, { from: join(SHARED_DIR, 'models'), modelsDir });
      const dir = join(modelsDir, name);
      const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
      const output = manifest.outputs[0];
      output.scoreThreshold =
        Math.min(
          ...Object.values(KNOWN[name]!)
            .flat()
            .map(([, score]) => score),
        ) - SCORE_TOLERANCE;
      const lowered = join(modelsDir, `${name}-lowered`);
      cpSync(dir, lowered, { recursive: true });
      writeFileSync(join(lowered, MANIFEST_FILE), JSON.stringify(manifest));
      loaded = await loadModel(lowered);
      detector = new DetectorModel(loaded);
    });
    afterAll(() => loaded?.release());

    it.each(Object.entries(KNOWN[name]!))('%s', async (photo, known) => {
      const detections = await detector.predict(await decodeImageBytes(readFileSync(sharedPhoto(photo))));
      const unmatched = [...detections];
      for (const [label, score, box] of known) {
        const at = unmatched.findIndex(
          (d) =>
            d.label === label &&
            Math.abs(d.score - score) <= SCORE_TOLERANCE &&
            (!box || d.box.every((v, i) => Math.abs(v - box[i]!) <= BOX_TOLERANCE)),
        );
        expect(at, `${label} ${score} ${box ?? ''} among ${JSON.stringify(detections)}`).toBeGreaterThanOrEqual(0);
        unmatched.splice(at, 1);
      }
    });
  },
);

describeWithShared('YOLOX-Nano’s features for heads (issue 40)', () => {
  const modelsDir = tempDir('pawlens-detector-features-');
  let withMap: LoadedModel;
  let plain: LoadedModel;
  beforeAll(async () => {
    await installModel('yolox-nano', { from: join(SHARED_DIR, 'models'), modelsDir });
    const dir = join(modelsDir, 'yolox-nano');
    const { featureMaps: _, ...plainManifest } = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
    cpSync(dir, join(modelsDir, 'plain'), { recursive: true });
    writeFileSync(join(modelsDir, 'plain', MANIFEST_FILE), JSON.stringify(plainManifest));
    [withMap, plain] = [await loadModel(dir), await loadModel(join(modelsDir, 'plain'))];
  });
  afterAll(async () => {
    await withMap?.release();
    await plain?.release();
  });

  it('gives its neck’s three maps averaged over the photo’s cells, and the same boxes as without them', async () => {
    const [detector, without] = [new DetectorModel(withMap), new DetectorModel(plain)];
    expect([detector.featureSize, without.featureSize]).toEqual([256 + 128 + 64, 0]);
    // A head trained before 2026-12-06 reads the 13 × 13 map's 256 alone; one trained since, all 448.
    expect(detector.featurePrefixes).toEqual([256, 384, 448]);
    const read = async (model: DetectorModel, photo: string) =>
      model.detect(await decodeImageBytes(readFileSync(sharedPhoto(photo))));
    // Chelsea is 451 × 300: letterboxed, her photo covers 13 × 9 of the cells, the padding the rest.
    const [cat, catPlain, cup] = [
      await read(detector, 'chelsea.png'),
      await read(without, 'chelsea.png'),
      await read(detector, 'coffee.png'),
    ];
    expect(cat.detections).toEqual(catPlain.detections);
    expect(catPlain.features).toBeUndefined();
    expect(cat.features).toHaveLength(448);
    // The 26 × 26 map's means follow the 13 × 13 map's: over the 26 × 18 cells her photo covers
    // (277 of the 416 rows), the padding's left out.
    const [finer] = cat.cells!.maps;
    const cellMean = (channel: number) => {
      let sum = 0;
      for (let y = 0; y < 18; y++) for (let x = 0; x < 26; x++) sum += finer!.data[channel * 26 * 26 + y * 26 + x]!;
      return sum / (26 * 18);
    };
    for (const channel of [0, 63, 127]) expect(cat.features![256 + channel]).toBeCloseTo(cellMean(channel), 4);
    const distance = Math.hypot(...cat.features!.map((value, i) => value - cup.features![i]!));
    expect(distance).toBeGreaterThan(0.2 * Math.hypot(...cat.features!));
    // The same pixels on a grey (114) canvas, the letterbox's own padding colour, make nearly the same
    // input: a mean over all 169 cells would barely move, but the grey is photo now and counted.
    const padded = await sharp(readFileSync(sharedPhoto('chelsea.png')))
      .extend({ bottom: 151, background: { r: 114, g: 114, b: 114 } })
      .png()
      .toBuffer();
    const onCanvas = await detector.detect(await decodeImageBytes(padded));
    const gap = Math.hypot(...cat.features!.map((value, i) => value - onCanvas.features![i]!));
    expect(gap).toBeGreaterThan(0.1 * Math.hypot(...cat.features!));
  });

  it('gives the maps a localizer reads, with the share of its input the photo fills, and a crop alike', async () => {
    const [detector, without] = [new DetectorModel(withMap), new DetectorModel(plain)];
    expect(detector.localizerMaps.map(({ channels, grid }) => [channels, grid])).toEqual([
      [128, 26],
      [64, 52],
    ]);
    const image = await decodeImageBytes(readFileSync(sharedPhoto('chelsea.png')));
    const { cells } = await detector.detect(image);
    expect((await without.detect(image)).cells).toBeUndefined();
    // 451 × 300 letterboxed into 416 × 416: the photo fills its width and 277 of its rows.
    expect(cells!.content).toEqual({ width: 1, height: 277 / 416 });
    expect(cells!.maps.map((map) => [map.channels, map.grid, map.data.length])).toEqual([
      [128, 26, 128 * 26 * 26],
      [64, 52, 64 * 52 * 52],
    ]);
    // Read alone (as training reads its views), the photo gives the same maps.
    const alone = await detector.localizerCells(image);
    expect(alone.content).toEqual(cells!.content);
    expect(alone.maps[0]!.data).toEqual(cells!.maps[0]!.data);
    const crop = await detector.localizerCells({ image, region: { left: 0, top: 0, width: 300, height: 300 } });
    expect(crop.content).toEqual({ width: 1, height: 1 });
  });
});
