import { z } from 'zod';
import { JUDGED_SEVERITIES } from '../../contract/data-fields.js';
import { LANGUAGES } from '../../contract/language.js';

/**
 * What a clinic says of each label of a head it trains (DESIGN.md §13), in its `head.json` and,
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

export const HeadLabel = z.object({
  /** What a confident reading of this label means for the animal; emotion heads have none. */
  severity: z.enum(JUDGED_SEVERITIES).optional(),
  /** The label as the answer names it: the condition, vomit type, consistency or emotion. */
  name: inEveryLanguage(z.string().trim().min(1).max(120)),
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
      ),
    HeadLabel,
  )
  .refine((labels) => Object.keys(labels).length >= 2, 'a head needs at least two labels');

export type HeadLabel = z.infer<typeof HeadLabel>;
export type HeadLabels = z.infer<typeof HeadLabels>;
