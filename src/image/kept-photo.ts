import sharp from 'sharp';
import { DEFAULT_INTAKE_LIMITS, type IntakeLimits } from './decode-image.js';
import type { ImageFormat } from './sniff-format.js';

/**
 * The photo as a pet's record keeps it (PAWLENS_KEEP_IMAGES): its pixels, turned upright and
 * encoded again in the format it came in, and nothing else of the file: no GPS position, camera,
 * time, thumbnail or comment, as docs/design.md §6 promises of every photo the service handles. JPEG
 * and WebP at quality 90 (a second generation a vet cannot tell from the first at that quality);
 * PNG losslessly.
 */
export async function photoToKeep(
  bytes: Buffer,
  format: ImageFormat,
  limits: IntakeLimits = DEFAULT_INTAKE_LIMITS,
): Promise<Buffer> {
  // sharp writes no metadata unless asked to (keepMetadata, withMetadata): none is asked for here.
  const upright = sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'truncated' }).autoOrient();
  switch (format) {
    case 'jpeg':
      return upright.jpeg({ quality: 90 }).toBuffer();
    case 'webp':
      return upright.webp({ quality: 90 }).toBuffer();
    case 'png':
      return upright.png().toBuffer();
  }
}
