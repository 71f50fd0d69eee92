import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateBuiltinFiles } from '../../scripts/generate-models.js';
import { hexToLab, srgbToLab } from '../../src/vision/colour-science.js';
import { ANALYSER_SIZE } from '../../src/vision/colour-quality-features.js';
import { resizeFor } from '../../src/vision/image-tensor.js';
import { COLOUR_NAMES, COLOUR_PALETTE, LIGHTNESS_WEIGHT, type ColourName } from '../../src/vision/tables/colour-palette.js';
import { blob, closeUp, decodedScene, FLOOR, scene } from '../fixtures/scenes.js';
import { builtinVision } from '../fixtures/test-app.js';

describe('built-in models', () => {
  it('regenerating them gives the committed bytes', () => {
    const files = generateBuiltinFiles();
    expect(files.length).toBeGreaterThanOrEqual(12);
    for (const file of files) {
      expect(Buffer.from(file.bytes).equals(readFileSync(file.path)), `${file.path} is stale: run npm run models:generate`).toBe(true);
    }
  });

  it('gives the same bytes twice in one process', () => {
    const [first, second] = [generateBuiltinFiles(), generateBuiltinFiles()];
    first.forEach((file, i) => expect(Buffer.from(file.bytes).equals(Buffer.from(second[i]!.bytes))).toBe(true));
  });
});

/** The analyser's frame measurements, recomputed in plain TypeScript from the same tables. */
function referenceFrame(rgb: Buffer) {
  const weights = [Math.sqrt(LIGHTNESS_WEIGHT), 1, 1];
  const prototypes = COLOUR_PALETTE.flatMap((entry) => entry.prototypes.map((hex) => ({ name: entry.id as ColourName, lab: hexToLab(hex) })));
  const counts = Object.fromEntries(COLOUR_NAMES.map((name) => [name, 0])) as Record<ColourName, number>;
  let lightnessSum = 0;
  const pixels = rgb.length / 3;
  for (let i = 0; i < pixels; i++) {
    const lab = srgbToLab(rgb[i * 3]! / 255, rgb[i * 3 + 1]! / 255, rgb[i * 3 + 2]! / 255);
    lightnessSum += lab[0];
    let best = prototypes[0]!;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const prototype of prototypes) {
      const distance = lab.reduce((sum, v, c) => sum + ((v - prototype.lab[c]!) * weights[c]!) ** 2, 0);
      if (distance < bestDistance) [best, bestDistance] = [prototype, distance];
    }
    counts[best.name]++;
  }
  return { shares: Object.fromEntries(COLOUR_NAMES.map((name) => [name, counts[name] / pixels])), brightness: lightnessSum / pixels };
}

describe('the colour-and-quality analyser graph', () => {
  it.each([
    ['brown stool on a floor', scene(FLOOR, [blob('#6e4623')])],
    ['a multicoloured close-up', closeUp('#eab2a8', [['#cc3333', 10], ['#e0b020', 8], ['#141110', 6], ['#4d7a2e', 6]])],
  ])('matches the TypeScript reference on %s', async (_name, svg) => {
    const vision = await builtinVision();
    const image = await decodedScene(svg);
    const measured = await vision.colour.predict(image);
    const rgb = await resizeFor(image, { kind: 'image', name: 'image', dtype: 'float32', layout: 'NCHW', width: ANALYSER_SIZE, height: ANALYSER_SIZE, resize: 'fill', channelOrder: 'RGB', scale: 1 / 255, mean: [0, 0, 0], std: [1, 1, 1] });
    const reference = referenceFrame(rgb);
    for (const name of COLOUR_NAMES) expect(measured.frame[name], name).toBeCloseTo(reference.shares[name]!, 2);
    expect(measured.quality.brightness).toBeCloseTo(reference.brightness, 1);
  });

  it('shares of the subject and of the frame each sum to 1', async () => {
    const vision = await builtinVision();
    const measured = await vision.colour.predict(await decodedScene(scene(FLOOR, [blob('#6e4623')])));
    const sum = (shares: Record<string, number>) => Object.values(shares).reduce((a, b) => a + b, 0);
    expect(sum(measured.subject)).toBeCloseTo(1, 3);
    expect(sum(measured.frame)).toBeCloseTo(1, 3);
  });

  it('finds the subject: an ellipse of 22% of the frame, and nothing on an empty floor', async () => {
    const vision = await builtinVision();
    const withStool = await vision.colour.predict(await decodedScene(scene(FLOOR, [blob('#6e4623')])));
    expect(withStool.quality.coverage).toBeCloseTo((Math.PI * 100 * 70) / (400 * 300), 1);
    expect(withStool.subject.brown).toBeGreaterThan(0.95);
    const empty = await vision.colour.predict(await decodedScene(scene(FLOOR, [])));
    expect(empty.quality.coverage).toBeLessThan(0.005);
  });
});
