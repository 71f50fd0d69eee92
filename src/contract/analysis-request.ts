import { z } from 'zod';
import { ApiError } from './api-error.js';
import { DEFAULT_LANGUAGE, resolveLanguage, type Language } from './language.js';

/**
 * How much of an animalType is used: the contract sets no limit, so a longer one is accepted and
 * cut here (at a word's end where one is near), before it reaches a prompt, a log or a sentence.
 */
export const ANIMAL_TYPE_USED_LENGTH = 40;

/**
 * A language tag: en, zh or es in any case, optionally with region or script subtags (zh-CN,
 * es_MX, zh-Hans), or empty for the default. Spelled without the `i` flag, because a JSON Schema
 * `pattern` carries no flags and the document must accept exactly what the server does.
 */
const LANGUAGE_TAG = /^\s*(?:(?:[Ee][Nn]|[Zz][Hh]|[Ee][Ss])(?:[-_][A-Za-z0-9]{1,8})*)?\s*$/;

// Control characters never belong in an animal name and would end up in prompts and logs.
const cleanAnimalType = (text: string | null | undefined) => {
  const cleaned = (text ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
  return cleaned === '' ? undefined : cutAnimalType(cleaned);
};

/** The first ANIMAL_TYPE_USED_LENGTH characters (not UTF-16 units), at the last space in them if there is one. */
function cutAnimalType(text: string): string {
  const chars = [...text];
  if (chars.length <= ANIMAL_TYPE_USED_LENGTH) return text;
  const cut = chars.slice(0, ANIMAL_TYPE_USED_LENGTH).join('');
  const space = cut.lastIndexOf(' ');
  return space > 0 ? cut.slice(0, space) : cut;
}

/**
 * The request body of docs/contract.md §2.1: the schema the server parses every body with, and the one
 * /openapi.json documents, so the two cannot disagree. Fields the contract does not name are
 * ignored, as a client of the published service may send more than pawlens reads.
 */
export const AnalysisRequestBody = z
  .looseObject({
    image: z
      .string()
      .min(1)
      .describe(
        'Base64-encoded JPG, PNG or WEBP, or a data: URL; whitespace and base64url are fine; at most 3 MiB decoded.',
      ),
    language: z
      .string()
      .regex(LANGUAGE_TAG)
      .nullable()
      .optional()
      // Blank (empty or only spaces) is the default, as an absent language is: the one rule for both.
      .transform((tag): Language => (tag?.trim() ? resolveLanguage(tag)! : DEFAULT_LANGUAGE))
      .describe(
        'Response language: en (the default), zh or es; case-insensitive, and a region tag such as zh-CN or es-MX maps to its language.',
      ),
    animalType: z
      .string()
      .nullable()
      .optional()
      .transform(cleanAnimalType)
      .describe(
        `Animal type, e.g. dog, cat, rabbit, hamster: free text, a prior the photo may overrule. Any length; the first ${ANIMAL_TYPE_USED_LENGTH} characters are used.`,
      ),
  })
  .describe('One photo and its options. Other fields are ignored.');

/**
 * An `image` field that the body's reader cut out of the body's bytes as they were (plain Base64,
 * after an optional data-URL prefix), instead of letting JSON.parse make a string of it: a 12 MP
 * photo's field is 3.4 MB, and as a string it was one more copy, and more garbage, per request.
 */
export interface PlainImageField {
  /** The field's characters as they stand in the body: ASCII, a view of the body's bytes. */
  readonly text: Buffer;
  /** What its Base64 decodes to: the photo's bytes. */
  readonly bytes: Buffer;
}

/** The image field as sent: the string JSON.parse made of it, or the same field cut out of the body's bytes. */
export type ImageField = string | PlainImageField;

export interface AnalysisRequest {
  /** The image field as sent; intake decodes it. */
  readonly image: ImageField;
  readonly language: Language;
  /** Trimmed and lower-cased, or undefined when not given. */
  readonly animalType: string | undefined;
}

/**
 * Parses a body with AnalysisRequestBody. The first field that fails (in docs/design.md §1's order:
 * image, language, animalType) is named in the error, so a client developer can fix the call
 * from the message alone. `cut`: the image field, where the body's reader cut it out of the body
 * (the body's own `image` is then a stand-in, a string, and the field is known to be good Base64).
 */
export function parseAnalysisRequest(body: unknown, cut?: PlainImageField): AnalysisRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('VALIDATION_ERROR', 'The request body must be a JSON object.');
  }
  const parsed = AnalysisRequestBody.safeParse(body);
  if (parsed.success)
    return { image: cut ?? parsed.data.image, language: parsed.data.language, animalType: parsed.data.animalType };
  const field = parsed.error.issues[0]?.path[0];
  throw refusal(String(field), (body as Record<string, unknown>)[String(field)]);
}

function refusal(field: string, value: unknown): ApiError {
  switch (field) {
    case 'image':
      if (value === undefined || value === null || value === '') return new ApiError('MISSING_IMAGE');
      return new ApiError('VALIDATION_ERROR', `"image" must be a Base64 string, not ${describeType(value)}.`);
    case 'language':
      return typeof value === 'string'
        ? new ApiError('VALIDATION_ERROR', `"language" must be one of en, zh, es; got "${truncate(value)}".`)
        : new ApiError('VALIDATION_ERROR', `"language" must be a string (en, zh or es), not ${describeType(value)}.`);
    case 'animalType':
      return new ApiError(
        'VALIDATION_ERROR',
        `"animalType" must be a string such as "dog" or "cat", not ${describeType(value)}.`,
      );
    default:
      return new ApiError('VALIDATION_ERROR');
  }
}

function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function truncate(text: string): string {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}
