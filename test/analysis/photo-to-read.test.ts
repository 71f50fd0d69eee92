import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoToRead } from '../../src/analysis/photo-to-read.js';
import { decodeImageBytes } from '../../src/image/decode-image.js';
import type { DecodedImage } from '../../src/image/decoded-image.js';

/**
 * A 300 × 200 photo of horizontal stripes (light and mid tones, none dark enough to be taken for the
 * surround), its left quarter a dark band (a shadow along one edge) but for its top rows.
 */
async function stripes(): Promise<Buffer> {
  const [width, height] = [300, 200];
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const light = Math.floor(y / 20) % 2 === 0;
      const shade = x < 75 && y > 30 ? 20 : light ? 230 : 130;
      pixels.set([shade, light ? shade : shade - 40, light ? shade - 30 : shade], (y * width + x) * 3);
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const decoded = async (photo: Buffer) => decodeImageBytes(await sharp(photo).jpeg({ quality: 95 }).toBuffer());

/** The mean of |row − next row| and of |column − next column| of the green channel: stripes that run across differ down only. */
function changeAlong(image: DecodedImage): { across: number; down: number } {
  let [across, down] = [0, 0];
  const at = (x: number, y: number) => image.pixels[(y * image.width + x) * 3 + 1]!;
  for (let y = 0; y < image.height - 1; y++)
    for (let x = 0; x < image.width - 1; x++) {
      across += Math.abs(at(x + 1, y) - at(x, y));
      down += Math.abs(at(x, y + 1) - at(x, y));
    }
  const count = (image.width - 1) * (image.height - 1);
  return { across: across / count, down: down / count };
}

/** The share of the image's pixels as dark as the surround: black read as the photo. */
function surroundShare(image: DecodedImage): number {
  let dark = 0;
  for (let i = 0; i < image.pixels.length; i += 3)
    if (image.pixels[i]! + image.pixels[i + 1]! + image.pixels[i + 2]! < 30) dark++;
  return dark / (image.width * image.height);
}

describe('a photo turned onto black is read upright', () => {
  it.each([12, -17, 4])(
    'turned by %i° onto a grown canvas: read upright, nearly whole, with no black',
    async (degrees) => {
      const turned = await sharp(await stripes())
        .rotate(degrees, { background: '#000' })
        .png()
        .toBuffer();
      const { image, litArea } = await photoToRead(await decoded(turned));
      expect(litArea?.turn?.degrees).toBeCloseTo(degrees, 0);
      // The stripes run across again: down the photo they change, across hardly at all.
      const change = changeAlong(image);
      expect(change.across).toBeLessThan(change.down / 4);
      // Nearly all of the 300 × 200 photo, the dark band along its left side included.
      expect(image.width * image.height).toBeGreaterThan(0.85 * 300 * 200);
      expect(surroundShare(image)).toBeLessThan(0.002);
    },
  );

  it('turned and cut to its frame, as augmentations do: read upright, without the corners it lost', async () => {
    const photo = await stripes();
    const turned = await sharp(await sharp(photo).rotate(10, { background: '#000' }).png().toBuffer())
      .resize(300, 200, { fit: 'cover' })
      .png()
      .toBuffer();
    const { image, litArea } = await photoToRead(await decoded(turned));
    expect(litArea?.turn?.degrees).toBeCloseTo(10, 0);
    const change = changeAlong(image);
    expect(change.across).toBeLessThan(change.down / 4);
    expect(surroundShare(image)).toBeLessThan(0.002);
    // More of it than the upright rectangle inside the turned photo holds.
    expect(image.width * image.height).toBeGreaterThan(litArea!.inside.width * litArea!.inside.height);
  });

  it('is not turned where it is letterboxed (its edges level) or cut to an octagon (45°: the photo inside is upright)', async () => {
    const letterboxed = await sharp(await stripes())
      .extend({ top: 50, bottom: 50, background: '#000' })
      .png()
      .toBuffer();
    const boxed = await photoToRead(await decoded(letterboxed));
    expect(boxed.image).toMatchObject({ width: 300 });
    expect(boxed.image.height).toBeGreaterThanOrEqual(195);
    const octagon = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" fill="#000"/><polygon points="60,0 240,0 300,60 300,240 240,300 60,300 0,240 0,60" fill="#e0a090"/></svg>',
    );
    const cut = await photoToRead(await decoded(await sharp(octagon).png().toBuffer()));
    expect(Math.abs(cut.litArea!.turn!.degrees)).toBeCloseTo(45, 0);
    // Read as it is: the same rectangle of the same pixels.
    expect(cut.image.width).toBe(cut.litArea!.inside.width);
    expect(cut.image.height).toBe(cut.litArea!.inside.height);
  });
});
