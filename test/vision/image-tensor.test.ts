import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { letterbox, pixelsToTensor, resizeFor } from '../../src/vision/runtime/image-tensor.js';
import type { ImageInputSpec } from '../../src/vision/runtime/model-manifest.js';

const spec = (resize: ImageInputSpec['resize'], side: number): ImageInputSpec => ({
  kind: 'image',
  name: 'images',
  dtype: 'float32',
  layout: 'NCHW',
  width: side,
  height: side,
  resize,
  pad: 114,
  channelOrder: 'BGR',
  scale: 1,
  mean: [0, 0, 0],
  std: [1, 1, 1],
});
const noise = (width: number, height: number) => ({ width, height, pixels: randomBytes(width * height * 3) });
const raw = (image: { width: number; height: number; pixels: Buffer }) =>
  sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 3 } });

describe('model inputs from the decoded photo', () => {
  it('letterboxes as libvips resize-and-extend does, padding as the tensor is written', async () => {
    const image = noise(500, 300);
    const content = await letterbox(image, spec('letterbox', 416));
    expect([content.width, content.height]).toEqual([416, 250]);
    expect(content.pixels.equals(await raw(image).resize(416, 250, { fit: 'fill' }).raw().toBuffer())).toBe(true);
    const extended = await raw(image)
      .resize(416, 250, { fit: 'fill' })
      .extend({ right: 0, bottom: 166, background: { r: 114, g: 114, b: 114 } })
      .raw()
      .toBuffer();
    for (const layout of ['NCHW', 'NHWC'] as const) {
      for (const dtype of ['float32', 'float16'] as const) {
        const input = {
          ...spec('letterbox', 416),
          layout,
          dtype,
          scale: 1 / 255,
          mean: [0.1, 0.2, 0.3] as [number, number, number],
        };
        const placed = pixelsToTensor(content, input).data as Float32Array | Uint16Array;
        const whole = pixelsToTensor({ width: 416, height: 416, pixels: extended }, input).data as
          | Float32Array
          | Uint16Array;
        expect(
          placed.every((value, i) => value === whole[i]),
          `${layout} ${dtype}`,
        ).toBe(true);
      }
    }
  });

  it('takes a photo already decoded to the input’s long side as its own content, without resizing it', async () => {
    const image = noise(416, 312);
    expect(await letterbox(image, spec('letterbox', 416))).toBe(image);
  });

  it('refuses pixels larger than the input', () => {
    expect(() => pixelsToTensor(noise(417, 10), spec('letterbox', 416))).toThrow(RangeError);
  });

  it('cuts a crop in the same pipeline that resizes it, as a cut and then a resize would', async () => {
    const image = noise(400, 300);
    const region = { left: 37, top: 21, width: 201, height: 150 };
    const cut = await raw(image).extract(region).raw().toBuffer();
    const separately = await resizeFor({ width: region.width, height: region.height, pixels: cut }, spec('cover', 224));
    expect((await resizeFor({ image, region }, spec('cover', 224))).pixels.equals(separately.pixels)).toBe(true);
  });
});
