import type { z } from 'zod';

/**
 * What was wrong with a model's answer, as the retry tells it in the request's language: the
 * model is asked again in the conversation's own language, not in zod's English (which pulls a
 * Chinese or Spanish answer towards English).
 */
export type AnswerIssue =
  | { readonly kind: 'format_ignored' | 'not_json' | 'truncated' }
  | { readonly kind: 'wrong_language'; readonly field: string }
  | {
      readonly kind: 'too_long' | 'too_many' | 'too_few' | 'too_big' | 'too_small';
      readonly field: string;
      readonly limit: number;
    }
  | { readonly kind: 'not_allowed'; readonly field: string; readonly allowed: readonly string[] }
  | { readonly kind: 'missing' | 'wrong_type' | 'sentences' | 'unknown_field' | 'invalid'; readonly field: string };

const fieldOf = (issue: z.core.$ZodIssue) => issue.path.map(String).join('.') || 'answer';

/** zod's issues with the closed schema → what the retry says of each. */
export function answerIssues(error: z.ZodError): AnswerIssue[] {
  return error.issues.map((issue): AnswerIssue => {
    const field = fieldOf(issue);
    switch (issue.code) {
      case 'too_big':
        return {
          kind: issue.origin === 'string' ? 'too_long' : issue.origin === 'array' ? 'too_many' : 'too_big',
          field,
          limit: Number(issue.maximum),
        };
      case 'too_small':
        if (issue.origin === 'string') return { kind: 'missing', field };
        return { kind: issue.origin === 'array' ? 'too_few' : 'too_small', field, limit: Number(issue.minimum) };
      case 'invalid_value':
        return { kind: 'not_allowed', field, allowed: issue.values.map(String) };
      case 'invalid_type':
        return { kind: issue.input === undefined ? 'missing' : 'wrong_type', field };
      case 'unrecognized_keys':
        return { kind: 'unknown_field', field: issue.keys.join(', ') };
      case 'custom':
        return { kind: field === 'summary' ? 'sentences' : 'invalid', field };
      default:
        return { kind: 'invalid', field };
    }
  });
}
