import { z } from 'zod';
import { JUDGED_SEVERITIES } from '../../contract/data-fields.js';
import { LANGUAGES } from '../../contract/language.js';
import { countSentences } from '../../contract/sentences.js';

/**
 * What a clinic says of each label of a head it trains (docs/design.md §13), in its `head.json` and,
 * once trained, in the head's manifest: the severity the label means, and its name in every
 * response language; optionally its own advice. The same schema serves both, so what was checked
 * when the head was trained is what the service reads when it starts. Fields it does not know are
 * dropped, not refused: head.json may carry a clinic's own notes.
 */
const inEveryLanguage = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(LANGUAGES.map((language) => [language, value])) as Record<'en' | 'zh' | 'es', T>);

/** A label is a sub-folder's name: any name a folder can have, but not hidden, and not a path. */
export const HEAD_LABEL = /^[^./\\\p{Cc}][^/\\\p{Cc}]{0,63}$/u;

const sentence = z.string().trim().min(1).max(400);

/**
 * A label's name is one short phrase ("possible ringworm"), never sentences: answers quote it
 * inside theirs, and a name of several sentences broke a summary's count (a 500, issue 43).
 */
export const LABEL_NAME_MAX = 60;
const ONE_PHRASE = `a label's name is one short phrase (at most ${LABEL_NAME_MAX} characters, no ".", "!", "?", ";" or other end of a sentence), e.g. "possible ringworm"`;
const labelName = z
  .string()
  .trim()
  .min(1)
  .max(LABEL_NAME_MAX)
  .regex(/^[^.!?;。！？；\p{Cc}\p{Zl}\p{Zp}]+$/u, ONE_PHRASE)
  // Whatever else a sentence breaker reads as a sentence's end ("‼", "।", "؟", "።"…), in any language.
  .refine(
    (name) => LANGUAGES.every((language) => countSentences(`It reads as ${name} here.`, language) === 1),
    ONE_PHRASE,
  );

/** Names that are an object's own machinery in JavaScript: a label so named would vanish from a record. */
export const OBJECT_MACHINERY: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const HeadLabel = z.object({
  /** What a confident reading of this label means for the animal; emotion heads have none. */
  severity: z.enum(JUDGED_SEVERITIES).optional(),
  /** The label as the answer names it: the condition, vomit type, consistency or emotion. */
  name: inEveryLanguage(labelName),
  /** The clinic's own advice for this label; without it, pawlens' advice for its severity. */
  home_care: inEveryLanguage(z.array(sentence).min(2).max(6)).optional(),
  vet_advice: inEveryLanguage(z.array(sentence).max(6)).optional(),
});

export const HeadLabels = z
  .record(
    z
      .string()
      .regex(
        HEAD_LABEL,
        'a label is the name of its photo folder: at most 64 characters, no "/" or "\\", not starting with "."',
      )
      .refine((label) => !OBJECT_MACHINERY.has(label), 'a label cannot be named __proto__, constructor or prototype'),
    HeadLabel,
  )
  .refine((labels) => Object.keys(labels).length >= 2, 'a head needs at least two labels');

export type HeadLabel = z.infer<typeof HeadLabel>;
export type HeadLabels = z.infer<typeof HeadLabels>;
