import ort from 'onnxruntime-node';
import sharp from 'sharp';
import { toHalf } from './float16.js';
import type { ImageInputSpec } from './model-manifest.js';
import type { Region } from './region.js';
import { takeBuffer } from './tensor-buffers.js';

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
 * The photo a source reads from, the part of it a model sees (the whole photo, or a crop's region),
 * and a libvips pipeline over the photo that starts by cutting that part out: a crop is cut by the
 * same resize that makes the model's input.
 */
function partOf(source: Pixels | Crop) {
  const whole = 'region' in source ? source.image : source;
  const region = 'region' in source ? source.region : undefined;
  const pipeline = () => {
    const pixels = sharp(whole.pixels, { raw: { width: whole.width, height: whole.height, channels: 3 as const } });
    return region ? pixels.extract(region) : pixels;
  };
  return { whole, region, size: region ?? whole, pipeline };
}

/**
 * A letterboxed input's content: the image scaled to fit, placed top-left and padded right and
 * below as YOLOX was trained (box coordinates then only scale). The padding is written with the
 * tensor (`pixelsToTensor`), never as pixels. The content is the whole frame, small, for any later
 * step that needs no more (the exposure check).
 */
export async function letterbox(source: Pixels | Crop, spec: ImageInputSpec): Promise<Pixels> {
  const { whole, region, size, pipeline } = partOf(source);
  const scale = letterboxScale(size, spec);
  const width = Math.min(spec.width, Math.round(size.width * scale));
  const height = Math.min(spec.height, Math.round(size.height * scale));
  // A photo decoded to the input's size already (the decode plan's usual case) is its own content.
  if (!region && width === whole.width && height === whole.height) return whole;
  return { width, height, pixels: await pipeline().resize(width, height, { fit: 'fill' }).raw().toBuffer() };
}

/**
 * The pixels (or a crop of them) as the model's input, in one libvips pipeline: resized to the
 * input's size, or, for a letterboxed input, scaled to fit within it (the padding comes with the tensor).
 */
export async function resizeFor(source: Pixels | Crop, spec: ImageInputSpec): Promise<Pixels> {
  if (spec.resize === 'letterbox') return letterbox(source, spec);
  const { whole, region, pipeline } = partOf(source);
  if (!region && whole.width === spec.width && whole.height === spec.height) return whole;
  const resized = await pipeline()
    .resize(spec.width, spec.height, { fit: FIT[spec.resize], background: { r: 0, g: 0, b: 0 } })
    .raw()
    .toBuffer();
  return { width: spec.width, height: spec.height, pixels: resized };
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
 * RGB pixels → the model's tensor, in one pass over the pixels: channel order, scale, mean/std,
 * layout and dtype all applied per value as it is written. Pixels smaller than the input (a
 * letterbox's content) are placed top-left, and the rest of the input is the pad value.
 */
export function pixelsToTensor(image: Pixels, spec: ImageInputSpec): ort.Tensor {
  const { width, height, pixels: rgb } = image;
  if (width > spec.width || height > spec.height) throw new RangeError(`${width}×${height} pixels do not fit the model's ${spec.width}×${spec.height} input`);
  const plane = spec.width * spec.height;
  const source = spec.channelOrder === 'RGB' ? [0, 1, 2] : [2, 1, 0];
  const tables = channelTables(spec);
  // Every value is written below, so a used buffer serves as well as a new one.
  const out = spec.dtype === 'float16' ? new Uint16Array(takeBuffer(3 * plane * 2)) : new Float32Array(takeBuffer(3 * plane * 4));
  const padded = width < spec.width || height < spec.height;
  // One tight loop per channel and row: this runs on the event loop for every model input.
  for (let c = 0; c < 3; c++) {
    const table = tables[c]!;
    const pad = table[spec.pad ?? 0]!;
    if (spec.layout === 'NCHW') {
      if (padded) out.fill(pad, c * plane, (c + 1) * plane);
      for (let y = 0, p = source[c]!; y < height; y++) {
        for (let x = 0, at = c * plane + y * spec.width; x < width; x++, p += 3) out[at + x] = table[rgb[p]!]!;
      }
    } else {
      if (padded) for (let i = c; i < out.length; i += 3) out[i] = pad;
      for (let y = 0, p = source[c]!; y < height; y++) {
        for (let x = 0, at = y * spec.width * 3 + c; x < width; x++, p += 3, at += 3) out[at] = table[rgb[p]!]!;
      }
    }
  }
  const dims = spec.layout === 'NCHW' ? [1, 3, spec.height, spec.width] : [1, spec.height, spec.width, 3];
  return new ort.Tensor(spec.dtype, out, dims);
}
