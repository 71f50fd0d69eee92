import type { Refusal } from '../analysis/findings.js';
import type { Language } from '../contract/language.js';
import { localeFor } from './locales/locale-for.js';
import type { SubjectKey } from './locales/locale.js';

/** What was wrong with the photo and how to retake it: the start of every answer the gate refused. */
export function retakeSentences(language: Language, refusal: Refusal, subject: SubjectKey): string[] {
  const t = localeFor(language);
  if (refusal.reason === 'quality') {
    const quality = t.quality[refusal.problem];
    return [quality.summary(t.subjectNames[subject]), quality.retakeTip];
  }
  return [t.wrongSubject.sentence(refusal.shows, t.subjectNames[subject]), t.wrongSubject.retakeTip[subject]];
}

/** The short label of a refused photo: what went wrong, in a few words. */
export function refusalLabel(language: Language, refusal: Refusal): string {
  const t = localeFor(language);
  return refusal.reason === 'quality' ? t.quality[refusal.problem].label : t.wrongSubject.label;
}
