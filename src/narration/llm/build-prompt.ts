import { isHealthOperation, type OperationKey } from '../../contract/operation-contracts.js';
import type { AnalysisInput } from '../../operations/analysis-input.js';
import type { OnDeviceResult } from '../../operations/on-device-analysis.js';
import { RULE_TABLES } from '../../operations/rules/index.js';
import { SPECIES_NAMES } from '../../vision/tables/imagenet-pets.js';
import type { ColourName } from '../../vision/tables/colour-palette.js';
import { templatesFor } from '../templates/index.js';
import { LLM_FIELDS } from './llm-fields.js';
import { PROMPT_TEXT } from './prompt-text.js';

export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
  readonly images?: string[];
}

/** Colours worth telling the model about: at least this share of where they were measured. */
const MENTIONED_SHARE = 0.05;

const percent = (share: number) => Math.round(share * 100);

/** What the on-device models found, in the request's language: the facts the model must respect. */
function measuredFacts(result: OnDeviceResult, input: AnalysisInput): string[] {
  const text = PROMPT_TEXT[input.language];
  const templates = templatesFor(input.language);
  const facts: string[] = [];
  const { assessment, pet } = result;
  if (assessment && isHealthOperation(result.operation)) {
    const table = RULE_TABLES[assessment.operation];
    const shares = Object.entries(result.measurement[table.scope]) as Array<[ColourName, number]>;
    const colours = shares
      .filter(([, share]) => share >= MENTIONED_SHARE)
      .sort((a, b) => b[1] - a[1])
      .map(([name, share]) => `${templates.colourNames[name]} ${percent(share)}%`);
    facts.push(text.coloursLine(table.scope, templates.joinList(colours)));
    const main = assessment.mainFinding;
    const label = main && templates.findings[assessment.operation][main.id]?.label;
    facts.push(main && label ? text.findingLine(label, assessment.severity) : text.noFinding);
    if (main?.redFlag && label) facts.push(text.redFlagLine(label, assessment.severity));
  } else if (result.operation === 'breed') {
    if (!pet) facts.push(text.noClassifier);
    else if (!pet.species) facts.push(text.noPetLine(pet.topLabel));
    else facts.push(text.petLine(SPECIES_NAMES[pet.species][input.language], percent(pet.speciesProbability), pet.breed?.[input.language], percent(pet.breedProbability)));
  } else {
    facts.push(text.emotionNote);
  }
  if (input.animalType) facts.push(text.ownerSays(input.animalType));
  return facts;
}

/**
 * The one chat request: a system message in the target language (with the `[language: xx]`
 * marker), and a user message with the task, the measured facts, every field to fill with what
 * it means, the rules, and the photo.
 */
export function buildMessages(result: OnDeviceResult, input: AnalysisInput, imageBase64: string): ChatMessage[] {
  const text = PROMPT_TEXT[input.language];
  const operation: OperationKey = result.operation;
  const fields = Object.keys(LLM_FIELDS[operation].shape).map((field) => `- ${field}: ${text.fieldHelp[field] ?? field}`);
  const user = [
    text.task[operation],
    '',
    text.measuredHeading,
    ...measuredFacts(result, input).map((fact) => `- ${fact}`),
    '',
    text.fieldsHeading,
    ...fields,
    '',
    text.rulesHeading,
    ...text.rules.map((rule) => `- ${rule}`),
  ].join('\n');
  return [
    { role: 'system', content: `${text.system(text.languageName)} [language: ${input.language}]` },
    { role: 'user', content: user, images: [imageBase64] },
  ];
}

/** The second and last ask: the model's own answer, then what was wrong with it. */
export function retryMessages(first: readonly ChatMessage[], answer: string, problems: readonly string[], input: AnalysisInput): ChatMessage[] {
  const text = PROMPT_TEXT[input.language];
  return [...first, { role: 'assistant', content: answer }, { role: 'user', content: [text.retryHeading, ...problems.map((p) => `- ${p}`)].join('\n') }];
}
