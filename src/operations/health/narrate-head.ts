import type { Language } from '../../contract/language.js';
import { joinSentences } from '../../narration/join-sentences.js';
import { headReadingSentence, headUnsureSentence, headWordsFor } from '../../narration/head-words/head-words-for.js';
import type { HeadReading } from '../../vision/heads/trained-head-model.js';
import type { HeadJudgement, HealthAssessment } from './health-assessment.js';
import type { HealthWords } from './health-words.js';
import { type HealthText, withRedFlagAdvice } from './health-text.js';

/** The advice for a label the head is sure of: head.json's own, else pawlens' for the label's severity. */
function labelAdvice(reading: HeadReading, language: Language) {
  const fallback = headWordsFor(language).advice[reading.about.severity ?? 'mild'];
  return {
    homeCare: [...(reading.about.home_care?.[language] ?? fallback.homeCare)],
    vetAdvice: [...(reading.about.vet_advice?.[language] ?? fallback.vetAdvice)],
  };
}

/**
 * The built-in text of a health answer a trained head took part in (head-judgement.ts). A
 * `condition` head's label is the answer's label, with any red flag that outranks it; an `aspect`
 * head's label fills its own field beside the colours' observation. An unsure head names nothing.
 */
export function narrateWithHead(
  words: HealthWords,
  assessment: HealthAssessment,
  { reading, role }: HeadJudgement,
  language: Language,
  colour: string,
  unverified: readonly string[],
): HealthText {
  const h = headWordsFor(language);
  const main = assessment.mainFinding && words.findings[assessment.mainFinding.id];
  const name = reading.about.name[language];
  const say = (sentences: readonly string[]) => joinSentences(language, [...sentences, ...unverified]);

  if (!reading.sure && (role === 'aspect' || main)) {
    // The colour rules still judged (a red flag, or the colours of a stool): their text, and the head's doubt.
    const finding = main ?? words.findings.unclassified!;
    const doubt = assessment.normalWithheld && words.withheld ? words.withheld.sentence : h.unsureBeside;
    return {
      label: assessment.normalWithheld && words.withheld ? words.withheld.label : finding.label,
      headLabel: h.unsureLabel,
      colour,
      summary: say([words.observation(colour), finding.meaning, doubt]),
      homeCare: [...finding.homeCare],
      vetAdvice: withRedFlagAdvice(finding.vetAdvice, assessment, words),
    };
  }
  if (!reading.sure) {
    const unclassified = words.findings.unclassified!;
    return {
      label: h.unsureLabel,
      headLabel: h.unsureLabel,
      colour,
      summary: say([headUnsureSentence(reading, language), words.limitation]),
      homeCare: [...unclassified.homeCare],
      vetAdvice: [...unclassified.vetAdvice],
    };
  }
  const advice = labelAdvice(reading, language);
  const sentences =
    role === 'condition'
      ? [headReadingSentence(reading, language), ...(main ? [main.meaning] : []), h.limit(reading.labelCount)]
      : [words.observation(colour), ...(main ? [main.meaning] : []), headReadingSentence(reading, language)];
  // A finding of the colours that outranks the label (a red flag) brings its home care; the label
  // still names the condition, unless it is one marked normal ("healthy skin" beside blood misleads).
  const outranked = main !== undefined && assessment.severity !== reading.about.severity;
  return {
    label: outranked && reading.about.severity === 'normal' ? main.label : name,
    headLabel: name,
    colour,
    summary: say(sentences),
    homeCare: outranked ? [...main.homeCare] : advice.homeCare,
    vetAdvice: withRedFlagAdvice([...(main?.vetAdvice ?? []), ...advice.vetAdvice], assessment, words),
  };
}
