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
  const colour = t.joinList(assessment.colours.map((name) => t.colourNames[name]));
  if (assessment.head) return narrateWithHead(words, assessment, assessment.head, language, colour, unverified);
  const main = words.findings[assessment.mainFinding?.id ?? 'unclassified'];
  if (!main) throw new Error(`no ${language} text for finding ${assessment.mainFinding?.id}`);
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
