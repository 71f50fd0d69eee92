import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMAGENET_PET_CLASSES, SPECIES_NAMES, type Species } from '../../src/vision/tables/imagenet-pets.js';
import { SHARED_DIR, hasShared } from '../fixtures/shared-assets.js';

const SPECIES: readonly Species[] = ['dog', 'cat', 'rabbit', 'hamster', 'guinea_pig'];
const HAN = /\p{Script=Han}/u;

/** English names deliberately spelled differently from every word of their ImageNet label. */
const RENAMED: Readonly<Record<number, string>> = {
  243: 'Bullmastiff (label: "bull mastiff")',
  255: 'Leonberger (label: "Leonberg")',
};

const GENERIC_WORDS = new Set(['the', 'and', 'dog', 'cat', 'type']);
const significantWords = (text: string): Set<string> =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 3 && !GENERIC_WORDS.has(word)),
  );
const sharesWord = (a: string, b: string): boolean => {
  const wordsB = significantWords(b);
  return [...significantWords(a)].some((word) => wordsB.has(word));
};

describe('IMAGENET_PET_CLASSES', () => {
  it('has unique indices in ascending order', () => {
    const indices = IMAGENET_PET_CLASSES.map((c) => c.index);
    expect(new Set(indices).size).toBe(indices.length);
    expect(indices).toEqual([...indices].sort((a, b) => a - b));
  });

  it('only uses the pet and wild-relative ranges of ImageNet-1k', () => {
    const allowed = (i: number) => (i >= 151 && i <= 293 && i !== 276) || (i >= 330 && i <= 333) || i === 338;
    for (const c of IMAGENET_PET_CLASSES) expect(allowed(c.index), `index ${c.index}`).toBe(true);
  });

  it('gives every species at least one non-wild class and a name', () => {
    for (const species of SPECIES) {
      expect(
        IMAGENET_PET_CLASSES.some((c) => c.species === species && !c.wild),
        species,
      ).toBe(true);
      const name = SPECIES_NAMES[species];
      expect(name.en.length && name.zh.length && name.es.length).toBeTruthy();
      expect(HAN.test(name.zh)).toBe(true);
    }
  });

  it('contains all 118 dog breed classes 151–268 as non-wild dogs', () => {
    const breeds = IMAGENET_PET_CLASSES.filter((c) => c.index >= 151 && c.index <= 268);
    expect(breeds).toHaveLength(118);
    for (const c of breeds) {
      expect(c.species, `index ${c.index}`).toBe('dog');
      expect(c.wild, `index ${c.index}`).toBeUndefined();
    }
  });

  it('names every class in English, Chinese and Spanish', () => {
    for (const { index, name } of IMAGENET_PET_CLASSES) {
      for (const text of [name.en, name.zh, name.es]) expect(text.trim(), `index ${index}`).not.toBe('');
      expect(HAN.test(name.zh), `zh of ${index}: ${name.zh}`).toBe(true);
      expect(HAN.test(name.en), `en of ${index}: ${name.en}`).toBe(false);
      expect(HAN.test(name.es), `es of ${index}: ${name.es}`).toBe(false);
    }
  });

  it.skipIf(!hasShared)('matches labels.json: each English name shares a word with its label', () => {
    const labels = JSON.parse(
      readFileSync(join(SHARED_DIR, 'models', 'squeezenet1.0', 'labels.json'), 'utf8'),
    ) as string[];
    expect(labels).toHaveLength(1000);
    for (const { index, name } of IMAGENET_PET_CLASSES) {
      const label = labels[index] ?? '';
      if (index in RENAMED) {
        // Keep the exception list honest: an entry that matches needs no exception.
        expect(sharesWord(name.en, label), `exception ${index} is not needed`).toBe(false);
      } else {
        expect(sharesWord(name.en, label), `${index}: "${name.en}" vs "${label}"`).toBe(true);
      }
    }
  });
});
