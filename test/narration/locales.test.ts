import { describe, expect, it } from 'vitest';
import { HEALTH_OPERATION_KEYS } from '../../src/contract/operation-keys.js';
import { countSentences } from '../../src/contract/sentences.js';
import { EN } from '../../src/narration/locales/en.js';
import { ES } from '../../src/narration/locales/es.js';
import type { BreedFacts, Locale } from '../../src/narration/locales/locale.js';
import { ZH } from '../../src/narration/locales/zh.js';
import { OPERATION_LIST, OPERATIONS } from '../../src/operations/registry.js';
import { COLOUR_NAMES } from '../../src/vision/tables/colour-palette.js';
import { IMAGENET_PET_CLASSES, SPECIES_NAMES, type Species } from '../../src/vision/tables/imagenet-pets.js';

type Language = 'en' | 'zh' | 'es';

const TEMPLATES: ReadonlyArray<readonly [Language, Locale]> = [
  ['en', EN],
  ['zh', ZH],
  ['es', ES],
];
const CJK = /\p{Script=Han}/u;
const TODAY: Readonly<Record<Language, string>> = { en: 'today', zh: '今天', es: 'hoy' };
/** The longest English label is 46 characters; translations may run a little longer, not much. */
const MAX_LABEL_LENGTH = 50;

const keys = (record: object) => Object.keys(record).sort();

/** Every sentence field and function output, called with representative arguments, by where it came from. */
function oneSentenceTexts(language: Language, t: Locale): Array<readonly [string, string]> {
  const texts: Array<readonly [string, string]> = [];
  const c = t.colourNames;
  const colourLists = [
    [c.brown],
    [c.brown, c.red],
    [c.dark_brown, c.black],
    [c.pale_yellow, c.amber],
    [c.pink, c.red, c.blue_purple],
    COLOUR_NAMES.map((name) => c[name]),
  ];
  for (const operation of HEALTH_OPERATION_KEYS) {
    for (const colours of colourLists) {
      texts.push([
        `observationSentence(${operation}, ${colours.length})`,
        t.observationSentence(operation, t.joinList(colours)),
      ]);
    }
    texts.push([`limitationSentence.${operation}`, t.limitationSentence[operation]]);
    for (const [id, finding] of Object.entries(t.findings[operation]))
      texts.push([`findings.${operation}.${id}.meaning`, finding.meaning]);
  }
  for (const [problem, quality] of Object.entries(t.quality)) {
    texts.push([`quality.${problem}.retakeTip`, quality.retakeTip]);
    for (const [key, subject] of Object.entries(t.subjectNames))
      texts.push([`quality.${problem}.summary(${key})`, quality.summary(subject)]);
  }
  texts.push(['breed.limitation', t.breed.limitation]);
  texts.push(['breed.noAnimalAdvice', t.breed.noAnimalAdvice]);
  for (const topLabel of ['espresso', 'Granny Smith', 'tabby'])
    texts.push([`breed.noAnimal(${topLabel})`, t.breed.noAnimal(topLabel)]);
  for (const facts of breedFacts(language)) {
    const what = `${facts.species}/${facts.breed}/${facts.statedAnimal ?? '-'}`;
    texts.push([`breed.identified(${what})`, t.breed.identified(facts)]);
    texts.push([`breed.speciesOnly(${what})`, t.breed.speciesOnly(facts)]);
  }
  return texts;
}

const STATED_ANIMALS: Readonly<Record<Language, readonly string[]>> = {
  en: ['cat', 'guinea pig', 'bunny'],
  zh: ['猫', '兔子', 'dog'],
  es: ['gato', 'cobaya', 'conejo'],
};

function breedFacts(language: Language): BreedFacts[] {
  const samples: Array<readonly [Species, number]> = [
    ['dog', 151],
    ['dog', 156],
    ['cat', 285],
    ['rabbit', 332],
    ['guinea_pig', 338],
  ];
  return samples.flatMap(([species, index]) => {
    const pet = IMAGENET_PET_CLASSES.find((entry) => entry.index === index);
    if (!pet) throw new Error(`no ImageNet pet class ${index}`);
    // What a client might state: nothing, or an animal in the request's language (or in English).
    return [undefined, ...STATED_ANIMALS[language]].map((statedAnimal, i) => ({
      species: SPECIES_NAMES[species][language],
      breed: pet.name[language],
      percent: [87, 5, 100, 42][i] ?? 50,
      statedAnimal,
    }));
  });
}

/** Every static string of a template set plus the function outputs above. */
function allTexts(language: Language, t: Locale): Array<readonly [string, string]> {
  const texts: Array<readonly [string, string]> = [...oneSentenceTexts(language, t)];
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string') texts.push([path, value]);
    else if (Array.isArray(value))
      value.forEach((item, i) => {
        walk(item, `${path}[${i}]`);
      });
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`);
  };
  walk(t, language);
  texts.push(['breed.noModel()', t.breed.noModel()]);
  return texts;
}

describe.each(TEMPLATES)('narration templates (%s)', (language, t) => {
  it('has the same keys as the English templates in every record', () => {
    expect(keys(t.colourNames)).toEqual(keys(EN.colourNames));
    expect(keys(t.colourNames)).toEqual([...COLOUR_NAMES].sort());
    expect(keys(t.findings)).toEqual(keys(EN.findings));
    for (const operation of HEALTH_OPERATION_KEYS)
      expect(keys(t.findings[operation]), operation).toEqual(keys(EN.findings[operation]));
    expect(keys(t.quality)).toEqual(keys(EN.quality));
    for (const [problem, quality] of Object.entries(t.quality))
      expect(keys(quality), problem).toEqual(['label', 'retakeTip', 'summary']);
    expect(keys(t.subjectNames)).toEqual(keys(EN.subjectNames));
    expect(keys(t.limitationSentence)).toEqual(keys(EN.limitationSentence));
    expect(keys(t.urineClarity)).toEqual(keys(EN.urineClarity));
    expect(keys(t.emotion)).toEqual(keys(EN.emotion));
    expect(keys(t.breed)).toEqual(keys(EN.breed));
    expect(keys(t.prompt)).toEqual(keys(EN.prompt));
    expect(keys(t.prompt.fieldHelp)).toEqual(keys(EN.prompt.fieldHelp));
  });

  it("has the language model's task for every operation, and help for every field it is asked to fill", () => {
    expect(keys(t.prompt.task)).toEqual(OPERATION_LIST.map((operation) => operation.key).sort());
    for (const operation of OPERATION_LIST) {
      for (const field of Object.keys(operation.llm.fields.shape))
        expect(t.prompt.fieldHelp[field], `${operation.key}.${field}`).toBeTruthy();
    }
  });

  it('has a text for every rule of every table, plus unclassified', () => {
    for (const operation of HEALTH_OPERATION_KEYS) {
      const ids = [...OPERATIONS[operation].rules.rules.map((rule) => rule.id), 'unclassified'].sort();
      expect(keys(t.findings[operation]), operation).toEqual(ids);
    }
  });

  it('has the same number of list items as English, at least 2 home-care items, and urgent advice for urgent rules', () => {
    for (const operation of HEALTH_OPERATION_KEYS) {
      for (const [id, finding] of Object.entries(t.findings[operation])) {
        const english = EN.findings[operation][id]!;
        expect(finding.homeCare.length, `${operation}.${id}`).toBeGreaterThanOrEqual(2);
        expect(finding.homeCare, `${operation}.${id}`).toHaveLength(english.homeCare.length);
        expect(finding.vetAdvice, `${operation}.${id}`).toHaveLength(english.vetAdvice.length);
      }
      for (const rule of OPERATIONS[operation].rules.rules) {
        const advice = t.findings[operation][rule.id]!.vetAdvice;
        if (rule.vet) expect(advice.length, `${operation}.${rule.id}`).toBeGreaterThan(0);
        if (rule.vet === 'urgent') expect(advice[0], `${operation}.${rule.id}`).toContain(TODAY[language]);
      }
    }
    expect(t.qualityHomeCare).toHaveLength(EN.qualityHomeCare.length);
    expect(t.qualityVetAdvice).toHaveLength(EN.qualityVetAdvice.length);
  });

  it('says each one-sentence field in exactly one sentence', () => {
    for (const [where, text] of oneSentenceTexts(language, t)) {
      expect(countSentences(text, language), `${where}: ${text}`).toBe(1);
      // Summaries are validated with the default segmenter (data-shapes.ts); it must agree.
      expect(countSentences(text), `${where} (default segmenter): ${text}`).toBe(1);
    }
  });

  it('says the emotion summary and the missing-model note in exactly two sentences', () => {
    for (const text of [t.emotion.summary, t.breed.noModel()]) {
      expect(countSentences(text, language), text).toBe(2);
      expect(countSentences(text), text).toBe(2);
    }
  });

  it('has no empty string and short labels', () => {
    for (const [where, text] of allTexts(language, t)) expect(text.trim(), where).not.toBe('');
    const labels = [
      ...HEALTH_OPERATION_KEYS.flatMap((operation) =>
        Object.values(t.findings[operation]).map((finding) => finding.label),
      ),
      ...Object.values(t.quality).map((quality) => quality.label),
      t.emotion.label,
      t.stoolConsistency,
    ];
    for (const label of labels) expect(label.length, label).toBeLessThanOrEqual(MAX_LABEL_LENGTH);
  });

  it('writes in its own script', () => {
    for (const [where, text] of allTexts(language, t)) {
      if (language === 'zh') expect(text, where).toMatch(CJK);
      else expect(text, where).not.toMatch(CJK);
    }
  });

  it('joins lists', () => {
    expect(t.joinList([])).toBe('');
    expect(t.joinList(['a'])).toBe('a');
    expect(t.joinList(['a', 'b', 'c'])).toMatch(/^a.+b.+c$/u);
  });
});

describe('language details', () => {
  it('joins Chinese lists with 、 and 和', () => {
    expect(ZH.joinList(['红色', '黑色', '棕色'])).toBe('红色、黑色和棕色');
  });

  it('joins Spanish lists with y, or e before an /i/ sound', () => {
    expect(ES.joinList(['rojo', 'negro', 'marrón'])).toBe('rojo, negro y marrón');
    expect(ES.joinList(['rojo', 'índigo'])).toBe('rojo e índigo');
    expect(ES.joinList(['agua', 'hielo'])).toBe('agua y hielo');
  });

  it('contracts "de el" and uses the personal a in Spanish quality summaries', () => {
    expect(ES.quality.too_dark.summary(ES.subjectNames.vomit)).toContain('La foto del vómito');
    expect(ES.quality.too_dark.summary(ES.subjectNames.stool)).toContain('La foto de las heces');
    expect(ES.quality.no_subject.summary(ES.subjectNames.breed)).toContain('distinguir con claridad a su mascota');
  });

  it('keeps the red-flag urgency of the English text', () => {
    for (const [language, t] of TEMPLATES) {
      expect(t.findings.stool.melena!.vetAdvice[0], language).toContain(TODAY[language]);
      expect(t.findings.vomit.coffee_grounds!.vetAdvice[0], language).toContain(TODAY[language]);
      expect(t.findings.urine.blood!.vetAdvice[0], language).toContain(TODAY[language]);
    }
  });
});
