import sharp from 'sharp';
import type { DecodedImage } from '../../image/decoded-image.js';

/** The LLM sees at most this on the long side: enough detail, a bounded prompt (DESIGN.md §8). */
export const LLM_IMAGE_LONG_SIDE = 1024;

/** The decoded photo as the LLM gets it: JPEG, ≤ 1024 px, raw base64 with no data: prefix, no metadata. */
export async function jpegForLlm(image: DecodedImage): Promise<string> {
  const jpeg = await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize({ width: LLM_IMAGE_LONG_SIDE, height: LLM_IMAGE_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
  return jpeg.toString('base64');
}
