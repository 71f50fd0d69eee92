import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANALYSER_SIZE } from '../../src/vision/pixels/colour-quality-features.js';
import { exposureOf, regionColours } from '../../src/vision/pixels/colour-reading.js';
import { resizeFor } from '../../src/vision/runtime/image-tensor.js';
import { halvePixels } from '../../src/vision/pixels/halve-pixels.js';
import { COLOUR_QUALITY_INPUT, generateBuiltinFiles } from '../../src/analysis/builtin-models.js';
import { COLOUR_NAMES } from '../../src/vision/tables/colour-palette.js';
import { RULE_SCENES } from '../../scripts/support/rule-scenes.js';
import {
  blob,
  closeUp,
  DARK_TILE,
  decodedScene,
  FLOOR,
  granules,
  onSurface,
  scatteredDots,
  scene,
  sceneJpeg,
} from '../../scripts/support/scenes.js';
import { decodeImageBytes } from '../../src/image/decode-image.js';
import { EXPOSURE_AS_IS } from '../../src/vision/colour-quality-model.js';
import { GRANULAR_GRAIN } from '../../src/operations/health/rule-table.js';
import { QUALITY_LIMITS } from '../../src/analysis/limits/quality-limits.js';
import { builtinVision } from '../fixtures/test-app.js';

describe('built-in models', () => {
  it('regenerating them gives the committed bytes', () => {
    const files = generateBuiltinFiles();
    expect(files.length).toBeGreaterThanOrEqual(12);
    for (const file of files) {
      expect(
        Buffer.from(file.bytes).equals(readFileSync(file.path)),
        `${file.path} is stale: run npm run models:generate`,
      ).toBe(true);
    }
  });

  it('gives the same bytes twice in one process', () => {
    const [first, second] = [generateBuiltinFiles(), generateBuiltinFiles()];
    first.forEach((file, i) => {
      expect(Buffer.from(file.bytes).equals(Buffer.from(second[i]!.bytes))).toBe(true);
    });
  });
});

describe('the colour-and-quality analyser graph', () => {
  // colour-reading.ts is what breed's coat and the exposure-only gate use instead of a run of the graph.
  it.each([
    ['brown stool on a floor', scene(FLOOR, [blob('#6e4623')])],
    [
      'a multicoloured close-up',
      closeUp('#eab2a8', [
        ['#cc3333', 10],
        ['#e0b020', 8],
        ['#141110', 6],
        ['#4d7a2e', 6],
      ]),
    ],
    ['a dark photo', scene(DARK_TILE, [blob('#3b2414')])],
    [
      'every rule scene at once, blurred',
      scene(
        FLOOR,
        RULE_SCENES.map((_, i) => ({
          fill: ['#6e4623', '#c0282a', '#e3c22a', '#4d7a2e'][i % 4]!,
          cx: 40 + (i % 8) * 45,
          cy: 40 + Math.floor(i / 8) * 70,
          rx: 20,
          ry: 25,
        })),
      ),
    ],
  ])('gives what colour-reading.ts computes from the same formulas, on %s', async (name, svg) => {
    const vision = await builtinVision();
    const image = await decodedScene(svg, (photo) => (name.endsWith('blurred') ? photo.blur(3) : photo));
    const measured = await vision.colour.predict(image);
    const input = await resizeFor(image, COLOUR_QUALITY_INPUT);
    const frame = regionColours(input, { left: 0, top: 0, width: ANALYSER_SIZE, height: ANALYSER_SIZE }, ANALYSER_SIZE);
    for (const colour of COLOUR_NAMES) expect(measured.frame[colour], colour).toBeCloseTo(frame[colour], 3);
    const exposure = exposureOf(input);
    expect(measured.quality.brightness).toBeCloseTo(exposure.brightness, 2); // the graph sums in float32
    expect(measured.quality.sharpness / exposure.sharpness).toBeCloseTo(1, 2);
  });

  it('reads the exposure of an image near its input size as it is, whole, with no resize', async () => {
    const vision = await builtinVision();
    const jpeg = await sceneJpeg(scene(FLOOR, [blob('#6e4623')]), (photo) => photo.resize(398, 224));
    const image = await decodeImageBytes(jpeg, undefined, { longSide: 0, shortSide: 224 });
    expect([image.width, image.height]).toEqual([398, 224]);
    expect(image.width * image.height).toBeLessThanOrEqual(EXPOSURE_AS_IS * ANALYSER_SIZE * ANALYSER_SIZE);
    const whole = exposureOf(image);
    expect(await vision.colour.exposure(image)).toEqual(whole);
    // …which is what the input would say, within what the scale changes: a guess the gate's limits allow.
    const resized = exposureOf(await resizeFor(image, COLOUR_QUALITY_INPUT));
    expect(whole.brightness).toBeCloseTo(resized.brightness, 0);
  });

  it.each([
    [416, 416, [208, 208]],
    [416, 277, [208, 138]],
    [1024, 768, [256, 192]],
  ])(
    'reads the exposure of a larger image (%i × %i) halved until it is near its input size, with no resize',
    async (width, height, size) => {
      const vision = await builtinVision();
      const jpeg = await sceneJpeg(scene(FLOOR, [blob('#6e4623')]), (photo) =>
        photo.resize(width, height, { fit: 'fill' }),
      );
      const image = await decodeImageBytes(jpeg, undefined, { longSide: 0, shortSide: height });
      expect([image.width, image.height]).toEqual([width, height]);
      let halved = halvePixels(image);
      while (halved.width * halved.height > EXPOSURE_AS_IS * ANALYSER_SIZE * ANALYSER_SIZE)
        halved = halvePixels(halved);
      expect([halved.width, halved.height]).toEqual(size);
      expect(await vision.colour.exposure(image)).toEqual(exposureOf(halved));
      const resized = exposureOf(await resizeFor(image, COLOUR_QUALITY_INPUT));
      expect(exposureOf(halved).brightness).toBeCloseTo(resized.brightness, 0);
    },
  );

  it('halves an image into the rounded means of its 2 × 2 blocks, dropping an odd last row and column', () => {
    // 3 × 3 pixels, each channel its own ramp: the one 2 × 2 block's means are known by hand.
    const pixels = Buffer.from(Array.from({ length: 27 }, (_, i) => i * 9));
    const { width, height, pixels: half } = halvePixels({ width: 3, height: 3, pixels });
    expect([width, height]).toEqual([1, 1]);
    // Channel c of pixel (x, y) is 9 × (3 × (3y + x) + c); the block is pixels 0, 1, 3 and 4.
    const mean = (c: number) => Math.round((9 * (0 + 3 + 9 + 12 + 4 * c)) / 4);
    expect([...half]).toEqual([mean(0), mean(1), mean(2)]);
  });

  it('shares of the subject and of the frame each sum to 1', async () => {
    const vision = await builtinVision();
    const measured = await vision.colour.predict(await decodedScene(scene(FLOOR, [blob('#6e4623')])));
    const sum = (shares: Record<string, number>) => Object.values(shares).reduce((a, b) => a + b, 0);
    expect(sum(measured.subject)).toBeCloseTo(1, 3);
    expect(sum(measured.frame)).toBeCloseTo(1, 3);
  });

  it('reads a 3% patch as 3% in patches, and the same red scattered in dots as none', async () => {
    const vision = await builtinVision();
    const patch = await vision.colour.predict(
      await decodedScene(closeUp('#eab2a8', [], [{ fill: '#cc3333', cx: 150, cy: 120, rx: 38, ry: 30 }])),
    );
    // The close-up's hairs cross the patch: about 2.5% of it is red, all in patches.
    expect(patch.patch.red).toBeGreaterThan(0.022);
    expect(patch.patch.red).toBeLessThan(0.035);
    expect(patch.patch.red).toBeCloseTo(patch.frame.red, 2);
    const scattered = await vision.colour.predict(
      await decodedScene(closeUp('#eab2a8', [], scatteredDots('#cc3333', 300))),
    );
    expect(scattered.frame.red).toBeGreaterThan(0.015);
    expect(scattered.patch.red).toBeLessThan(0.002);
    const sum = (shares: Record<string, number>) => Object.values(shares).reduce((a, b) => a + b, 0);
    expect(sum(patch.patch)).toBeLessThanOrEqual(1.0001);
  });

  it('reads patches redder than the photo itself where the names see pink on grey, but not on green, nor orange, nor scattered', async () => {
    const vision = await builtinVision();
    const read = async (svg: Buffer) => vision.colour.predict(await decodedScene(svg));
    const papules = [{ fill: '#b47a84', cx: 150, cy: 120, rx: 38, ry: 30 }];
    // Pink papules (a* 24) on grey-cast skin (a* 5): no red by name, 2.5% redder than the photo.
    const greyCast = await read(closeUp('#aa9ea0', [], papules));
    expect(greyCast.patch.red + greyCast.patch.dark_red).toBe(0);
    expect(greyCast.redderPatches).toBeGreaterThan(0.02);
    // The same on green (a lawn or turf): redder than its surroundings, but nothing round it is skin.
    expect((await read(closeUp('#5a7a40', [], papules))).redderPatches).toBe(0);
    // White fur in cool light reads a little green (a* -2, like a white dog's pyoderma photo at -1.7),
    // and a red patch on it is still red (RELATIVE_REDNESS.leastMedian).
    expect((await read(closeUp('#dde3e3', [], [{ ...papules[0]!, fill: '#c0406a' }]))).redderPatches).toBeGreaterThan(
      0.015,
    );
    // Orange (ginger fur, a hand) is redder than grey too, but not red: its hue is past RELATIVE_REDNESS.maxHue.
    expect((await read(closeUp('#aa9ea0', [], [{ ...papules[0]!, fill: '#c08050' }]))).redderPatches).toBe(0);
    // A lesion in warm light turns salmon (hue 37°) and is still red, past skin's 1.5%; a hand (46°) is not.
    expect((await read(closeUp('#aa9ea0', [], [{ ...papules[0]!, fill: '#b46c5e' }]))).redderPatches).toBeGreaterThan(
      0.015,
    );
    expect((await read(closeUp('#aa9ea0', [], [{ ...papules[0]!, fill: '#c87c60' }]))).redderPatches).toBe(0);
    expect((await read(closeUp('#aa9ea0', [], scatteredDots('#b47a84', 300)))).redderPatches).toBeLessThan(0.002);
  });

  it('reads grain inside the subject: granules high, smooth matter and its outline low', async () => {
    const vision = await builtinVision();
    const grainOf = async (svg: Buffer) => (await vision.colour.predict(await decodedScene(svg))).quality.subjectGrain;
    const smooth = await grainOf(scene(FLOOR, [blob('#3b2414')]));
    const granular = await grainOf(scene(FLOOR, [blob('#3b2414'), ...granules(['#1a120c', '#5e3f26'], 1400, [1, 2])]));
    expect(smooth).toBeLessThan(GRANULAR_GRAIN / 2);
    expect(granular).toBeGreaterThan(GRANULAR_GRAIN * 2);
  });

  it('finds the subject: an ellipse of 22% of the frame, and nothing on an empty floor', async () => {
    const vision = await builtinVision();
    const withStool = await vision.colour.predict(await decodedScene(scene(FLOOR, [blob('#6e4623')])));
    expect(withStool.quality.coverage).toBeCloseTo((Math.PI * 100 * 70) / (400 * 300), 1);
    // The subject's edge is read in 4 px cells: a sliver of floor comes with it.
    expect(withStool.subject.brown).toBeGreaterThan(0.9);
    expect(withStool.quality.subjectSolidity).toBeGreaterThan(0.8);
    const empty = await vision.colour.predict(await decodedScene(scene(FLOOR, [])));
    expect(empty.quality.coverage).toBeLessThan(0.005);
  });

  it.each(['grass', 'gravel'] as const)('finds a stool on %s by the colour its edges do not show', async (surface) => {
    const vision = await builtinVision();
    const { quality, subject } = await vision.colour.predict(await decodedScene(onSurface(surface, [blob('#5a3a1e')])));
    expect(quality.coverage).toBeCloseTo((Math.PI * 100 * 70) / (400 * 300), 1);
    expect(subject.brown).toBeGreaterThan(0.9);
    expect(subject.green + subject.grey).toBeLessThan(0.05);
  });

  it.each(['grass', 'gravel', 'bricks', 'coins'] as const)(
    'finds no subject in %s filling the frame',
    async (surface) => {
      const vision = await builtinVision();
      const { quality } = await vision.colour.predict(await decodedScene(onSurface(surface)));
      expect(quality.coverage).toBeLessThan(QUALITY_LIMITS.minCoverage);
    },
  );
});
