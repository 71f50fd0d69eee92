import { z } from 'zod';
import type { Language } from '../../contract/language.js';
import { mayBeInLanguage } from './language-check.js';

/** The longest description of a photo the model may give; a wrong-photo summary quotes it. */
export const PHOTO_SHOWS_MAX = 80;

/**
 * What the language model is asked besides the operation's fields (docs/design.md §4): what the photo
 * shows, then whether that is the operation's subject. They come first in the schema, so a
 * grammar-constrained model looks at the photo before it writes about it; neither is sent to
 * the client.
 */
const PHOTO_CHECK_SHAPE = {
  photo_shows: z.string().trim().min(1).max(PHOTO_SHOWS_MAX),
  shows_subject: z.boolean(),
};

/** What the model said it saw. */
export interface PhotoCheck {
  readonly showsSubject: boolean;
  readonly shows: string;
}

/** A closed object schema of any shape, as an operation's fields are. */
type FieldsShape = z.ZodObject<z.ZodRawShape, z.core.$ZodObjectConfig>;

const extended = new WeakMap<FieldsShape, FieldsShape>();

/** An operation's fields with the photo check in front; one object per operation, so its JSON Schema is built once. */
export function withPhotoCheck(fields: FieldsShape): FieldsShape {
  let withCheck = extended.get(fields);
  if (!withCheck) {
    withCheck = z.strictObject({ ...PHOTO_CHECK_SHAPE, ...fields.shape });
    extended.set(fields, withCheck);
  }
  return withCheck;
}

/** The model's answer → its photo check, and the operation's fields without it. */
export function splitPhotoCheck(written: Record<string, unknown>): {
  readonly check: PhotoCheck;
  readonly fields: Record<string, unknown>;
} {
  const { photo_shows, shows_subject, ...fields } = written;
  return { check: { showsSubject: shows_subject === true, shows: String(photo_shows ?? '') }, fields };
}

/**
 * The model's few words on what the photo shows, fit to stand inside one of our sentences: its
 * first sentence only (more would change the summary's sentence count), one line, no wrapping
 * quotes, starting in lower case as mid-sentence words do, and in the answer's language.
 * Undefined when nothing fit is left: the summary then says only that the model found no such
 * subject.
 */
export function quotableDescription(shows: string, language: Language): string | undefined {
  const [first = ''] = shows.replace(/[\s\u3000]+/gu, ' ').split(/[.!?。！？;；…]/u);
  const phrase = first.replace(/^[\s"'“”‘’«»「」,，]+|[\s"'“”‘’«»「」,，]+$/gu, '');
  if (phrase === '' || !mayBeInLanguage(phrase, language)) return undefined;
  // "Gravel" and "A brick wall" read "gravel" and "a brick wall" mid-sentence; "USB cable" stays.
  return phrase.replace(/^\p{Lu}(?=\p{Ll}|\s)/u, (letter) => letter.toLowerCase());
}
