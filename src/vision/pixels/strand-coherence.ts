import type { Pixels } from './pixels.js';
import { greyCopyOf } from './thumbnail.js';

/**
 * How the photo's fine texture is read for the way it runs: on a grey `side` × `side` copy,
 * stretched, in `window` × `window` squares; a square whose gradients sum (the structure tensor's
 * trace, Sobel gradients of 0–255 grey) under `minEnergy` is flat (bare skin, sky, a wall) and says
 * nothing of it.
 */
export const STRANDS = { side: 192, window: 16, minEnergy: 1000 } as const;

/**
 * How much the photo's fine texture runs one way: the median, over its textured squares (STRANDS),
 * of the structure tensor's coherence, from 0 (edges every way, as blades of grass cross on a lawn)
 * to 1 (all one way, as hairs lie combed in a coat). Undefined where no square has texture.
 */
export async function strandCoherenceOf(image: Pixels): Promise<number | undefined> {
  const { side, window, minEnergy } = STRANDS;
  const grey = await greyCopyOf(image, side);
  // A copy one pixel wider on every side, repeating the frame's edge, so every square has whole gradients.
  const wide = side + 2;
  const padded = new Int16Array(wide * wide);
  for (let y = -1; y <= side; y++)
    for (let x = -1; x <= side; x++)
      padded[(y + 1) * wide + x + 1] =
        grey[Math.min(side - 1, Math.max(0, y)) * side + Math.min(side - 1, Math.max(0, x))]!;
  const coherences: number[] = [];
  for (let top = 0; top < side; top += window)
    for (let left = 0; left < side; left += window) {
      let xx = 0;
      let yy = 0;
      let xy = 0;
      for (let y = top; y < top + window; y++)
        for (let x = left, at = (y + 1) * wide + left + 1; x < left + window; x++, at++) {
          // Sobel: the right column less the left, the row below less the row above. (No array
          // per pixel: this runs for 36,864 pixels a photo.)
          const up = at - wide;
          const down = at + wide;
          const gx =
            padded[up + 1]! +
            2 * padded[at + 1]! +
            padded[down + 1]! -
            padded[up - 1]! -
            2 * padded[at - 1]! -
            padded[down - 1]!;
          const gy =
            padded[down - 1]! +
            2 * padded[down]! +
            padded[down + 1]! -
            padded[up - 1]! -
            2 * padded[up]! -
            padded[up + 1]!;
          xx += gx * gx;
          yy += gy * gy;
          xy += gx * gy;
        }
      const energy = xx + yy;
      if (energy < minEnergy) continue;
      coherences.push(Math.sqrt((xx - yy) ** 2 + 4 * xy * xy) / energy);
    }
  if (coherences.length === 0) return undefined;
  coherences.sort((a, b) => a - b);
  return coherences[coherences.length >> 1];
}
