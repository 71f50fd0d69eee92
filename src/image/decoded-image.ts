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
   * The share of the photo as sent that is transparent (alpha under TRANSPARENT_ALPHA), which
   * `pixels` show flattened onto white: clip art, a sticker, a subject lifted from its background.
   * A camera's photo has none. Absent where the format or the photo has no alpha channel.
   */
  readonly transparentShare?: number;
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
    ...(image.transparentShare === undefined ? {} : { transparentShare: image.transparentShare }),
    sourceWidth: Math.max(1, Math.round((width * image.sourceWidth) / image.width)),
    sourceHeight: Math.max(1, Math.round((height * image.sourceHeight) / image.height)),
    width,
    height,
    pixels,
  };
}
