import { z } from 'zod';
import { OPERATION_CONTRACTS, type OperationKey } from '../../contract/operation-contracts.js';

/**
 * What the language model writes, per operation: the text, and the labels no built-in model can
 * give (consistency, condition, vomit detail, emotion). Measured fields (stool colour and score,
 * urine colour) are not asked for: the merge takes them from the measurements. Picked from the
 * closed data shapes, so every rule of the contract applies to the model's answer too.
 */
const health = { severity: true, summary: true, home_care: true, vet_advice: true } as const;

export const LLM_FIELDS = {
  stool: OPERATION_CONTRACTS.stool.data.pick({ ...health, consistency: true }),
  vomit: OPERATION_CONTRACTS.vomit.data.pick({ ...health, vomit_type: true }),
  urine: OPERATION_CONTRACTS.urine.data.pick({ ...health, clarity: true }),
  skin: OPERATION_CONTRACTS.skin.data.pick({ ...health, condition: true }),
  ear: OPERATION_CONTRACTS.ear.data.pick({ ...health, condition: true }),
  emotion: OPERATION_CONTRACTS.emotion.data,
  breed: OPERATION_CONTRACTS.breed.data,
} as const satisfies Record<OperationKey, z.ZodObject>;

export type LlmFields<K extends OperationKey> = z.infer<(typeof LLM_FIELDS)[K]>;

const formats = new Map<OperationKey, Record<string, unknown>>();

/**
 * The JSON Schema sent as Ollama's `format`: the grammar then forces the types, enums, required
 * fields and list lengths. It cannot force sentence counts, ranges or language; zod checks those.
 */
export function llmFormat(operation: OperationKey): Record<string, unknown> {
  let format = formats.get(operation);
  if (!format) {
    const { $schema: _dialect, ...schema } = z.toJSONSchema(LLM_FIELDS[operation], { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
    format = schema;
    formats.set(operation, format);
  }
  return format;
}
