import { z } from 'zod';
import type { RuleTable } from '../analysis/findings.js';
import { healthSeverity, healthText, label } from '../contract/data-fields.js';
import { HEALTH_LLM_FIELDS, healthOperation, mergeHealthFields, textFields } from './health-operation.js';

export interface ConditionOperationSpec<K extends 'skin' | 'ear'> {
  readonly key: K;
  readonly path: string;
  readonly title: string;
  readonly rules: RuleTable;
  /** What the `condition` field is, as SPEC.md words it for this operation. */
  readonly condition: string;
}

/**
 * Skin and ear share their shape (SPEC.md §2.6, §2.7): a close-up, judged over the whole frame
 * with no subject to find; the condition is the main finding's label, and the model, when there
 * is one, writes its own condition name and the text.
 */
export function conditionOperation<K extends 'skin' | 'ear'>(spec: ConditionOperationSpec<K>) {
  const data = z.strictObject({ severity: healthSeverity, condition: label(spec.condition), ...healthText });
  return healthOperation({
    key: spec.key,
    path: spec.path,
    title: spec.title,
    data,
    rules: spec.rules,
    needs: { subject: false, shows: 'close-up' },
    llmFields: data.pick({ ...HEALTH_LLM_FIELDS, condition: true }),
    toData: ({ severity, text }) => ({ severity, condition: text.label, ...textFields(text) }),
    merge: (assessment, measured, model, language) => ({
      ...measured,
      ...mergeHealthFields(assessment, measured, model, language),
      condition: model.condition,
    }),
  });
}
