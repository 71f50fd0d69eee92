import type { ImageFormat } from './sniff-format.js';

/**
 * One photo after intake: upright (EXIF orientation applied), sRGB, 8-bit RGB without alpha,
 * as large as the request's consumers need (its decode plan) and no larger, and with no metadata
 * left. Every later stage (the ONNX models, the LLM's JPEG) starts from these pixels, so the
 * photo is decoded exactly once.
 */
export interface DecodedImage {
  readonly format: ImageFormat;
  /** Size of the photo as sent, after orientation. */
  readonly sourceWidth: number;
  readonly sourceHeight: number;
  /** Size of `pixels`. */
  readonly width: number;
  readonly height: number;
  /** Interleaved RGB, row-major, width × height × 3 bytes. */
  readonly pixels: Buffer;
  /**
   * How the photo as sent is transparent, which `pixels` show flattened onto white: clip art, a
   * sticker, a subject lifted from its background, or a photo an editor rotated or letterboxed. A
   * camera's photo has none. Absent where the format or the photo has no alpha channel.
   */
  readonly transparency?: Transparency;
}

/** How much of a photo is transparent, and in what shape its opaque part is (decode-image.ts). */
export interface Transparency {
  /** The share of it that is transparent (alpha under TRANSPARENT_ALPHA). */
  readonly share: number;
  /**
   * How fully its opaque part fills the smallest rectangle, at any angle, that holds it
   * (rectangle-fill.ts): near 1 for a photo rotated or letterboxed in an editor, π/4 for a disc,
   * less for a cut-out's outline.
   */
  readonly rectangleFill: number;
}

/**
 * The part of `image` inside `region`, as a photo of its own: its pixels copied, and its size as
 * sent scaled alike, so that boxes found on it map onto it as onto any photo.
 */
export function cropDecodedImage(
  image: DecodedImage,
  { left, top, width, height }: { left: number; top: number; width: number; height: number },
): DecodedImage {
  const pixels = Buffer.allocUnsafe(width * height * 3);
  for (let row = 0; row < height; row++) {
    const from = ((top + row) * image.width + left) * 3;
    image.pixels.copy(pixels, row * width * 3, from, from + width * 3);
  }
  return {
    format: image.format,
    ...(image.transparency && { transparency: image.transparency }),
    sourceWidth: Math.max(1, Math.round((width * image.sourceWidth) / image.width)),
    sourceHeight: Math.max(1, Math.round((height * image.sourceHeight) / image.height)),
    width,
    height,
    pixels,
  };
}
