import { z } from 'zod';
import { countSentences } from './sentences.js';

/**
 * The seven closed `data` shapes of SPEC.md §2.3–2.9. Every rule the spec states is enforced
 * here (enums, ranges, sentence counts, list lengths), so a response that passes these schemas
 * is one a client written for the spec can read. Length caps are ours: they keep a misbehaving
 * text generator from sending an essay.
 */
const label = (description: string) => z.string().trim().min(1).max(160).describe(description);

export const SUMMARY_MIN_SENTENCES = 2;
export const SUMMARY_MAX_SENTENCES = 4;
export const HOME_CARE_MIN_ITEMS = 2;
export const HEALTH_SCORE_MAX = 10;

const summary = z
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
const homeCare = z
  .array(advice)
  .min(HOME_CARE_MIN_ITEMS)
  .max(8)
  .describe('At least 2 items, even when findings look normal.');
const vetAdvice = z.array(advice).max(8).describe('Empty when no veterinary follow-up is needed.');
const confidence = z.number().min(0).max(1).describe('From 0 to 1 inclusive.');

export const HEALTH_SEVERITIES = ['normal', 'mild', 'moderate', 'severe', 'inconclusive'] as const;
export const VOMIT_SEVERITIES = ['mild', 'moderate', 'severe', 'inconclusive'] as const;
export type HealthSeverity = (typeof HEALTH_SEVERITIES)[number];

const healthSeverity = z.enum(HEALTH_SEVERITIES);

export const StoolData = z.strictObject({
  health_score: z.number().int().min(1).max(HEALTH_SCORE_MAX).describe('1 (most concerning) to 10 (healthiest).'),
  health_score_max: z.literal(HEALTH_SCORE_MAX),
  severity: healthSeverity,
  color: label('Observed stool color in plain language.'),
  consistency: label('Observed stool consistency or texture.'),
  summary,
  home_care: homeCare,
  vet_advice: vetAdvice,
});

export const VomitData = z.strictObject({
  severity: z.enum(VOMIT_SEVERITIES).describe('"normal" is not allowed for vomit.'),
  vomit_type: label('Most likely vomit category based on what is visible.'),
  color: label('Observed vomit color.'),
  summary,
  home_care: homeCare,
  vet_advice: vetAdvice,
});

export const UrineData = z.strictObject({
  severity: healthSeverity,
  color: label('Observed urine color.'),
  clarity: label('Observed urine clarity or cloudiness.'),
  summary,
  home_care: homeCare,
  vet_advice: vetAdvice,
});

export const SkinData = z.strictObject({
  severity: healthSeverity,
  condition: label('Short owner-facing label for the visible skin condition.'),
  summary,
  home_care: homeCare,
  vet_advice: vetAdvice,
});

export const EarData = z.strictObject({
  severity: healthSeverity,
  condition: label('Short owner-facing label for the visible ear condition.'),
  summary,
  home_care: homeCare,
  vet_advice: vetAdvice,
});

export const EmotionData = z.strictObject({
  emotion: label('Most likely current emotional state.'),
  confidence,
  summary,
});

export const BreedData = z.strictObject({
  species: label('Identified animal species.'),
  breed: label('Single most likely breed or breed-group name.'),
  confidence,
  summary,
});

export type StoolData = z.infer<typeof StoolData>;
export type VomitData = z.infer<typeof VomitData>;
export type UrineData = z.infer<typeof UrineData>;
export type SkinData = z.infer<typeof SkinData>;
export type EarData = z.infer<typeof EarData>;
export type EmotionData = z.infer<typeof EmotionData>;
export type BreedData = z.infer<typeof BreedData>;
