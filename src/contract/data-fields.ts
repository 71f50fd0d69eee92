import { z } from 'zod';
import { countSentences } from './sentences.js';

/**
 * The fields the closed `data` shapes of docs/contract.md §2.3–2.9 are built from; each operation's module
 * puts its own shape together from them. Every rule the spec states is enforced here (enums,
 * ranges, sentence counts, list lengths), so a response that passes its schema is one a client
 * written for the spec can read. Length caps are ours: they keep a misbehaving text generator from
 * sending an essay.
 */
export const label = (description: string) => z.string().trim().min(1).max(160).describe(description);

export const SUMMARY_MIN_SENTENCES = 2;
export const SUMMARY_MAX_SENTENCES = 4;
export const HOME_CARE_MIN_ITEMS = 2;
export const HEALTH_SCORE_MAX = 10 as const;

export const summary = z
  .string()
  .trim()
  .min(1)
  .max(1200)
  .refine(
    (text) => {
      const count = countSentences(text);
      return count >= SUMMARY_MIN_SENTENCES && count <= SUMMARY_MAX_SENTENCES;
    },
    { message: `summary must have ${SUMMARY_MIN_SENTENCES} to ${SUMMARY_MAX_SENTENCES} sentences` },
  )
  .describe('2 to 4 sentences: key visible observations, overall interpretation, important limitation.');

const advice = z.string().trim().min(1).max(400);
export const homeCare = z
  .array(advice)
  .min(HOME_CARE_MIN_ITEMS)
  .max(8)
  .describe('At least 2 items, even when findings look normal.');
export const vetAdvice = z.array(advice).max(8).describe('Empty when no veterinary follow-up is needed.');
export const confidence = z.number().min(0).max(1).describe('From 0 to 1 inclusive.');

/** Severities a judgement can reach, mildest first; `inconclusive` is no judgement at all. */
export const JUDGED_SEVERITIES = ['normal', 'mild', 'moderate', 'severe'] as const;
export const HEALTH_SEVERITIES = [...JUDGED_SEVERITIES, 'inconclusive'] as const;
/** The judged severities past normal: those of a finding, which a health answer raises and is charged for. */
export const FINDING_SEVERITIES: readonly string[] = JUDGED_SEVERITIES.filter((severity) => severity !== 'normal');
export const VOMIT_SEVERITIES = ['mild', 'moderate', 'severe', 'inconclusive'] as const;
export type HealthSeverity = (typeof HEALTH_SEVERITIES)[number];

export const healthSeverity = z.enum(HEALTH_SEVERITIES);
export const vomitSeverity = z.enum(VOMIT_SEVERITIES).describe('"normal" is not allowed for vomit.');
export const healthScore = z
  .number()
  .int()
  .min(1)
  .max(HEALTH_SCORE_MAX)
  .describe('1 (most concerning) to 10 (healthiest).');

/** The text every health operation ends with (docs/contract.md §4 rule 5). */
export const healthText = { summary, home_care: homeCare, vet_advice: vetAdvice };
