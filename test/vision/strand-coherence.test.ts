import { describe, expect, it } from 'vitest';
import { STRANDS, strandCoherenceOf } from '../../src/vision/pixels/strand-coherence.js';
import type { Pixels } from '../../src/vision/pixels/pixels.js';
import { seededRandom } from '../../src/vision/runtime/seeded-random.js';

/** A grey `side` × `side` picture whose value at (x, y) is `grey(x, y)`, as RGB pixels. */
function picture(side: number, grey: (x: number, y: number) => number): Pixels {
  const pixels = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) pixels.fill(Math.round(grey(x, y)), (y * side + x) * 3, (y * side + x) * 3 + 3);
  return { width: side, height: side, pixels };
}

describe('strand coherence: which way a photo’s fine texture runs', () => {
  it('reads hairs lying one way near 1, at any angle', async () => {
    for (const degrees of [0, 30, 90, 135]) {
      const [dx, dy] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
      // Thin dark strands 6 px apart across a pale coat.
      const combed = picture(384, (x, y) => (Math.abs(((x * dy - y * dx) % 6) + 6) % 6 < 1.5 ? 60 : 200));
      expect(await strandCoherenceOf(combed), `${degrees}°`).toBeGreaterThan(0.8);
    }
  });

  it('reads blades crossing every way, or speckle, low', async () => {
    const random = seededRandom(7);
    // Short strokes at random angles, as the blades of a lawn seen from above.
    const side = 384;
    const grey = new Float32Array(side * side).fill(150);
    for (let blade = 0; blade < 4000; blade++) {
      const [x0, y0, angle] = [random() * side, random() * side, random() * Math.PI];
      for (let t = 0; t < 14; t++) {
        const [x, y] = [Math.round(x0 + t * Math.cos(angle)), Math.round(y0 + t * Math.sin(angle))];
        if (x >= 0 && y >= 0 && x < side && y < side) grey[y * side + x] = 40;
      }
    }
    const lawn = picture(side, (x, y) => grey[y * side + x]!);
    expect(await strandCoherenceOf(lawn)).toBeLessThan(0.35);
    const speckle = picture(side, () => 60 + random() * 140);
    expect(await strandCoherenceOf(speckle)).toBeLessThan(0.35);
  });

  it('says nothing of a photo with no texture: bare skin, a wall', async () => {
    expect(await strandCoherenceOf(picture(STRANDS.side, () => 180))).toBeUndefined();
    // Light falling off across it is no lawn: where its steps count as texture, they run one way.
    expect((await strandCoherenceOf(picture(STRANDS.side, (x) => 120 + x / 8))) ?? 1).toBeGreaterThan(0.9);
  });
});
