import type { Language } from '../../contract/language.js';
import { localeFor } from '../../narration/locales/locale-for.js';
import type { ColourName } from '../../vision/tables/colour-palette.js';
import type { HealthAssessment } from './health-assessment.js';
import type { HealthWords } from './health-words.js';
import { sharedHealthWords } from './shared-health-words.js';

/** Colours worth telling the model about: at least this share of where they were measured. */
const MENTIONED_SHARE = 0.05;
const percent = (share: number) => Math.round(share * 100);

/** The measured colours, the rules' finding and any red flag, as the model is told them, in `words`' language. */
export function healthFacts(assessment: HealthAssessment, language: Language, words: HealthWords): string[] {
  const t = localeFor(language);
  const { prompt } = sharedHealthWords(language);
  const colours = (Object.entries(assessment.shares) as Array<[ColourName, number]>)
    .filter(([, share]) => share >= MENTIONED_SHARE)
    .sort((a, b) => b[1] - a[1])
    .map(([name, share]) => `${t.colourNames[name]} ${percent(share)}%`);
  const main = assessment.mainFinding;
  const label = main && words.findings[main.id]?.label;
  return [
    prompt.coloursLine(assessment.scope, t.joinList(colours)),
    main && label && !assessment.normalWithheld ? prompt.findingLine(label, assessment.severity) : prompt.noFinding,
    ...(main?.redFlag && label ? [prompt.redFlagLine(label, assessment.severity)] : []),
  ];
}
