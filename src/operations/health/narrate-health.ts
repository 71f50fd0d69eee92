import type { Language } from '../../contract/language.js';
import type { Verdict } from '../../findings/verdict.js';
import { joinSentences } from '../../narration/join-sentences.js';
import { localeFor } from '../../narration/locales/locale-for.js';
import { refusalLabel, retakeSentences } from '../../narration/retake-sentences.js';
import type { HealthAssessment } from './health-assessment.js';
import type { HealthWords } from './health-words.js';
import { sharedHealthWords } from './shared-health-words.js';
import { narrateWithHead } from './narrate-head.js';
import { type HealthText, withRedFlagAdvice } from './health-text.js';
import type { Scene } from '../../vision/scene/describe-scene.js';
import { SUMMARY_MAX_SENTENCES } from '../../contract/data-fields.js';

/** `sentences`, then as many of `context` as fit within a summary's most sentences (docs/contract.md §2). */
const upToFour = (sentences: readonly string[], context: readonly string[]) => [
  ...sentences,
  ...context.slice(0, Math.max(0, SUMMARY_MAX_SENTENCES - sentences.length)),
];

/**
 * What the scene models add to a summary: that nothing checked what the photo shows, that the
 * subject was not located for want of its localizer, or that several were found and the answer
 * reads the largest. One sentence when both of the first two hold.
 */
function sceneSentences(
  language: Language,
  scene: Pick<Scene, 'detected' | 'located'>,
  subject: string,
  judged: boolean,
): string[] {
  const t = localeFor(language);
  const unlocated = scene.located?.installed === false;
  if (!scene.detected) return [unlocated ? t.unverifiedUnlocatedSentence(subject) : t.unverifiedSentence];
  if (unlocated) return [t.unlocatedSentence(subject)];
  // How many were found speaks of the colours read, so only of an answer that read them.
  const count = scene.located?.count ?? 0;
  return judged && count > 1 ? [t.locatedSentence(count, subject)] : [];
}

/**
 * Built-in narration, in `words`' language: the summary is an observation, the main finding's
 * meaning and the operation's limitation (three sentences); a photo the gate refused gets what
 * went wrong and how to retake it. A last sentence says what the scene models could not do or
 * found several of (sceneSentences), where it fits.
 */
export function narrateHealth(
  words: HealthWords,
  verdict: Verdict<HealthAssessment>,
  language: Language,
  scene: Pick<Scene, 'detected' | 'located'>,
): HealthText {
  const t = localeFor(language);
  const unverified = sceneSentences(language, scene, words.subject, verdict.judged);
  if (!verdict.judged) {
    const label = refusalLabel(language, verdict.refusal);
    const shared = sharedHealthWords(language);
    // Nothing found: what the localizer never learnt from says more than what colour cannot show.
    const notFound = verdict.refusal.reason === 'quality' && verdict.refusal.problem === 'not_found';
    const [what, retake] = retakeSentences(language, verdict.refusal, words);
    const sentences =
      notFound && words.notFoundCaveat ? [what!, words.notFoundCaveat, retake!] : [what!, retake!, words.limitation];
    return {
      label,
      colour: label,
      summary: joinSentences(language, upToFour(sentences, unverified)),
      homeCare: [...shared.qualityHomeCare],
      vetAdvice: [],
    };
  }
  const assessment = verdict.findings;
  const colour = t.joinList(assessment.colours.map((name) => t.colourNames[name]));
  if (assessment.head) return narrateWithHead(words, assessment, assessment.head, language, colour, unverified);
  const main = words.findings[assessment.mainFinding?.id ?? 'unclassified'];
  if (!main) throw new Error(`no ${language} text for finding ${assessment.mainFinding?.id}`);
  if (assessment.normalWithheld) {
    if (!words.withheld) throw new Error(`no ${language} words for a withheld normal`);
    return {
      label: words.withheld.label,
      colour,
      summary: joinSentences(
        language,
        upToFour([words.observation(colour), main.meaning, words.withheld.sentence], unverified),
      ),
      homeCare: [...main.homeCare],
      vetAdvice: [...(words.findings.unclassified?.vetAdvice ?? [])],
    };
  }
  return {
    label: main.label,
    colour,
    summary: joinSentences(language, upToFour([words.observation(colour), main.meaning, words.limitation], unverified)),
    homeCare: [...main.homeCare],
    vetAdvice: withRedFlagAdvice(main.vetAdvice, assessment, words),
  };
}
