import sharp from 'sharp';
import type { DecodedImage } from './decoded-image.js';

/**
 * `image` turned by `degrees` (clockwise) onto a canvas grown to hold all of it, the corners the
 * turn uncovers filled with `fill`; its size as sent scaled alike, as cropDecodedImage does.
 * Interpolated bilinearly: each pixel copied from its nearest source pixel costs a third of the time
 * (a 896×664 photo: 8.6 ms against 22 ms), but its jagged edges cost the detector its sureness (a
 * calf's head turned back upright: boxed as a cow at 0.48 against 0.88, and judged as an ear).
 */
export async function turnDecodedImage(
  image: DecodedImage,
  degrees: number,
  fill: 'black' | 'white',
): Promise<DecodedImage> {
  const [cos, sin] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
  const level = fill === 'black' ? 0 : 255;
  const { data, info } = await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 3 } })
    .affine(
      [
        [cos, -sin],
        [sin, cos],
      ],
      { background: { r: level, g: level, b: level }, interpolator: sharp.interpolators.bilinear },
    )
    // Three channels, as DecodedImage's pixels are, whatever the fill adds.
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    format: image.format,
    ...(image.transparency && { transparency: image.transparency }),
    sourceWidth: Math.max(1, Math.round((info.width * image.sourceWidth) / image.width)),
    sourceHeight: Math.max(1, Math.round((info.height * image.sourceHeight) / image.height)),
    width: info.width,
    height: info.height,
    pixels: data,
  };
}
