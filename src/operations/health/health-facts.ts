import type { Language } from '../../contract/language.js';
import { headWordsFor } from '../../narration/head-words/head-words-for.js';
import { percent } from '../../narration/percent.js';
import { localeFor } from '../../narration/locales/locale-for.js';
import type { ColourName } from '../../vision/tables/colour-palette.js';
import type { HealthAssessment } from './health-assessment.js';
import type { HealthWords } from './health-words.js';
import { sharedHealthWords } from './shared-health-words.js';

/** Colours worth telling the model about: at least this share of where they were measured. */
const MENTIONED_SHARE = 0.05;

/** What a head the clinic trained read, as the model is told it: a label it must keep, or that the head was unsure. */
function headFact({ head }: HealthAssessment, language: Language): string[] {
  if (!head) return [];
  const h = headWordsFor(language);
  const { reading, field } = head;
  return [
    reading.sure
      ? h.promptLine(reading.about.name[language], percent(reading.probability), field)
      : h.promptUnsure(field),
  ];
}

/** The measured colours, the rules' finding and any red flag, and a trained head's reading, as the model is told them, in `words`' language. */
export function healthFacts(assessment: HealthAssessment, language: Language, words: HealthWords): string[] {
  const t = localeFor(language);
  const { prompt } = sharedHealthWords(language);
  const colours = (Object.entries(assessment.shares) as Array<[ColourName, number]>)
    .filter(([, share]) => share >= MENTIONED_SHARE)
    .sort((a, b) => b[1] - a[1])
    .map(([name, share]) => `${t.colourNames[name]} ${percent(share)}%`);
  const main = assessment.mainFinding;
  const label = main && words.findings[main.id]?.label;
  const finding = main && label && !assessment.normalWithheld;
  return [
    prompt.coloursLine(assessment.scope, t.joinList(colours)),
    // With a head, its line says what was found; "no colour rule applied" would only contradict it.
    ...(finding ? [prompt.findingLine(label, assessment.severity)] : assessment.head ? [] : [prompt.noFinding]),
    ...(main?.redFlag && label ? [prompt.redFlagLine(label, assessment.severity)] : []),
    ...headFact(assessment, language),
  ];
}
