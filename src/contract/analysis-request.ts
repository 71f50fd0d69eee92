import { z } from 'zod';
import { ApiError } from './api-error.js';
import { DEFAULT_LANGUAGE, LANGUAGES, resolveLanguage, type Language } from './language.js';

export const ANIMAL_TYPE_MAX_LENGTH = 40;

/** The request body of SPEC.md §2.1 as documented in OpenAPI. */
export const AnalysisRequestBody = z.object({
  image: z.string().min(1).describe('Base64-encoded JPG, PNG or WEBP (or a data: URL); at most 3 MiB decoded.'),
  animalType: z
    .string()
    .max(ANIMAL_TYPE_MAX_LENGTH)
    .optional()
    .describe('Animal type, e.g. dog, cat, rabbit, hamster. Free text; a prior, the photo decides.'),
  language: z
    .enum(LANGUAGES)
    .optional()
    .describe('Response language: en (default), zh or es. Case-insensitive; region tags such as zh-CN are accepted.'),
});

export interface AnalysisRequest {
  /** The image field as sent; intake decodes it. */
  image: string;
  /** Trimmed and lower-cased, or undefined when not given. */
  animalType: string | undefined;
  language: Language;
}

const absent = (value: unknown) => value === undefined || value === null;

/**
 * Reads the body in DESIGN.md §1's order of field checks. Each failure names the field, so a
 * client developer can fix the call from the message alone. Unknown extra fields are ignored.
 */
export function parseAnalysisRequest(body: unknown): AnalysisRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('VALIDATION_ERROR', 'The request body must be a JSON object.');
  }
  const { image, animalType, language } = body as Record<string, unknown>;

  if (absent(image) || image === '') throw new ApiError('MISSING_IMAGE');
  if (typeof image !== 'string') {
    throw new ApiError('VALIDATION_ERROR', `"image" must be a Base64 string, not ${describeType(image)}.`);
  }

  let resolvedLanguage: Language = DEFAULT_LANGUAGE;
  if (!absent(language) && language !== '') {
    if (typeof language !== 'string') {
      throw new ApiError('VALIDATION_ERROR', `"language" must be a string (en, zh or es), not ${describeType(language)}.`);
    }
    const resolved = resolveLanguage(language);
    if (!resolved) {
      throw new ApiError('VALIDATION_ERROR', `"language" must be one of en, zh, es; got "${truncate(language)}".`);
    }
    resolvedLanguage = resolved;
  }

  let normalizedAnimal: string | undefined;
  if (!absent(animalType)) {
    if (typeof animalType !== 'string') {
      throw new ApiError('VALIDATION_ERROR', `"animalType" must be a string such as "dog" or "cat", not ${describeType(animalType)}.`);
    }
    // Control characters never belong in an animal name and would end up in prompts and logs.
    const cleaned = animalType.replace(/\p{Cc}/gu, ' ').trim().toLowerCase().replace(/\s+/g, ' ');
    if (cleaned.length > ANIMAL_TYPE_MAX_LENGTH) {
      throw new ApiError('VALIDATION_ERROR', `"animalType" must be at most ${ANIMAL_TYPE_MAX_LENGTH} characters.`);
    }
    normalizedAnimal = cleaned === '' ? undefined : cleaned;
  }

  return { image, animalType: normalizedAnimal, language: resolvedLanguage };
}

function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function truncate(text: string): string {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}
