import type { QualityProblem } from '../analysis/findings.js';
import type { Language } from '../contract/language.js';
import { localeFor } from './locales/locale-for.js';
import type { Locale } from './locales/locale.js';

/** What went wrong with the photo and how to retake it: the start of every unjudgeable answer. */
export function retakeSentences(language: Language, problem: QualityProblem, subject: keyof Locale['subjectNames']): string[] {
  const t = localeFor(language);
  const quality = t.quality[problem];
  return [quality.summary(t.subjectNames[subject]), quality.retakeTip];
}
