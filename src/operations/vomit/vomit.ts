import { z } from 'zod';
import { type HealthSeverity, healthText, label, vomitSeverity } from '../../contract/data-fields.js';
import { SPECIMEN_NEEDS } from '../../findings/photo-needs.js';
import { HEALTH_LLM_FIELDS, healthOperation, textFields } from '../health/health-operation.js';
import { EN } from './en.js';
import { ES } from './es.js';
import { VOMIT_RULES } from './vomit-rules.js';
import { ZH } from './zh.js';

/** docs/contract.md §2.4. */
const VomitData = z.strictObject({
  severity: vomitSeverity,
  vomit_type: label('Most likely vomit category based on what is visible.'),
  color: label('Observed vomit color.'),
  ...healthText,
});

/** docs/contract.md §2.4 has no "normal" vomit: the mildest a vomit photo can be is mild. */
const vomitFloor = (severity: HealthSeverity) => (severity === 'normal' ? 'mild' : severity);

/**
 * Vomit: the colour gives the likely type, or a head the clinic trained names it; a red-flag type
 * (coffee grounds, blood) or the head's confident label is a measured fact the model cannot
 * rename, otherwise the model's more detailed type is used.
 */
export const vomit = healthOperation({
  key: 'vomit',
  path: 'vomit-analysis',
  title: 'Vomit analysis',
  data: VomitData,
  rules: VOMIT_RULES,
  words: { en: EN, zh: ZH, es: ES },
  needs: { ...SPECIMEN_NEEDS, mayBeFood: true, notStool: true },
  llmFields: VomitData.pick({ ...HEALTH_LLM_FIELDS, vomit_type: true }),
  labelFields: ['vomit_type'],
  head: { field: 'vomit_type', role: 'condition' },
  toData: ({ severity, text }) => ({
    severity: vomitFloor(severity),
    vomit_type: text.label,
    color: text.colour,
    ...textFields(text),
  }),
  merge: (shared, measured, model, assessment) => {
    // A red flag, or a label the clinic's head is sure of, is measured: the model cannot rename it.
    const measuredType = assessment.findings.some((rule) => rule.redFlag) || assessment.head?.reading.sure;
    return {
      ...measured,
      ...shared,
      severity: vomitFloor(shared.severity),
      vomit_type: measuredType ? measured.vomit_type : model.vomit_type,
    };
  },
});
