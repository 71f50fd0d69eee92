import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../src/contract/language.js';
import { HEALTH_OPERATION_KEYS } from '../../src/operations/registry.js';
import { countSentences } from '../../src/contract/sentences.js';
import { localeFor } from '../../src/narration/locales/locale-for.js';
import { headWordsFor } from '../../src/narration/head-words/head-words-for.js';
import { EN as BREED_EN } from '../../src/operations/breed/en.js';
import { ES as BREED_ES } from '../../src/operations/breed/es.js';
import type { BreedFacts, BreedWords } from '../../src/operations/breed/breed-words.js';
import { ZH as BREED_ZH } from '../../src/operations/breed/zh.js';
import type { EmotionWords } from '../../src/operations/emotion/emotion-words.js';
import type { HealthWords } from '../../src/operations/health/health-words.js';
import { sharedHealthWords } from '../../src/operations/health/shared-health-words.js';
import { HEALTH_OPERATIONS, OPERATION_LIST, OPERATIONS } from '../../src/operations/registry.js';
import type { StoolWords } from '../../src/operations/stool/stool-words.js';
import { COLOUR_NAMES } from '../../src/vision/tables/colour-palette.js';
import { IMAGENET_PET_CLASSES, SPECIES_NAMES, type Species } from '../../src/vision/tables/imagenet-pets.js';
import { stringsIn } from '../fixtures/strings-in.js';

const BREED: Readonly<Record<Language, BreedWords>> = { en: BREED_EN, zh: BREED_ZH, es: BREED_ES };
const CJK = /\p{Script=Han}/u;
const TODAY: Readonly<Record<Language, string>> = { en: 'today', zh: '今天', es: 'hoy' };
/** The longest English label is 46 characters; translations may run a little longer, not much. */
const MAX_LABEL_LENGTH = 50;

const keys = (record: object) => Object.keys(record).sort();
const healthWords = (operation: (typeof HEALTH_OPERATION_KEYS)[number], language: Language) =>
  OPERATIONS[operation].words[language] as HealthWords;
const emotionWords = (language: Language) => OPERATIONS.emotion.words[language] as EmotionWords;

/** Where `words` and `english` differ in shape: records whose keys differ, at any depth (lists are compared by length elsewhere). */
function keyDifferences(words: unknown, english: unknown, path: string): string[] {
  if (!words || !english || typeof words !== 'object' || typeof english !== 'object' || Array.isArray(words)) return [];
  const mine = keys(words);
  const theirs = keys(english);
  if (mine.join() !== theirs.join()) return [`${path}: ${mine.join(',')} vs ${theirs.join(',')}`];
  return mine.flatMap((key) =>
    keyDifferences(
      (words as Record<string, unknown>)[key],
      (english as Record<string, unknown>)[key],
      `${path}.${key}`,
    ),
  );
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

/** Every one-sentence text and function output, called with representative arguments, by where it came from. */
function oneSentenceTexts(language: Language): Array<readonly [string, string]> {
  const texts: Array<readonly [string, string]> = [];
  const t = localeFor(language);
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
    const words = healthWords(operation, language);
    for (const colours of colourLists)
      texts.push([`${operation}.observation(${colours.length})`, words.observation(t.joinList(colours))]);
    texts.push([`${operation}.limitation`, words.limitation]);
    for (const [id, finding] of Object.entries(words.findings))
      texts.push([`${operation}.findings.${id}.meaning`, finding.meaning]);
  }
  // The shared quality summaries, about every operation's subject; a pet too small quotes the share it had to fill.
  const { too_small: tooSmall, ...aboutSubject } = t.quality;
  for (const [problem, quality] of Object.entries(aboutSubject))
    for (const operation of OPERATION_LIST)
      texts.push([`quality.${problem}.summary(${operation.key})`, quality.summary(operation.words[language].subject)]);
  texts.push(['quality.too_small.summary(3)', tooSmall.summary(3)]);
  for (const operation of OPERATION_LIST)
    texts.push([`${operation.key}.retakeTip`, operation.words[language].retakeTip]);
  const breed = BREED[language];
  texts.push(['breed.limitation', breed.limitation]);
  texts.push(['breed.noAnimalAdvice', breed.noAnimalAdvice]);
  for (const topLabel of ['espresso', 'Granny Smith', 'tabby'])
    texts.push([`breed.noAnimal(${topLabel})`, breed.noAnimal(topLabel)]);
  for (const facts of breedFacts(language)) {
    const what = `${facts.species}/${facts.breed}/${facts.statedAnimal ?? '-'}`;
    texts.push([`breed.identified(${what})`, breed.identified(facts)]);
    texts.push([`breed.speciesOnly(${what})`, breed.speciesOnly(facts)]);
  }
  // What a head the clinic trained says: its names come from head.json, so any label will do.
  const head = headWordsFor(language);
  for (const heldOut of [{ percent: 84, n: 300 }, undefined])
    texts.push([`head.reading(${Boolean(heldOut)})`, head.reading('possible ringworm', 87, heldOut)]);
  texts.push(
    ['head.unsure', head.unsure(48, 60, ['possible ringworm', 'flea allergy'])],
    ['head.unsure(never)', head.unsure(48, undefined, ['possible ringworm', 'flea allergy'])],
    ['head.unsureBeside', head.unsureBeside],
    ['head.limit', head.limit(5)],
  );
  return texts;
}

/** Every static string of every operation's words plus the function outputs above. */
function allTexts(language: Language): Array<readonly [string, string]> {
  const texts: Array<readonly [string, string]> = [...oneSentenceTexts(language)];
  for (const operation of OPERATION_LIST)
    texts.push(...stringsIn(operation.words[language], `${language}.${operation.key}`));
  texts.push(...stringsIn(sharedHealthWords(language), `${language}.health`));
  texts.push(['breed.noModel()', BREED[language].noModel()]);
  texts.push(...stringsIn(headWordsFor(language), `${language}.head`));
  return texts;
}

describe.each(LANGUAGES)("every operation's words (%s)", (language) => {
  it('has the same keys as the English words in every record', () => {
    for (const operation of OPERATION_LIST) {
      expect(keyDifferences(operation.words[language], operation.words.en, operation.key)).toEqual([]);
    }
    expect(keyDifferences(sharedHealthWords(language), sharedHealthWords('en'), 'health')).toEqual([]);
  });

  it("has the language model's task for every operation, and help for every field it is asked to fill", () => {
    const shared = localeFor(language).prompt.fieldHelp as Readonly<Record<string, string>>;
    for (const operation of OPERATION_LIST) {
      const { llm } = operation.words[language];
      expect(llm.task, operation.key).toBeTruthy();
      // The severity's help is built from the operation's own enum (severityHelp).
      for (const field of Object.keys(operation.llm.fields.shape))
        if (field !== 'severity')
          expect(llm.fieldHelp[field] ?? shared[field], `${operation.key}.${field}`).toBeTruthy();
      // An operation explains only its own fields: a shared field's help is written once.
      for (const field of Object.keys(llm.fieldHelp))
        expect(shared[field], `${operation.key}.${field}`).toBeUndefined();
    }
  });

  it('has a text for every rule of every table, plus unclassified', () => {
    for (const operation of HEALTH_OPERATIONS) {
      const ids = [...operation.rules.rules.map((rule) => rule.id), 'unclassified'].sort();
      expect(keys(healthWords(operation.key, language).findings), operation.key).toEqual(ids);
    }
  });

  it('has the same number of list items as English, at least 2 home-care items, and urgent advice for urgent rules', () => {
    for (const operation of HEALTH_OPERATIONS) {
      const words = healthWords(operation.key, language);
      for (const [id, finding] of Object.entries(words.findings)) {
        const english = healthWords(operation.key, 'en').findings[id]!;
        expect(finding.homeCare.length, `${operation.key}.${id}`).toBeGreaterThanOrEqual(2);
        expect(finding.homeCare, `${operation.key}.${id}`).toHaveLength(english.homeCare.length);
        expect(finding.vetAdvice, `${operation.key}.${id}`).toHaveLength(english.vetAdvice.length);
      }
      for (const rule of operation.rules.rules) {
        const advice = words.findings[rule.id]!.vetAdvice;
        if (rule.vet) expect(advice.length, `${operation.key}.${rule.id}`).toBeGreaterThan(0);
        if (rule.vet === 'urgent') expect(advice[0], `${operation.key}.${rule.id}`).toContain(TODAY[language]);
      }
    }
    const shared = sharedHealthWords(language);
    expect(shared.qualityHomeCare).toHaveLength(sharedHealthWords('en').qualityHomeCare.length);
  });

  it('says each one-sentence field in exactly one sentence', () => {
    for (const [where, text] of oneSentenceTexts(language)) {
      expect(countSentences(text, language), `${where}: ${text}`).toBe(1);
      // Summaries are validated with the default segmenter (data-shapes.ts); it must agree.
      expect(countSentences(text), `${where} (default segmenter): ${text}`).toBe(1);
    }
  });

  it('says the emotion summary and the missing-model note in exactly two sentences', () => {
    for (const text of [emotionWords(language).summary, BREED[language].noModel()]) {
      expect(countSentences(text, language), text).toBe(2);
      expect(countSentences(text), text).toBe(2);
    }
  });

  it('has no empty string and short labels', () => {
    for (const [where, text] of allTexts(language)) expect(text.trim(), where).not.toBe('');
    const labels = [
      ...HEALTH_OPERATION_KEYS.flatMap((operation) =>
        Object.values(healthWords(operation, language).findings).map((finding) => finding.label),
      ),
      ...Object.values(localeFor(language).quality).map((quality) => quality.label),
      emotionWords(language).label,
      (OPERATIONS.stool.words[language] as StoolWords).consistencyNotAssessed,
      headWordsFor(language).unsureLabel,
    ];
    for (const label of labels) expect(label.length, label).toBeLessThanOrEqual(MAX_LABEL_LENGTH);
  });

  it('writes in its own script', () => {
    for (const [where, text] of allTexts(language)) {
      if (language === 'zh') expect(text, where).toMatch(CJK);
      else expect(text, where).not.toMatch(CJK);
    }
  });
});

describe('language details', () => {
  it('contracts "de el" and uses the personal a in Spanish quality summaries', () => {
    const { quality } = localeFor('es');
    expect(quality.too_dark.summary(OPERATIONS.vomit.words.es.subject)).toContain('La foto del vómito');
    expect(quality.too_dark.summary(OPERATIONS.stool.words.es.subject)).toContain('La foto de las heces');
    expect(quality.no_subject.summary(OPERATIONS.breed.words.es.subject)).toContain(
      'distinguir con claridad a su mascota',
    );
  });

  it('keeps the red-flag urgency of the English text', () => {
    for (const language of LANGUAGES) {
      expect(healthWords('stool', language).findings.melena!.vetAdvice[0], language).toContain(TODAY[language]);
      expect(healthWords('vomit', language).findings.coffee_grounds!.vetAdvice[0], language).toContain(TODAY[language]);
      expect(healthWords('urine', language).findings.blood!.vetAdvice[0], language).toContain(TODAY[language]);
    }
  });
});
