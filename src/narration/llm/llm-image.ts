import sharp from 'sharp';
import type { DecodedImage } from '../../image/decoded-image.js';

/** The LLM sees at most this on the long side: enough detail, a bounded prompt (docs/design.md §8). */
export const LLM_IMAGE_LONG_SIDE = 1024;

/**
 * What every vision model takes: qwen2.5vl fails on a side under 28 px or an aspect ratio over
 * 200 (its image patches are 14 px, merged in twos). A panorama is padded to these, not refused.
 */
const MIN_SIDE = 28;
const MAX_ASPECT = 200;
const PAD = { r: 0, g: 0, b: 0 };

/**
 * The decoded photo as the LLM gets it: JPEG, at most `longSide` px (PAWLENS_LLM_IMAGE_SIZE:
 * qwen2.5vl spends about 1,000 tokens on a 1024 px image, gemma3 256), raw base64 with no data:
 * prefix, no metadata; an extreme strip padded with black to a shape every model takes.
 */
export async function jpegForLlm(image: DecodedImage, longSide = LLM_IMAGE_LONG_SIDE): Promise<string> {
  const scale = Math.min(1, longSide / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const needed = Math.max(MIN_SIDE, Math.ceil(Math.max(width, height) / MAX_ASPECT));
  const [padX, padY] = [Math.max(0, needed - width), Math.max(0, needed - height)];
  const jpeg = await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize({ width, height, fit: 'fill' })
    .extend({
      left: Math.floor(padX / 2),
      right: Math.ceil(padX / 2),
      top: Math.floor(padY / 2),
      bottom: Math.ceil(padY / 2),
      background: PAD,
    })
    .jpeg({ quality: 85 })
    .toBuffer();
  return jpeg.toString('base64');
}
