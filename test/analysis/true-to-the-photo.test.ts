import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runPaidAnalysis } from '../../src/analysis/paid-analysis.js';
import type { Pipeline } from '../../src/analysis/pipeline.js';
import { CHARACTER_LIMITS } from '../../src/analysis/limits/character-limits.js';
import { LANGUAGES } from '../../src/contract/language.js';
import { decodeImageBytes } from '../../src/image/decode-image.js';
import { HEALTH_OPERATION_KEYS, OPERATION_KEYS, OPERATIONS, type OperationKey } from '../../src/operations/registry.js';
import { characterOf } from '../../src/vision/pixels/photo-character.js';
import { SHARED_PHOTOS } from '../../scripts/support/shared-photo-names.js';
import { RULE_SCENES } from '../../scripts/support/rule-scenes.js';
import { closeUp, FLOOR, sceneJpeg } from '../../scripts/support/scenes.js';
import { BAR_OUTLINE, cutOutOnWhite } from '../fixtures/cut-out.js';
import { describeWithShared, sharedPhoto } from '../fixtures/shared-assets.js';
import { builtinPipeline } from '../fixtures/test-app.js';

/**
 * docs/design.md §4, "Answers true to the photo": a colour verdict needs colour, a drawing or a round
 * view through an instrument is not a photo to judge, and what was refused is free. Generated
 * photos for every rule scene, and the shared photos when ../shared is present.
 */
let pipeline: Pipeline;
beforeAll(async () => {
  pipeline = await builtinPipeline();
});

async function answer(operation: OperationKey, photo: Buffer, language: (typeof LANGUAGES)[number] = 'en') {
  const { data, assessed } = await runPaidAnalysis(
    { pipeline },
    { operation, requestId: 'req_truetophoto', language, animalType: undefined, photo: () => photo },
  );
  expect(OPERATIONS[operation].data.safeParse(data).success).toBe(true);
  return { data: data as { severity?: string; summary: string }, assessed };
}

/**
 * A canal as an otoscope shows it: black around a lit disc that fills the frame's height, the
 * scene (a close-up of the canal) in the square inscribed in the disc, and the canal's own pink
 * (the ear scenes' base) in the rest of the disc.
 */
async function throughOtoscope(canal: Buffer): Promise<Buffer> {
  const radius = 145;
  const side = Math.floor(radius * Math.SQRT2);
  const disc = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#000"/><circle cx="200" cy="150" r="${radius}" fill="#f0b8b0"/></svg>`,
  );
  const inside = await sharp(canal).resize(side, side, { fit: 'fill' }).toBuffer();
  return sharp(disc)
    .composite([{ input: inside, left: 200 - (side >> 1), top: 150 - (side >> 1) }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

const greyscale = (photo: Buffer) => sharp(photo).greyscale().jpeg({ quality: 90 }).toBuffer();
const character = async (photo: Buffer) => characterOf(await decodeImageBytes(photo));

/** `count` patches of `patch` (twelve cover about 15% of the frame; one, under 1%) on `skin`, with a camera's noise, as a JPEG. */
async function twoTones(skin: string, patch: string, count = 12): Promise<Buffer> {
  const patches = Array.from(
    { length: count },
    (_, i) =>
      `<ellipse cx="${40 + (i % 4) * 100}" cy="${50 + Math.floor(i / 4) * 100}" rx="${20 + (i % 3) * 6}" ry="${14 + (i % 2) * 8}" fill="${patch}"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="${skin}"/>${patches}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let seed = 7;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = Math.max(0, Math.min(255, data[i]! + (seed / 0x7fffffff - 0.5) * 16));
  }
  return sharp(data, { raw: info }).jpeg({ quality: 85 }).toBuffer();
}

describe('a colour verdict needs colour', () => {
  it.each([
    ['dark brown debris on pink skin', '#e0a090', '#2e1d10'],
    ['a red lesion on pink skin', '#e8b0a0', '#c85050'],
  ])('%s (two tones of near hues, issue 40) has colour', async (_what, skin, patch) => {
    const photo = await twoTones(skin, patch);
    for (const operation of ['skin', 'ear'] as const)
      expect((await answer(operation, photo)).data.summary, operation).not.toMatch(/no usable colour/);
  });

  // One patch on flat skin is one hue and one tone: a tint's measures alone took it for sepia.
  it.each([
    ['a dark brown crumb of debris', '#e0a090', '#2e1d10'],
    ['a small red lesion', '#e8b0a0', '#c85050'],
  ])('%s on flat pink skin (one patch, issue 40) has colour', async (_what, skin, patch) => {
    const photo = await twoTones(skin, patch, 1);
    expect((await character(photo)).toneRange).toBeLessThan(CHARACTER_LIMITS.tintToneRange);
    for (const operation of ['skin', 'ear'] as const)
      expect((await answer(operation, photo)).data.summary, operation).not.toMatch(/no usable colour/);
  });

  it.each(RULE_SCENES)(
    'a greyscale copy of the %s %s scene is inconclusive, free, and asks for colour',
    async (operation, _rule, svg) => {
      const grey = await greyscale(await sceneJpeg(svg));
      expect((await character(grey)).chromaP99).toBeLessThanOrEqual(2);
      const { data, assessed } = await answer(operation, grey);
      expect(assessed).toBe(false);
      expect(data.severity).toBe('inconclusive');
      expect(data.summary).toMatch(/no usable colour .* Retake it in colour/);
    },
  );

  it.each(LANGUAGES)('says so in %s', async (language) => {
    const [, , svg] = RULE_SCENES.find(([operation, rule]) => operation === 'stool' && rule === 'melena')!;
    const { data } = await answer('stool', await greyscale(await sceneJpeg(svg)), language);
    expect(data.summary).toMatch({ en: /in colour/, zh: /彩色照片/, es: /en color/ }[language]);
  });

  it('the operations that read no colour still take a greyscale photo', async () => {
    const [, , svg] = RULE_SCENES[0]!;
    const { data } = await answer('emotion', await greyscale(await sceneJpeg(svg)));
    expect(data.summary).not.toMatch(/no usable colour/);
  });

  it('every colour rule scene keeps its colour: none is taken for a greyscale or tinted photo', async () => {
    for (const [operation, rule, svg] of RULE_SCENES) {
      const { data } = await answer(operation, await sceneJpeg(svg));
      expect(data.summary, `${operation}.${rule}`).not.toMatch(/no usable colour/);
    }
  });
});

describe('whether the frame’s edges show one surface', () => {
  const band = (top: string, bottom: string, width: number, height: number) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height / 2}" fill="${top}"/><rect y="${height / 2}" width="${width}" height="${height / 2}" fill="${bottom}"/></svg>`,
    );

  it('sky over a field differs edge to edge; one floor does not', async () => {
    expect((await character(await sceneJpeg(band('#8fb4e0', '#5a7a32', 400, 300)))).sideContrast).toBeGreaterThan(30);
    expect((await character(await sceneJpeg(band(FLOOR, FLOOR, 400, 300)))).sideContrast).toBeLessThan(3);
  });

  it('a panorama whose short side is thinner than the sampling step still measures its edges', async () => {
    const panorama = await sharp(band(FLOOR, FLOOR, 6400, 64))
      .jpeg()
      .toBuffer();
    expect((await character(panorama)).sideContrast).toBeLessThan(3);
  });
});

describe('only photographs are judged', () => {
  it.each(OPERATION_KEYS)(
    'a flat drawing (a scene saved as drawn, no camera noise) sent to %s is refused, free',
    async (operation) => {
      // Flat fills, as a logo has (a drawing full of fine lines and shading is beyond this check).
      const [, , svg] = RULE_SCENES.find(([op, rule]) => op === 'stool' && rule === 'fresh_blood')!;
      const drawing = await sharp(svg).jpeg({ quality: 92 }).toBuffer();
      const { data, assessed } = await answer(operation, drawing);
      expect(assessed).toBe(false);
      expect(data.summary).toMatch(/drawing, logo, screenshot or other graphic/);
    },
  );

  it('clip art, six outlined shapes in six colours, is refused by its flat fills, not by its few colours', async () => {
    const shapes = Array.from(
      { length: 6 },
      (_, i) =>
        `<circle cx="${250 + (i % 3) * 450}" cy="${270 + Math.floor(i / 3) * 550}" r="${150 + (i % 3) * 30}" fill="hsl(${i * 37}, 70%, 55%)" stroke="#111" stroke-width="9"/>`,
    ).join('');
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="1200"><rect width="1500" height="1200" fill="#fff"/>${shapes}</svg>`,
    );
    const drawing = await sharp(svg).png().toBuffer();
    // No one colour is a third of it (the few-colours rule's limit), at any decode size…
    for (const longSide of [224, 416, 1024]) {
      const decoded = characterOf(await decodeImageBytes(drawing, undefined, { longSide, shortSide: 0 }));
      expect(decoded.topColourShare).toBeLessThan(CHARACTER_LIMITS.graphicTopColour);
      expect(decoded.flatShare).toBeGreaterThan(0.6);
    }
    // …but its fills are flat to the pixel.
    for (const operation of OPERATION_KEYS) {
      const { data, assessed } = await answer(operation, drawing);
      expect(assessed, operation).toBe(false);
      expect(data.summary, operation).toMatch(/drawing, logo, screenshot or other graphic/);
    }
  });

  it('a round view with black around it is a microscope or an eye camera for skin and the specimens, an otoscope for ear', async () => {
    const inside = await sharp(await sceneJpeg(closeUp('#f0b8b0', [['#cc3333', 22]])))
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><path fill-rule="evenodd" fill="#000" d="M0 0H400V300H0Z M200 10a140 140 0 1 0 0.1 0Z"/></svg>',
          ),
        },
      ])
      .jpeg({ quality: 92 })
      .toBuffer();
    for (const operation of HEALTH_OPERATION_KEYS) {
      const { data } = await answer(operation, inside);
      if (operation === 'ear') expect(data.summary, operation).not.toMatch(/microscope/);
      else expect(data.summary, operation).toMatch(/view through a microscope or an eye camera/);
    }
  });

  // Owners' and web photos are often rotated or letterboxed onto black (issue 40: 27 of 105 real
  // dog skin close-ups were refused as round views, their black read as the skin's colour), and
  // some onto white (a cat photo framed in white among the real skin close-ups).
  it.each(RULE_SCENES.filter(([operation]) => operation === 'skin'))(
    'the %s %s scene rotated or letterboxed onto black or white is judged as the photo inside',
    async (operation, _rule, svg) => {
      const plain = await answer(operation, await sceneJpeg(svg));
      for (const background of ['#000', '#fff']) {
        const turned = await sharp(await sceneJpeg(svg))
          .rotate(17, { background })
          .jpeg({ quality: 92 })
          .toBuffer();
        const letterboxed = await sharp(await sceneJpeg(svg))
          .extend({ top: 60, bottom: 60, background })
          .jpeg({ quality: 92 })
          .toBuffer();
        for (const photo of [turned, letterboxed]) {
          const seen = await answer(operation, photo);
          expect(seen.data.summary, background).not.toMatch(/microscope/);
          expect(seen.data.severity, background).toBe(plain.data.severity);
          expect((seen.data as { condition?: string }).condition, background).toBe(
            (plain.data as { condition?: string }).condition,
          );
        }
      }
    },
  );

  // A stock photo's animal cut out on white fills the frame and touches its edges as a close-up
  // does (43 of 69 mammals of Debian’s tuxpaint-stamps-default had been judged as ear canals, 21
  // with a finding; now 5, 2; as skin 57, 4 with a finding; now 6, 1).
  it('a skin scene cut in an animal’s outline and set on white is no close-up of the ear or the skin: refused, free', async () => {
    const svg = RULE_SCENES.find(([operation, rule]) => operation === 'skin' && rule === 'redness')![2];
    const cutOut = await cutOutOnWhite(await sceneJpeg(svg));
    for (const operation of ['ear', 'skin'] as const) {
      const { assessed, data } = await answer(operation, cutOut);
      expect(assessed, operation).toBe(false);
      expect(data.summary, operation).toMatch(/photo of an animal, not of the (ear|skin)/);
    }
  });

  // A thing with straight edges cut out on white (Tux Paint's wrench, saw, syringe, thermometer,
  // plaster; CHARACTER_LIMITS.framedInsideShare) had been read as a photo framed on white: "coffee
  // grounds", severe, for a wrench.
  it.each(RULE_SCENES.filter(([, rule]) => ['coffee_grounds', 'brown_black'].includes(rule)))(
    'a %s %s scene cut in a bar’s outline and set on white is no specimen: a cut-out, free',
    async (operation, _rule, svg) => {
      const cutOut = await cutOutOnWhite(await sceneJpeg(svg), BAR_OUTLINE);
      const { assessed, data } = await answer(operation, cutOut);
      expect(assessed).toBe(false);
      expect(data.summary).toMatch(/cut out and set on plain white/);
    },
  );

  it('a dark photo with one small lit patch is read whole, not as the patch: too dark, free', async () => {
    const patch = await sharp(await sceneJpeg(closeUp('#eab2a8', [['#cc3333', 35]])))
      .resize(90, 70)
      .rotate(20, { background: '#000' })
      .toBuffer();
    const dark = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000' } })
      .composite([{ input: patch, left: 150, top: 110 }])
      .jpeg({ quality: 92 })
      .toBuffer();
    const { data, assessed } = await answer('skin', dark);
    expect(assessed).toBe(false);
    expect(data.summary).toMatch(/too dark/);
  });

  // The mild_redness and mites_debris scenes are left out: their shares sit within 0.01 of their
  // rules' limits, where resizing the scene into the disc moves them either way.
  it.each(
    RULE_SCENES.filter(([operation, rule]) => operation === 'ear' && !['mild_redness', 'mites_debris'].includes(rule)),
  )(
    'the %s %s scene seen through an otoscope is judged by the canal inside the disc, not by the black around it',
    async (operation, _rule, svg) => {
      const plain = await answer(operation, await sceneJpeg(svg));
      const seen = await answer(operation, await throughOtoscope(await sceneJpeg(svg)));
      expect(seen.data.severity).toBe(plain.data.severity);
      expect((seen.data as { condition?: string }).condition).toBe((plain.data as { condition?: string }).condition);
    },
  );
});

describeWithShared('the shared photos', () => {
  it.each(SHARED_PHOTOS)(
    '%s: a colour photograph, never taken for a drawing or a photo without colour',
    async (photo) => {
      const bytes = readFileSync(sharedPhoto(photo));
      const measured = await character(bytes);
      expect(measured.chromaP99).toBeGreaterThan(10);
      expect(measured.dominantColours).toBeGreaterThan(1000);
      for (const operation of OPERATION_KEYS) {
        const { data } = await answer(operation, bytes);
        expect(data.summary, operation).not.toMatch(/no usable colour|drawing, logo/);
      }
    },
  );

  it.each(SHARED_PHOTOS)('%s in greyscale: inconclusive and free for every colour-judged operation', async (photo) => {
    const grey = await greyscale(readFileSync(sharedPhoto(photo)));
    for (const operation of HEALTH_OPERATION_KEYS) {
      const { data, assessed } = await answer(operation, grey);
      expect(assessed, operation).toBe(false);
      expect(data.severity, operation).toBe('inconclusive');
    }
  });

  it.each(['chelsea.png', 'wml_dog.jpg', 'darknet_horses.jpg'])(
    '%s under a strong green tint (a night camera) is a photo without colour',
    async (photo) => {
      const tinted = await sharp(readFileSync(sharedPhoto(photo)))
        .tint('#40ff60')
        .jpeg({ quality: 90 })
        .toBuffer();
      const { data, assessed } = await answer('skin', tinted);
      expect(assessed).toBe(false);
      expect(data.summary).toMatch(/no usable colour/);
    },
  );
});
