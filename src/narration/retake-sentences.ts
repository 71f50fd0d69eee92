import type { Language } from '../contract/language.js';
import type { Refusal } from '../findings/verdict.js';
import { localeFor } from './locales/locale-for.js';
import { percent } from './percent.js';

/** What a refused photo's sentences need of its operation: how they name the subject, and the photo to take instead. */
export interface RetakeWords {
  readonly subject: string;
  readonly retakeTip: string;
}

/** What was wrong with the photo and how to retake it: the start of every answer the gate refused. */
export function retakeSentences(language: Language, refusal: Refusal, words: RetakeWords): string[] {
  const t = localeFor(language);
  if (refusal.reason === 'quality') {
    if (refusal.problem === 'too_small')
      return [t.quality.too_small.summary(percent(refusal.minShare)), t.quality.too_small.retakeTip];
    const quality = t.quality[refusal.problem];
    return [quality.summary(words.subject), quality.retakeTip];
  }
  return [t.wrongSubject.sentence(refusal.shows, words.subject), words.retakeTip];
}

/** The short label of a refused photo: what went wrong, in a few words. */
export function refusalLabel(language: Language, refusal: Refusal): string {
  const t = localeFor(language);
  return refusal.reason === 'quality' ? t.quality[refusal.problem].label : t.wrongSubject.label;
}
