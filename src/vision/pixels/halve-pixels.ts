import type { Pixels } from './pixels.js';

/**
 * The image at half its size, each pixel the rounded mean of a 2 × 2 block (an odd last row or
 * column is dropped). On the event loop, a fifth of what a libvips resize of the same small image
 * costs, most of which is setting up its pipeline.
 */
export function halvePixels({ pixels, width, height }: Pixels): Pixels {
  const half = { width: width >> 1, height: height >> 1 };
  const out = Buffer.allocUnsafe(half.width * half.height * 3);
  const stride = width * 3;
  for (let y = 0, o = 0; y < half.height; y++) {
    for (let x = 0, p = 2 * y * stride, q = p + stride; x < half.width; x++, p += 6, q += 6, o += 3) {
      out[o] = (pixels[p]! + pixels[p + 3]! + pixels[q]! + pixels[q + 3]! + 2) >> 2;
      out[o + 1] = (pixels[p + 1]! + pixels[p + 4]! + pixels[q + 1]! + pixels[q + 4]! + 2) >> 2;
      out[o + 2] = (pixels[p + 2]! + pixels[p + 5]! + pixels[q + 2]! + pixels[q + 5]! + 2) >> 2;
    }
  }
  return { ...half, pixels: out };
}
