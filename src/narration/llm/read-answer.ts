import type { z } from 'zod';
import { SUMMARY_MAX_SENTENCES, SUMMARY_MIN_SENTENCES } from '../../contract/data-fields.js';
import { splitSentences } from '../../contract/sentences.js';
import { joinSentences } from '../join-sentences.js';
import { isInLanguage } from './language-check.js';
import { fromLlmFormat } from './llm-format.js';
import { type AnswerIssue, answerIssues } from './answer-issue.js';
import type { NarrationRequest } from './narration-request.js';

/**
 * `format_ignored`: prose where the format asked for JSON, as some Ollama builds answer (MLX, or
 * `think: false` with some models): the model, not this answer, is the problem, and the README
 * names models that keep to the format. `not_json`: JSON that is broken.
 */
export type AnswerProblem = 'format_ignored' | 'not_json' | 'schema' | 'language';

export type ReadAnswer<Fields extends z.ZodObject> =
  | { readonly ok: true; readonly fields: z.infer<Fields>; readonly repairs: readonly string[] }
  | { readonly ok: false; readonly cause: AnswerProblem; readonly issues: readonly AnswerIssue[] };

/** The model's JSON, from plain text, a ```json fence, or prose around one object. */
function parseModelJson(raw: string): unknown {
  const unfenced = raw
    .replace(/^\s*```(?:json)?\s*/i, '')
    .replace(/\s*```\s*$/, '')
    .trim();
  const start = unfenced.indexOf('{');
  const end = unfenced.lastIndexOf('}');
  if (start < 0 || end <= start) throw new SyntaxError('no JSON object in the answer');
  return JSON.parse(unfenced.slice(start, end + 1));
}

/**
 * Repairs only what cannot change a finding: unknown fields dropped, a long summary cut to its
 * first four sentences, a one-sentence summary given the limitation sentence, and what the
 * operation allows filled from the on-device answer (its lists topped up, its missing fields
 * taken whole). Everything else is judged by the closed schema.
 */
function repair(request: NarrationRequest, value: Record<string, unknown>) {
  const { language } = request.input;
  const repairs: string[] = [];
  const allowed = Object.keys(request.fields.shape);
  const kept = Object.fromEntries(Object.entries(value).filter(([key]) => allowed.includes(key)));
  if (Object.keys(kept).length < Object.keys(value).length) repairs.push('dropped unknown fields');

  if (typeof kept.summary === 'string') {
    const sentences = splitSentences(kept.summary, language);
    if (sentences.length > SUMMARY_MAX_SENTENCES) {
      kept.summary = joinSentences(language, sentences.slice(0, SUMMARY_MAX_SENTENCES));
      repairs.push('summary cut to 4 sentences');
    } else if (sentences.length === SUMMARY_MIN_SENTENCES - 1) {
      kept.summary = joinSentences(language, [...sentences, request.limitation]);
      repairs.push('limitation sentence added');
    }
  }
  const { fallback, fromFallback } = request;
  for (const [field, least] of Object.entries(fromFallback.topUp ?? {})) {
    const written = kept[field];
    const extras = fallback[field];
    if (!Array.isArray(written) || !Array.isArray(extras)) continue;
    const items = written.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
    for (const extra of extras as string[]) if (items.length < least && !items.includes(extra)) items.push(extra);
    if (items.length !== written.length) repairs.push(`${field} topped up`);
    kept[field] = items;
  }
  for (const field of fromFallback.ifMissing ?? [])
    if (allowed.includes(field) && kept[field] === undefined && fallback[field] !== undefined) {
      kept[field] = fallback[field];
      repairs.push(`${field} taken from the measurements`);
    }
  return { value: kept, repairs };
}

/**
 * Parse, then validate, then at most one repair (docs/design.md §6, as vercel/ai's generateObject): an
 * answer the closed schema takes is used as written, and only one it refuses is repaired and
 * checked again. So an answer counts as repaired only when it needed to be.
 */
export function readAnswer<Fields extends z.ZodObject>(
  request: NarrationRequest<Fields>,
  raw: string,
): ReadAnswer<Fields> {
  const { language } = request.input;
  if (!raw.includes('{')) return { ok: false, cause: 'format_ignored', issues: [{ kind: 'format_ignored' }] };
  let parsed: unknown;
  try {
    parsed = parseModelJson(raw);
  } catch {
    return { ok: false, cause: 'not_json', issues: [{ kind: 'not_json' }] };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, cause: 'not_json', issues: [{ kind: 'not_json' }] };
  }
  parsed = fromLlmFormat(parsed as Record<string, unknown>);
  let checked = request.fields.safeParse(parsed);
  let repairs: readonly string[] = [];
  if (!checked.success) {
    const repaired = repair(request, parsed as Record<string, unknown>);
    repairs = repaired.repairs;
    checked = request.fields.safeParse(repaired.value);
    if (!checked.success) return { ok: false, cause: 'schema', issues: answerIssues(checked.error) };
  }
  const fields = checked.data as Record<string, unknown>;
  const wrongLanguage = [
    ...(isInLanguage(String(fields.summary), language) ? [] : ['summary']),
    ...(language === 'zh'
      ? request.labelFields.filter(
          (field) => typeof fields[field] === 'string' && !isInLanguage(fields[field] as string, 'zh'),
        )
      : []),
  ];
  if (wrongLanguage.length > 0) {
    return { ok: false, cause: 'language', issues: wrongLanguage.map((field) => ({ kind: 'wrong_language', field })) };
  }
  return { ok: true, fields: checked.data, repairs };
}
