import type { Language } from '../contract/language.js';
import type { HealthAssessment } from '../operations/health-assessment.js';
import { joinSentences } from './join-sentences.js';
import { retakeSentences } from './retake-sentences.js';
import { templatesFor } from './templates/index.js';

/** The text fields every health operation shares, in one language. */
export interface HealthText {
  /** The short label: vomit_type, condition; the quality problem when inconclusive. */
  readonly label: string;
  /** The colour field, in words. */
  readonly colour: string;
  readonly summary: string;
  readonly homeCare: string[];
  readonly vetAdvice: string[];
}

/**
 * Built-in narration: the summary is an observation, the main finding's meaning and the
 * operation's limitation (three sentences); a photo that could not be judged gets what went
 * wrong and how to retake it. Vet advice of every red flag found is kept, never only the main one.
 */
export function narrateHealth(assessment: HealthAssessment, language: Language): HealthText {
  const t = templatesFor(language);
  const { operation } = assessment;
  if (assessment.qualityProblem) {
    const quality = t.quality[assessment.qualityProblem];
    return {
      label: quality.label,
      colour: quality.label,
      summary: joinSentences(language, [...retakeSentences(language, assessment.qualityProblem, operation), t.limitationSentence[operation]]),
      homeCare: [...t.qualityHomeCare],
      vetAdvice: [...t.qualityVetAdvice],
    };
  }
  const findings = t.findings[operation];
  const main = findings[assessment.mainFinding?.id ?? 'unclassified'];
  if (!main) throw new Error(`no ${language} text for ${operation} finding ${assessment.mainFinding?.id}`);
  const colour = t.joinList(assessment.colours.map((name) => t.colourNames[name]));
  const redFlagAdvice = assessment.findings.filter((rule) => rule.redFlag).flatMap((rule) => findings[rule.id]?.vetAdvice ?? []);
  return {
    label: main.label,
    colour,
    summary: joinSentences(language, [t.observationSentence(operation, colour), main.meaning, t.limitationSentence[operation]]),
    homeCare: [...main.homeCare],
    vetAdvice: [...new Set([...main.vetAdvice, ...redFlagAdvice])],
  };
}
