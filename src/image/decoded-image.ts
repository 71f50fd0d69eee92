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
}
