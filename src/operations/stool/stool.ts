import { z } from 'zod';
import { SPECIMEN_NEEDS } from '../../findings/photo-needs.js';
import {
  HEALTH_SCORE_MAX,
  type HealthSeverity,
  healthScore,
  healthSeverity,
  healthText,
  label,
} from '../../contract/data-fields.js';
import { HEALTH_LLM_FIELDS, healthOperation, textFields } from '../health/health-operation.js';
import { EN } from './en.js';
import { ES } from './es.js';
import { STOOL_RULES } from './stool-rules.js';
import { stoolColourNaming } from './stool-colours.js';
import { ZH } from './zh.js';

/** docs/contract.md §2.3. */
const StoolData = z.strictObject({
  health_score: healthScore,
  // An integer, as the contract says: a JSON Schema `const` alone would be typed a number.
  health_score_max: z.literal(HEALTH_SCORE_MAX).meta({ type: 'integer' }),
  severity: healthSeverity,
  color: label('Observed stool color in plain language.'),
  consistency: label('Observed stool consistency or texture.'),
  ...healthText,
});

/**
 * health_score from severity (docs/judging.md). A photo cannot confirm perfect health,
 * so the best is 9; `inconclusive` takes the scale's midpoint, which carries no finding.
 */
const STOOL_HEALTH_SCORES: Readonly<Record<HealthSeverity, number>> = {
  normal: 9,
  mild: 7,
  moderate: 4,
  severe: 2,
  inconclusive: 5,
};

/**
 * Stool: colour is measured and judged by the table; consistency needs texture, which colour
 * measurements do not see, so without a head the clinic trained for it, or a language model, it
 * is said plainly to be not assessed. The model writes consistency (unless the head is sure of
 * it) and the text; the measured colour stays.
 */
export const stool = healthOperation({
  key: 'stool',
  path: 'feces-analysis',
  title: 'Stool health analysis',
  data: StoolData,
  rules: STOOL_RULES,
  words: { en: EN, zh: ZH, es: ES },
  needs: {
    ...SPECIMEN_NEEDS,
    blackIsAFinding: true,
    autumnLeafIsNoSpecimen: true,
    liesOnGround: true,
  },
  llmFields: StoolData.pick({ ...HEALTH_LLM_FIELDS, consistency: true }),
  labelFields: ['consistency'],
  locatedNaming: stoolColourNaming,
  // A lawn's blades on a stool; red mulch, clay or a red cast round it.
  groundLends: [['green'], ['red', 'dark_red']],
  // Pale clay cannot be told from a pale brown in a washed-out photo.
  washedOutPale: 'light_brown',
  // A head the clinic trained (a fecal score, say) reads the consistency colour cannot see.
  head: { field: 'consistency', role: 'aspect' },
  toData: ({ severity, text, assessment, words }) => ({
    health_score: STOOL_HEALTH_SCORES[severity],
    health_score_max: HEALTH_SCORE_MAX,
    severity,
    color: text.colour,
    consistency: assessment ? (text.headLabel ?? words.consistencyNotAssessed) : text.label,
    ...textFields(text),
  }),
  merge: (shared, measured, model, assessment) => ({
    ...measured,
    ...shared,
    health_score: STOOL_HEALTH_SCORES[shared.severity],
    consistency: assessment.head?.reading.sure ? measured.consistency : model.consistency,
  }),
});
