import { z } from 'zod';
import { healthSeverity, healthText, label } from '../../contract/data-fields.js';
import type { Words } from '../operation-words.js';
import { HEALTH_LLM_FIELDS, healthOperation, textFields } from './health-operation.js';
import type { HealthWords } from './health-words.js';
import type { RuleTable } from './rule-table.js';

export interface ConditionOperationSpec<K extends string, Id extends string> {
  readonly key: K;
  readonly path: string;
  readonly title: string;
  readonly rules: RuleTable<Id>;
  readonly words: Words<HealthWords<Id>>;
  /** What the `condition` field is, as docs/contract.md words it for this operation. */
  readonly condition: string;
  /** Whether its close-ups may be taken through an instrument, a round view with black around it (an otoscope). */
  readonly roundView: boolean;
  /** Whether its close-ups may be recognisable as a pet as a whole (a face with skin lesions), or then show the pet instead. */
  readonly recognisablePet: boolean;
  /** PhotoNeeds.furOutweighsStoolOnGround: whether fur the classifier is sure of outweighs the stool localizer on a little ground. */
  readonly furOutweighsStoolOnGround?: true;
}

/**
 * Skin and ear (docs/contract.md §2.6, §2.7), and any close-up operation like them, share their shape: a close-up, judged over the whole frame
 * with no subject to find; the condition is the main finding's label, and the model, when there
 * is one, writes its own condition name and the text.
 */
export function conditionOperation<K extends string, Id extends string>(spec: ConditionOperationSpec<K, Id>) {
  const data = z.strictObject({ severity: healthSeverity, condition: label(spec.condition), ...healthText });
  return healthOperation({
    key: spec.key,
    path: spec.path,
    title: spec.title,
    data,
    rules: spec.rules,
    words: spec.words,
    needs: {
      subject: false,
      shows: 'close-up',
      colour: true,
      roundView: spec.roundView,
      recognisablePet: spec.recognisablePet,
      ...(spec.furOutweighsStoolOnGround && { furOutweighsStoolOnGround: true as const }),
    },
    llmFields: data.pick({ ...HEALTH_LLM_FIELDS, condition: true }),
    labelFields: ['condition'],
    head: { field: 'condition', role: 'condition' },
    toData: ({ severity, text }) => ({ severity, condition: text.label, ...textFields(text) }),
    // A label the clinic's head is sure of is measured, like a red flag: the model cannot rename it.
    merge: (shared, measured, model, assessment) => ({
      ...measured,
      ...shared,
      condition: assessment.head?.reading.sure ? measured.condition : model.condition,
    }),
  });
}
