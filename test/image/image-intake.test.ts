import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/contract/api-error.js';
import type { ErrorCode } from '../../src/contract/error-catalogue.js';
import { decodeBase64Field, imageFieldBytes } from '../../src/image/base64-field.js';
import { DEFAULT_INTAKE_LIMITS, decodeImageBytes, type IntakeLimits } from '../../src/image/decode-image.js';
import type { DecodedImage } from '../../src/image/decoded-image.js';
import { sniffImageFormat } from '../../src/image/sniff-format.js';
import { CHARACTER_LIMITS } from '../../src/analysis/limits/character-limits.js';
import {
  FORMATS,
  decompressionBombPng,
  jpegMagicThenNoise,
  mimeLines,
  flatPicture,
  pngSignatureThenGarbage,
  sidewaysJpegWithGps,
  toBase64,
  truncatedPhoto,
} from '../fixtures/images.js';

/** Intake on its own: base64 → bytes → sniffed format → upright, stripped, 8-bit RGB pixels. */

const MiB = 1024 * 1024;
const FLOOR = { r: 225, g: 220, b: 210 }; // flatPicture()'s default background

function refusalOf(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a refusal, but the call succeeded');
}

async function asyncRefusalOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal, but the call succeeded');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const expectCode = (error: ApiError, code: ErrorCode) => expect(error.code, error.message).toBe(code);

/** The RGB triple at (x, y) of a decoded image. */
function pixelAt(image: DecodedImage, x: number, y: number): [number, number, number] {
  const offset = (y * image.width + x) * 3;
  return [image.pixels[offset]!, image.pixels[offset + 1]!, image.pixels[offset + 2]!];
}

const sidewaysWithGps = sidewaysJpegWithGps;

/** IFD0 entry of tag 0x8825 (GPSInfo), type LONG, little-endian as sharp writes it. */
const GPS_IFD_POINTER = Buffer.from([0x25, 0x88, 0x04, 0x00]);

function expectNear(actual: readonly number[], expected: readonly number[], tolerance: number) {
  actual.forEach((value, i) => {
    expect(Math.abs(value - expected[i]!), `channel ${i}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
  });
}

describe('decodeBase64Field', () => {
  const bytes = randomBytes(300);
  const plain = bytes.toString('base64');

  it('decodes plain base64', () => {
    expect(decodeBase64Field(plain, 1000).equals(bytes)).toBe(true);
  });

  it('ignores the data-URL media type, in any case', () => {
    for (const prefix of [
      'data:image/jpeg;base64,',
      'data:image/png;base64,',
      'DATA:TEXT/PLAIN;BASE64,',
      'data:;base64,',
    ]) {
      expect(decodeBase64Field(prefix + plain, 1000).equals(bytes), prefix).toBe(true);
    }
  });

  it('tolerates MIME line breaks, spaces and tabs', () => {
    const broken = ` ${mimeLines(plain).replace(/(.{10})/, '$1\t ')}\n`;
    expect(decodeBase64Field(broken, 1000).equals(bytes)).toBe(true);
  });

  it('decodes base64url without padding', () => {
    const b64 = randomBytes(301).toString('base64');
    const url = b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(url).toMatch(/[-_]/);
    expect(url.length % 4).not.toBe(0);
    expect(decodeBase64Field(url, 1000).equals(Buffer.from(b64, 'base64'))).toBe(true);
  });

  it.each([
    ['an invalid character', `${plain.slice(0, 40)}!${plain.slice(41)}`],
    ['a NUL character', `${plain.slice(0, 40)}\u0000${plain.slice(41)}`],
    ['padding in the middle', `AAAA==${plain}`],
    ['three padding characters', 'AAAAA==='],
    ['a length of 4n + 1', 'AAAAA'],
    ['a non-base64 data URL', `data:image/jpeg,${plain}`],
    ['percent-encoding', `data:image/jpeg;base64,${encodeURIComponent('+/+/')}`],
  ])('refuses %s as INVALID_IMAGE', (_name, field) => {
    expectCode(
      refusalOf(() => decodeBase64Field(field, 1000)),
      'INVALID_IMAGE',
    );
  });

  it.each([
    ['whitespace only', ' \r\n\t'],
    ['a bare data-URL prefix', 'data:image/png;base64,'],
    ['a data-URL prefix and blanks', 'data:image/png;base64,  \n'],
  ])('refuses %s as MISSING_IMAGE', (_name, field) => {
    expectCode(
      refusalOf(() => decodeBase64Field(field, 1000)),
      'MISSING_IMAGE',
    );
  });

  it('refuses one foreign character anywhere, in texts of every length and padding', () => {
    // The decoder skips what is not Base64; the field is refused because the output then comes up short.
    for (let size = 1; size <= 13; size++) {
      for (const text of [randomBytes(size).toString('base64'), randomBytes(size).toString('base64url')]) {
        for (let at = 0; at <= text.length; at++) {
          for (const foreign of ['!', '.', '\u00e9', '\uff21', '=', '%']) {
            const field = `${text.slice(0, at)}${foreign}${text.slice(at)}`;
            // A "=" added at the very end of unpadded text is padding; one more at the end of padded text is not.
            if (foreign === '=' && at === text.length && !text.endsWith('=') && text.length % 4 !== 0) continue;
            expectCode(
              refusalOf(() => decodeBase64Field(field, 1000)),
              'INVALID_IMAGE',
            );
          }
        }
      }
    }
  });

  it('accepts exactly maxBytes and refuses one more, whatever the padding', () => {
    for (let size = 1; size <= 12; size++) {
      const data = randomBytes(size);
      const encodings = [data.toString('base64'), data.toString('base64url')];
      for (const field of encodings) {
        expect(decodeBase64Field(field, size).equals(data), `${size} bytes as ${field}`).toBe(true);
        expectCode(
          refusalOf(() => decodeBase64Field(field, size - 1)),
          'IMAGE_TOO_LARGE',
        );
      }
    }
  });

  it('does not count whitespace or the data-URL prefix towards the size', () => {
    const data = randomBytes(57 * 10);
    const field = `data:image/jpeg;base64,${mimeLines(data.toString('base64'))}`;
    expect(decodeBase64Field(field, data.length).equals(data)).toBe(true);
  });

  it('refuses 5 million characters as IMAGE_TOO_LARGE from the length alone', () => {
    const refusal = refusalOf(() => decodeBase64Field('A'.repeat(5_000_000), DEFAULT_INTAKE_LIMITS.maxBytes));
    expectCode(refusal, 'IMAGE_TOO_LARGE');
    expect(refusal.message).toContain('3.58 MiB');
    expect(refusal.message).toContain('3.00 MiB');
  });

  it('checks the size before the text: 5 million invalid characters are too large, not invalid', () => {
    // Had it decoded (or even validated) the text first, the answer would be INVALID_IMAGE.
    expectCode(
      refusalOf(() => decodeBase64Field('*'.repeat(5_000_000), DEFAULT_INTAKE_LIMITS.maxBytes)),
      'IMAGE_TOO_LARGE',
    );
  });

  it('imageFieldBytes, what a request is decoded with, refuses the oversized field the same way, before sharp sees it', () => {
    expectCode(
      refusalOf(() => imageFieldBytes('*'.repeat(5_000_000), DEFAULT_INTAKE_LIMITS.maxBytes)),
      'IMAGE_TOO_LARGE',
    );
  });
});

describe('sniffImageFormat', () => {
  it.each(FORMATS)('recognises a real %s', async (format) => {
    expect(sniffImageFormat(await flatPicture(format))).toBe(format);
  });

  it('recognises the magic bytes alone', () => {
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8, 0xff]))).toBe('jpeg');
    expect(sniffImageFormat(Buffer.from('89504e470d0a1a0a', 'hex'))).toBe('png');
    expect(sniffImageFormat(Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'))).toBe('webp');
  });

  const ascii = (text: string) => Buffer.from(text, 'latin1');
  const otherFormats: ReadonlyArray<[string, () => Promise<Buffer> | Buffer]> = [
    [
      'GIF',
      async () =>
        sharp(await flatPicture('png'))
          .gif()
          .toBuffer(),
    ],
    [
      'TIFF',
      async () =>
        sharp(await flatPicture('png'))
          .tiff()
          .toBuffer(),
    ],
    ['TIFF', () => Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8])],
    [
      'HEIC/AVIF',
      async () =>
        sharp(await flatPicture('png'))
          .avif()
          .toBuffer(),
    ],
    ['HEIC/AVIF', () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), ascii('ftypheic'), Buffer.alloc(12)])],
    ['BMP', () => Buffer.concat([ascii('BM'), Buffer.alloc(52)])],
    ['PDF', () => ascii('%PDF-1.7\n%âãÏÓ\n1 0 obj')],
    ['SVG', () => ascii('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['SVG', () => ascii('\n  <?xml version="1.0"?><svg/>')],
    ['ICO', () => Buffer.from([0, 0, 1, 0, 1, 0, 16, 16])],
  ];

  it.each(otherFormats)('refuses %s, naming it', async (name, make) => {
    const bytes = await make();
    const error = refusalOf(() => sniffImageFormat(bytes));
    expectCode(error, 'UNSUPPORTED_IMAGE_FORMAT');
    expect(error.message).toContain(`The image is ${name};`);
  });

  it.each([
    ['random bytes', () => Buffer.from('0123456789abcdef0123456789abcdef', 'hex')],
    ['HTML', () => Buffer.from('<!doctype html><html></html>')],
    ['an empty buffer', () => Buffer.alloc(0)],
    ['the first two bytes of a JPEG', () => Buffer.from([0xff, 0xd8])],
    ['a RIFF that is not WEBP', () => Buffer.from('RIFF\0\0\0\0WAVE', 'latin1')],
  ])('refuses %s without naming a format', (_name, make) => {
    const error = refusalOf(() => sniffImageFormat(make()));
    expectCode(error, 'UNSUPPORTED_IMAGE_FORMAT');
    expect(error.message).toContain('not JPG, PNG or WEBP');
  });
});

describe('decodeImageBytes', () => {
  it('fixture: sidewaysJpegWithGps() is stored with orientation 6', async () => {
    expect((await sharp(await sidewaysJpegWithGps()).metadata()).orientation).toBe(6);
  });

  it('applies EXIF orientation: 300×200 stored with orientation 6 comes out 200×300', async () => {
    const sideways = await sidewaysWithGps();
    const stored = await sharp(sideways).metadata();
    expect({ width: stored.width, height: stored.height, orientation: stored.orientation }).toEqual({
      width: 300,
      height: 200,
      orientation: 6,
    });

    const decoded = await decodeImageBytes(imageFieldBytes(toBase64(sideways), DEFAULT_INTAKE_LIMITS.maxBytes));
    expect(decoded).toMatchObject({ format: 'jpeg', width: 200, height: 300, sourceWidth: 200, sourceHeight: 300 });
    expect(decoded.pixels.length).toBe(200 * 300 * 3);
  });

  it('rotates the right way: orientation 6 turns the left edge to the top', async () => {
    // Left half red, right half blue; orientation 6 means "rotate 90° clockwise to display".
    const red = await sharp({ create: { width: 150, height: 200, channels: 3, background: { r: 220, g: 20, b: 20 } } })
      .png()
      .toBuffer();
    const stored = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 20, g: 20, b: 220 } },
    })
      .composite([{ input: red, left: 0, top: 0 }])
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const decoded = await decodeImageBytes(stored);
    expect([decoded.width, decoded.height]).toEqual([200, 300]);
    expectNear(pixelAt(decoded, 100, 20), [220, 20, 20], 30);
    expectNear(pixelAt(decoded, 100, 280), [20, 20, 220], 30);
  });

  it('strips GPS and all other metadata: nothing but pixels comes out', async () => {
    const sideways = await sidewaysWithGps();
    const source = await sharp(sideways).metadata();
    expect(source.exif?.includes('PawPhone')).toBe(true);
    expect(source.exif?.includes(GPS_IFD_POINTER)).toBe(true);

    const decoded = await decodeImageBytes(imageFieldBytes(toBase64(sideways), DEFAULT_INTAKE_LIMITS.maxBytes));
    expect(Object.keys(decoded).sort()).toEqual(['format', 'height', 'pixels', 'sourceHeight', 'sourceWidth', 'width']);
    expect(decoded.pixels.includes('PawPhone')).toBe(false);

    const reencoded = await sharp(decoded.pixels, {
      raw: { width: decoded.width, height: decoded.height, channels: 3 },
    })
      .jpeg()
      .toBuffer();
    const metadata = await sharp(reencoded).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('shrinks a 3000×2000 JPEG to 1024 on the long side on load, keeping the aspect ratio', async () => {
    const large = await flatPicture('jpeg', { width: 3000, height: 2000 });
    const decoded = await decodeImageBytes(large);
    expect(DEFAULT_INTAKE_LIMITS.analysisLongSide).toBe(1024);
    expect(decoded).toMatchObject({ format: 'jpeg', sourceWidth: 3000, sourceHeight: 2000, width: 1024, height: 683 });
    expect(decoded.pixels.length).toBe(1024 * 683 * 3);
    expectNear(pixelAt(decoded, 2, 2), [FLOOR.r, FLOOR.g, FLOOR.b], 6);
    expectNear(pixelAt(decoded, 512, 341), [110, 70, 35], 12);
  });

  it('shrinks a portrait photo on its long side too', async () => {
    const decoded = await decodeImageBytes(await flatPicture('png', { width: 600, height: 1500 }), {
      ...DEFAULT_INTAKE_LIMITS,
      analysisLongSide: 300,
    });
    expect([decoded.width, decoded.height]).toEqual([120, 300]);
    expect(decoded.pixels.length).toBe(120 * 300 * 3);
  });

  it.each(FORMATS)('keeps a small %s at its size, as 3-channel pixels', async (format) => {
    const decoded = await decodeImageBytes(await flatPicture(format));
    expect(decoded).toMatchObject({ format, width: 320, height: 240, sourceWidth: 320, sourceHeight: 240 });
    expect(decoded.pixels.length).toBe(320 * 240 * 3);
    expectNear(pixelAt(decoded, 2, 2), [FLOOR.r, FLOOR.g, FLOOR.b], 6);
  });

  it('turns a 1-channel greyscale PNG into 3 equal channels', async () => {
    const grey = await sharp(await flatPicture('png'))
      .removeAlpha()
      .toColourspace('b-w')
      .png()
      .toBuffer();
    expect((await sharp(grey).metadata()).channels).toBe(1);
    const decoded = await decodeImageBytes(grey);
    expect(decoded.pixels.length).toBe(decoded.width * decoded.height * 3);
    for (const [x, y] of [
      [2, 2],
      [160, 120],
      [300, 200],
    ] as const) {
      const [r, g, b] = pixelAt(decoded, x, y);
      expect(r).toBe(g);
      expect(g).toBe(b);
    }
    expect(pixelAt(decoded, 2, 2)[0]).toBeGreaterThan(200);
    expect(pixelAt(decoded, 160, 120)[0]).toBeLessThan(120);
  });

  it('turns a greyscale PNG with alpha into 3 channels flattened onto white', async () => {
    const greyAlpha = await sharp({
      create: { width: 100, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    expect((await sharp(greyAlpha).metadata()).channels).toBe(2);
    const decoded = await decodeImageBytes(greyAlpha);
    expect(decoded.pixels.length).toBe(100 * 100 * 3);
    expect(pixelAt(decoded, 50, 50)).toEqual([255, 255, 255]);
  });

  it('turns a 16-bit PNG into 8-bit pixels with the same colours', async () => {
    const deep = await sharp(await flatPicture('png'))
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    const decoded = await decodeImageBytes(deep);
    expect(decoded.pixels.length).toBe(320 * 240 * 3);
    expectNear(pixelAt(decoded, 2, 2), [FLOOR.r, FLOOR.g, FLOOR.b], 3);
    expectNear(pixelAt(decoded, 160, 120), [110, 70, 35], 3);
  });

  it('turns a CMYK JPEG into sRGB pixels', async () => {
    const cmyk = await sharp(await flatPicture('png'))
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const decoded = await decodeImageBytes(cmyk);
    expect(decoded.pixels.length).toBe(320 * 240 * 3);
    expectNear(pixelAt(decoded, 2, 2), [FLOOR.r, FLOOR.g, FLOOR.b], 25);
  });

  it('flattens transparency onto white, not black', async () => {
    const clear = await sharp({
      create: { width: 80, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .webp({ lossless: true })
      .toBuffer();
    const decoded = await decodeImageBytes(clear);
    expect(decoded.format).toBe('webp');
    expect(pixelAt(decoded, 40, 40)).toEqual([255, 255, 255]);
  });

  it('says how much of the photo was transparent: a sticker’s background, never a camera’s photo', async () => {
    // Left half clear, right half opaque, as clip art or a subject lifted from its background is.
    const half = await sharp({
      create: { width: 100, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        { input: { create: { width: 50, height: 80, channels: 4, background: '#a0522d' } }, left: 50, top: 0 },
      ])
      .png()
      .toBuffer();
    // Its opaque half is a rectangle, as a photo letterboxed in an editor is.
    const { transparency } = await decodeImageBytes(half);
    expect(transparency?.share).toBeCloseTo(0.5, 1);
    expect(transparency?.rectangleFill).toBeCloseTo(1, 2);
    const opaque = await sharp(half).flatten({ background: '#fff' }).ensureAlpha().png().toBuffer();
    expect((await sharp(opaque).metadata()).hasAlpha).toBe(true);
    expect((await decodeImageBytes(opaque)).transparency).toEqual({ share: 0, rectangleFill: 1 });
    expect((await decodeImageBytes(await sharp(half).jpeg().toBuffer())).transparency).toBeUndefined();
  });

  it('tells a photo rotated onto transparency in an editor from a disc cut out: the shape of its opaque part', async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a0522d' } })
      .png()
      .toBuffer();
    const clear = { r: 0, g: 0, b: 0, alpha: 0 };
    const rotated = await sharp(photo).rotate(20, { background: clear }).png().toBuffer();
    const fill = (await decodeImageBytes(rotated)).transparency!.rectangleFill;
    expect(fill).toBeGreaterThanOrEqual(CHARACTER_LIMITS.editorRectangleFill);
    const disc = await sharp(photo)
      .resize(200, 200)
      .composite([
        {
          input: Buffer.from('<svg width="200" height="200"><circle cx="100" cy="100" r="100"/></svg>'),
          blend: 'dest-in',
        },
      ])
      .png()
      .toBuffer();
    expect((await decodeImageBytes(disc)).transparency!.rectangleFill).toBeCloseTo(Math.PI / 4, 1);
  });

  describe('refusals', () => {
    let jpeg: Buffer;
    beforeAll(async () => {
      jpeg = await flatPicture('jpeg');
    });

    it('IMAGE_TOO_LARGE for bytes over maxBytes, before anything else', async () => {
      const limits: IntakeLimits = { ...DEFAULT_INTAKE_LIMITS, maxBytes: jpeg.length - 1 };
      expectCode(await asyncRefusalOf(decodeImageBytes(jpeg, limits)), 'IMAGE_TOO_LARGE');
      expect((await decodeImageBytes(jpeg, { ...limits, maxBytes: jpeg.length })).width).toBe(320);
      // Even bytes that are no image at all: size first, format second.
      expectCode(await asyncRefusalOf(decodeImageBytes(Buffer.alloc(3 * MiB + 1))), 'IMAGE_TOO_LARGE');
    });

    it('IMAGE_TOO_LARGE for a decompression bomb, from its header and quickly', async () => {
      const bomb = decompressionBombPng();
      const started = performance.now();
      const refusal = await asyncRefusalOf(decodeImageBytes(bomb));
      const elapsed = performance.now() - started;
      expectCode(refusal, 'IMAGE_TOO_LARGE');
      expect(refusal.message).toContain('60000×60000');
      expect(elapsed).toBeLessThan(1500);
    });

    it('IMAGE_TOO_LARGE one pixel over maxPixels, accepted at exactly maxPixels', async () => {
      const limits: IntakeLimits = { ...DEFAULT_INTAKE_LIMITS, maxPixels: 320 * 240 };
      expect((await decodeImageBytes(jpeg, limits)).width).toBe(320);
      expectCode(
        await asyncRefusalOf(decodeImageBytes(jpeg, { ...limits, maxPixels: 320 * 240 - 1 })),
        'IMAGE_TOO_LARGE',
      );
    });

    it('IMAGE_TOO_LARGE for a 7000 × 7000 progressive JPEG of a few hundred KB (250 ms of CPU to decode), from its header, as a progressive JPEG; the same pixels as a baseline JPEG are decoded', async () => {
      const flat = sharp({ create: { width: 7000, height: 7000, channels: 3, background: FLOOR } });
      const progressive = await flat.clone().jpeg({ progressive: true, quality: 50 }).toBuffer();
      expect(progressive.length).toBeLessThan(3 * MiB);
      const refusal = await asyncRefusalOf(decodeImageBytes(progressive));
      expectCode(refusal, 'IMAGE_TOO_LARGE');
      expect(refusal.message).toMatch(/progressive or interlaced JPEG of 7000×7000 pixels.*24 megapixels/);
      const baseline = await flat.clone().jpeg({ quality: 50 }).toBuffer();
      expect((await decodeImageBytes(baseline)).width).toBe(1024);
    });

    it('the pixel limit follows how the format decodes: baseline JPEG, then PNG and WEBP, then progressive JPEG and interlaced PNG', async () => {
      const limits: IntakeLimits = {
        ...DEFAULT_INTAKE_LIMITS,
        maxPixels: 320 * 240,
        maxPixelsDecodedWhole: 320 * 240 - 1,
        maxPixelsProgressive: 320 * 240 - 2,
      };
      const picture = sharp(await flatPicture('png'));
      const encoded = {
        baseline: await picture.clone().jpeg().toBuffer(),
        progressive: await picture.clone().jpeg({ progressive: true }).toBuffer(),
        png: await picture.clone().png().toBuffer(),
        interlaced: await picture.clone().png({ progressive: true }).toBuffer(),
        webp: await picture.clone().webp().toBuffer(),
      };
      expect((await decodeImageBytes(encoded.baseline, limits)).width).toBe(320);
      for (const refused of [encoded.progressive, encoded.png, encoded.interlaced, encoded.webp])
        expectCode(await asyncRefusalOf(decodeImageBytes(refused, limits)), 'IMAGE_TOO_LARGE');
      const roomier = { ...limits, maxPixelsDecodedWhole: 320 * 240 };
      for (const accepted of [encoded.png, encoded.webp])
        expect((await decodeImageBytes(accepted, roomier)).width).toBe(320);
      for (const refused of [encoded.progressive, encoded.interlaced])
        expect((await asyncRefusalOf(decodeImageBytes(refused, roomier))).message).toMatch(/progressive or interlaced/);
      const progressiveToo = { ...roomier, maxPixelsProgressive: 320 * 240 };
      for (const accepted of [encoded.progressive, encoded.interlaced])
        expect((await decodeImageBytes(accepted, progressiveToo)).width).toBe(320);
    });

    it('INVALID_IMAGE below minSide on the short side, accepted at exactly minSide', async () => {
      expect(DEFAULT_INTAKE_LIMITS.minSide).toBe(64);
      expect((await decodeImageBytes(await flatPicture('png', { width: 200, height: 64 }))).height).toBe(64);
      const refusal = await asyncRefusalOf(decodeImageBytes(await flatPicture('png', { width: 200, height: 63 })));
      expectCode(refusal, 'INVALID_IMAGE');
      expect(refusal.message).toContain('200×63');
      expect(refusal.message).toContain('64');
    });

    it.each(FORMATS)('INVALID_IMAGE for a truncated %s, naming the format', async (format) => {
      const refusal = await asyncRefusalOf(decodeImageBytes(await truncatedPhoto(format)));
      expectCode(refusal, 'INVALID_IMAGE');
      expect(refusal.message).toContain(format.toUpperCase());
    });

    it.each([
      ['a PNG signature followed by garbage', () => pngSignatureThenGarbage(4000)],
      ['a JPEG signature followed by garbage', () => jpegMagicThenNoise(4004)],
      ['a WEBP header and nothing else', () => Buffer.from('RIFF\x10\0\0\0WEBPVP8 ', 'latin1')],
    ])('INVALID_IMAGE for %s', async (_name, make) => {
      expectCode(await asyncRefusalOf(decodeImageBytes(make())), 'INVALID_IMAGE');
    });

    it('UNSUPPORTED_IMAGE_FORMAT for an AVIF that sharp itself could decode: the sniff decides', async () => {
      const avif = await sharp(await flatPicture('png'))
        .avif()
        .toBuffer();
      expect((await sharp(avif).metadata()).width).toBe(320);
      expectCode(await asyncRefusalOf(decodeImageBytes(avif)), 'UNSUPPORTED_IMAGE_FORMAT');
    });
  });
});
