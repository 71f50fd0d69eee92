import sharp from 'sharp';
import { ApiError } from '../contract/api-error.js';
import { formatMiB } from './base64-field.js';
import type { DecodedImage, Transparency } from './decoded-image.js';
import { rectangleFill } from './rectangle-fill.js';
import { sniffImageFormat } from './sniff-format.js';

export interface IntakeLimits {
  /** Largest decoded file accepted (docs/contract.md §8: 3 MB; we read it as MiB). */
  readonly maxBytes: number;
  /** Largest width × height accepted for a baseline JPEG, which shrinks as it loads; a decompression bomb is refused from its header. */
  readonly maxPixels: number;
  /** The same for PNG and WEBP, decoded at full size before they shrink: each pixel costs. */
  readonly maxPixelsDecodedWhole: number;
  /**
   * The same for a progressive JPEG or an interlaced PNG: decoded whole and in several passes, a
   * pixel costs several times a baseline JPEG's (a 7000 × 7000 one, 373 KB, took 250 ms of CPU here).
   */
  readonly maxPixelsProgressive: number;
  /** Shortest side, after orientation, that still carries enough detail to analyse. */
  readonly minSide: number;
  /**
   * The most detail a decode ever keeps, as a long side: what the LLM's image and the
   * classifier's crops are made from. A request decodes to less when its models need less.
   */
  readonly analysisLongSide: number;
}

/**
 * How many pixels one request's consumers need (see decode-plan.ts): a long side for images that
 * are letterboxed into a model's input, a short side for those stretched or cropped to fill it.
 */
export interface DecodeSize {
  readonly longSide: number;
  readonly shortSide: number;
}

export const DEFAULT_INTAKE_LIMITS: IntakeLimits = Object.freeze({
  maxBytes: 3 * 1024 * 1024,
  maxPixels: 50_000_000,
  // So that no photo costs more to decode than a real photo of its kind: 24 MP of PNG or WEBP (50–80
  // ms here), and 24 MP of progressive JPEG too. Real photos are saved progressive that large: of
  // the 15 photos of Ubuntu 18.04's wallpaper contest (scripts/debian-photos.sh), 12 are, two of
  // them over the 13 MP this limit was until 2026-12-05 (13.4 MP, 252 ms of CPU here, and 15.9 MP,
  // 227 ms), which had been refused; a 10.6 MP one takes 186 ms, a baseline 8.3 MP one 29 ms. The
  // dearest made to fit under 3 MiB, 24 MP of a photo with noise added saved progressive (2.8 MB),
  // takes 438 ms: what a key holder can make one request cost here, against about 250 ms before.
  maxPixelsDecodedWhole: 24_000_000,
  maxPixelsProgressive: 24_000_000,
  minSide: 64,
  analysisLongSide: 1024,
});

const WHITE = { r: 255, g: 255, b: 255 };

/** The long side to decode a `width` × `height` photo to: enough for `size`, never more than `limits` allow. */
export function decodedLongSide(width: number, height: number, size: DecodeSize, limits: IntakeLimits): number {
  const aspect = Math.max(width, height) / Math.min(width, height);
  return Math.min(limits.analysisLongSide, Math.max(size.longSide, Math.ceil(size.shortSide * aspect)));
}

const megapixels = (pixels: number) => `${Math.round(pixels / 1e5) / 10} megapixels`;

/**
 * Refuses, from the header, an image whose decode would cost more than a real photo's: the pixel
 * limit depends on how the format decodes (a baseline JPEG shrinks in the DCT; PNG and WEBP are
 * decoded whole; progressive and interlaced images whole and in several passes).
 */
function refuseCostlyPixels(
  format: string,
  width: number,
  height: number,
  progressive: boolean,
  limits: IntakeLimits,
): void {
  const pixels = width * height;
  const size = `${width}×${height}`;
  if (pixels > limits.maxPixels)
    throw new ApiError(
      'IMAGE_TOO_LARGE',
      `The image claims ${size} pixels; the limit is ${megapixels(limits.maxPixels)}.`,
    );
  if (progressive && pixels > limits.maxPixelsProgressive)
    throw new ApiError(
      'IMAGE_TOO_LARGE',
      `The image is a progressive or interlaced ${format.toUpperCase()} of ${size} pixels, which must be decoded whole: the limit for one is ${megapixels(limits.maxPixelsProgressive)}. Send it smaller, or as a regular (baseline) JPEG.`,
    );
  if (format !== 'jpeg' && pixels > limits.maxPixelsDecodedWhole)
    throw new ApiError(
      'IMAGE_TOO_LARGE',
      `The ${format.toUpperCase()} image is ${size} pixels; ${format.toUpperCase()} is decoded whole, so its limit is ${megapixels(limits.maxPixelsDecodedWhole)} (${megapixels(limits.maxPixels)} for a JPEG). Send it smaller, or as a JPEG.`,
    );
}

/**
 * Bytes → pixels, once per request, at the size `size` asks for (all the detail up to
 * `analysisLongSide` when not given). Large JPEGs shrink on load, in the DCT, and are turned
 * upright after shrinking, so a 12 MP phone photo costs a fraction of a full decode.
 */
export async function decodeImageBytes(
  bytes: Buffer,
  limits: IntakeLimits = DEFAULT_INTAKE_LIMITS,
  size?: DecodeSize,
): Promise<DecodedImage> {
  if (bytes.length > limits.maxBytes) {
    throw new ApiError(
      'IMAGE_TOO_LARGE',
      `The image is ${formatMiB(bytes.length)}; the limit is ${formatMiB(limits.maxBytes)}.`,
    );
  }
  const format = sniffImageFormat(bytes);

  // The header alone gives the size: refuse bombs before libvips allocates a pixel.
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new ApiError('INVALID_IMAGE', `The ${format.toUpperCase()} image is corrupt: its header cannot be read.`);
    });
  if (!header.width || !header.height) {
    throw new ApiError('INVALID_IMAGE', `The ${format.toUpperCase()} image has no dimensions.`);
  }
  refuseCostlyPixels(format, header.width, header.height, header.isProgressive === true, limits);

  const rotated = (header.orientation ?? 1) >= 5;
  const sourceWidth = rotated ? header.height : header.width;
  const sourceHeight = rotated ? header.width : header.height;
  if (Math.min(sourceWidth, sourceHeight) < limits.minSide) {
    throw new ApiError(
      'INVALID_IMAGE',
      `The image is ${sourceWidth}×${sourceHeight} pixels, too small to analyse; send at least ${limits.minSide} pixels on the short side.`,
    );
  }

  const longSide = size ? decodedLongSide(sourceWidth, sourceHeight, size, limits) : limits.analysisLongSide;
  // failOn 'truncated' refuses cut-off files but tolerates the harmless warnings phone JPEGs carry.
  // The box is square, so the stored orientation does not change which side it bounds.
  const { data, info } = await sharp(bytes, {
    limitInputPixels: limits.maxPixels,
    failOn: 'truncated',
    sequentialRead: true,
  })
    .autoOrient()
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: WHITE })
    .toColourspace('srgb')
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new ApiError(
        'INVALID_IMAGE',
        `The ${format.toUpperCase()} image is truncated or corrupt and cannot be decoded.`,
      );
    });

  if (info.channels !== 3) {
    throw new Error(`decode produced ${info.channels} channels, expected 3`);
  }
  const decoded = { format, sourceWidth, sourceHeight, width: info.width, height: info.height, pixels: data };
  const transparency = header.hasAlpha ? await transparencyOf(bytes, limits.maxPixels) : undefined;
  return transparency ? { ...decoded, transparency } : decoded;
}

/** A pixel under this alpha (0–255) is transparent: more than a trace of its colour is the white it is flattened on. */
const TRANSPARENT_ALPHA = 250;
/** …and opaque, for the opaque part's shape, from this alpha: its outline where an editor anti-aliased it. */
const OPAQUE_ALPHA = 128;
/**
 * The long side of the alpha channel's thumbnail, which keeps the photo's proportions: the share
 * and the opaque part's shape are read from it. At 256 px a photo rotated in an editor fills its
 * rectangle to 0.977 or more (rectangle-fill.ts; a 4:1 photo, or one 70 px a side, the least); at
 * 128 px quantisation left it 0.962.
 */
const ALPHA_THUMBNAIL = 256;

/**
 * How an image with an alpha channel is transparent, from a thumbnail of that channel: a second
 * decode, for such images only (a PNG or WebP; a camera's JPEG has none); undefined where that
 * channel cannot be read.
 */
async function transparencyOf(bytes: Buffer, maxPixels: number): Promise<Transparency | undefined> {
  const alpha = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'truncated', sequentialRead: true })
    .resize(ALPHA_THUMBNAIL, ALPHA_THUMBNAIL, { fit: 'inside' })
    .extractChannel('alpha')
    .raw()
    .toBuffer({ resolveWithObject: true })
    // The photo itself decoded: one whose alpha cannot be read is judged as a photo, as before.
    .catch(() => undefined);
  if (!alpha) return undefined;
  const { data, info } = alpha;
  let transparent = 0;
  for (const value of data) if (value < TRANSPARENT_ALPHA) transparent++;
  const rectangle = rectangleFill(info.width, info.height, (x, y) => data[y * info.width + x]! >= OPAQUE_ALPHA);
  // Nothing opaque at all: the flattened white is all there is, which the share alone says.
  return { share: transparent / data.length, rectangleFill: rectangle ?? 0 };
}
