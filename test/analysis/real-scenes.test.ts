import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { expect, it } from 'vitest';
import { groundSquare } from '../../src/training/localizer/localizer-rows.js';
import { parseYoloLabels } from '../../src/training/localizer/box-folder.js';
import { debianPhoto, debianPhotos, describeWithDebianPhotos } from '../fixtures/debian-photos.js';
import {
  FINDINGS,
  HEALTH,
  type HealthOperation,
  HEAVY_TIMEOUT,
  recommendedPipeline,
} from '../fixtures/recommended-pipeline.js';
import { describeWithShared, SHARED_DIR, sharedPhoto } from '../fixtures/shared-assets.js';
import { tempDir } from '../fixtures/temp-dir.js';
import { PACKAGE_MODELS_DIR } from '../../src/vision/runtime/models-location.js';

/**
 * Real pictures of the wrong thing, with the recommended models: fruit (OpenCV's samples), a lawn,
 * leaves, flowers, sand, sky and wood (MATE's backgrounds), clip art drawings (the Open Clip Art
 * Library) and scikit-image's sample photos (a retina, a microscope's slide), from Debian's
 * packages (scripts/debian-photos.sh). Issue 39 asks that food sent to stool or urine analysis is
 * refused as food and that a lawn or a leaf gets no finding; issue 40 that no photo of the wrong
 * kind gets a finding, nor is called normal. GCompris's whole animals, and breed and emotion on
 * animals, are in real-animals.test.ts.
 */

describeWithShared('real photos of the wrong thing', () => {
  describeWithDebianPhotos('from Debian’s packages', () => {
    const { answer, assessAnimal } = recommendedPipeline('pawlens-scenes-');
    /** Each of `operations` refuses `photo`, free, saying what it shows instead (`says`). */
    const expectRefusedAs = async (photo: string, operations: readonly HealthOperation[], says: string) => {
      for (const operation of operations) {
        const { judged, summary } = await answer(operation, photo);
        const which = `${operation}: ${basename(photo)}`;
        expect(judged, which).toBe(false);
        expect(summary, which).toContain(says);
      }
    };
    it('refuses fruit sent to stool or urine analysis as a photo of food, free; vomit finds nothing in it', async () => {
      const photos = debianPhotos('food');
      expect(photos.length).toBe(3);
      for (const photo of photos) {
        await expectRefusedAs(photo, ['stool', 'urine'], 'photo of food or a drink');
        // Vomit may hold food: it is not refused as food, and finds no vomit standing out.
        expect(FINDINGS, basename(photo)).not.toContain((await answer('vomit', photo)).severity);
      }
    });

    it('refuses backlit citrus slices as food for every specimen, vomit too: oranges the detector is sure of where the classifier is sure of food', async () => {
      // KDE Palapeli's photo: the classifier reads 0.99 food (a lemon), the detector five oranges at
      // 0.81–0.84 over 54% of the frame. Vomit had been "yellow… bile", mild, charged (2026-12-05):
      // it asked the detector for apples, broccoli, carrots or a dish, not oranges.
      await expectRefusedAs(
        debianPhoto('puzzles', 'citrus-fruits'),
        ['stool', 'urine', 'vomit'],
        'This looks like a photo of food or a drink',
      );
    });

    it('refuses a red metal robot standing on a lawn as equipment for urine and vomit, which had read its red as blood', async () => {
      // GIMP's manual's robot, plain and dissolved into the lawn: the classifier reads it as a
      // revolver, rifles and a tripod (the tool group 0.22 without the guns, 0.64 with them), the
      // detector as an apple. Vomit had been "a large amount of red… active bleeding", severe, and
      // urine "red urine", moderate, both charged (2026-12-05).
      for (const name of ['legacy-layer-mode-normal-100', 'legacy-layer-mode-dissolve-100'])
        await expectRefusedAs(
          debianPhoto('manual', name),
          ['urine', 'vomit'],
          'This looks like a photo of a tool, instrument or other equipment',
        );
    });

    it('refuses a red LED matrix on a circuit board as equipment for every specimen and close-up, which vomit had read as fresh blood', async () => {
      // luma.led-matrix's photo: a tape player, a modem, a radio and a cassette player to the
      // classifier (0.67 together); vomit had been "red streaks… fresh blood", moderate (2026-12-05).
      await expectRefusedAs(
        debianPhoto('manual', 'led-matrix'),
        HEALTH,
        'This looks like a photo of a tool, instrument or other equipment',
      );
    });

    it('names a calculator’s keypad as equipment for every specimen and close-up, as the classifier reads it', async () => {
      // Budgie's avatar: a remote control and a keyboard to the classifier (0.56 together), classes
      // the equipment group left out until 2026-12-06; every operation had refused it, but as "no
      // stool", "no vomit stands out" or "nothing like part of an animal". A hand holding game
      // controllers on white (tracking.js's example, not fetched here) had got "patches redder",
      // mild, from skin, the hand reaching in taken for one holding fur apart.
      await expectRefusedAs(
        debianPhoto('avatars', 'budgie-calculator'),
        HEALTH,
        'This looks like a photo of a tool, instrument or other equipment',
      );
    });

    it('refuses a many-coloured disc the classifier reads as a soap bubble as one for stool, which had found red streaks in it', async () => {
      // GIMP's manual's layer-mode examples, a disc set on a lawn: read 0.82–0.97 as a bubble, with
      // the stool localizer finding "stool" in the disc; "red streaks… fresh blood", moderate, and
      // "yellow… stool", mild (2026-12-05).
      for (const name of [
        'default-layer-mode-normal-50',
        'default-layer-mode-difference',
        'default-layer-mode-subtract',
      ])
        await expectRefusedAs(debianPhoto('manual', name), ['stool'], 'This looks like a photo of a balloon or bubble');
    });

    it('refuses a church nave as a building for every specimen: its vault is one', async () => {
      // Hugin's manual's nave: a vault 0.45 to the classifier, the building group 0.36 without it;
      // urine had been "brown… broken-down blood", severe, charged (2026-12-05).
      await expectRefusedAs(
        debianPhoto('manual', 'hugin-church-nave'),
        ['stool', 'urine', 'vomit'],
        'This looks like a photo of a building, wall or landscape',
      );
    });

    it('calls nothing grey white foam: a fisheye courtyard and a carved panel sent to vomit get no finding', async () => {
      // Hugin's manual's distortion examples: the subject mainly grey, white under 3% of it; both
      // had been "white foam… saliva and mucus", mild, charged (2026-12-05).
      for (const name of ['hugin-fisheye-courtyard', 'hugin-carved-panel']) {
        const { severity, summary } = await answer('vomit', debianPhoto('manual', name));
        expect({ name, severity }).toEqual({ name, severity: 'inconclusive' });
        expect(summary, name).not.toMatch(/foam/);
      }
    });

    it('refuses a blurred town street as no close-up for skin and ear: a car seen whole is far from the camera', async () => {
      // Psychtoolbox's demo photo: two passers-by cut by the frame had been taken for hands reaching
      // in; ear had said "ear mites", moderate, and skin "some redness", mild, both charged (2026-12-05).
      await expectRefusedAs(
        debianPhoto('manual', 'psychtoolbox-town-blur'),
        ['skin', 'ear'],
        'This looks like a photo of a car',
      );
    });

    it('refuses real photos of served meals sent to stool or urine analysis as food, free, and a served dish sent to vomit; skin and ear find nothing in them', async () => {
      // Burgers, a steak, soups, pasta, pizzas, skewers, cupcakes, pancakes and a fruit salad (Qt's
      // examples, a Scribus menu): the classifier reads 0.72–1.0 of the food classes on each frame.
      const photos = debianPhotos('meals');
      expect(photos.length).toBe(12);
      const vomitFindings: string[] = [];
      const servedToVomit: string[] = [];
      for (const photo of photos) {
        await expectRefusedAs(photo, ['stool', 'urine'], 'photo of food or a drink');
        for (const operation of ['skin', 'ear'] as const)
          expect(FINDINGS, `${operation}: ${basename(photo)}`).not.toContain((await answer(operation, photo)).severity);
        const vomit = await answer('vomit', photo);
        if (FINDINGS.includes(vomit.severity)) vomitFindings.push(basename(photo));
        if (/photo of food or a drink/.test(vomit.summary)) servedToVomit.push(basename(photo));
      }
      // Vomit may hold food: only a served dish, which the detector boxes as one too, is refused
      // as food (FOOD_LIMITS.servedDishScore). The Scribus pizza had been "vomit with fresh blood",
      // moderate. Other colours are read wherever a subject stands out: the skewers (orange, brown
      // and red: "active bleeding", severe) are still a finding (the detector: a pizza at 0.33).
      // Known and left: no vomit photo was at hand to show how surely the classifier takes real
      // vomit for food.
      expect(servedToVomit.sort()).toEqual([
        'recipebrowser-burger.jpg',
        'recipebrowser-pizza.jpg',
        'scribus-menu2-pizza.jpg',
      ]);
      expect(vomitFindings).toEqual(['recipebrowser-skewers.jpg']);
    });

    it('refuses a cup of coffee sent to urine or stool analysis as a drink, free, not as dark urine in a cup', async () => {
      // The detector boxes the cup, which urine keeps (a sample comes in one); the classifier reads
      // espresso (0.996), one of the drinks among the food classes.
      await expectRefusedAs(sharedPhoto('coffee.png'), ['urine', 'stool'], 'photo of food or a drink');
    });

    it('gives a lawn, leaves, flowers, sand, sky or wood no finding and no "normal" in any health operation', async () => {
      const photos = debianPhotos('nature');
      expect(photos.length).toBe(11);
      const judged: string[] = [];
      const flowers: string[] = [];
      for (const photo of photos)
        for (const operation of HEALTH) {
          const { severity, judged: wasJudged, summary } = await answer(operation, photo);
          expect({ photo: basename(photo), operation, severity }).not.toMatchObject({
            severity: expect.stringMatching(/^(mild|moderate|severe|normal)$/),
          });
          if (wasJudged) judged.push(`${operation}: ${basename(photo)}`);
          if (/photo of a flower\b/.test(summary)) flowers.push(`${operation}: ${basename(photo)}`);
        }
      // The yellow flower filling the frame is named for what it is (0.62 for ImageNet's flowers), and
      // so, since the bee and the butterflies count with the flowers (2026-12-02), is the red
      // marigold (0.67 bee and butterflies), which stool analysis had read as "red… fresh blood"
      // where the localizer found stool in its petals; for urine, and for vomit since it asks the
      // stool localizer too (2026-12-04), it is stool on the ground: refused, under the wrong name.
      // The white flower in the grass (FreshFlower) reads 0.54 so for stool, less for the others.
      expect(flowers).toEqual([
        'stool: FreshFlower.jpg',
        ...['stool', 'skin', 'ear'].map((operation) => `${operation}: Garden.jpg`),
        ...HEALTH.map((operation) => `${operation}: YellowFlower.jpg`),
      ]);
      // Measured (2026-11-27): skin and ear refuse all eleven (sky, grass, the ground, nothing like
      // an animal); the stool localizer takes the ladybird on a leaf for a stool (brown and orange,
      // no finding), the only one judged.
      expect(judged).toEqual(['stool: LadyBird.jpg']);
    });

    it('refuses an eye camera’s view of a retina for every operation, ear too, which takes an otoscope’s; judges none of scikit-image’s other photos', async () => {
      // scikit-image's sample photos: a fundus photo, a stained tissue section through a microscope,
      // the Hubble deep field, a rocket's launch and an astronaut. The retina, a round view, had
      // been "a red canal… inflammation", moderate, from ear analysis (issue 40 names such a photo):
      // nine in ten of its lit pixels reach C* 54, where no skin close-up at hand reaches 39
      // (CHARACTER_LIMITS.eyeCameraChroma). Breed and emotion, which take a pet photo dark at its
      // edges, had called it no animal and a person.
      const photos = debianPhotos('science');
      expect(photos.map((photo) => basename(photo)).sort()).toEqual([
        'astronaut.png',
        'hubble_deep_field.jpg',
        'ihc.png',
        'retina.jpg',
        'rocket.jpg',
      ]);
      const eyeCamera = /^This looks like a view through a microscope or an eye camera, not a photo of the (ear|pet)\b/;
      const retina = debianPhoto('science', 'retina');
      const ear = await answer('ear', retina);
      expect({ judged: ear.judged, summary: ear.summary }).toEqual({
        judged: false,
        summary: expect.stringMatching(eyeCamera),
      });
      for (const operation of ['breed', 'emotion'] as const) {
        const { verdict, data } = await assessAnimal(operation, retina);
        expect({ operation, judged: verdict.judged }).toEqual({ operation, judged: false });
        expect((data as { summary: string }).summary, operation).toMatch(eyeCamera);
      }
      const judged: string[] = [];
      for (const photo of photos)
        for (const operation of HEALTH) {
          const { severity, judged: wasJudged } = await answer(operation, photo);
          expect({ photo: basename(photo), operation, severity }).not.toMatchObject({
            severity: expect.stringMatching(/^(mild|moderate|severe|normal)$/),
          });
          if (wasJudged) judged.push(`${operation}: ${basename(photo)}`);
        }
      // Measured (2026-12-05): the retina is a round view to every operation, the section the
      // ground or nothing standing out, the deep field too dark, the rocket sky or a building, the
      // astronaut a person.
      expect(judged).toEqual([]);
    });

    it('takes fallen autumn leaves for a leaf or plant, not a yellow or orange stool, and gives them no finding', async () => {
      // KDE's photo of fallen maple leaves and its painted autumn tree: the stool localizer found a
      // leaf at 0.67 and 0.68, whose orange and yellow had read "yellow or orange stool", mild
      // (2026-12-02); the classifier, on the leaf alone, reads an acorn or a buckeye.
      const photos = debianPhotos('autumn');
      expect(photos.map((photo) => basename(photo)).sort()).toEqual(['Autumn.jpg', 'FallenLeaf.jpg']);
      for (const photo of photos)
        for (const operation of HEALTH) {
          const { severity, summary } = await answer(operation, photo);
          expect({ photo: basename(photo), operation, severity }).toEqual({
            photo: basename(photo),
            operation,
            severity: 'inconclusive',
          });
          if (operation === 'stool') expect(summary, basename(photo)).toMatch(/photo of a leaf or plant/);
        }
    });

    it('takes a real apple lying on real lawns for food, not for an orange stool, when its colours would raise a finding', async () => {
      // OpenCV's apple, cut out round, on the ground (clear of every stool) of the held-out stool
      // photos. Measured (2026-11-27): before the located subject was looked at alone
      // (subject-look.ts) 59 of the 69 lawns got a finding ("orange", mild) and none was refused as
      // food; now 27 are refused as food and 31 still read orange.
      const round = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><ellipse cx="150" cy="150" rx="105" ry="125" fill="#fff"/></svg>',
      );
      const cut = await sharp(debianPhoto('food', 'apple'))
        .extract({ left: 60, top: 20, width: 400, height: 400 })
        .resize(300, 300)
        .ensureAlpha()
        .composite([{ input: round, blend: 'dest-in' }])
        .png()
        .toBuffer();
      const apple = await sharp(cut).resize(130, 130).toBuffer();
      const folder = tempDir('pawlens-apple-');
      const tally = { food: 0, findings: 0, severe: 0 };
      for (const { name, square } of await lawnSquares()) {
        const path = join(folder, name);
        writeFileSync(
          path,
          await square
            .composite([{ input: apple, left: 160, top: 150 }])
            .jpeg({ quality: 90 })
            .toBuffer(),
        );
        const { summary, severity } = await answer('stool', path);
        if (/photo of food or a drink/.test(summary)) tally.food++;
        if (FINDINGS.includes(severity)) tally.findings++;
        if (severity === 'severe') tally.severe++;
      }
      // Since the localizer learnt from zoomed-out photos (2026-12-02), it finds the apple less often
      // and, where it does, boxes it with more lawn round it, which the classifier reads as a
      // buckeye or a fungus: 10 refused as food (21 before; 13 as balls), 33 findings (28 before);
      // 37 since a stool's colour is read from blocks down to 0.8 of the threshold (candidatesFrom).
      // Since an orange or yellow subject found faintly is a leaf (2026-12-02, leafAutumnShare), and
      // the classifier's word on the subject alone is asked first: 13 refused as food, 4 findings;
      // most of the others are refused as "a leaf or plant", which an apple on a lawn is not, but
      // nothing that could tell an apple from a leaf there says so.
      expect(tally.food).toBeGreaterThanOrEqual(11);
      expect(tally.findings).toBeLessThanOrEqual(6);
      expect(tally.severe).toBe(0);
    });

    it('refuses real lawns filling the frame, sent to skin or ear, as the ground or grass: read as the birds and balls of grass, by their crossing blades, or as the stool photos’ ground', async () => {
      // The same 69 lawns, alone. Measured (2026-12-04) before the lawn's birds and balls counted
      // with the ground for a close-up (IMAGENET_LAWN): ear judged 22 (13 findings: "ear mites",
      // "yeast"), skin 26 (1 finding); then ear 12 (7), skin 20 (1); since blades crossing every way
      // where the classifier reads a little of a lawn are grass (GROUND_LIMITS.lawnStrands): ear 3
      // (1), skin 16 (1), skin keeping the lawns the classifier is sure are fur, as it keeps coats;
      // since the stool localizer reads how near its training photos' ground a frame lies
      // (LocalizerSpec.ground), however surely the classifier reads fur: ear 0, skin 0.
      const folder = tempDir('pawlens-lawns-');
      const tally = { ear: { refused: 0, findings: 0 }, skin: { refused: 0, findings: 0 } };
      for (const { name, square } of await lawnSquares()) {
        const path = join(folder, name);
        writeFileSync(path, await square.jpeg({ quality: 90 }).toBuffer());
        for (const operation of ['ear', 'skin'] as const) {
          const { judged, severity } = await answer(operation, path);
          // A lawn is never a healthy ear or skin.
          expect(severity, `${operation}: ${name}`).not.toBe('normal');
          if (!judged) tally[operation].refused++;
          if (FINDINGS.includes(severity)) tally[operation].findings++;
        }
      }
      expect(tally.ear.refused).toBeGreaterThanOrEqual(67);
      expect(tally.ear.findings).toBeLessThanOrEqual(1);
      expect(tally.skin.refused).toBeGreaterThanOrEqual(66);
      expect(tally.skin.findings).toBeLessThanOrEqual(1);
    });

    it(
      'refuses real photos of fish sent to skin or ear, and of tools and balls sent to any health operation, for what they are',
      async () => {
        // 82 Wikimedia Commons photos from GCompris's sorting game: 28 fish on reefs and in tanks, and
        // tools, a scale, balls, a cup, a plate. Measured (2026-11-28): before the classifier's fish
        // and its tools, instruments and other equipment refused them, 48 findings (skin 7, ear 15);
        // before balls (2026-12-01), the baseball got "red… blood" from urine and vomit analysis.
        const photos = debianPhotos('things');
        expect(photos.length).toBe(82);
        let fishNamed = 0;
        let tools = 0;
        let balls = 0;
        const findings: string[] = [];
        for (const photo of photos)
          for (const operation of HEALTH) {
            const { summary, severity } = await answer(operation, photo);
            const name = `${operation}: ${basename(photo, '.webp').replace('categorization-', '')}`;
            expect({ name, severity }).not.toMatchObject({ severity: 'normal' });
            if (/photo of a fish/.test(summary)) fishNamed++;
            if (/photo of a tool, instrument or other equipment/.test(summary)) tools++;
            if (/photo of a ball\b/.test(summary)) balls++;
            if (FINDINGS.includes(severity)) findings.push(name);
          }
        // With the reef counted for the fish (2026-12-01), 45 answers name a fish (35 before): skin and
        // ear 18 each, stool 9; 48 since the stool localizer learnt from zoomed-out photos and finds
        // no stool on three reefs (2026-12-02); 62 since urine refuses fish too (2026-12-03: 14 of
        // the 28, fish12 and fish16 among them, which had been "very dilute urine"); 72 since a
        // close-up's fish need only be 0.6 sure, without the sharks skin is read as (2026-12-03:
        // fish2, 7, 13, 22 and 24, for skin and ear; fish13 had been "moderate" ear debris, fish24
        // "blood or an open wound" on the skin); 100 since every operation asks 0.6 (2026-12-03: vomit
        // refuses fish too, and stool and urine at 0.6; no fish is a finding now). 62 tools since a
        // hook and a CD player are tools (2026-12-04): a sickle the classifier takes for a hook, which
        // had got urine and vomit findings, and a multimeter it takes for a CD player. 70 since
        // electronics are (2026-12-05: a tape or cassette player, a radio, a modem): the red tape
        // measure, which had been "red urine" and "active bleeding", severe, to vomit, and another
        // multimeter, to urine, vomit, skin and ear.
        expect({ fishNamed, tools, balls }).toEqual({ fishNamed: 100, tools: 70, balls: 10 });
        // Left: a cup of tea sent to vomit (which may show food).
        expect(findings).toEqual(['vomit: cup']);
      },
      HEAVY_TIMEOUT,
    );

    it('refuses solar panels and cookers for every health operation, most as buildings or landscapes', async () => {
      // GCompris's 8 photos of solar power: panels on roofs and frames, a solar cooker's dish, and
      // box cookers. MobileNetV2 reads six 1.0 as a solar dish, in the buildings' group since
      // 2026-12-05 (imagenet-objects.ts): one had been judged as a stool ("mainly brown", free), the
      // others refused for other reasons (no stool found, nothing like part of an animal, mostly sky).
      // The box cookers read as a stove (a loaf baking in it: food, to stool and urine) and a laptop
      // (a screen). 30 answers name a building now, none did before.
      const photos = debianPhotos('solar');
      expect(photos).toHaveLength(8);
      let buildings = 0;
      for (const photo of photos)
        for (const operation of HEALTH) {
          const { judged, summary } = await answer(operation, photo);
          expect(judged, `${operation}: ${basename(photo)}`).toBe(false);
          if (/photo of a building, wall or landscape/.test(summary)) buildings++;
        }
      expect(buildings).toBe(30);
    });

    it('finds no stool in things the stool localizer fires on where no ground shows, which the classifier reads alone as things', async () => {
      // Measured (2026-12-03): scissors, nail clippers and a game pad had been judged "brown" stool
      // (no verdict, free, but a stool all the same): the localizer fired on one cell of each, and
      // their cells read as a letter opener, a quill and a milk can (LOCATED_LIMITS.subjectAnimalOrGround).
      const things = [...debianPhotos('things'), ...debianPhotos('avatars')].filter((photo) =>
        /categorization-(scissors3|nailCutter)\.|budgie-gamepad\./.test(basename(photo)),
      );
      expect(things).toHaveLength(3);
      for (const photo of things) {
        const { summary, judged } = await answer('stool', photo);
        expect({ photo: basename(photo), judged, summary }).toMatchObject({
          judged: false,
          summary: expect.stringContaining('No stool was found in the photo'),
        });
      }
    });

    it(
      'gives desktop avatars no finding, bar two known ones, and refuses the transparent cartoons and balls as drawings',
      async () => {
        // Cinnamon's 96 px avatars (photos, and cartoons on transparency) and Budgie's 512 px photos:
        // pets' faces, a cat's eye, coffee, grapes, tomatoes, flowers, balls, instruments, landscapes.
        const avatars = debianPhotos('avatars');
        expect(avatars.length).toBe(58);
        const findings: string[] = [];
        // …and three photos of balls cut out round on transparency: no photo cropped round (isFramed).
        const cartoons = avatars.filter((photo) =>
          /cinnamon-(7_|6_butterfly|2_10)|budgie-(soccerball|tennis-ball)/.test(basename(photo)),
        );
        expect(cartoons.length).toBe(12);
        for (const photo of avatars)
          for (const operation of HEALTH) {
            const { severity, summary } = await answer(operation, photo);
            if (FINDINGS.includes(severity) || severity === 'normal') findings.push(`${basename(photo)} ${operation}`);
            if (cartoons.includes(photo)) expect(summary, `${operation}: ${basename(photo)}`).toMatch(/drawing, logo/);
          }
        // The toucan (72% transparent) and the penguin (79%), whose small outlines pass for a circle
        // and straight lines, had got urine and vomit findings (CHARACTER_LIMITS.framedTransparentShare).
        // Tomatoes on a board had been "blood" to vomit, which may hold food, but not whole fruit the
        // detector boxes surely (0.22 to the classifier and boxed as apples, FOOD_LIMITS.boxedFoodShare).
        // Left (2026-12-02): a yellow rose filling the frame, read as a sea anemone, a crust.
        // Two 96 px photos refused as blurred while their focus was read enlarged: a puppy's face,
        // its tongue out, "redder patches" from skin; a white die on black, whose rounded outline
        // passes for an otoscope's disc, had got "yeast" from ear (its pips and shadows 21% brown)
        // until yeast asked for pink or red skin round the brown (2026-12-05).
        expect(findings.sort()).toEqual(['budgie-yellow-rose.jpg skin', 'cinnamon-5_puppy.jpg skin']);
        // …and that puppy, sharp at its own 96 px, is a dog to breed analysis, not a blurred photo.
        const breed = await assessAnimal('breed', debianPhoto('avatars', 'cinnamon-5_puppy'));
        expect((breed.data as { summary: string }).summary).toContain('The classifier sees a dog');
      },
      HEAVY_TIMEOUT,
    );

    it(
      'refuses clip art drawings as drawings, and finds nothing in any',
      async () => {
        const drawings = debianPhotos('drawings');
        expect(drawings.length).toBe(30);
        let refusedAsDrawings = 0;
        let findings = 0;
        for (const drawing of drawings)
          for (const operation of HEALTH) {
            const { summary, severity } = await answer(operation, drawing);
            if (/drawing, logo/.test(summary)) refusedAsDrawings++;
            if (FINDINGS.includes(severity)) findings++;
          }
        // Measured (2026-11-28), 30 drawings × 5 operations: 140 refused as drawings (28 a
        // operation: every drawing with a transparent background but one whose outline is straight,
        // as a photo rotated in an editor is) and no finding; by their colours alone, 55 and 9
        // findings (the shaded ones: a card's joker, an apple); by few exact colours alone (before
        // flat fills counted), 25 and 14. The two left, a logo and a cone, have no colour. Since an
        // editor's rotation is told by the alpha channel (2026-12-04: the opaque part fills a
        // rectangle), the cone, whose opaque part fills 0.57 of one, is a drawing too: 145.
        expect(refusedAsDrawings).toBe(145);
        expect(findings).toBe(0);
      },
      HEAVY_TIMEOUT,
    );

    it('gives musicians on stages and in streets no finding, and takes a crowd, however small each person in it, for people', async () => {
      // GCompris's musicians of the world: a drummer and a dancer, a mariachi band, an orchestra, a
      // Japanese night festival (13 people boxed, none over 4% of the frame) and Italian street
      // theatre (6, each cut by the frame). Measured (2026-12-04): the festival had been "blood" to
      // urine (moderate) and vomit (severe), the theatre "dark, crumbly debris" to ear and "redness"
      // to skin, all charged (SCENE_LIMITS.crowdPeople).
      const photos = debianPhotos('music');
      expect(photos.length).toBe(9);
      const crowds = ['explore_world_music-japan.webp', 'explore_world_music-italy.webp'];
      for (const photo of photos)
        for (const operation of HEALTH) {
          const { severity, summary } = await answer(operation, photo);
          const where = `${operation}: ${basename(photo)}`;
          expect(FINDINGS, where).not.toContain(severity);
          expect(severity, where).not.toBe('normal');
          if (crowds.includes(basename(photo))) expect(summary, where).toContain('This looks like a photo of people');
        }
    });

    it('refuses the same drawings saved as JPEGs on white, as a specimen, for cut-outs or drawings; no verdict', async () => {
      const folder = tempDir('pawlens-drawn-jpeg-');
      let cutOuts = 0;
      let findings = 0;
      for (const drawing of debianPhotos('drawings')) {
        const jpeg = join(folder, `${basename(drawing, '.png')}.jpg`);
        await sharp(drawing).flatten({ background: '#ffffff' }).jpeg({ quality: 88 }).toFile(jpeg);
        for (const operation of ['stool', 'urine', 'vomit'] as const) {
          const { summary, severity } = await answer(operation, jpeg);
          if (/cut out and set on plain white/.test(summary)) cutOuts++;
          if (FINDINGS.includes(severity) || severity === 'normal') findings++;
        }
      }
      // Measured (2026-11-28), 30 drawings × 3 operations: 42 cut-outs (14 an operation); the rest
      // named for what they show (a cup, scissors, food), drawings in few colours, washed out or
      // colourless. Since flowers are named (2026-12-01), the daisy sent to urine and vomit is a
      // flower: 40 cut-outs. Before cut-outs were refused: 16 findings (urine 6, vomit 10: "active
      // bleeding", severe). Of 116 GCompris word-game drawings saved so, urine had given 51 findings
      // and 8 "normal", vomit 77; none now.
      expect(cutOuts).toBe(40);
      expect(findings).toBe(0);
    });
  });
});

/**
 * The ground of each stool photo the stool localizer's training held out, clear of every stool its
 * labels box (groundSquare), as a 448 px square: real lawns, dry and green, in sun and shade.
 */
async function lawnSquares(): Promise<Array<{ name: string; square: Sharp }>> {
  const dataset = join(SHARED_DIR, 'datasets', 'dog-stool');
  const heldOut: string[] = JSON.parse(
    readFileSync(join(PACKAGE_MODELS_DIR, 'trained', 'stool-localizer', 'held-out.json'), 'utf8'),
  );
  const squares: Array<{ name: string; square: Sharp }> = [];
  for (const name of heldOut) {
    const labels = join(dataset, 'labels', name.replace(/\.[^.]+$/, '.txt'));
    const ground = groundSquare(parseYoloLabels(readFileSync(labels, 'utf8'), labels, [0]));
    if (!ground) continue;
    const photo = join(dataset, 'images', name);
    const { width, height } = await sharp(photo).metadata();
    const region = {
      left: Math.round(ground.x * width!),
      top: Math.round(ground.y * height!),
      width: Math.round(ground.side * width!),
      height: Math.round(ground.side * height!),
    };
    squares.push({ name, square: sharp(photo).extract(region).resize(448, 448) });
  }
  expect(squares.length).toBe(69);
  return squares;
}
