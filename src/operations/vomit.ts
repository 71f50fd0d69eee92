import { z } from 'zod';
import type { RuleTable } from '../analysis/findings.js';
import { healthText, label, vomitSeverity, type HealthSeverity } from '../contract/data-fields.js';
import { HEALTH_LLM_FIELDS, healthOperation, mergeHealthFields, textFields } from './health-operation.js';

/**
 * Vomit (DESIGN.md §5; BSAVA Manual ch. 19). Dark brown granular "coffee grounds" is digested
 * blood (urgent); red is fresh blood; yellow/green foam is bile, often an empty stomach; brown
 * food-coloured matter soon after eating suggests regurgitation, but dark brown matter may be
 * digested blood, so it is never called food; white foam is mucus and saliva.
 * Vomit has no "normal" severity (SPEC.md §2.4): every rule here is at least mild.
 */
const VOMIT_RULES: RuleTable = {
  scope: 'subject',
  rules: [
    {
      id: 'coffee_grounds',
      when: [
        { colours: ['black', 'dark_brown'], atLeast: 0.5 },
        { colours: ['black'], atLeast: 0.08 },
      ],
      severity: 'severe',
      redFlag: true,
      vet: 'urgent',
    },
    {
      id: 'heavy_blood',
      when: [{ colours: ['red', 'dark_red'], atLeast: 0.25 }],
      severity: 'severe',
      redFlag: true,
      vet: 'urgent',
    },
    {
      id: 'fresh_blood',
      when: [{ colours: ['red', 'dark_red'], atLeast: 0.05 }],
      severity: 'moderate',
      redFlag: true,
      vet: 'soon',
    },
    { id: 'bile', when: [{ colours: ['yellow', 'green', 'pale_yellow', 'amber'], atLeast: 0.35 }], severity: 'mild' },
    // Dark brown is the colour of digested blood as much as of food: it gets same-day advice, never "food".
    {
      id: 'possible_digested_blood',
      when: [{ colours: ['dark_brown'], atLeast: 0.35 }],
      severity: 'moderate',
      redFlag: true,
      vet: 'urgent',
    },
    { id: 'food', when: [{ colours: ['brown', 'light_brown'], atLeast: 0.45 }], severity: 'mild' },
    { id: 'foam', when: [{ colours: ['white', 'grey'], atLeast: 0.5 }], severity: 'mild' },
  ],
};

/** SPEC.md §2.4. */
const VomitData = z.strictObject({
  severity: vomitSeverity,
  vomit_type: label('Most likely vomit category based on what is visible.'),
  color: label('Observed vomit color.'),
  ...healthText,
});

/** SPEC.md §2.4 has no "normal" vomit: the mildest a vomit photo can be is mild. */
const vomitFloor = (severity: HealthSeverity) => (severity === 'normal' ? 'mild' : severity);

/**
 * Vomit: the colour gives the likely type; a red-flag type (coffee grounds, blood) is a measured
 * fact the model cannot rename, otherwise the model's more detailed type is used.
 */
export const vomit = healthOperation({
  key: 'vomit',
  path: 'vomit-analysis',
  title: 'Vomit analysis',
  data: VomitData,
  rules: VOMIT_RULES,
  needs: { subject: true, shows: 'specimen' },
  llmFields: VomitData.pick({ ...HEALTH_LLM_FIELDS, vomit_type: true }),
  toData: ({ severity, text }) => ({
    severity: vomitFloor(severity),
    vomit_type: text.label,
    color: text.colour,
    ...textFields(text),
  }),
  merge: (assessment, measured, model, language) => {
    const merged = mergeHealthFields(assessment, measured, model, language);
    const redFlag = assessment.findings.some((rule) => rule.redFlag);
    return {
      ...measured,
      ...merged,
      severity: vomitFloor(merged.severity),
      vomit_type: redFlag ? measured.vomit_type : model.vomit_type,
    };
  },
});
