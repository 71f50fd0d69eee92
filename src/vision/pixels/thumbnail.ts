import sharp from 'sharp';
import type { Pixels } from './pixels.js';

export const THUMBNAIL_SIDE = 32;

/** A grey `side` × `side` copy of the photo, stretched, row by row: a thumbnail, and where a texture's direction is read (strand-coherence.ts). */
export const greyCopyOf = async (image: Pixels, side: number) =>
  new Uint8Array(
    await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 3 } })
      .greyscale()
      .resize(side, side, { fit: 'fill' })
      .raw()
      .toBuffer(),
  );

/** A grey 32 × 32 copy of the photo, stretched: what training's near-duplicate test (training/near-duplicates.ts) and a photo's look (heads/photo-look.ts) compare. */
export const thumbnailOf = (image: Pixels) => greyCopyOf(image, THUMBNAIL_SIDE);

/**
 * A square of `side` × `side` values (row by row) in each of its eight turns and mirrors: the
 * upright one first. Thumbnails here, and a photo's look (photo-look.ts), are compared in all eight.
 */
export function eightWays(values: ArrayLike<number>, side: number): Float32Array[] {
  const last = side - 1;
  const at = (x: number, y: number) => values[y * side + x]!;
  const turns: Array<(x: number, y: number) => number> = [
    (x, y) => at(x, y),
    (x, y) => at(last - y, x),
    (x, y) => at(last - x, last - y),
    (x, y) => at(y, last - x),
  ];
  const all = turns.flatMap((turn) => [turn, (x: number, y: number) => turn(last - x, y)]);
  return all.map((read) => {
    const out = new Float32Array(side * side);
    for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) out[y * side + x] = read(x, y);
    return out;
  });
}

/** Values less their mean, scaled to unit length (in place): correlation is then a dot product. */
export function unit(values: Float32Array): Float32Array {
  let mean = 0;
  for (const value of values) mean += value / values.length;
  let norm = 0;
  for (let i = 0; i < values.length; i++) {
    values[i]! -= mean;
    norm += values[i]! ** 2;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < values.length; i++) values[i]! *= scale;
  return values;
}

export const dot = (a: Float32Array, b: Float32Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};
