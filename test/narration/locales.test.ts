import { describe, expect, it } from 'vitest';
import { countSentences } from '../../src/contract/sentences.js';
import type { SceneSubject } from '../../src/findings/verdict.js';
import { EN, pluralEnglish } from '../../src/narration/locales/en.js';
import { ES, pluralSpanish } from '../../src/narration/locales/es.js';
import type { Locale } from '../../src/narration/locales/locale.js';
import { ZH } from '../../src/narration/locales/zh.js';
import { retakeSentences } from '../../src/narration/retake-sentences.js';
import { COLOUR_NAMES } from '../../src/vision/tables/colour-palette.js';
import { SPECIES_NAMES } from '../../src/vision/tables/imagenet-pets.js';
import { COCO_NAMES } from '../../src/vision/tables/coco-names.js';
import { imagenetKind } from '../../src/vision/tables/imagenet-kinds.js';
import { stringsIn } from '../fixtures/strings-in.js';

type Language = 'en' | 'zh' | 'es';

/** The words every operation shares; each operation's own are checked in test/operations/words.test.ts. */
const SHARED: ReadonlyArray<readonly [Language, Locale]> = [
  ['en', EN],
  ['zh', ZH],
  ['es', ES],
];
const CJK = /\p{Script=Han}/u;
/** The longest English label is 46 characters; translations may run a little longer, not much. */
const MAX_LABEL_LENGTH = 50;

const keys = (record: object) => Object.keys(record).sort();

const SUBJECTS: readonly SceneSubject[] = [
  { kind: 'animal', name: SPECIES_NAMES.dog, count: 1 },
  { kind: 'animal', name: undefined, count: 3 },
  { kind: 'animal', name: COCO_NAMES.horse, count: 3 },
  { kind: 'person', count: 1 },
  { kind: 'person', count: 2 },
  { kind: 'object', name: undefined, label: 'cup' },
  { kind: 'no_animal' },
  { kind: 'landscape', what: 'grass' },
  { kind: 'landscape', what: 'sky' },
  { kind: 'landscape', what: 'greenery' },
  { kind: 'landscape', what: 'ground' },
  { kind: 'no_animal_part' },
  { kind: 'food' },
  { kind: 'stool' },
  { kind: 'graphic' },
  { kind: 'cut_out' },
  { kind: 'part_of_animal' },
  { kind: 'round_view' },
  { kind: 'described', description: 'a cup of tea' },
  { kind: 'described', description: undefined },
];

describe.each(SHARED)('the shared words (%s)', (language, t) => {
  it('has the same keys as the English words in every record', () => {
    expect(keys(t.colourNames)).toEqual(keys(EN.colourNames));
    expect(keys(t.colourNames)).toEqual([...COLOUR_NAMES].sort());
    expect(keys(t.quality)).toEqual(keys(EN.quality));
    for (const [problem, quality] of Object.entries(t.quality))
      expect(keys(quality), problem).toEqual(['label', 'retakeTip', 'summary']);
    expect(keys(t.wrongSubject)).toEqual(keys(EN.wrongSubject));
    expect(keys(t.prompt)).toEqual(keys(EN.prompt));
    expect(keys(t.prompt.fieldHelp)).toEqual(keys(EN.prompt.fieldHelp));
  });

  it('says each one-sentence text in exactly one sentence', () => {
    const sentences = [
      ...Object.values(t.quality).map((quality) => quality.retakeTip),
      ...SUBJECTS.map((shows) => t.wrongSubject.sentence(shows, 'x')),
      t.unverifiedSentence,
    ];
    for (const text of sentences) {
      expect(countSentences(text, language), text).toBe(1);
      // Summaries are validated with the default segmenter (data-shapes.ts); it must agree.
      expect(countSentences(text), `${text} (default segmenter)`).toBe(1);
    }
  });

  it('has no empty string and short labels', () => {
    for (const [where, text] of stringsIn(t, language)) expect(text.trim(), where).not.toBe('');
    const labels = [...Object.values(t.quality).map((quality) => quality.label), t.wrongSubject.label];
    for (const label of labels) expect(label.length, label).toBeLessThanOrEqual(MAX_LABEL_LENGTH);
  });

  it('writes in its own script', () => {
    for (const [where, text] of stringsIn(t, language)) {
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

  it('names several animals of one name in the plural, in each language', () => {
    const horses: SceneSubject = { kind: 'animal', name: COCO_NAMES.horse, count: 3 };
    expect(EN.wrongSubject.sentence(horses, 'pet')).toMatch(/^This looks like a photo of 3 horses, not of the pet/);
    expect(ZH.wrongSubject.sentence(horses, '宠物')).toMatch(/^这看起来是一张有3只动物（马）的照片/);
    expect(ES.wrongSubject.sentence(horses, 'su mascota')).toMatch(/^Parece una foto de 3 caballos, no de su mascota/);
    const unnamed: SceneSubject = { kind: 'animal', name: undefined, count: 2 };
    expect(EN.wrongSubject.sentence(unnamed, 'pet')).toMatch(/a photo of 2 animals,/);
    expect(ES.wrongSubject.sentence(unnamed, 'su mascota')).toMatch(/una foto de 2 animales,/);
  });

  it('puts every animal name the gate gives in the plural', () => {
    const english = Object.fromEntries(
      ['dog', 'sheep', 'guinea pig', 'fish', 'hoofed animal', 'wild mammal'].map((noun) => [noun, pluralEnglish(noun)]),
    );
    expect(english).toEqual({
      dog: 'dogs',
      sheep: 'sheep',
      'guinea pig': 'guinea pigs',
      fish: 'fish',
      'hoofed animal': 'hoofed animals',
      'wild mammal': 'wild mammals',
    });
    const spanish = [SPECIES_NAMES.hamster, SPECIES_NAMES.cat, imagenetKind(0), imagenetKind(355), imagenetKind(47)];
    expect(spanish.map((name) => pluralSpanish(name.es))).toEqual([
      'hámsteres',
      'gatos',
      'peces',
      'animales con pezuñas',
      'reptiles',
    ]);
    expect(pluralSpanish('mamífero salvaje')).toBe('mamíferos salvajes');
  });

  it("quotes the share of the frame a pet had to fill, as the gate's refusal carries it, in each language", () => {
    const words = { subject: 'dog', retakeTip: 'Retake it.' };
    for (const [language, sign] of [
      ['en', '5%'],
      ['zh', '5%'],
      ['es', '5 %'],
    ] as const) {
      const [summary] = retakeSentences(language, { reason: 'quality', problem: 'too_small', minShare: 0.05 }, words);
      expect(summary, language).toContain(sign);
      expect(summary, language).not.toMatch(/\b3 ?%/);
    }
  });
});
