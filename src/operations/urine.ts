import { z } from 'zod';
import type { RuleTable } from '../analysis/findings.js';
import { healthSeverity, healthText, label } from '../contract/data-fields.js';
import { localeFor } from '../narration/locales/locale-for.js';
import { HEALTH_LLM_FIELDS, healthOperation, mergeHealthFields, textFields } from './health-operation.js';

/**
 * Urine (DESIGN.md §5; Bartges, Problem-Based Feline Medicine ch. 13). Pale to amber yellow is
 * normal; colourless is very dilute; dark amber concentrated; red or pink is blood; brown or black
 * is blood pigment or bilirubin (vet). Cloudiness suggests cells, crystals or infection. Colour does
 * not measure concentration: a urine test does.
 */
const URINE_RULES: RuleTable = {
  scope: 'subject',
  rules: [
    {
      id: 'brown_black',
      when: [{ colours: ['black', 'dark_brown', 'brown'], atLeast: 0.35 }],
      severity: 'severe',
      redFlag: true,
      vet: 'urgent',
    },
    {
      id: 'blood',
      when: [{ colours: ['red', 'dark_red', 'pink'], atLeast: 0.25 }],
      severity: 'moderate',
      redFlag: true,
      vet: 'urgent',
    },
    {
      id: 'cloudy',
      when: [
        { colours: ['grey'], atLeast: 0.25 },
        { colours: ['yellow', 'pale_yellow', 'amber'], atLeast: 0.2 },
      ],
      severity: 'mild',
      vet: 'soon',
    },
    { id: 'concentrated', when: [{ colours: ['amber', 'orange'], atLeast: 0.35 }], severity: 'mild' },
    { id: 'normal_yellow', when: [{ colours: ['yellow', 'pale_yellow'], atLeast: 0.45 }], severity: 'normal' },
    { id: 'very_dilute', when: [{ colours: ['white', 'grey'], atLeast: 0.6 }], severity: 'mild' },
  ],
};

/** SPEC.md §2.5. */
const UrineData = z.strictObject({
  severity: healthSeverity,
  color: label('Observed urine color.'),
  clarity: label('Observed urine clarity or cloudiness.'),
  ...healthText,
});

/**
 * Urine: colour is measured and judged by the table; clarity is read from the grey haze the
 * `cloudy` rule looks for, a weak proxy in a photo that the text says so. The model writes
 * clarity and the text; the measured colour stays.
 */
export const urine = healthOperation({
  key: 'urine',
  path: 'urine-analysis',
  title: 'Urine analysis',
  data: UrineData,
  rules: URINE_RULES,
  needs: { subject: true, shows: 'specimen' },
  llmFields: UrineData.pick({ ...HEALTH_LLM_FIELDS, clarity: true }),
  toData: ({ severity, text, assessment }, language) => {
    const { urineClarity } = localeFor(language);
    const cloudy = assessment?.findings.some((rule) => rule.id === 'cloudy');
    const clarity = !assessment ? text.label : cloudy ? urineClarity.cloudy : urineClarity.clear;
    return { severity, color: text.colour, clarity, ...textFields(text) };
  },
  merge: (assessment, measured, model, language) => ({
    ...measured,
    ...mergeHealthFields(assessment, measured, model, language),
    clarity: model.clarity,
  }),
});
