import ort from 'onnxruntime-node';
import sharp from 'sharp';
import { toHalf } from './float16.js';
import type { ImageInputSpec } from './model-manifest.js';
import type { Region } from './region.js';

const FIT = { fill: 'fill', cover: 'cover', contain: 'contain' } as const;

/** RGB pixels of a given size: a decoded photo, or a region of one. */
export interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly pixels: Buffer;
}

/** A region of a photo that a model reads as its image: cut out by the same resize that makes the model's input. */
export interface Crop {
  readonly image: Pixels;
  readonly region: Region;
}

/** How much a letterboxed image was scaled: input pixels = image pixels × scale. */
export const letterboxScale = (image: { readonly width: number; readonly height: number }, spec: ImageInputSpec) => Math.min(spec.width / image.width, spec.height / image.height);

/**
 * A letterboxed input: the image scaled to fit, top-left, padded right and below, as YOLOX was
 * trained (box coordinates then only scale). `content` is the scaled image without the padding:
 * the whole frame, small, for any later step that needs no more (the exposure check).
 */
export async function letterbox(source: Pixels | Crop, spec: ImageInputSpec): Promise<{ readonly input: Buffer; readonly content: Pixels }> {
  const whole = 'region' in source ? source.image : source;
  const image = 'region' in source ? source.region : source;
  const scale = letterboxScale(image, spec);
  const width = Math.min(spec.width, Math.round(image.width * scale));
  const height = Math.min(spec.height, Math.round(image.height * scale));
  // A photo decoded to the input's size already (the decode plan's usual case) needs only the padding.
  const fits = !('region' in source) && width === whole.width && height === whole.height;
  const resized = () => {
    const pixels = sharp(whole.pixels, { raw: { width: whole.width, height: whole.height, channels: 3 as const } });
    return ('region' in source ? pixels.extract(source.region) : pixels).resize(width, height, { fit: 'fill' }).raw().toBuffer();
  };
  const scaled = fits ? whole.pixels : await resized();
  const input = Buffer.alloc(spec.width * spec.height * 3, spec.pad ?? 0);
  for (let row = 0; row < height; row++) scaled.copy(input, row * spec.width * 3, row * width * 3, (row + 1) * width * 3);
  return { input, content: { width, height, pixels: scaled } };
}

/** Resizes the pixels (or a crop of them) to the model's input size, in one libvips pipeline. */
export async function resizeFor(source: Pixels | Crop, spec: ImageInputSpec): Promise<Buffer> {
  if (spec.resize === 'letterbox') return (await letterbox(source, spec)).input;
  const crop = 'region' in source ? source.region : undefined;
  const whole = 'region' in source ? source.image : source;
  const image = crop ?? whole;
  if (!crop && image.width === spec.width && image.height === spec.height) return whole.pixels;
  const pixels = sharp(whole.pixels, { raw: { width: whole.width, height: whole.height, channels: 3 as const } });
  const cut = crop ? pixels.extract(crop) : pixels;
  return cut
    .resize(spec.width, spec.height, { fit: FIT[spec.resize], background: { r: 0, g: 0, b: 0 } })
    .raw()
    .toBuffer();
}

type ChannelTables = readonly [Float32Array | Uint16Array, Float32Array | Uint16Array, Float32Array | Uint16Array];
const tablesBySpec = new WeakMap<ImageInputSpec, ChannelTables>();

/**
 * A pixel byte has 256 possible values, so each output channel's (byte × scale − mean) / std is
 * computed once, 256 times, in the model's dtype: the same values a per-pixel computation gives,
 * without 150,000 float16 conversions per photo on the event loop.
 */
function channelTables(spec: ImageInputSpec): ChannelTables {
  let tables = tablesBySpec.get(spec);
  if (!tables) {
    const make = (c: number) => {
      const table = spec.dtype === 'float16' ? new Uint16Array(256) : new Float32Array(256);
      for (let byte = 0; byte < 256; byte++) {
        const value = (byte * spec.scale - spec.mean[c]!) / spec.std[c]!;
        table[byte] = spec.dtype === 'float16' ? toHalf(value) : value;
      }
      return table;
    };
    tables = [make(0), make(1), make(2)];
    tablesBySpec.set(spec, tables);
  }
  return tables;
}

/**
 * RGB bytes of the input's size → the model's tensor, in one pass over the pixels: channel
 * order, scale, mean/std, layout and dtype all applied per value as it is written.
 */
export function pixelsToTensor(rgb: Buffer, spec: ImageInputSpec): ort.Tensor {
  const plane = spec.width * spec.height;
  const source = spec.channelOrder === 'RGB' ? [0, 1, 2] : [2, 1, 0];
  const tables = channelTables(spec);
  const out = spec.dtype === 'float16' ? new Uint16Array(3 * plane) : new Float32Array(3 * plane);
  // One tight loop per channel and layout: this runs on the event loop for every model input.
  for (let c = 0; c < 3; c++) {
    const table = tables[c]!;
    if (spec.layout === 'NCHW') {
      for (let i = 0, at = c * plane, p = source[c]!; i < plane; i++, p += 3) out[at + i] = table[rgb[p]!]!;
    } else {
      for (let i = 0, p = source[c]!; i < plane; i++, p += 3) out[i * 3 + c] = table[rgb[p]!]!;
    }
  }
  const dims = spec.layout === 'NCHW' ? [1, 3, spec.height, spec.width] : [1, spec.height, spec.width, 3];
  return new ort.Tensor(spec.dtype, out, dims);
}
