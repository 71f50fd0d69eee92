import { describe, expect, it } from 'vitest';
import { tonesOf } from '../../src/vision/pixels/photo-character.js';
import type { Pixels } from '../../src/vision/pixels/pixels.js';
import { seededRandom } from '../../src/vision/runtime/seeded-random.js';

type Rgb = readonly [number, number, number];

/** A lit disc filling most of a black square, its pixels coloured by `colourAt(x, y)`, as RGB pixels. */
function discOnBlack(side: number, colourAt: (x: number, y: number) => Rgb): Pixels {
  const pixels = Buffer.alloc(side * side * 3);
  const centre = side / 2;
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++)
      if (Math.hypot(x - centre, y - centre) < side * 0.45) pixels.set(colourAt(x, y), (y * side + x) * 3);
  return { width: side, height: side, pixels };
}

describe('the lit chroma floor: how strongly a photo is coloured throughout, its black surround left out', () => {
  it('reads a disc of one strong orange-red, as an eye camera shows a retina, high, whatever the black round it', () => {
    // #d0582c, C* about 58, with vessels a little darker: the black corners (a fifth of the frame) do not count.
    const retina = discOnBlack(256, (x) => (x % 17 === 0 ? [170, 60, 40] : [208, 88, 44]));
    expect(tonesOf(retina).litChromaFloor).toBeGreaterThanOrEqual(50);
  });

  it('reads a red canal with pale walls, hairs and its dark beyond low: skin keeps paler, greyer parts', () => {
    const random = seededRandom(3);
    const canal = discOnBlack(256, (x, y) => {
      const fromCentre = Math.hypot(x - 128, y - 128);
      if (fromCentre < 25) return [45, 25, 22]; // the canal beyond, in shadow
      if (random() < 0.15) return [150, 130, 120]; // hairs and scales
      return fromCentre < 70 ? [200, 90, 95] : [215, 160, 150]; // inflamed skin, paler walls
    });
    expect(tonesOf(canal).litChromaFloor).toBeLessThan(30);
  });

  it('is 0 for a frame with nothing lit', () => {
    expect(tonesOf({ width: 64, height: 64, pixels: Buffer.alloc(64 * 64 * 3) }).litChromaFloor).toBe(0);
  });
});
