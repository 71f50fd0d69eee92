import type { Language } from '../../contract/language.js';
import { localeFor } from '../locales/locale-for.js';
import type { SharedField } from '../locales/locale.js';
import type { NarrationRequest } from './narration-request.js';

export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
  readonly images?: string[];
}

/**
 * The one chat request: a system message in the target language (with the `[language: xx]`
 * marker), and a user message with the task, the measured facts, every field to fill with what
 * it means, the rules, and the photo.
 */
export function buildMessages(request: NarrationRequest, imageBase64: string): ChatMessage[] {
  const { language, animalType } = request.input;
  const text = localeFor(language).prompt;
  const facts = [...request.facts, ...(animalType ? [text.ownerSays(animalType)] : [])];
  const help = (field: string) => request.fieldHelp[field] ?? text.fieldHelp[field as SharedField] ?? field;
  const fields = Object.keys(request.fields.shape).map((field) => `- ${field}: ${help(field)}`);
  const user = [
    request.task,
    '',
    text.measuredHeading,
    ...facts.map((fact) => `- ${fact}`),
    '',
    text.fieldsHeading,
    ...fields,
    '',
    text.rulesHeading,
    ...text.rules.map((rule) => `- ${rule}`),
  ].join('\n');
  return [
    { role: 'system', content: `${text.system(text.languageName)} [language: ${language}]` },
    { role: 'user', content: user, images: [imageBase64] },
  ];
}

/** The second and last ask: the model's own answer, then what was wrong with it. */
export function retryMessages(
  first: readonly ChatMessage[],
  answer: string,
  problems: readonly string[],
  language: Language,
): ChatMessage[] {
  const text = localeFor(language).prompt;
  return [
    ...first,
    { role: 'assistant', content: answer },
    { role: 'user', content: [text.retryHeading, ...problems.map((p) => `- ${p}`)].join('\n') },
  ];
}
