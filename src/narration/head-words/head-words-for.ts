import type { Language } from '../../contract/language.js';
import { everSure } from '../../vision/heads/sureness.js';
import type { HeadReading } from '../../vision/heads/trained-head-model.js';
import { EN } from './en.js';
import { ES } from './es.js';
import type { HeadWords } from './head-words.js';
import { ZH } from './zh.js';
import { percent } from '../percent.js';

const HEAD_WORDS: Readonly<Record<Language, HeadWords>> = { en: EN, zh: ZH, es: ES };

export const headWordsFor = (language: Language): HeadWords => HEAD_WORDS[language];

/** A trained head's reading as one sentence: its label's name, its probability, and how it did on photos held out from its training; for a copy of a photo it learnt from, the label the clinic gave it. */
export function headReadingSentence(reading: HeadReading, language: Language): string {
  const { heldOut } = reading;
  if (reading.recalled) return headWordsFor(language).recalled(reading.about.name[language]);
  return headWordsFor(language).reading(
    reading.about.name[language],
    percent(reading.probability),
    heldOut && { percent: percent(heldOut.accuracy), n: heldOut.n },
  );
}

/** An unsure head's sentence: how sure it was, what it needs, and its two likeliest labels as possibilities (none for a photo unlike its training photos). */
export function headUnsureSentence(reading: HeadReading, language: Language): string {
  // A photo unlike its training photos gets no possibilities either: its probabilities say nothing.
  if (reading.unlike) return headWordsFor(language).unlike;
  const needed = everSure(reading.threshold) ? percent(reading.threshold) : undefined;
  return headWordsFor(language).unsure(percent(reading.probability), needed, [
    reading.about.name[language],
    reading.runnerUp.name[language],
  ]);
}
