import { z } from 'zod';
import { healthSeverity, healthText, label } from '../../contract/data-fields.js';
import { SPECIMEN_NEEDS } from '../../findings/photo-needs.js';
import { HEALTH_LLM_FIELDS, healthOperation, textFields } from '../health/health-operation.js';
import { EN } from './en.js';
import { ES } from './es.js';
import { URINE_RULES } from './urine-rules.js';
import { ZH } from './zh.js';

/** docs/contract.md §2.5. */
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
  words: { en: EN, zh: ZH, es: ES },
  needs: { ...SPECIMEN_NEEDS, inContainer: true, notStool: true, neverACoat: true, soaksIn: true },
  llmFields: UrineData.pick({ ...HEALTH_LLM_FIELDS, clarity: true }),
  labelFields: ['clarity'],
  // A head the clinic trained (sediment, crystals, clear) reads what the grey-haze proxy only guesses at.
  head: { field: 'clarity', role: 'aspect' },
  toData: ({ severity, text, assessment, words }) => {
    const cloudy = assessment?.findings.some((rule) => rule.id === 'cloudy');
    const measured = cloudy ? words.clarity.cloudy : words.clarity.clear;
    const clarity = !assessment ? text.label : (text.headLabel ?? measured);
    return { severity, color: text.colour, clarity, ...textFields(text) };
  },
  merge: (shared, measured, model, assessment) => ({
    ...measured,
    ...shared,
    clarity: assessment.head?.reading.sure ? measured.clarity : model.clarity,
  }),
});
