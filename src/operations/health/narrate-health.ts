import type { Language } from '../../contract/language.js';
import type { Verdict } from '../../findings/verdict.js';
import { joinSentences } from '../../narration/join-sentences.js';
import { localeFor } from '../../narration/locales/locale-for.js';
import { refusalLabel, retakeSentences } from '../../narration/retake-sentences.js';
import type { HealthAssessment } from './health-assessment.js';
import type { HealthWords } from './health-words.js';
import { sharedHealthWords } from './shared-health-words.js';

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

/**
 * Built-in narration, in `words`' language: the summary is an observation, the main finding's
 * meaning and the operation's limitation (three sentences); a photo the gate refused gets what
 * went wrong and how to retake it. When no object detector could check what the photo shows
 * (`verified` false), a last sentence says so.
 */
export function narrateHealth(
  words: HealthWords,
  verdict: Verdict<HealthAssessment>,
  language: Language,
  verified: boolean,
): HealthText {
  const t = localeFor(language);
  const unverified = verified ? [] : [t.unverifiedSentence];
  if (!verdict.judged) {
    const label = refusalLabel(language, verdict.refusal);
    const shared = sharedHealthWords(language);
    return {
      label,
      colour: label,
      summary: joinSentences(language, [
        ...retakeSentences(language, verdict.refusal, words),
        words.limitation,
        ...unverified,
      ]),
      homeCare: [...shared.qualityHomeCare],
      vetAdvice: [...shared.qualityVetAdvice],
    };
  }
  const assessment = verdict.findings;
  const main = words.findings[assessment.mainFinding?.id ?? 'unclassified'];
  if (!main) throw new Error(`no ${language} text for finding ${assessment.mainFinding?.id}`);
  const colour = t.joinList(assessment.colours.map((name) => t.colourNames[name]));
  if (assessment.normalWithheld) {
    if (!words.withheld) throw new Error(`no ${language} words for a withheld normal`);
    return {
      label: words.withheld.label,
      colour,
      summary: joinSentences(language, [
        words.observation(colour),
        main.meaning,
        words.withheld.sentence,
        ...unverified,
      ]),
      homeCare: [...main.homeCare],
      vetAdvice: [...(words.findings.unclassified?.vetAdvice ?? [])],
    };
  }
  return {
    label: main.label,
    colour,
    summary: joinSentences(language, [words.observation(colour), main.meaning, words.limitation, ...unverified]),
    homeCare: [...main.homeCare],
    vetAdvice: withRedFlagAdvice(main.vetAdvice, assessment, words),
  };
}
