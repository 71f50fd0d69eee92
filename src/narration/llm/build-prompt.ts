import type { Language } from '../../contract/language.js';
import { localeFor } from '../locales/locale-for.js';
import { issueText, type SharedField } from '../locales/locale.js';
import type { AnswerIssue } from './answer-issue.js';
import type { NarrationRequest } from './narration-request.js';

export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
  readonly images?: string[];
}

/** The values a field's enum allows, when it is one (zod's enum keeps them in `options`). */
const enumValues = (schema: unknown): readonly string[] | undefined =>
  (schema as { options?: readonly string[] } | undefined)?.options;

/**
 * The one chat request: a system message in the target language (with the `[language: xx]`
 * marker), and a user message with the task, the measured facts, every field to fill with what
 * it means (the severity's values as this operation allows them), the rules of those fields
 * only, and the photo.
 */
export function buildMessages(request: NarrationRequest, imageBase64: string): ChatMessage[] {
  const { language, animalType } = request.input;
  const text = localeFor(language).prompt;
  const facts = [...request.facts, ...(animalType ? [text.ownerSays(animalType)] : [])];
  const shape = request.fields.shape;
  const help = (field: string) => {
    if (request.fieldHelp[field]) return request.fieldHelp[field];
    if (field === 'severity') return text.severityHelp((enumValues(shape.severity) ?? []).join(', '));
    return text.fieldHelp[field as Exclude<SharedField, 'severity'>] ?? field;
  };
  const fields = Object.keys(shape).map((field) => `- ${field}: ${help(field)}`);
  const rules = Object.entries(text.rules).flatMap(([field, rule]) => (field in shape && rule ? [rule] : []));
  const user = [
    request.task,
    '',
    text.measuredHeading,
    ...facts.map((fact) => `- ${fact}`),
    '',
    text.fieldsHeading,
    ...fields,
    '',
    ...(rules.length > 0 ? [text.rulesHeading, ...rules.map((rule) => `- ${rule}`)] : []),
  ].join('\n');
  return [
    { role: 'system', content: `${text.system(text.languageName)} [language: ${language}]` },
    { role: 'user', content: user, images: [imageBase64] },
  ];
}

/** The second and last ask: the model's own answer, then what was wrong with it, in the conversation's language. */
export function retryMessages(
  first: readonly ChatMessage[],
  answer: string,
  issues: readonly AnswerIssue[],
  language: Language,
): ChatMessage[] {
  const text = localeFor(language).prompt;
  return [
    ...first,
    { role: 'assistant', content: answer },
    {
      role: 'user',
      content: [text.retryHeading, ...issues.map((issue) => `- ${issueText(text.issues, issue)}`)].join('\n'),
    },
  ];
}

/** The issues as a log line says them: in English, whatever the request's language. */
export const issuesInEnglish = (issues: readonly AnswerIssue[]) =>
  issues.map((issue) => issueText(localeFor('en').prompt.issues, issue));
