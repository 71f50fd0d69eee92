import type { Language } from '../../contract/language.js';
import type { HeadReading } from '../../vision/heads/trained-head-model.js';
import { EN } from './en.js';
import { ES } from './es.js';
import type { HeadWords } from './head-words.js';
import { ZH } from './zh.js';

const HEAD_WORDS: Readonly<Record<Language, HeadWords>> = { en: EN, zh: ZH, es: ES };

export const headWordsFor = (language: Language): HeadWords => HEAD_WORDS[language];

/** A share 0–1 in whole percent. */
export const percent = (share: number) => Math.round(share * 100);

/** A trained head's reading as one sentence: its label's name, its probability, and how it did on photos it did not learn from. */
export function headReadingSentence(reading: HeadReading, language: Language): string {
  return headWordsFor(language).reading(reading.about.name[language], percent(reading.probability), {
    percent: percent(reading.accuracy.accuracy),
    n: reading.accuracy.n,
    heldOut: reading.accuracy.method === 'held-out',
  });
}
