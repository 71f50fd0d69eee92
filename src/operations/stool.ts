import { z } from 'zod';
import {
  healthScore,
  healthSeverity,
  healthText,
  HEALTH_SCORE_MAX,
  label,
  type HealthSeverity,
} from '../contract/data-fields.js';
import type { RuleTable } from '../analysis/findings.js';
import { localeFor } from '../narration/locales/locale-for.js';
import { HEALTH_LLM_FIELDS, healthOperation, mergeHealthFields, textFields } from './health-operation.js';

/**
 * Stool colour (DESIGN.md §5; PetMD on melena; Purina fecal chart). Brown is expected; black and
 * tarry is digested blood from the upper gut (urgent, though iron, bismuth or charcoal mimic it);
 * red is fresh blood from the lower gut; grey/clay means little bile; yellow/orange fast transit
 * or liver/bile; green grass or bile. Consistency cannot be judged from colour at all.
 */
const STOOL_RULES: RuleTable = {
  scope: 'subject',
  rules: [
    { id: 'melena', when: [{ colours: ['black'], atLeast: 0.3 }], severity: 'severe', redFlag: true, vet: 'urgent' },
    {
      id: 'heavy_blood',
      when: [{ colours: ['red', 'dark_red'], atLeast: 0.25 }],
      severity: 'severe',
      redFlag: true,
      vet: 'urgent',
    },
    {
      id: 'fresh_blood',
      when: [{ colours: ['red', 'dark_red'], atLeast: 0.04 }],
      severity: 'moderate',
      redFlag: true,
      vet: 'soon',
    },
    { id: 'pale_clay', when: [{ colours: ['grey', 'white'], atLeast: 0.4 }], severity: 'moderate', vet: 'soon' },
    {
      id: 'yellow_orange',
      when: [{ colours: ['yellow', 'orange', 'amber', 'pale_yellow'], atLeast: 0.35 }],
      severity: 'mild',
      vet: 'soon',
    },
    { id: 'green', when: [{ colours: ['green'], atLeast: 0.35 }], severity: 'mild' },
    { id: 'brown', when: [{ colours: ['dark_brown', 'brown', 'light_brown'], atLeast: 0.55 }], severity: 'normal' },
  ],
};

/** SPEC.md §2.3. */
const StoolData = z.strictObject({
  health_score: healthScore,
  health_score_max: z.literal(HEALTH_SCORE_MAX),
  severity: healthSeverity,
  color: label('Observed stool color in plain language.'),
  consistency: label('Observed stool consistency or texture.'),
  ...healthText,
});

/**
 * health_score from severity (README, "Stool health score"). A photo cannot confirm perfect health,
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
 * measurements do not see, so without a language model it is said plainly to be not assessed.
 * The model writes consistency and the text; the measured colour stays.
 */
export const stool = healthOperation({
  key: 'stool',
  path: 'feces-analysis',
  title: 'Stool health analysis',
  data: StoolData,
  rules: STOOL_RULES,
  needs: { subject: true, shows: 'specimen' },
  llmFields: StoolData.pick({ ...HEALTH_LLM_FIELDS, consistency: true }),
  toData: ({ severity, text, assessment }, language) => ({
    health_score: STOOL_HEALTH_SCORES[severity],
    health_score_max: HEALTH_SCORE_MAX,
    severity,
    color: text.colour,
    consistency: assessment ? localeFor(language).stoolConsistency : text.label,
    ...textFields(text),
  }),
  merge: (assessment, measured, model, language) => {
    const merged = mergeHealthFields(assessment, measured, model, language);
    return {
      ...measured,
      ...merged,
      health_score: STOOL_HEALTH_SCORES[merged.severity],
      consistency: model.consistency,
    };
  },
});
