import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPipeline } from '../../src/analysis/pipeline.js';
import { OPERATIONS } from '../../src/operations/registry.js';
import { decodeImageBytes } from '../../src/image/decode-image.js';
import type { Classification } from '../../src/vision/classifier-model.js';
import { installModel } from '../../src/vision/runtime/install-model.js';
import type { Language } from '../../src/contract/language.js';
import type { Verdict } from '../../src/findings/verdict.js';
import type { BreedWords } from '../../src/operations/breed/breed-words.js';
import { COCO_NAMES } from '../../src/vision/tables/coco-names.js';
import { petReadAsOtherAnimal, petUnread, speciesDisputed } from '../../src/vision/scene/disputed-pet.js';
import {
  type BreedFindings,
  DETECTOR_VOUCHES,
  FAINT_SPECIES,
  SURE_AGAINST_STATED,
} from '../../src/operations/breed/breed-findings.js';
import {
  identifyPet,
  isWildAnimal,
  NEVER_A_PET_TOP,
  type PetIdentification,
  MIN_BREED_PROBABILITY,
  MIN_PET_PROBABILITY,
} from '../../src/vision/scene/pet-identification.js';
import { speciesFromAnimalType } from '../../src/vision/scene/animal-type.js';
import { PET_AHEAD_SCORE } from '../../src/vision/scene/animal-order.js';
import { IMAGENET_PET_CLASSES } from '../../src/vision/tables/imagenet-pets.js';
import { loadAnalysisModels } from '../../src/analysis/load-analysis-models.js';
import type { VisionModels } from '../../src/vision/vision-models.js';
import { analyze } from '../../scripts/support/doubles/pipelines.js';
import { describeWithShared, SHARED_DIR, sharedPhoto } from '../fixtures/shared-assets.js';
import { tempDir } from '../fixtures/temp-dir.js';

const LABELS = Array.from({ length: 1000 }, (_, i) => `label ${i}`);
const GOLDEN = 207;
const WOLF = 269;
const ESKIMO_DOG = 248;
const TABBY = 281;
const EGYPTIAN = 285;
const ESPRESSO = 967;

const nameOf = (index: number) => IMAGENET_PET_CLASSES.find((pet) => pet.index === index)!.name;

/** An ImageNet-1k classification with the given probabilities; the rest of the mass on `rest`. */
function imagenet(probabilities: Record<number, number>, rest = 999): Classification {
  const values = new Float32Array(1000);
  for (const [index, p] of Object.entries(probabilities)) values[Number(index)] = p;
  const used = values.reduce((sum, p) => sum + p, 0);
  if (used < 1) values[rest] = (values[rest] ?? 0) + (1 - used);
  return { labelSet: 'imagenet-1k', labels: LABELS, probabilities: values, features: undefined };
}

/**
 * Breed's answer to `findings` in `language`, checked as one that names nothing: no confidence, a
 * summary that says why (`summary`), and nothing charged. Returned for what a test checks besides.
 */
function expectNamesNothing(findings: BreedFindings, language: Language, summary: RegExp) {
  const data = OPERATIONS.breed.data.parse(
    OPERATIONS.breed.answer({ judged: true, findings }, language, undefined as never),
  );
  expect(data.confidence).toBe(0);
  expect(data.summary).toMatch(summary);
  expect(OPERATIONS.breed.assessed(findings, data, false)).toBe(false);
  return data;
}

describe('identifyPet on ImageNet-1k probabilities', () => {
  it('a strong golden retriever → dog, Golden Retriever, with the class’s probability', () => {
    const pet = identifyPet(imagenet({ [GOLDEN]: 0.875, 208: 0.05 }));
    expect(pet.species).toBe('dog');
    expect(pet.breed).toEqual({ en: 'Golden Retriever', zh: '金毛寻回犬', es: 'Golden retriever' });
    expect(pet.breedProbability).toBe(0.875);
    expect(pet.speciesProbability).toBeCloseTo(0.925, 6);
    expect(pet.topLabel).toBe(`label ${GOLDEN}`);
    expect(pet.topProbability).toBe(0.875);
    expect(pet.contradictsAnimalType).toBeUndefined();
  });

  it('mass spread over the domestic cat classes → cat and its best class, even when one dog class is the top label', () => {
    const pet = identifyPet(imagenet({ 281: 0.16, 282: 0.16, 283: 0.16, 284: 0.15, 285: 0.17, [GOLDEN]: 0.19 }));
    expect(pet.species).toBe('cat');
    expect(pet.speciesProbability).toBeCloseTo(0.8, 5);
    expect(pet.breed).toEqual(nameOf(EGYPTIAN));
    expect(pet.breedProbability).toBeCloseTo(0.17, 6);
    expect(pet.topLabel).toBe(`label ${GOLDEN}`);
  });

  it('all mass on a thing (espresso) → no species, no breed, the classifier’s own label', () => {
    const pet = identifyPet(imagenet({ [ESPRESSO]: 0.96, [GOLDEN]: 0.01, [TABBY]: 0.01 }));
    expect(pet.species).toBeUndefined();
    expect(pet.breed).toBeUndefined();
    expect(pet.breedProbability).toBe(0);
    expect(pet.speciesProbability).toBeCloseTo(0.02, 6);
    expect(pet.speciesProbability).toBeLessThan(MIN_PET_PROBABILITY);
    expect(pet.topLabel).toBe(`label ${ESPRESSO}`);
    expect(pet.topProbability).toBeCloseTo(0.96, 6);
  });

  it('names its best match in English by its label, in Chinese and Spanish by the kind of thing it is', () => {
    const coffee = identifyPet(imagenet({ [ESPRESSO]: 0.96 }));
    expect(coffee.topName).toEqual({ en: `label ${ESPRESSO}`, zh: '食物或饮料', es: 'comida o bebida' });
    const CRANE = 134;
    const OX = 345;
    expect(identifyPet(imagenet({ [CRANE]: 0.9 })).topName).toMatchObject({ zh: '鸟', es: 'ave' });
    expect(identifyPet(imagenet({ [OX]: 0.9 })).topName).toMatchObject({ zh: '有蹄动物', es: 'animal con pezuñas' });
    // A pet-breeds classifier's labels have no kinds: it is quoted as it names them.
    const own = identifyPet({
      labelSet: 'pet-breeds',
      labels: ['background', 'dog/Beagle'],
      probabilities: new Float32Array([0.9, 0.1]),
      features: undefined,
    });
    expect(own.topName).toEqual({ en: 'background', zh: 'background', es: 'background' });
  });

  it('topLabel is the first name of a comma-separated ImageNet label', () => {
    const labels = [...LABELS];
    labels[ESPRESSO] = 'espresso, short black';
    const pet = identifyPet({ ...imagenet({ [ESPRESSO]: 0.99 }), labels });
    expect(pet.topLabel).toBe('espresso');
  });

  it('wolf dominating with a bit of husky → dog, and the husky is the breed, never the wolf', () => {
    const pet = identifyPet(imagenet({ [WOLF]: 0.6, 270: 0.1, [ESKIMO_DOG]: 0.16 }));
    expect(pet.species).toBe('dog');
    expect(pet.speciesProbability).toBeCloseTo(0.86, 5);
    expect(pet.breed).toEqual(nameOf(ESKIMO_DOG));
    expect(pet.breed?.en).toMatch(/husky/i);
    expect(pet.breedProbability).toBeCloseTo(0.16, 6);
    expect(pet.topLabel).toBe(`label ${WOLF}`);
    // 270 is the white wolf: the wolves hold 0.7 of the dog's 0.86.
    expect(pet.wildShare).toBeCloseTo(0.7 / 0.86, 5);
  });

  it('names no breed under MIN_BREED_PROBABILITY: "most likely a Great Dane (5%)" was said of a donkey', () => {
    const justUnder = identifyPet(imagenet({ [ESKIMO_DOG]: MIN_BREED_PROBABILITY - 0.01, 160: 0.1, 161: 0.1 }));
    expect(justUnder).toMatchObject({ species: 'dog', breed: undefined, breedProbability: 0, alternatives: [] });
    const named = identifyPet(imagenet({ [ESKIMO_DOG]: MIN_BREED_PROBABILITY, 160: 0.1, 161: 0.04 }));
    expect(named.breed).toEqual(nameOf(ESKIMO_DOG));
    // Its alternatives may be less likely than a breed named alone, but not under 0.05.
    expect(named.alternatives).toHaveLength(1);
    expect(named.alternatives[0]!.probability).toBeCloseTo(0.1, 6);
  });

  it('only wild relatives → the species, but no breed, and says how wild it is', () => {
    const pet = identifyPet(imagenet({ [WOLF]: 0.9 }));
    expect(pet.species).toBe('dog');
    expect(pet.breed).toBeUndefined();
    expect(pet.breedProbability).toBe(0);
    expect(pet.wildShare).toBeCloseTo(1, 6);
    const lynx = identifyPet(imagenet({ 287: 0.7, [TABBY]: 0.01 }));
    expect(lynx.species).toBe('cat');
    expect(lynx.breed).toBeUndefined();
    expect(lynx.wildShare).toBeCloseTo(0.7 / 0.71, 5);
    expect(identifyPet(imagenet({ [ESPRESSO]: 0.96 })).wildShare).toBe(0);
  });

  it('a tiger is a wild animal, though part of it reads as the house cat\'s "tiger cat"; a kitten read as a lynx is a cat', () => {
    // Tux Paint's tiger photo as MobileNetV2 reads it: tiger 0.70, tiger cat 0.27 (70% wild).
    const tiger = identifyPet(imagenet({ 292: 0.7, 282: 0.27, [TABBY]: 0.01 }));
    expect(tiger.species).toBe('cat');
    expect(tiger.wildShare).toBeLessThan(0.99);
    expect(tiger.neverAPetProbability).toBeCloseTo(0.7, 6);
    expect(isWildAnimal(tiger)).toBe(true);
    // A likeliest tiger under the limit, as no real cat photo came near (0.24 at most), stays a cat.
    expect(isWildAnimal(identifyPet(imagenet({ 292: NEVER_A_PET_TOP - 0.01, 282: 0.3 })))).toBe(false);
    // The lynx is what real kittens are read as (0.80): it names no pet only when nearly all of it is wild.
    const kitten = identifyPet(imagenet({ 287: 0.8, [TABBY]: 0.05 }));
    expect(kitten.neverAPetProbability).toBe(0);
    expect(isWildAnimal(kitten)).toBe(false);
  });

  it('many tiny dog classes that add up → dog, with no breed named', () => {
    const spread = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [160 + i, 0.03]));
    const pet = identifyPet(imagenet({ ...spread, [ESPRESSO]: 0.7 }));
    expect(Math.max(...Object.values(spread))).toBeLessThan(MIN_BREED_PROBABILITY);
    expect(pet.species).toBe('dog');
    expect(pet.speciesProbability).toBeCloseTo(0.3, 5);
    expect(pet.breed).toBeUndefined();
    expect(pet.breedProbability).toBe(0);
    expect(pet.topLabel).toBe(`label ${ESPRESSO}`);
  });

  describe('the stated animalType', () => {
    const closeCall = imagenet({ [TABBY]: 0.3, [GOLDEN]: 0.35 });
    const clearDog = imagenet({ [TABBY]: 0.05, [GOLDEN]: 0.9 });

    it('tips a close call', () => {
      expect(identifyPet(closeCall).species).toBe('dog');
      const pet = identifyPet(closeCall, 'cat');
      expect(pet.species).toBe('cat');
      // A tabby is a coat pattern: a cat, and no breed named (issue 41).
      expect(pet.breed).toBeUndefined();
      expect(pet.speciesProbability).toBeCloseTo(0.3, 6); // the mass, not the weighted mass
      expect(pet.contradictsAnimalType).toBeUndefined();
      expect(identifyPet(closeCall, 'dog').species).toBe('dog');
    });

    it('cannot overrule a clear photo, and says so', () => {
      const pet = identifyPet(clearDog, 'cat');
      expect(pet.species).toBe('dog');
      expect(pet.breed).toEqual(nameOf(GOLDEN));
      expect(pet.contradictsAnimalType).toBe('cat');
    });

    it.each([
      ['kitten', 'cat'],
      ['gato', 'cat'],
      ['猫', 'cat'],
      ['feline', 'cat'],
      ['perro', 'dog'],
      ['puppy', 'dog'],
      ['狗', 'dog'],
    ] as const)('understands the alias %s (%s)', (alias, species) => {
      expect(speciesFromAnimalType(alias)).toBe(species);
      const closeOther = species === 'cat' ? closeCall : imagenet({ [TABBY]: 0.35, [GOLDEN]: 0.3 });
      expect(identifyPet(closeOther, alias).species).toBe(species);
      const clearOther = species === 'cat' ? clearDog : imagenet({ [TABBY]: 0.9, [GOLDEN]: 0.05 });
      expect(identifyPet(clearOther, alias).contradictsAnimalType).toBe(alias);
    });

    it.each([
      ['puppies', 'dog'],
      ['my dog', 'dog'],
      ['a golden retriever', 'dog'],
      ['black lab', 'dog'],
      ['german shepherd', 'dog'],
      ['perrito mestizo', 'dog'],
      ['小狗', 'dog'],
      ['我的小狗', 'dog'],
      ['我家的猫', 'cat'],
      ['西伯利亚雪橇犬（哈士奇）', 'dog'],
      ['哈士奇', 'dog'],
      ['white cat', 'cat'],
      ['siamese', 'cat'],
      ['tabby', 'cat'],
      ['gatita', 'cat'],
      ['猫咪', 'cat'],
      ['bunnies', 'rabbit'],
      ['conejillo de indias', 'guinea_pig'],
      ['荷兰猪', 'guinea_pig'],
    ] as const)('reads the species in an owner’s words: %s (%s)', (animalType, species) => {
      expect(speciesFromAnimalType(animalType)).toBe(species);
    });

    it.each([
      ['dog or cat', 'two species'],
      ['rabbit and hamster', 'two species'],
      ['white', 'a word of a terrier’s name, no species'],
      ['tiger', 'a word of the tiger cat’s name, and a wild animal'],
      ['timber wolf', 'a wild relative, no pet'],
      ['熊猫', 'a panda, though 猫 is in its name'],
      ['猫头鹰', 'an owl, though 猫 is in its name'],
    ])('names no species for %s (%s)', (animalType) => {
      expect(speciesFromAnimalType(animalType)).toBeUndefined();
    });

    it('an animalType pawlens does not know changes nothing', () => {
      expect(speciesFromAnimalType('parrot')).toBeUndefined();
      const pet = identifyPet(closeCall, 'parrot');
      expect(pet.species).toBe('dog');
      expect(pet.contradictsAnimalType).toBeUndefined();
    });

    it('words that happen to be Object.prototype properties are not species', () => {
      // animalType is free text from the client (lower-cased): "constructor" and "__proto__" can arrive.
      expect(speciesFromAnimalType('constructor')).toBeUndefined();
      expect(speciesFromAnimalType('__proto__')).toBeUndefined();
      expect(identifyPet(clearDog, 'constructor').contradictsAnimalType).toBeUndefined();
    });

    it('on a photo with no pet, a stated animal is reported as contradicted', () => {
      const pet = identifyPet(imagenet({ [ESPRESSO]: 0.99 }), 'dog');
      expect(pet.species).toBeUndefined();
      expect(pet.contradictsAnimalType).toBe('dog');
    });
  });
});

describe('breed where the classifier leans against the stated animal', () => {
  const judged = (pet: PetIdentification): Verdict<BreedFindings> => ({
    judged: true,
    findings: { pet, animal: undefined },
  });
  const answer = (pet: PetIdentification, language: Language) =>
    OPERATIONS.breed.answer(judged(pet), language, undefined as never);
  // A dog at 0.6 where the request said cat (weighted, the cat's 0.1 counts 0.2): another species, unsure.
  const unsureDog = identifyPet(imagenet({ [TABBY]: 0.1, [GOLDEN]: 0.6 }), 'cat');
  const sureDog = identifyPet(imagenet({ [TABBY]: 0.05, [GOLDEN]: 0.9 }), 'cat');

  it.each([
    [
      'en',
      { species: 'unknown', breed: 'unknown' },
      /^The request said "cat", and the classifier leans to a dog \(60% probability\)/,
    ],
    ['zh', { species: '未知', breed: '未知' }, /^请求中说明的是“cat”，分类器则倾向于狗（概率 60%）/],
    [
      'es',
      { species: 'sin determinar', breed: 'sin determinar' },
      /^En la solicitud se indicó «cat», y el clasificador identifica al animal como perro \(60 %/,
    ],
  ] as const)('in %s: names neither, says why, and charges nothing', (language, names, summary) => {
    expect(unsureDog.species).toBe('dog');
    expect(unsureDog.contradictsAnimalType).toBe('cat');
    expect(unsureDog.speciesProbability).toBeLessThan(SURE_AGAINST_STATED);
    expect(expectNamesNothing({ pet: unsureDog, animal: undefined }, language, summary)).toMatchObject(names);
  });

  it('a reading sure of the other species still says so, and is charged', () => {
    const data = answer(sureDog, 'en');
    expect(data).toMatchObject({ species: 'dog', breed: 'Golden Retriever' });
    expect(data.summary).toMatch(/^The request said "cat", but the classifier sees a dog/);
    expect(OPERATIONS.breed.assessed({ pet: sureDog, animal: undefined }, data, false)).toBe(true);
  });

  it('with a language model, the model judges the species, told that the classifier is unsure', () => {
    const findings = { pet: unsureDog, animal: undefined };
    expect(OPERATIONS.breed.llm.facts(findings, 'en')).toEqual([
      'The request says the animal is a "cat"; the breed classifier leans, unsure, to a dog (60%): judge the species from the photo.',
    ]);
    const measured = answer(unsureDog, 'en');
    const model = { species: 'cat', breed: 'Domestic shorthair', confidence: 0.7, summary: 'A short-haired cat.' };
    expect(OPERATIONS.breed.merge(findings, measured, model, 'en')).toEqual(model);
    expect(OPERATIONS.breed.assessed(findings, model, true)).toBe(true);
  });
});

describe('breed where an animal that is no pet outweighs the pet the classifier names', () => {
  const RAM = 348;
  // A ram read 0.60 "ram" and 0.21 Golden Retriever: a dog only by the request's weight, charged until 2026-12-04.
  const labels = LABELS.map((label, index) => (index === RAM ? 'ram, tup' : label));
  const ram = identifyPet({ ...imagenet({ [RAM]: 0.6, [GOLDEN]: 0.21 }), labels }, 'dog');
  const findings = { pet: ram, animal: undefined };
  const answer = (language: Language) =>
    OPERATIONS.breed.answer({ judged: true, findings }, language, undefined as never);

  it.each([
    ['en', /^The classifier's best match for this animal is "ram" \(60% probability\), likelier than a dog/],
    ['zh', /^分类器对这只动物的最佳匹配是“[^”]+”（概率 60%），高于狗/],
    ['es', /^La mejor coincidencia del clasificador para este animal es «[^»]+» \(60 %/],
  ] as const)('in %s: names neither, says why, and charges nothing', (language, summary) => {
    expect(ram).toMatchObject({ species: 'dog', topLabel: 'ram' });
    expectNamesNothing(findings, language, summary);
  });

  it('a pet’s own best class never outweighs it, and a dog likelier than the ram is named', () => {
    const dog = identifyPet(imagenet({ [RAM]: 0.3, [GOLDEN]: 0.35 }), 'dog');
    expect(OPERATIONS.breed.assessed({ pet: dog, animal: undefined }, answer('en'), false)).toBe(true);
  });

  it('with a language model, the model judges, told what outweighs the pet', () => {
    expect(OPERATIONS.breed.llm.facts(findings, 'en')).toEqual([
      'The breed classifier\'s best match is "ram" (60%), an animal that is no pet, likelier than a dog (21%): judge from the photo whether it is a pet at all.',
    ]);
  });
});

describe('breed where the classifier’s best match is a pet’s class it cannot name', () => {
  const PERSIAN = 283;
  // 0.15 on a Persian cat and nothing else of a pet: under MIN_PET_PROBABILITY, so no pet is named.
  const rest = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [900 + i, 0.085]));
  const faintCat = identifyPet(imagenet({ [PERSIAN]: 0.15, ...rest }), 'cat');
  const answer = (animal: BreedFindings['animal'], language: Language) =>
    OPERATIONS.breed.answer({ judged: true, findings: { pet: faintCat, animal } }, language, undefined as never);
  const bear = (score: number): BreedFindings['animal'] => ({
    count: 1,
    share: 0.95,
    coat: [],
    notAPet: { name: COCO_NAMES.bear!, score },
  });

  it.each([
    ['en', undefined, /^The classifier's best match is "label 283", but it is not sure enough that this is a pet/],
    [
      'en',
      0.6,
      /^The detector takes this animal for a bear, and the classifier's best match is "label 283": they disagree/,
    ],
    ['zh', 0.6, /^检测器认为这只动物是熊，而分类器的最佳匹配是“猫”：两者不一致/],
    ['es', undefined, /^La mejor coincidencia del clasificador es «gato», pero no tiene la seguridad suficiente/],
  ] as const)(
    'in %s (a detector’s bear at %s): never "a cat, not a dog, cat…", and free',
    (language, score, summary) => {
      expect(faintCat.species).toBeUndefined();
      const data = OPERATIONS.breed.data.parse(answer(score === undefined ? undefined : bear(score), language));
      expect(data.summary).toMatch(summary);
      expect(data.summary).not.toMatch(/not a dog, cat/);
      expect(data.confidence).toBe(0);
      expect(OPERATIONS.breed.assessed({ pet: faintCat, animal: undefined }, data, false)).toBe(false);
    },
  );

  it('a detector sure of its animal still names it (a horse the classifier half reads as a Great Dane)', () => {
    const data = answer({ count: 1, share: 0.8, coat: [], notAPet: { name: COCO_NAMES.horse!, score: 0.95 } }, 'en');
    expect(data).toMatchObject({ species: 'horse', breed: 'none (not a pet)' });
  });
});

describe('breed where the detector and the classifier name different animals that are no pets', () => {
  const WEEVIL = 307;
  // qabcs-data's weevil, cut out: YOLOX-Nano boxed it as a bird at 0.87, MobileNetV2 read a weevil
  // (its class 307, which the test's classifier names "label 307").
  const weevil = identifyPet(imagenet({ [WEEVIL]: 0.7 }));
  const answer = (score: number, language: Language) =>
    OPERATIONS.breed.answer(
      {
        judged: true,
        findings: {
          pet: weevil,
          animal: { count: 1, share: 0.6, coat: [], notAPet: { name: COCO_NAMES.bird!, score } },
        },
      },
      language,
      undefined as never,
    );

  it.each([
    ['en', /^The detector takes this animal for a bird \(the classifier's best match: "label 307"\), not a dog/],
    ['zh', /^检测器认为这是鸟（分类器的最佳匹配属于“/],
    ['es', /^Para el detector es un animal \(pájaro; la mejor coincidencia del clasificador/],
  ] as const)(
    'says the detector names a bird it is sure of, in %s, beside the classifier’s weevil',
    (language, says) => {
      expect(OPERATIONS.breed.data.parse(answer(0.87, language)).summary).toMatch(says);
    },
  );

  it('names the classifier’s kind, an invertebrate, where the detector is unsure of its bird', () => {
    expect(answer(0.6, 'en').summary).toMatch(
      /^This looks like an invertebrate \(the classifier's best match: "label 307"\)/,
    );
  });
});

describe('breed where the detector boxes the other pet than the classifier names', () => {
  const HAMSTER = 333;
  // A cat's chin the classifier reads as a hamster at 0.6 (real close-ups read 0.5–0.8), boxed as a cat.
  const unsureHamster = identifyPet(imagenet({ [HAMSTER]: 0.6, [TABBY]: 0.1 }));
  const sureHamster = identifyPet(imagenet({ [HAMSTER]: 0.85, [TABBY]: 0.05 }));
  const surestHamster = identifyPet(imagenet({ [HAMSTER]: 0.96, [TABBY]: 0.02 }));
  const boxed = (label: string, score: number) => ({ label, score });
  const pixels = Buffer.alloc(64 * 64 * 3, 128);
  const image = { format: 'png' as const, sourceWidth: 64, sourceHeight: 64, width: 64, height: 64, pixels };
  const judge = (pet: PetIdentification, label: string, score: number, animalType?: string) =>
    OPERATIONS.breed.judge(
      {
        scene: {
          animals: [{ detection: { label, score, box: [8, 8, 56, 56] }, share: 0.56, cutSides: 0, pet }],
        },
        view: undefined,
      } as never,
      { image, language: 'en', animalType, requestId: 'req_disputed' },
      {} as never,
    );
  /** Breed's findings for `pet` boxed as a cat at `score`, checked as the two models disagreeing, the classifier's best match `bestMatch`. */
  const judgedAsDisputedCat = async (pet: PetIdentification, score: number, bestMatch: number) => {
    const findings = await judge(pet, 'cat', score);
    expect(findings.disputedBy).toEqual(COCO_NAMES.cat);
    const disagree = `^The detector takes this animal for a cat, and the classifier's best match is "label ${bestMatch}": they disagree`;
    expectNamesNothing(findings, 'en', new RegExp(disagree));
    return findings;
  };

  it.each([
    ['a cat at the limit against a hamster under it', boxed('cat', 0.4), unsureHamster, undefined, true],
    ['a cat just under the limit', boxed('cat', 0.39), unsureHamster, undefined, false],
    // GIMP's black-and-white kitten, boxed as a cat, read as a Samoyed at 0.93: under SPECIES_DISPUTED.
    ['a hamster read at 0.85', boxed('cat', 0.9), sureHamster, undefined, true],
    ['a hamster read at 0.85, the request naming the cat boxed', boxed('cat', 0.9), sureHamster, 'cat', true],
    ['a hamster the classifier is sure of', boxed('cat', 0.9), surestHamster, undefined, false],
    [
      'a hamster the classifier is sure of, the request naming the cat boxed',
      boxed('cat', 0.9),
      surestHamster,
      'cat',
      false,
    ],
    [
      'the same pet as the classifier names',
      boxed('dog', 0.9),
      identifyPet(imagenet({ [GOLDEN]: 0.6 })),
      undefined,
      false,
    ],
    ['a box that is no pet (the horse rule is petDisputed’s)', boxed('horse', 0.9), unsureHamster, undefined, false],
    ['the hamster the request names', boxed('cat', 0.9), sureHamster, 'hamster', false],
    ['another animal the request names', boxed('cat', 0.9), unsureHamster, 'dog', true],
  ] as const)('%s: disputed %s', (_case, detection, pet, animalType, disputed) => {
    expect(speciesDisputed(detection, pet, animalType)).toBe(disputed);
  });

  it.each([
    ['en', /^The detector takes this animal for a cat, and the classifier's best match is "label 333": they disagree/],
    ['zh', /^检测器认为这只动物是猫，而分类器的最佳匹配是“仓鼠”：两者不一致/],
    [
      'es',
      /^El detector toma a este animal por gato y la mejor coincidencia del clasificador es «hámster»: no coinciden/,
    ],
  ] as const)('in %s: names neither species, says why, and charges nothing', async (language, summary) => {
    const findings = await judge(unsureHamster, 'cat', 0.54);
    expect(findings.disputedBy).toEqual(COCO_NAMES.cat);
    expectNamesNothing(findings, language, summary);
  });

  it('names the hamster where the detector is unsure of its cat, and charges for it', async () => {
    const findings = await judge(unsureHamster, 'cat', 0.3);
    expect(findings.disputedBy).toBeUndefined();
    const data = OPERATIONS.breed.answer({ judged: true, findings }, 'en', undefined as never);
    expect(data).toMatchObject({ species: 'hamster' });
    expect(OPERATIONS.breed.assessed(findings, data, false)).toBe(true);
  });

  it('with a language model, the model judges the species, told that the two models disagree', async () => {
    const findings = await judge(unsureHamster, 'cat', 0.54);
    expect(OPERATIONS.breed.llm.facts(findings, 'en')).toEqual([
      'An object detector takes the animal for a cat; the breed classifier leans, unsure, to a hamster (60%): judge the species from the photo.',
    ]);
    const measured = OPERATIONS.breed.answer({ judged: true, findings }, 'en', undefined as never);
    const model = { species: 'cat', breed: 'Domestic shorthair', confidence: 0.7, summary: 'A short-haired cat.' };
    expect(OPERATIONS.breed.merge(findings, measured, model, 'en')).toEqual(model);
    expect(OPERATIONS.breed.assessed(findings, model, true)).toBe(true);
  });

  it('a cat the detector is sure of, whose crop the classifier reads as no animal, is neither named nor called no pet', async () => {
    // gdk-pixbuf's black-and-white cat on a corrugated roof: boxed as a cat at 0.83, a radiator to
    // MobileNetV2. Breed had said "The photo does not appear to show a pet".
    const radiator = identifyPet(imagenet({ 753: 0.2, [EGYPTIAN]: 0.06 }, 753));
    expect(radiator.species).toBeUndefined();
    expect(petUnread(boxed('cat', 0.8), radiator)).toBe(true);
    expect(petUnread(boxed('cat', 0.79), radiator)).toBe(false);
    expect(petUnread(boxed('horse', 0.95), radiator)).toBe(false);
    // A best match that is an animal is named for what it is (breed's notAPet); a pet read is a pet.
    expect(petUnread(boxed('dog', 0.9), identifyPet(imagenet({ 341: 0.6 })))).toBe(false);
    expect(petUnread(boxed('dog', 0.9), identifyPet(imagenet({ [GOLDEN]: 0.6 })))).toBe(false);
    const findings = await judgedAsDisputedCat(radiator, 0.83, 753);
    expect(OPERATIONS.breed.llm.facts(findings, 'en')).toEqual([
      'The breed classifier sees no pet; its best match is "label 753".',
      'An object detector takes the animal for a cat: judge the species from the photo.',
    ]);
    // Less sure of its cat, the detector leaves the classifier's word: no pet.
    const unsure = await judge(radiator, 'cat', 0.6);
    expect(unsure.disputedBy).toBeUndefined();
    const noPet = OPERATIONS.breed.answer({ judged: true, findings: unsure }, 'en', undefined as never);
    expect(noPet.summary).toMatch(/^The photo does not appear to show a pet/);
  });

  it('a cat the detector boxes, whose crop the classifier reads unsurely as another animal, is neither that animal nor named', async () => {
    // A grey cat on a wall under palm fronds (texlive's image-gallery): boxed as a cat at 0.43, a
    // tarantula (76) at 0.27 to MobileNetV2, the cats 0.19. Breed had said "an invertebrate".
    const tarantula = identifyPet(imagenet({ 76: 0.27, [TABBY]: 0.19, 77: 0.2, 78: 0.2 }));
    expect(tarantula.species).toBeUndefined();
    expect(petReadAsOtherAnimal(boxed('cat', 0.43), tarantula)).toBe(true);
    expect(petReadAsOtherAnimal(boxed('cat', 0.39), tarantula)).toBe(false);
    expect(petReadAsOtherAnimal(boxed('bird', 0.9), tarantula)).toBe(false);
    await judgedAsDisputedCat(tarantula, 0.43, 76);
    // Surer of the other animal (0.5), the classifier names it, as it names a tiger boxed as a cat a wild mammal.
    const sureTarantula = identifyPet(imagenet({ 76: 0.5, [TABBY]: 0.19 }));
    expect(petReadAsOtherAnimal(boxed('cat', 0.9), sureTarantula)).toBe(false);
    const named = await judge(sureTarantula, 'cat', 0.9);
    expect(named.disputedBy).toBeUndefined();
    const answer = OPERATIONS.breed.answer({ judged: true, findings: named }, 'en', undefined as never);
    expect(answer.summary).toMatch(/^This looks like an invertebrate/);
  });

  it('named a dog, read as a hamster and boxed as a cat: the answer and the model both hear the request’s doubt first', async () => {
    const namedDog = identifyPet(imagenet({ [HAMSTER]: 0.6, [TABBY]: 0.1 }), 'dog');
    const findings = await judge(namedDog, 'cat', 0.54, 'dog');
    expect(findings.disputedBy).toEqual(COCO_NAMES.cat);
    const data = OPERATIONS.breed.answer({ judged: true, findings }, 'en', undefined as never);
    expect(data.summary).toMatch(/^The request said "dog"/);
    expect(OPERATIONS.breed.llm.facts(findings, 'en')).toEqual([
      'The request says the animal is a "dog"; the breed classifier leans, unsure, to a hamster (60%): judge the species from the photo.',
      'An object detector takes the animal for a cat; the breed classifier leans, unsure, to a hamster (60%): judge the species from the photo.',
    ]);
    expect(OPERATIONS.breed.assessed(findings, data, false)).toBe(false);
  });
});

describe('identifyPet on a pet-breed classifier ("species/Breed" labels)', () => {
  const labels = ['dog/Beagle', 'cat/Siamese', 'dog/Pug', 'Rabbit/Holland Lop', 'background'];
  const breeds = (probabilities: number[]): Classification => ({
    labelSet: 'pet-breeds',
    labels,
    probabilities: Float32Array.from(probabilities),
    features: undefined,
  });

  it('maps the species by the label’s prefix and names the breed untranslated', () => {
    const dog = identifyPet(breeds([0.5, 0.125, 0.25, 0.0625, 0.0625]));
    expect(dog.species).toBe('dog');
    expect(dog.speciesProbability).toBeCloseTo(0.75, 6);
    expect(dog.breed).toEqual({ en: 'Beagle', zh: 'Beagle', es: 'Beagle' });
    expect(dog.breedProbability).toBe(0.5);
    expect(dog.topLabel).toBe('dog/Beagle');

    const cat = identifyPet(breeds([0.125, 0.75, 0, 0, 0.125]));
    expect(cat.species).toBe('cat');
    expect(cat.breed?.en).toBe('Siamese');

    const rabbit = identifyPet(breeds([0, 0.125, 0, 0.75, 0.125]));
    expect(rabbit.species).toBe('rabbit');
    expect(rabbit.breed?.en).toBe('Holland Lop');
  });

  it('labels without a known species prefix are not pets', () => {
    const pet = identifyPet(breeds([0.05, 0.05, 0, 0, 0.9]));
    expect(pet.species).toBeUndefined();
    expect(pet.topLabel).toBe('background');
  });
});

interface KnownAnswer {
  readonly photo: string;
  readonly index: number;
  readonly probability: number;
}

/** ../shared/models/squeezenet1.0/README.md, "Known answers" (resize 224 cover, BGR 0..255). */
const README_ANSWERS: readonly KnownAnswer[] = [
  { photo: 'kitten_224.png', index: TABBY, probability: 0.93 },
  { photo: 'wml_dog.jpg', index: GOLDEN, probability: 0.97 },
  { photo: 'chelsea.png', index: EGYPTIAN, probability: 0.67 },
  { photo: 'coffee.png', index: ESPRESSO, probability: 0.99 },
];

describeWithShared('the real SqueezeNet 1.0, installed and loaded as a user would', () => {
  let modelsDir: string;
  let vision: VisionModels;

  beforeAll(async () => {
    modelsDir = tempDir('pawlens-breed-');
    await installModel('squeezenet1.0', { from: join(SHARED_DIR, 'models', 'squeezenet1.0'), modelsDir });
    vision = await loadAnalysisModels({ modelsDir });
  });

  afterAll(async () => {
    await Promise.all((vision?.loaded ?? []).map((model) => model.release()));
  });

  async function classify(photo: string) {
    const image = await decodeImageBytes(readFileSync(sharedPhoto(photo)));
    const classification = await vision.classifier!.predict(image);
    const ranked = [...classification.probabilities.keys()].sort(
      (a, b) => classification.probabilities[b]! - classification.probabilities[a]!,
    );
    return { classification, ranked, p: (index: number) => classification.probabilities[index]! };
  }

  it.each([
    ['wml_dog.jpg', 'en', undefined, { species: 'dog', breed: 'Golden Retriever' }],
    ['wml_dog.jpg', 'zh', undefined, { species: '狗', breed: '金毛寻回犬' }],
    ['kitten_224.png', 'es', 'cat', { species: 'gato' }],
    ['chelsea.png', 'en', 'dog', { species: 'cat' }],
  ] as const)('the full breed answer for %s in %s (animalType %s)', async (photo, language, animalType, expected) => {
    const data = await analyze(createPipeline(vision), 'breed', {
      photo: readFileSync(sharedPhoto(photo)),
      language,
      animalType,
      requestId: 'req_breedtest01',
    });
    expect(OPERATIONS.breed.data.parse(data)).toMatchObject(expected);
    expect(data.confidence).toBeGreaterThan(0.6);
    if (animalType === 'dog') expect(data.summary).toContain('"dog"');
  });

  it('a coffee cup gets no breed and no confidence', async () => {
    const data = await analyze(createPipeline(vision), 'breed', {
      photo: readFileSync(sharedPhoto('coffee.png')),
      language: 'en',
      animalType: 'dog',
      requestId: 'req_breedtest02',
    });
    expect(OPERATIONS.breed.data.parse(data)).toMatchObject({ species: 'no animal detected', breed: 'none' });
    expect(data.confidence).toBeLessThan(0.05);
    expect(data.summary).toContain('espresso');
  });

  it.each([
    ['en', { species: 'bighorn', breed: 'none (not a pet)' }, /a bighorn, not of the pet/],
    ['zh', { species: '有蹄动物', breed: '无（不是宠物）' }, /^这看起来是一张有蹄动物的照片/],
    ['es', { species: 'animal con pezuñas' }, /^Parece una foto de un animal \(animal con pezuñas\)/],
  ] as const)(
    'horses, with no detector to box them, in %s: an animal that is not a pet, named in the language, never "no animal"',
    async (language, expected, summary) => {
      const data = await analyze(createPipeline(vision), 'breed', {
        photo: readFileSync(sharedPhoto('darknet_horses.jpg')),
        language,
        animalType: undefined,
        requestId: 'req_breedtest03',
      });
      expect(OPERATIONS.breed.data.parse(data)).toMatchObject({ ...expected, confidence: 0 });
      expect(data.summary).toMatch(summary);
      if (language === 'zh') expect(data.summary).not.toMatch(/[A-Za-z]/);
    },
  );

  it('is the breed classifier, with the ImageNet labels', () => {
    expect(vision.classifier?.name).toBe('squeezenet1.0');
    expect(vision.classifier?.labelSet).toBe('imagenet-1k');
    expect(vision.loaded.map((model) => model.manifest.name)).toContain('squeezenet1.0');
  });

  it('PAWLENS_BREED_MODEL=squeezenet1.0 picks it', async () => {
    const chosen = await loadAnalysisModels({ modelsDir, breedModel: 'squeezenet1.0' });
    try {
      expect(chosen.classifier?.name).toBe('squeezenet1.0');
    } finally {
      await Promise.all(chosen.loaded.map((model) => model.release()));
    }
  });

  it.each(README_ANSWERS)(
    '$photo: top-1 is class $index at $probability ± 0.05, as in the README',
    async ({ photo, index, probability }) => {
      const { classification, ranked, p } = await classify(photo);
      expect(classification.probabilities).toHaveLength(1000);
      const sum = classification.probabilities.reduce((s, v) => s + v, 0);
      expect(sum).toBeCloseTo(1, 2); // probabilities, computed in float16
      expect(ranked[0]).toBe(index);
      expect(Math.abs(p(index) - probability)).toBeLessThanOrEqual(0.05);
    },
  );

  it('kitten_224.png → tabby above 0.85: a cat, and no breed, for tabby is a coat pattern (issue 41)', async () => {
    const { classification, ranked, p } = await classify('kitten_224.png');
    expect(ranked[0]).toBe(TABBY);
    expect(p(TABBY)).toBeGreaterThan(0.85);
    const pet = identifyPet(classification);
    expect(pet.species).toBe('cat');
    expect(pet.breed).toBeUndefined();
    expect(pet.topLabel).toBe('tabby');
  });

  it('wml_dog.jpg → dog, Golden Retriever above 0.9', async () => {
    const { classification } = await classify('wml_dog.jpg');
    const pet = identifyPet(classification);
    expect(pet.species).toBe('dog');
    expect(pet.breed?.en).toBe('Golden Retriever');
    expect(pet.breedProbability).toBeGreaterThan(0.9);
    expect(pet.contradictsAnimalType).toBeUndefined();
    expect(identifyPet(classification, 'cat').contradictsAnimalType).toBe('cat');
  });

  it('chelsea.png → cat (Egyptian cat first, tabby second, as in the README)', async () => {
    const { classification, ranked, p } = await classify('chelsea.png');
    expect(ranked.slice(0, 2)).toEqual([EGYPTIAN, TABBY]);
    expect(Math.abs(p(TABBY) - 0.28)).toBeLessThanOrEqual(0.05);
    const pet = identifyPet(classification);
    expect(pet.species).toBe('cat');
    expect(pet.speciesProbability).toBeGreaterThan(0.9);
    expect(pet.breed).toEqual(nameOf(EGYPTIAN));
  });

  it('coffee.png → no species, no breed, topLabel "espresso"', async () => {
    const { classification } = await classify('coffee.png');
    const pet = identifyPet(classification);
    expect(pet.species).toBeUndefined();
    expect(pet.breed).toBeUndefined();
    expect(pet.speciesProbability).toBeLessThan(MIN_PET_PROBABILITY);
    expect(pet.topLabel).toBe('espresso');
    expect(pet.topProbability).toBeGreaterThan(0.9);
    // Saying "dog" does not turn a coffee cup into a dog.
    expect(identifyPet(classification, 'dog').species).toBeUndefined();
  });
});

describe('breed where the classifier’s species is too faint to name (FAINT_SPECIES)', () => {
  // A chess knight boxed as a dog at 0.41, read 47% dog ("Standard Poodle" at 13%): charged until 2026-12-04.
  const faintDog = identifyPet(imagenet({ [GOLDEN]: FAINT_SPECIES - 0.03, [ESPRESSO]: 0.3 }), 'dog');
  const pixels = Buffer.alloc(64 * 64 * 3, 128);
  const image = { format: 'png' as const, sourceWidth: 64, sourceHeight: 64, width: 64, height: 64, pixels };
  const judge = (pet: PetIdentification, label: string | undefined, score = 0) =>
    OPERATIONS.breed.judge(
      {
        scene: {
          animals: label ? [{ detection: { label, score, box: [8, 8, 56, 56] }, share: 0.56, cutSides: 0, pet }] : [],
          frame: pet,
        },
        view: undefined,
      } as never,
      { image, language: 'en', animalType: 'dog', requestId: 'req_faint' },
      {} as never,
    );

  it.each([
    ['a box of another animal the detector is unsure of', 'bear', 0.35, true],
    ['the detector’s dog, unsure', 'dog', DETECTOR_VOUCHES - 0.01, true],
    ['the detector’s dog, sure enough to vouch', 'dog', DETECTOR_VOUCHES, false],
    ['the detector’s cat', 'cat', 0.9, true],
    ['no detector, the frame read', undefined, 0, true],
  ] as const)('%s: faint %s', async (_case, label, score, faint) => {
    expect((await judge(faintDog, label, score)).faint === true).toBe(faint);
  });

  it('names a dog the classifier gives FAINT_SPECIES, boxed as anything', async () => {
    const dog = identifyPet(imagenet({ [GOLDEN]: FAINT_SPECIES, [ESPRESSO]: 0.3 }), 'dog');
    expect((await judge(dog, 'bear', 0.35)).faint).toBeUndefined();
  });

  it.each([
    ['en', /^The classifier leans to a dog \(47% probability\), not surely enough to name it/],
    ['zh', /^分类器倾向于狗（概率 47%），但把握不足以认定/],
    ['es', /^El clasificador identifica al animal como perro \(47 % de probabilidad\), sin la seguridad suficiente/],
  ] as const)('in %s: names neither species nor breed, says why, and charges nothing', async (language, summary) => {
    const findings = await judge(faintDog, 'bear', 0.35);
    expectNamesNothing(findings, language, summary);
  });

  it('with a language model, the model judges, told the classifier only leans', async () => {
    const findings = await judge(faintDog, 'bear', 0.35);
    expect(OPERATIONS.breed.llm.facts(findings, 'en')).toEqual([
      'The breed classifier leans, unsure, to a dog (47%): judge from the photo whether it is a pet at all, and which.',
    ]);
    const model = { species: 'dog', breed: 'Poodle', confidence: 0.6, summary: 'A poodle.' };
    const measured = OPERATIONS.breed.answer({ judged: true, findings }, 'en', undefined as never);
    expect(OPERATIONS.breed.merge(findings, measured, model, 'en')).toEqual(model);
    expect(OPERATIONS.breed.assessed(findings, model, true)).toBe(true);
  });
});

describe('breed where the animal read whole disagrees with its crop (SceneAnimal.secondView)', () => {
  // A donkey clip art boxed as a dog at 0.82: its crop's middle reads 74% dog; read whole, a sorrel horse.
  const unsureDog = identifyPet(imagenet({ [GOLDEN]: 0.74, [ESPRESSO]: 0.26 }), 'dog');
  const SORREL = 339;
  const LION = 291;
  const ALBATROSS = 146;
  const pixels = Buffer.alloc(64 * 64 * 3, 128);
  const image = { format: 'png' as const, sourceWidth: 64, sourceHeight: 64, width: 64, height: 64, pixels };
  const judge = (secondView: PetIdentification | undefined, pet = unsureDog, [label, score] = ['dog', 0.82]) =>
    OPERATIONS.breed.judge(
      {
        scene: {
          animals: [{ detection: { label, score, box: [8, 8, 56, 56] }, share: 0.56, cutSides: 0, pet, secondView }],
        },
        view: undefined,
      } as never,
      { image, language: 'en', animalType: 'dog', requestId: 'req_views' },
      {} as never,
    );

  it.each([
    ['another animal, no pet', identifyPet(imagenet({ [SORREL]: 0.76 }), 'dog'), true],
    [
      'the same species faintly, its best match no class of it (swans: an albatross)',
      identifyPet(imagenet({ [GOLDEN]: FAINT_SPECIES - 0.05, [ALBATROSS]: 0.5 }), 'dog'),
      true,
    ],
    [
      'the same species faintly, its best match one of its breeds',
      identifyPet(imagenet({ [GOLDEN]: FAINT_SPECIES - 0.05, [ESPRESSO]: 0.2, [SORREL]: 0.2 }), 'dog'),
      false,
    ],
    ['a wild relative alone', identifyPet(imagenet({ [LION]: 0.81 }), 'dog'), true],
    ['another pet', identifyPet(imagenet({ [TABBY]: 0.7 }), 'dog'), true],
    ['the same species, surely enough', identifyPet(imagenet({ [GOLDEN]: FAINT_SPECIES }), 'dog'), false],
    ['no second reading (a crop sure of its species)', undefined, false],
  ] as const)('%s: the views disagree %s', async (_case, secondView, disagree) => {
    const findings = await judge(secondView);
    expect(findings.seenWholeAs !== undefined).toBe(disagree);
  });

  it.each([
    [
      'en',
      /^Read from the middle of its box, the animal looks like a dog \(74% probability\), but read whole, with nothing cut off, it does not clearly: the classifier's best match is then "label 339"\./,
    ],
    [
      'zh',
      /^只看检测框的中间部分，这只动物像狗（概率 74%），但完整地看、不裁掉任何部分时就不明显了：分类器此时的最佳匹配是“有蹄动物”/,
    ],
    [
      'es',
      /^Leído en el centro de su recuadro, el clasificador identifica al animal como perro \(74 % de probabilidad\)/,
    ],
  ] as const)('in %s: names neither species nor breed, says why, and charges nothing', async (language, summary) => {
    const findings = await judge(identifyPet(imagenet({ [SORREL]: 0.76 }), 'dog'));
    expectNamesNothing(findings, language, summary);
  });

  it('a reason of the crop’s own comes first: a faint crop is faint, whatever the second view says', async () => {
    const faintDog = identifyPet(imagenet({ [GOLDEN]: 0.4, [ESPRESSO]: 0.6 }), 'dog');
    const findings = await judge(identifyPet(imagenet({ [SORREL]: 0.76 }), 'dog'), faintDog, ['bear', 0.35]);
    const data = OPERATIONS.breed.answer({ judged: true, findings }, 'en', undefined as never);
    expect(data.summary).toMatch(/^The classifier leans to a dog \(40% probability\), not surely enough/);
  });

  it('with a language model, the model judges, told what the animal read whole looks like', async () => {
    const findings = await judge(identifyPet(imagenet({ [SORREL]: 0.76 }), 'dog'));
    expect(OPERATIONS.breed.llm.facts(findings, 'en')).toEqual([
      'From the middle of the animal\'s box the breed classifier leans, unsure, to a dog (74%), but its best match for the animal seen whole is "label 339": judge from the photo whether it is a pet at all, and which.',
    ]);
    const model = { species: 'horse', breed: 'none', confidence: 0.8, summary: 'A donkey.' };
    const measured = OPERATIONS.breed.answer({ judged: true, findings }, 'en', undefined as never);
    expect(OPERATIONS.breed.merge(findings, measured, model, 'en')).toEqual(model);
  });
});

describe('breed’s traits sentence, where the animal the request named is not the largest', () => {
  it.each([
    ['en', 'dog', /^The photo shows 2 animals; the dog the request named, which fills about 4% of the frame/],
    ['zh', '狗', /^照片中有2只动物，判断的是请求中指明的那只狗，它约占画面的4%/],
    [
      'es',
      'perro',
      /^La foto muestra 2 animales; se analizó el perro indicado en la solicitud, que ocupa cerca del 4 %/,
    ],
  ] as const)('in %s: names it, not "the largest"', (language, asked, sentence) => {
    const words = OPERATIONS.breed.words[language] as BreedWords;
    const ahead = { name: asked, because: 'asked' } as const;
    expect(words.traits({ animals: 2, percent: 4, coat: undefined, ahead })).toMatch(sentence);
    expect(words.traits({ animals: 2, percent: 4, coat: undefined })).not.toContain(asked);
  });

  it.each([
    [
      'en',
      'dog',
      /^The photo shows 2 animals; the dog, which fills about 4% .*, as the detector takes none larger for a pet\.$/,
    ],
    ['zh', '狗', /^照片中有2只动物，判断的是那只狗，它约占画面的4%.*检测器认为比它大的动物都不是宠物。$/],
    [
      'es',
      'perro',
      /^La foto muestra 2 animales; se analizó el perro, que ocupa .*porque el detector no toma por mascota a ninguno más grande\.$/,
    ],
  ] as const)(
    'in %s: says a pet went ahead of larger animals that are none, where the request named no species',
    (language, pet, sentence) => {
      const words = OPERATIONS.breed.words[language] as BreedWords;
      const said = words.traits({ animals: 2, percent: 4, coat: undefined, ahead: { name: pet, because: 'pet' } });
      expect(said).toMatch(sentence);
      expect(said).not.toMatch(/request|solicitud|请求/);
    },
  );
});

describe('breed’s traits sentence, where several animals share one name', () => {
  it.each([
    ['en', 'cat', /^The photo shows 3 cats; the largest, which fills about 33% of the frame/],
    ['zh', '猫', /^照片中有3只猫，判断的是其中最大的一只，它约占画面的33%/],
    ['es', 'gato', /^La foto muestra 3 gatos; se analizó el más grande, que ocupa cerca del 33 %/],
  ] as const)('in %s: names them by it, as the photo gate does', (language, named, sentence) => {
    const words = OPERATIONS.breed.words[language] as BreedWords;
    expect(words.traits({ animals: 3, named, percent: 33, coat: undefined })).toMatch(sentence);
  });

  const pixels = Buffer.alloc(64 * 64 * 3, 128);
  const image = { format: 'png' as const, sourceWidth: 64, sourceHeight: 64, width: 64, height: 64, pixels };
  // Sure enough of its cat that a detector's dog does not dispute it (speciesDisputed).
  const cat = identifyPet(imagenet({ [TABBY]: 0.98 }));
  const judgeBoxes = (boxes: ReadonlyArray<readonly [string, number]>) =>
    OPERATIONS.breed.judge(
      {
        scene: {
          animals: boxes.map(([label, score], i) => ({
            detection: { label, score, box: [8 + i, 8, 40 + i, 40] },
            share: 0.3 - i * 0.05,
            cutSides: 0,
            pet: cat,
          })),
        },
        view: undefined,
      } as never,
      { image, language: 'en', animalType: undefined, requestId: 'req_several' },
      {} as never,
    );
  const summaryOf = async (boxes: ReadonlyArray<readonly [string, number]>) =>
    OPERATIONS.breed.answer({ judged: true, findings: await judgeBoxes(boxes) }, 'en', undefined as never).summary;

  it.each([
    [
      'every box a cat the detector is sure of',
      [
        ['cat', 0.9],
        ['cat', PET_AHEAD_SCORE],
      ],
      /The photo shows 2 cats;/,
    ],
    [
      'one box under the detector’s bar',
      [
        ['cat', 0.9],
        ['cat', PET_AHEAD_SCORE - 0.01],
      ],
      /The photo shows 2 animals;/,
    ],
    [
      'a box of another class',
      [
        ['cat', 0.9],
        ['dog', 0.9],
      ],
      /The photo shows 2 animals;/,
    ],
    // The classifier's cat in a box the detector calls a dog is not given to the other "dog".
    [
      'the pet boxed as another pet',
      [
        ['dog', 0.9],
        ['dog', 0.9],
      ],
      /The photo shows 2 animals;/,
    ],
  ] as const)('%s', async (_case, boxes, sentence) => {
    expect(await summaryOf(boxes)).toMatch(sentence);
  });
});
