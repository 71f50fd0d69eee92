import type { HealthAssessment, Verdict } from '../analysis/findings.js';
import type { Language } from '../contract/language.js';
import type { HealthOperationKey } from '../contract/operation-keys.js';
import { joinSentences } from './join-sentences.js';
import { localeFor } from './locales/locale-for.js';
import { refusalLabel, retakeSentences } from './retake-sentences.js';

/** The text fields every health operation shares, in one language. */
export interface HealthText {
  /** The short label: vomit_type, condition; what went wrong when the photo was refused. */
  readonly label: string;
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
function redFlagAdvice(assessment: HealthAssessment, language: Language): string[] {
  const findings = localeFor(language).findings[assessment.operation];
  const mostUrgent = Math.max(0, ...assessment.findings.map((rule) => (rule.vet ? URGENCY[rule.vet] : 0)));
  return assessment.findings
    .filter((rule) => rule.redFlag && rule.vet && URGENCY[rule.vet] === mostUrgent)
    .flatMap((rule) => findings[rule.id]?.vetAdvice ?? []);
}

/** `advice` with the red flags' advice after it, each sentence once. */
export const withRedFlagAdvice = (
  advice: readonly string[],
  assessment: HealthAssessment,
  language: Language,
): string[] => [...new Set([...advice, ...redFlagAdvice(assessment, language)])];

/**
 * Built-in narration: the summary is an observation, the main finding's meaning and the
 * operation's limitation (three sentences); a photo the gate refused gets what went wrong and how
 * to retake it. When no object detector could check what the photo shows (`verified` false), a last
 * sentence says so.
 */
export function narrateHealth(
  operation: HealthOperationKey,
  verdict: Verdict<HealthAssessment>,
  language: Language,
  verified: boolean,
): HealthText {
  const t = localeFor(language);
  const unverified = verified ? [] : [t.unverifiedSentence];
  if (!verdict.judged) {
    const label = refusalLabel(language, verdict.refusal);
    return {
      label,
      colour: label,
      summary: joinSentences(language, [
        ...retakeSentences(language, verdict.refusal, operation),
        t.limitationSentence[operation],
        ...unverified,
      ]),
      homeCare: [...t.qualityHomeCare],
      vetAdvice: [...t.qualityVetAdvice],
    };
  }
  const assessment = verdict.findings;
  const main = t.findings[operation][assessment.mainFinding?.id ?? 'unclassified'];
  if (!main) throw new Error(`no ${language} text for ${operation} finding ${assessment.mainFinding?.id}`);
  const colour = t.joinList(assessment.colours.map((name) => t.colourNames[name]));
  return {
    label: main.label,
    colour,
    summary: joinSentences(language, [
      t.observationSentence(operation, colour),
      main.meaning,
      t.limitationSentence[operation],
      ...unverified,
    ]),
    homeCare: [...main.homeCare],
    vetAdvice: withRedFlagAdvice(main.vetAdvice, assessment, language),
  };
}
