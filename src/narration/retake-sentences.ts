import type { Language } from '../contract/language.js';
import type { QualityProblem } from '../operations/quality-gate.js';
import { templatesFor } from './templates/index.js';
import type { NarrationTemplates } from './templates/template-types.js';

/** What went wrong with the photo and how to retake it: the start of every unjudgeable answer. */
export function retakeSentences(language: Language, problem: QualityProblem, subject: keyof NarrationTemplates['subjectNames']): string[] {
  const t = templatesFor(language);
  const quality = t.quality[problem];
  return [quality.summary(t.subjectNames[subject]), quality.retakeTip];
}
