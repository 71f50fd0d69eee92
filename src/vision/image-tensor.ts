import ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { DecodedImage } from '../image/decoded-image.js';
import { toHalf } from './float16.js';
import type { ImageInputSpec } from './model-manifest.js';

const FIT = { fill: 'fill', cover: 'cover', contain: 'contain' } as const;

/** Resizes the decoded pixels to the model's input size; one resize per distinct input shape. */
export async function resizeFor(image: DecodedImage, spec: ImageInputSpec): Promise<Buffer> {
  if (image.width === spec.width && image.height === spec.height) return image.pixels;
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(spec.width, spec.height, { fit: FIT[spec.resize], background: { r: 0, g: 0, b: 0 } })
    .raw()
    .toBuffer();
}

/**
 * RGB bytes of the input's size → the model's tensor, in one pass over the pixels: channel
 * order, scale, mean/std, layout and dtype all applied per value as it is written.
 */
export function pixelsToTensor(rgb: Buffer, spec: ImageInputSpec): ort.Tensor {
  const plane = spec.width * spec.height;
  const order = spec.channelOrder === 'RGB' ? [0, 1, 2] : [2, 1, 0];
  const gains = order.map((_, c) => spec.scale / spec.std[c]!);
  const offsets = order.map((_, c) => spec.mean[c]! / spec.std[c]!);
  const out = spec.dtype === 'float16' ? new Uint16Array(3 * plane) : new Float32Array(3 * plane);
  const half = spec.dtype === 'float16';
  const nchw = spec.layout === 'NCHW';
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) {
      const value = rgb[i * 3 + order[c]!]! * gains[c]! - offsets[c]!;
      out[nchw ? c * plane + i : i * 3 + c] = half ? toHalf(value) : value;
    }
  }
  const dims = nchw ? [1, 3, spec.height, spec.width] : [1, spec.height, spec.width, 3];
  return new ort.Tensor(spec.dtype, out, dims);
}
