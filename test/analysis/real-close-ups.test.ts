import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { expect, it } from 'vitest';
import { cutOutOnWhite } from '../fixtures/cut-out.js';
import { FINDINGS, recommendedPipeline } from '../fixtures/recommended-pipeline.js';
import { describeWithShared, realCatSkin, SHARED_DIR } from '../fixtures/shared-assets.js';
import { type BreedFindings, SURE_AGAINST_STATED } from '../../src/operations/breed/breed-findings.js';
import { SPECIES_DISPUTED } from '../../src/vision/scene/disputed-pet.js';
import { OPERATIONS } from '../../src/operations/registry.js';

/**
 * Skin analysis with the recommended models on real close-ups of dogs' skin lesions
 * (shared/photos-real/skin-dog: 105 web photos, many tight crops, a quarter rotated onto black,
 * a few whole dogs; no licence, read here and never kept) and real stool photos sent to skin and
 * ear. What issue 40 asks: close-ups of real skin are judged, not refused as the wrong kind of
 * photo; a rotated crop is no round view; a lesion is never called normal; stool on a lawn gets
 * no skin or ear finding.
 */
const SKIN_DOG = join(SHARED_DIR, 'photos-real', 'skin-dog');
const STOOL = join(SHARED_DIR, 'datasets', 'dog-stool', 'images');
const lesionPhotos = () =>
  existsSync(SKIN_DOG)
    ? readdirSync(SKIN_DOG).flatMap((label) =>
        readdirSync(join(SKIN_DOG, label)).map((file) => join(SKIN_DOG, label, file)),
      )
    : [];

/** The middle `share` of a photo each way (turned as its EXIF says): a tight crop of a close-up. */
async function middleOf(photo: string | Buffer, share: number): Promise<Sharp> {
  const { data, info } = await sharp(photo).rotate().toBuffer({ resolveWithObject: true });
  const [width, height] = [Math.round(info.width * share), Math.round(info.height * share)];
  const [left, top] = [Math.round((info.width - width) / 2), Math.round((info.height - height) / 2)];
  return sharp(data).extract({ left, top, width, height });
}

describeWithShared('real close-ups of skin, and stool sent as one', () => {
  const { answer, pipeline } = recommendedPipeline('pawlens-closeups-');

  it('judges most real dog skin close-ups, never as a round view, and never calls a lesion normal', async () => {
    const photos = lesionPhotos();
    expect(photos.length).toBeGreaterThanOrEqual(100);
    const answers = await Promise.all(photos.map((photo) => answer('skin', photo)));
    const refused = answers.filter(({ judged }) => !judged);
    // None is a view through an instrument: 27 were, all rotated onto black, before issue 40.
    expect(answers.filter(({ summary }) => /microscope/.test(summary))).toEqual([]);
    // Measured: 7 of 105 refused (4 as a dog seen whole: one on a studio's white backdrop, and a pit
    // bull standing by a person, its legs off the frame, "yellow crusts" until it was boxed too surely
    // for part of a dog, SCENE_LIMITS.cutOnceWholeScore;
    // 1 nothing of an animal; 1 too dark; 1 mostly the ground: a mangy dog lying on dirt, turned
    // onto black, whose upright photo shows more of the dirt than the rectangle inside the turn
    // did, photo-to-read.ts). 7 before bare pink skin filling the frame counted as part of an
    // animal (SCENE_LIMITS.bareSkinShare: pustules MobileNetV2 reads as a pomegranate, now
    // "redness"), 6 before photos turned onto black were read upright, 8 before fur
    // the detector boxes as a bear cut by the frame was fur (SCENE_LIMITS.closeUpFurAsBearCutSides:
    // legs, and a dog lying on its side), 10 before skin showing through the fur outweighed the
    // stool localizer firing on a spotted or mangy coat (GROUND_LIMITS.skinThroughFurShare), 13
    // before fur sure enough outweighed stool on a little ground, 41 before issue 40.
    expect(refused.length).toBeLessThanOrEqual(7);
    expect(refused.filter(({ summary }) => /mostly the ground/.test(summary)).length).toBeLessThanOrEqual(1);
    expect(answers.filter(({ severity }) => severity === 'normal')).toEqual([]);
    // Redness is seen on almost half: 49 of 105 measured, 30 of them only as patches redder than
    // the photo's own skin and fur (pink papules on grey-cast skin, which the colour names call pink
    // on grey); 40 and 20 before salmon-red lesions in warm light counted (RELATIVE_REDNESS.maxHue 40),
    // 46 and 26 before red on white fur in cool light did (RELATIVE_REDNESS.leastMedian -3), 47 and
    // 27 before such patches counted from 1.2% of the frame, not 1.5% (skin-rules.ts).
    // (A summary that says "no redness" is no finding: the severity says which.)
    const findings = answers.filter(({ severity }) => FINDINGS.includes(severity));
    expect(findings.length).toBeGreaterThanOrEqual(47);
    expect(answers.filter(({ summary }) => /redder than the skin/.test(summary)).length).toBeGreaterThanOrEqual(27);
  }, 120_000);

  it('takes tight crops of real dog close-ups (their middle half) for part of an animal, and for no photo of a pet, as it does the whole photos', async () => {
    // Seen closer, skin reads to MobileNetV2 as a window screen, a mosquito net or a mitten
    // (imagenet-animal-parts.ts): 8 of these 105 crops were refused as "nothing like part of an
    // animal" without those three textures, 3 with them.
    const dir = await mkdtemp(join(tmpdir(), 'pawlens-tight-crops-'));
    try {
      const crops = await Promise.all(
        lesionPhotos().map(async (photo, index) => {
          const crop = join(dir, `${index}.png`);
          await (await middleOf(photo, 0.5)).toFile(crop);
          return crop;
        }),
      );
      const skin = await Promise.all(crops.map((crop) => answer('skin', crop)));
      expect(skin.filter(({ summary }) => /looks like part of an animal/.test(summary)).length).toBeLessThanOrEqual(3);
      expect(skin.filter(({ severity }) => severity === 'normal')).toEqual([]);
      // Sent to ear, fur seen this close reads as a breed, 0.5–0.9, where the detector boxes no
      // animal, or only a coat filling the frame: 27 crops had been refused as a photo of a pet, 10
      // once an unboxed frame asked 0.9 (SCENE_LIMITS.unboxedFramePetProbability), 9 since a coat
      // filling the frame counts as no box (coatFillsFrameShare), as an ear-mite photo would have been.
      const ear = await Promise.all(crops.map((crop) => answer('ear', crop)));
      const asPet = ear.filter(({ summary }) => /photo of a (dog|cat|hamster|rabbit|guinea pig),/.test(summary));
      expect(asPet.length).toBeLessThanOrEqual(9);
      expect(ear.filter(({ severity }) => severity === 'normal')).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('judges real close-ups seen through an otoscope’s lit disc for ear: the disc is no animal seen whole, and no ground', async () => {
    // No real otoscope photo is at hand: the middle half of each dog close-up, set in a lit disc on
    // black as an otoscope shows a canal. Read whole, YOLOX-Nano boxed some discs as a cat inside the
    // frame (a nautilus or a jellyfish to the classifier), and the lawn's classes or the stool
    // localizer took some for the ground (throughInstrument, close-up-gate.ts).
    const dir = await mkdtemp(join(tmpdir(), 'pawlens-otoscope-'));
    const side = 640;
    const disc = Buffer.from(
      `<svg width="${side}" height="${side}"><circle cx="${side / 2}" cy="${side / 2}" r="${side * 0.42}" fill="#fff"/></svg>`,
    );
    try {
      const cats = ['acne', 'flea_allergy', 'lumps_and_bumps', 'ringworm', 'scabies'].flatMap((condition) =>
        realCatSkin(condition, 0, 20),
      );
      const views = await Promise.all(
        [...lesionPhotos().map((photo) => readFileSync(photo)), ...cats].map(async (photo, index) => {
          const middle = await (await middleOf(photo, 0.5)).resize(side, side, { fit: 'cover' }).toBuffer();
          const lit = await sharp(middle)
            .composite([{ input: disc, blend: 'dest-in' }])
            .png()
            .toBuffer();
          const view = join(dir, `${index}.jpg`);
          await sharp({ create: { width: side, height: side, channels: 3, background: '#000' } })
            .composite([{ input: lit }])
            .jpeg({ quality: 90 })
            .toFile(view);
          return view;
        }),
      );
      const ear = await Promise.all(views.map((view) => answer('ear', view)));
      // Measured (2026-12-05) on these 205 views: 33 refused, 16 as the wrong kind of photo (6 an
      // invertebrate, 4 the ground, a cat, 2 dogs, a person, 2 no part of an animal); now 4 as the
      // wrong kind (a dog to the classifier; 2 no part of an animal and 1 the ground, views whose
      // dark rim merges with the black, so that no circle is seen), the rest too dark or blurred.
      const wrongKind = ear
        .filter(({ judged, summary }) => !judged && !/too dark|too blurred/.test(summary))
        .map(({ summary }) => summary);
      expect(wrongKind.length, wrongKind.join('\n')).toBeLessThanOrEqual(4);
      expect(wrongKind.filter((summary) => /invertebrate|photo of a (cat|person)/.test(summary))).toEqual([]);
      // Skin takes no round view: an instrument's, for skin, is a microscope's or an eye camera's.
      const skin = await answer('skin', views[0]!);
      expect(skin).toMatchObject({ judged: false, summary: expect.stringMatching(/microscope/) });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('reads real close-ups an editor rotated onto transparency as the photos they are, not as drawings', async () => {
    // An editor that turns a photo leaves its opaque part a rectangle, which the alpha channel shows
    // exactly (CHARACTER_LIMITS.editorRectangleFill). Measured (2026-12-04) on the first 30 dog
    // close-ups turned by 7°, 15° or 30° onto transparency: 2 had been refused as drawings, where
    // the outline's straight lines on the white they are flattened on decided, and 20 were judged;
    // none is a drawing now, and 22 are judged.
    const dir = await mkdtemp(join(tmpdir(), 'pawlens-turned-clear-'));
    try {
      const turned = await Promise.all(
        lesionPhotos()
          .slice(0, 30)
          .map(async (photo, index) => {
            const path = join(dir, `${index}.png`);
            const clear = { r: 0, g: 0, b: 0, alpha: 0 };
            await sharp(photo)
              .rotate()
              .rotate([7, 15, 30][index % 3]!, { background: clear })
              .png()
              .toFile(path);
            return path;
          }),
      );
      const answers = await Promise.all(turned.map((photo) => answer('skin', photo)));
      expect(answers.filter(({ summary }) => /drawing, logo/.test(summary))).toEqual([]);
      expect(answers.filter(({ judged }) => judged).length).toBeGreaterThanOrEqual(20);
      expect(answers.filter(({ severity }) => severity === 'normal')).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('sees the red scabs of flea allergy on a third of real cat close-ups, as patches redder than the skin and fur round them', async () => {
    // Miliary dermatitis: small red scabs in grey, ginger or white fur, dim to the colour names.
    // Measured (2026-12-03) on the 60 flea allergy close-ups of shared/photos-real/skin-cat: 20 skin
    // findings, 18 of them patches redder than the photo; 12 findings when a patch had to be 12 in
    // a* above the photo's median (RELATIVE_REDNESS.delta), not 10.
    const dir = join(SHARED_DIR, 'photos-real', 'skin-cat', 'flea_allergy');
    const answers = await Promise.all(readdirSync(dir).map((file) => answer('skin', join(dir, file), 'cat')));
    const findings = answers.filter(({ severity }) => FINDINGS.includes(severity));
    expect(findings.length).toBeGreaterThanOrEqual(18);
    expect(answers.filter(({ severity }) => severity === 'normal')).toEqual([]);
    // Fur parted over fleas is read as a tarantula, no creature of the ground (imagenet-ground.ts):
    // 4 of the 60 had been refused as the ground, 2 now (fleas in fur read as a fountain and a
    // butterfly, flea dirt in white fur as a tick, a dough and beetles).
    expect(answers.filter(({ summary }) => /mostly the ground/.test(summary)).length).toBeLessThanOrEqual(2);
  }, 120_000);

  it('judges real cats’ chins held close as skin, though the detector boxes a cat inside the frame, where the classifier is unsure of a cat', async () => {
    // Cat acne: chins and faces. YOLOX-Nano boxes a chin held close as a cat inside the frame over
    // most of it, as unsurely (0.53–0.64) as a face (0.62–0.72); MobileNetV2, reading the whole
    // frame, is unsure of a pet in three chins and a face seen upside down (0.55–0.64), sure of one
    // in four faces (0.81–0.96). Measured (2026-12-06) on the 60 acne close-ups of
    // shared/photos-real/skin-cat: those 8 had been refused as a photo of a cat, a dog or a hamster;
    // the four faces still are (SCENE_LIMITS.heldCloseFramePet).
    const dir = join(SHARED_DIR, 'photos-real', 'skin-cat', 'acne');
    const answers = await Promise.all(readdirSync(dir).map((file) => answer('skin', join(dir, file), 'cat')));
    expect(answers.filter(({ summary }) => /photo of an? (cat|dog|hamster),/.test(summary)).length).toBeLessThanOrEqual(
      4,
    );
    expect(answers.filter(({ judged }) => judged).length).toBeGreaterThanOrEqual(55);
    expect(answers.filter(({ severity }) => severity === 'normal')).toEqual([]);
  }, 120_000);

  it('calls no red inflamed patch cropped tight (the middle 40%) a clean ear canal, though the colour names call it pink', async () => {
    // A dog's red lesion on pink skin, leprosy/41cfaf06: red 4% to the names, patches redder than
    // the skin round them 2.5% (REDDER_PATCHES): "a pale pink canal… a healthy ear" until the
    // clean rule asked for those too. The only clean answer of 2,576 pictures sent to ear.
    const photo = join(SKIN_DOG, 'leprosy', '41cfaf063422287cf17ac3c16162f8368ea314c5.jpg');
    const dir = await mkdtemp(join(tmpdir(), 'pawlens-red-patch-'));
    try {
      const crop = join(dir, 'crop.png');
      await (await middleOf(photo, 0.4)).toFile(crop);
      const ear = await answer('ear', crop);
      expect(ear.judged).toBe(true);
      expect(ear.severity).toBe('inconclusive');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('calls no lesion close-up with dark matter over 5% of it a clean ear canal, nor dark fur with no canal skin mites or yeast', async () => {
    // Sent to ear analysis, 5 of the 105 were "a pale pink canal… a healthy ear" (2026-12-02):
    // two of them, a pyoderma with dark patches (5% black) and a ringworm in black fur (12%), had
    // dark matter that colour cannot tell from debris; the other 3 are pink, tan or white skin.
    const answers = await Promise.all(
      lesionPhotos().map(async (photo) => ({ photo, ...(await answer('ear', photo)) })),
    );
    const clean = answers.filter(({ severity }) => severity === 'normal').map(({ photo }) => photo);
    expect(clean.length).toBeLessThanOrEqual(3);
    expect(clean.filter((photo) => /14bea9c3|31bcc8b1/.test(photo))).toEqual([]);
    // "Ear mites" asks for the canal's skin round the black (pink, tan or red over a tenth of the
    // frame): 18 of the 105 had been "dark, crumbly debris… ear mites", moderate, most of them black
    // and grey fur; 4 are (2026-12-05).
    const mites = answers.filter(({ summary }) => /ear mites/.test(summary));
    expect(mites.length).toBeLessThanOrEqual(4);
    // …and "yeast" asks for pink or red skin round the brown (5%): 13 had been "dark brown, waxy
    // debris… yeast", mild, brown fur to the colours; 2 are (2026-12-05).
    const yeast = answers.filter(({ summary }) => /yeast/.test(summary));
    expect(yeast.length).toBeLessThanOrEqual(2);
  }, 120_000);

  it('reads no emotion in a herd of horses or a giraffe: an emotion is a pet’s (a head answered "alert (100%)")', async () => {
    for (const photo of ['darknet_horses.jpg', 'darknet_giraffe.jpg']) {
      const image = await pipeline().decode('emotion', readFileSync(join(SHARED_DIR, 'photos', photo)));
      const { verdict, data } = await pipeline().assess('emotion', {
        image,
        language: 'en',
        animalType: undefined,
        requestId: 'req_realcloseup',
      });
      expect(verdict.judged, photo).toBe(false);
      expect((data as { summary: string }).summary, photo).toMatch(/not of the pet/);
    }
    const dog = await pipeline().decode('emotion', readFileSync(join(SHARED_DIR, 'photos', 'wml_dog.jpg')));
    const { verdict } = await pipeline().assess('emotion', {
      image: dog,
      language: 'en',
      animalType: 'dog',
      requestId: 'x',
    });
    expect(verdict.judged).toBe(true);
  });

  // Stock photos of pets are often cut out and set on white, filling the frame and touching its
  // edges as a close-up does. Measured (2026-11-27) on these 12 cut-outs: 7 had been judged as ear
  // canals, one called normal, and 8 as skin, 3 with a finding; none is now.
  it('takes a real kitten on a white backdrop, and real lesion photos cut out on white, for no ear canal or skin close-up', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'pawlens-cutout-'));
    try {
      const cutOuts = await Promise.all(
        lesionPhotos()
          .sort()
          .slice(0, 12)
          .map(async (lesion, index) => {
            const cutOut = join(folder, `cut-out-${index}.jpg`);
            await writeFile(cutOut, await cutOutOnWhite(lesion));
            return cutOut;
          }),
      );
      for (const operation of ['ear', 'skin'] as const)
        for (const photo of [...cutOuts, join(SHARED_DIR, 'photos', 'kitten_224.png')]) {
          const { judged, summary } = await answer(operation, photo);
          expect(judged, `${operation}: ${photo}`).toBe(false);
          expect(summary, photo).toMatch(
            /not of the (ear|skin)|not a close-up of its (ear|skin)|Nothing in this photo looks like part of an animal/,
          );
        }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('gives no skin or ear finding to real stool photos', async () => {
    // Every fourth of the 586: stool on lawns, gravel and dry grass.
    const photos = readdirSync(STOOL)
      .sort()
      .filter((_, index) => index % 4 === 0)
      .map((file) => join(STOOL, file));
    for (const operation of ['skin', 'ear'] as const) {
      const answers = await Promise.all(photos.map((photo) => answer(operation, photo)));
      const findings = answers.filter(({ severity }) => FINDINGS.includes(severity));
      // Measured on all 586 (2026-12-03): none for skin, 1 for ear (dry grass, "yeast").
      expect(findings.length, operation).toBeLessThanOrEqual(operation === 'ear' ? 1 : 0);
    }
  }, 180_000);

  it('takes artificial turf, a doormat to MobileNetV2, for the ground: a stool photo on it sent to skin or ear is refused', async () => {
    // Measured (2026-12-03): a grey plastic toy on turf had got "dark, crumbly debris… mites" from ear.
    // Ear refuses the second as a dog already.
    const sent = [
      ['captured_image_95_png.jpg', 'skin'],
      ['captured_image_95_png.jpg', 'ear'],
      ['captured_image_67_png.jpg', 'skin'],
    ] as const;
    for (const [name, operation] of sent) {
      const { judged, summary } = await answer(operation, join(STOOL, name));
      expect({ name, operation, judged, summary }).toMatchObject({
        judged: false,
        summary: expect.stringContaining('mostly the ground outdoors'),
      });
    }
  });

  it('takes a water bottle lying on turf for a bottle, but where urine is asked for, which stands in one', async () => {
    // A stool photo without stool: a bottle with a red label, 0.87 bottles to MobileNetV2. Vomit
    // analysis had read its label as "a large amount of red… active bleeding", severe.
    const photo = join(STOOL, 'captured_image_103_png.jpg');
    for (const operation of ['vomit', 'stool', 'skin', 'ear'] as const) {
      const { judged, summary } = await answer(operation, photo);
      expect({ operation, judged, summary }).toMatchObject({
        judged: false,
        summary: expect.stringMatching(/^This looks like a photo of a bottle or glass, not of the/),
      });
    }
    expect((await answer('urine', photo)).judged).toBe(true);
  });

  it('takes few real skin close-ups sent to stool analysis for stool, and a coat the stool localizer barely fires on for none', async () => {
    const answers = await Promise.all(lesionPhotos().map((photo) => answer('stool', photo)));
    const judged = answers.filter((one) => one.judged);
    const findings = judged.filter(({ severity }) => FINDINGS.includes(severity));
    // Measured (2026-11-27): 8 of 105 judged as stool, 3 with a finding (pink skin with red
    // pustules read as "red" or "grey" stool); 14 and 5 before a faint find on a coat was refused.
    // Measured again (2026-12-05): 8 judged, none with a finding. Of the 300 cat close-ups, one
    // had a finding, a scabies close-up whose stool only the closer look found (second-look.ts).
    expect(answers).toHaveLength(105);
    expect(judged.length).toBeLessThanOrEqual(8);
    expect(findings).toEqual([]);
  }, 120_000);

  it('gives real dog skin close-ups sent to urine analysis no finding: a coat is no urine', async () => {
    const answers = await Promise.all(lesionPhotos().map((photo) => answer('urine', photo)));
    const findings = answers.filter(({ judged, severity }) => judged && FINDINGS.includes(severity));
    // Measured (2026-12-04): 3 of 105 judged, 2 with a finding ("red urine", moderate, for a red
    // pyoderma; "very dilute" for mange), all three read as a coat (0.84–1.0); none judged now.
    expect(answers).toHaveLength(105);
    expect(findings).toEqual([]);
    expect(answers.filter(({ judged }) => judged).length).toBeLessThanOrEqual(1);
  }, 120_000);

  /** Breed's answers to the first 60 cat acne close-ups (chins and faces), whether charged, and the classifier's reading. */
  const breedOfAcneCloseUps = (animalType: string | undefined) =>
    Promise.all(
      realCatSkin('acne', 0, 60).map(async (photo) => {
        const image = await pipeline().decode('breed', photo);
        const sent = { image, language: 'en' as const, animalType, requestId: 'req_breedcloseup' };
        const { verdict, data } = await pipeline().assess('breed', sent);
        const breed = OPERATIONS.breed.data.parse(data);
        if (!verdict.judged) return { breed, charged: false, pet: undefined };
        const findings = verdict.findings as BreedFindings;
        return { breed, charged: OPERATIONS.breed.assessed(findings, breed, false), pet: findings.pet };
      }),
    );

  it('names no other species than the stated cat for a cat close-up unless sure, and charges nothing then', async () => {
    // Close-ups of cats' chins and faces (acne) sent to breed as "cat": MobileNetV2 reads many as a
    // dog or a hamster. Measured (2026-11-28) on all 300 cat close-ups: 90 read as another species,
    // 74 of them under SURE_AGAINST_STATED, all wrong. Of these 60, 15 doubt the cat, 6 contradict it
    // surely; since a detector's pet disputes a species under 0.95 (2026-12-06), 3 of those 6 are
    // "they disagree" (two boxed as a cat and read as dogs, one boxed as a dog and read as a hamster).
    const answers = await breedOfAcneCloseUps('cat');
    const otherSpecies = answers.filter(({ pet }) => pet?.species !== undefined && pet.species !== 'cat');
    const doubted = otherSpecies.filter(({ breed }) => /leans to/.test(breed.summary));
    const disputed = otherSpecies.filter(({ breed }) =>
      /^The detector takes this animal for a (cat|dog)/.test(breed.summary),
    );
    for (const { breed, charged, pet } of doubted) {
      expect(breed).toMatchObject({ species: 'unknown', breed: 'unknown', confidence: 0 });
      expect(charged).toBe(false);
      expect(pet!.speciesProbability).toBeLessThan(SURE_AGAINST_STATED);
    }
    for (const { breed, charged, pet } of disputed) {
      expect(breed).toMatchObject({ species: 'unknown', breed: 'unknown', confidence: 0 });
      expect(charged).toBe(false);
      expect(pet!.speciesProbability).toBeLessThan(SPECIES_DISPUTED);
    }
    for (const { breed, charged, pet } of otherSpecies.filter(
      (one) => !doubted.includes(one) && !disputed.includes(one),
    )) {
      expect(breed.summary).toMatch(/^The request said "cat", but the classifier sees/);
      expect(charged).toBe(true);
      expect(pet!.speciesProbability).toBeGreaterThanOrEqual(SURE_AGAINST_STATED);
    }
    expect(doubted.length).toBeGreaterThanOrEqual(15);
    expect(disputed.length).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('names no other pet for a cat close-up sent with no animal type where the detector boxes a cat and the classifier is unsure', async () => {
    // The same 60 close-ups, no animalType: 23 had been named another species (12 hamsters, 10
    // dogs, a guinea pig), charged; the detector boxes most of them as a cat (speciesDisputed).
    // Measured (2026-12-03): 12 named another species now, 12 "they disagree", 19 cats (20 before).
    const answers = await breedOfAcneCloseUps(undefined);
    const disagree = answers.filter(({ breed }) => /^The detector takes this animal for a cat/.test(breed.summary));
    for (const { breed, charged } of disagree) {
      expect(breed).toMatchObject({ species: 'unknown', breed: 'unknown', confidence: 0 });
      expect(charged).toBe(false);
    }
    expect(disagree.length).toBeGreaterThanOrEqual(10);
    const otherPets = ['dog', 'hamster', 'rabbit', 'guinea pig'];
    // Since a species under FAINT_SPECIES no box of the detector's vouches for is named no more
    // (2026-12-04): 10 named another species, 17 cats, 3 "not surely enough to name it" (2 cats, a hamster).
    // Since an unsure crop is read a second time, whole (2026-12-05), a cat at 26% is none: read
    // whole, it is a hamster first ("the two readings disagree", free). 16 cats. Since a detector's pet
    // disputes a species under 0.95, not 0.8 (2026-12-06): 7 named another species, 16 cats.
    expect(answers.filter(({ breed }) => otherPets.includes(breed.species)).length).toBeLessThanOrEqual(7);
    expect(answers.filter(({ breed }) => breed.species === 'cat').length).toBeGreaterThanOrEqual(16);
    for (const { breed, charged } of answers.filter(({ breed }) => /^Read from the middle/.test(breed.summary))) {
      expect(breed).toMatchObject({ species: 'unknown', confidence: 0 });
      expect(charged).toBe(false);
    }
  }, 120_000);
});
