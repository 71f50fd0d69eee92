import sharp, { type Sharp } from 'sharp';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeImageBytes, DEFAULT_INTAKE_LIMITS } from '../../src/image/decode-image.js';
import { photoToRead } from '../../src/analysis/photo-to-read.js';
import { thumbnailOf } from '../../src/vision/pixels/thumbnail.js';
import { lookOf, looksByLabel, looksLikeOneOf, recallByLook } from '../../src/vision/heads/photo-look.js';
import { describeWithShared, sharedPhoto } from '../fixtures/shared-assets.js';

const PHOTOS = [
  'chelsea.png',
  'coffee.png',
  'darknet_giraffe.jpg',
  'darknet_horses.jpg',
  'darknet_person.jpg',
  'wml_dog.jpg',
];

/** A thumbnail as training reads a photo: decoded like a request, then thumbnailOf. */
const thumbnail = async (bytes: Buffer) =>
  thumbnailOf((await photoToRead(await decodeImageBytes(bytes, DEFAULT_INTAKE_LIMITS))).image);

const COPIES: Record<string, (photo: Sharp) => Sharp> = {
  'a JPEG re-saved at quality 60': (photo) => photo.jpeg({ quality: 60 }),
  'half its size': (photo) => photo.resize({ width: 160 }).png(),
  'lightened by a fifth': (photo) => photo.modulate({ brightness: 1.2 }).jpeg(),
  recoloured: (photo) => photo.modulate({ saturation: 1.4, hue: 15 }).jpeg(),
  grey: (photo) => photo.greyscale().jpeg(),
  mirrored: (photo) => photo.flop().jpeg(),
  'a quarter turn': (photo) => photo.rotate(90).jpeg(),
};

describeWithShared('a photo’s look (what a head keeps of its training photos)', () => {
  it('finds re-saved, resized, recoloured, turned and mirrored copies of real photos, and no other photo', async () => {
    const originals = await Promise.all(PHOTOS.map((name) => readFileSync(sharedPhoto(name))));
    const looks = await Promise.all(originals.map(async (bytes) => lookOf(await thumbnail(bytes))));
    for (const [i, bytes] of originals.entries()) {
      for (const [copy, edit] of Object.entries(COPIES)) {
        const copied = await thumbnail(await edit(sharp(bytes)).toBuffer());
        expect(looksLikeOneOf([looks[i]!])(copied), `${PHOTOS[i]}: ${copy}`).toBe(true);
        expect(looksLikeOneOf(looks.filter((_, j) => j !== i))(copied), `${PHOTOS[i]}: ${copy} among the others`).toBe(
          false,
        );
      }
    }
  });
});

describeWithShared('recalling a head’s training photos by their look', () => {
  it('names a copy of a photo by its label, and none where the photo was filed under two labels', async () => {
    const [cat, giraffe, horses, person] = await Promise.all(
      ['chelsea.png', 'darknet_giraffe.jpg', 'darknet_horses.jpg', 'darknet_person.jpg'].map((name) =>
        readFileSync(sharedPhoto(name)),
      ),
    );
    const photos = [
      { label: 'cat', thumbnail: await thumbnail(cat!) },
      { label: 'giraffe', thumbnail: await thumbnail(giraffe!) },
      // The same horses, filed under two labels (one of them a mirrored copy): neither is recalled.
      { label: 'horses', thumbnail: await thumbnail(horses!) },
      { label: 'cat', thumbnail: await thumbnail(await sharp(horses!).flop().jpeg().toBuffer()) },
    ];
    const byLabel = looksByLabel(photos);
    expect(Object.fromEntries(Object.entries(byLabel).map(([label, looks]) => [label, looks.length]))).toEqual({
      cat: 1,
      giraffe: 1,
    });
    const recall = recallByLook(byLabel);
    for (const [copy, edit] of Object.entries(COPIES)) {
      expect(recall(await thumbnail(await edit(sharp(cat!)).toBuffer())), copy).toBe('cat');
      expect(recall(await thumbnail(await edit(sharp(giraffe!)).toBuffer())), copy).toBe('giraffe');
      expect(recall(await thumbnail(await edit(sharp(horses!)).toBuffer())), copy).toBeUndefined();
    }
    expect(recall(await thumbnail(person!))).toBeUndefined();
  });
});

describe('a photo’s look', () => {
  it('is 256 hex digits, the same for the same pixels', async () => {
    const photo = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#808080' } })
      .composite([
        { input: Buffer.from('<svg width="96" height="64"><circle cx="30" cy="30" r="20" fill="#fff"/></svg>') },
      ])
      .png()
      .toBuffer();
    const look = lookOf(await thumbnail(photo));
    expect(look).toMatch(/^[0-9a-f]{256}$/);
    expect(lookOf(await thumbnail(photo))).toBe(look);
  });
});
