import ort from 'onnxruntime-node';
import sharp from 'sharp';
import { toHalf } from './float16.js';
import type { ImageInputSpec } from './model-manifest.js';
import type { Pixels } from '../pixels/pixels.js';
import type { Region } from '../pixels/region.js';
import { takeBuffer } from './tensor-buffers.js';

const FIT = { fill: 'fill', cover: 'cover', contain: 'contain' } as const;

/** A region of a photo that a model reads as its image: cut out by the same resize that makes the model's input. */
export interface Crop {
  readonly image: Pixels;
  readonly region: Region;
}

/** How much a letterboxed image was scaled: input pixels = image pixels × scale. */
export const letterboxScale = (image: { readonly width: number; readonly height: number }, spec: ImageInputSpec) =>
  Math.min(spec.width / image.width, spec.height / image.height);

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

type HalfTables = readonly [Uint16Array, Uint16Array, Uint16Array];
const halfTablesBySpec = new WeakMap<ImageInputSpec, HalfTables>();

/**
 * A float16 input's value for each of the 256 bytes, per channel, computed once: a float16
 * conversion per value would cost more than the rest of the tensor.
 */
function halfTables(spec: ImageInputSpec): HalfTables {
  let tables = halfTablesBySpec.get(spec);
  if (!tables) {
    const make = (c: number) =>
      Uint16Array.from({ length: 256 }, (_, byte) => toHalf((byte * spec.scale - spec.mean[c]!) / spec.std[c]!));
    tables = [make(0), make(1), make(2)];
    halfTablesBySpec.set(spec, tables);
  }
  return tables;
}

/** Where a tensor's values go: the first channel of pixel i at i × pixelStep, each next channel channelStep further. */
interface Layout {
  readonly rowStride: number;
  readonly pixelStep: number;
  readonly channelStep: number;
}

/**
 * float32: (byte × scale − mean) / std, computed per value in one pass over the pixels. The same
 * double arithmetic a table of 256 values would hold, so the same float32 values, at half the cost
 * of a lookup per value (a 416 px detector input is half a million values, on the event loop).
 */
function writeFloat32(
  out: Float32Array,
  image: Pixels,
  spec: ImageInputSpec,
  source: readonly number[],
  layout: Layout,
): void {
  const { width, height, pixels: rgb } = image;
  const { rowStride, pixelStep, channelStep } = layout;
  const [s0, s1, s2] = source as [number, number, number];
  const scale = spec.scale;
  const [m0, m1, m2] = spec.mean;
  const [d0, d1, d2] = spec.std;
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0, at = y * rowStride; x < width; x++, p += 3, at += pixelStep) {
      out[at] = (rgb[p + s0]! * scale - m0) / d0;
      out[at + channelStep] = (rgb[p + s1]! * scale - m1) / d1;
      out[at + 2 * channelStep] = (rgb[p + s2]! * scale - m2) / d2;
    }
  }
}

/** float16: each value from its channel's table, in one pass over the pixels. */
function writeFloat16(
  out: Uint16Array,
  image: Pixels,
  spec: ImageInputSpec,
  source: readonly number[],
  layout: Layout,
): void {
  const { width, height, pixels: rgb } = image;
  const { rowStride, pixelStep, channelStep } = layout;
  const [s0, s1, s2] = source as [number, number, number];
  const [t0, t1, t2] = halfTables(spec);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0, at = y * rowStride; x < width; x++, p += 3, at += pixelStep) {
      out[at] = t0[rgb[p + s0]!]!;
      out[at + channelStep] = t1[rgb[p + s1]!]!;
      out[at + 2 * channelStep] = t2[rgb[p + s2]!]!;
    }
  }
}

/**
 * RGB pixels → the model's tensor: channel order, scale, mean/std, layout and dtype all applied
 * per value as it is written. Pixels smaller than the input (a letterbox's content) are placed
 * top-left, and the rest of the input is the pad value.
 */
export function pixelsToTensor(image: Pixels, spec: ImageInputSpec): ort.Tensor {
  const { width, height } = image;
  if (width > spec.width || height > spec.height)
    throw new RangeError(`${width}×${height} pixels do not fit the model's ${spec.width}×${spec.height} input`);
  const plane = spec.width * spec.height;
  const source = spec.channelOrder === 'RGB' ? [0, 1, 2] : [2, 1, 0];
  const nchw = spec.layout === 'NCHW';
  const layout: Layout = nchw
    ? { rowStride: spec.width, pixelStep: 1, channelStep: plane }
    : { rowStride: spec.width * 3, pixelStep: 3, channelStep: 1 };
  const padded = width < spec.width || height < spec.height;
  const padValue = (c: number) => ((spec.pad ?? 0) * spec.scale - spec.mean[c]!) / spec.std[c]!;
  // Every value is written below, so a used buffer serves as well as a new one.
  let data: Float32Array | Uint16Array;
  if (spec.dtype === 'float16') {
    const out = new Uint16Array(takeBuffer(3 * plane * 2));
    if (padded)
      fillPadding(
        out,
        [0, 1, 2].map((c) => toHalf(padValue(c))),
        nchw,
        plane,
      );
    writeFloat16(out, image, spec, source, layout);
    data = out;
  } else {
    const out = new Float32Array(takeBuffer(3 * plane * 4));
    if (padded) fillPadding(out, [0, 1, 2].map(padValue), nchw, plane);
    writeFloat32(out, image, spec, source, layout);
    data = out;
  }
  const dims = nchw ? [1, 3, spec.height, spec.width] : [1, spec.height, spec.width, 3];
  return new ort.Tensor(spec.dtype, data, dims);
}

/** The whole input at each channel's pad value; the pixels are then written over it. */
function fillPadding(out: Float32Array | Uint16Array, pad: readonly number[], nchw: boolean, plane: number): void {
  for (let c = 0; c < 3; c++) {
    if (nchw) out.fill(pad[c]!, c * plane, (c + 1) * plane);
    else for (let i = c; i < out.length; i += 3) out[i] = pad[c]!;
  }
}
