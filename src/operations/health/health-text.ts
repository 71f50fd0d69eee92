import type { HealthAssessment } from './health-assessment.js';
import type { HealthWords } from './health-words.js';

/** The text fields every health operation shares, in one language. */
export interface HealthText {
  /** The short label: vomit_type, condition; what went wrong when the photo was refused. */
  readonly label: string;
  /** The name of the label a trained head read (or that it is unsure), for the field it fills; undefined without a head. */
  readonly headLabel?: string;
  /** The colour field, in words. */
  readonly colour: string;
  readonly summary: string;
  readonly homeCare: string[];
  readonly vetAdvice: string[];
}

const URGENCY = { soon: 1, urgent: 2 } as const;

/**
 * The vet advice of the red flags found, which no narrator may drop: the templates add it to
 * the main finding's advice, and a language model's advice is merged with it. Only the most
 * urgent findings speak, so a photo never says "today" and "within a day or two" at once.
 */
function redFlagAdvice(assessment: HealthAssessment, words: HealthWords): string[] {
  const mostUrgent = Math.max(0, ...assessment.findings.map((rule) => (rule.vet ? URGENCY[rule.vet] : 0)));
  return assessment.findings
    .filter((rule) => rule.redFlag && rule.vet && URGENCY[rule.vet] === mostUrgent)
    .flatMap((rule) => words.findings[rule.id]?.vetAdvice ?? []);
}

/** `advice` with the red flags' advice after it, each sentence once. */
export const withRedFlagAdvice = (
  advice: readonly string[],
  assessment: HealthAssessment,
  words: HealthWords,
): string[] => [...new Set([...advice, ...redFlagAdvice(assessment, words)])];
