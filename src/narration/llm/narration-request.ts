import type { z } from 'zod';
import type { AnalysisInput } from '../../analysis/findings.js';
import type { OperationKey } from '../../contract/operation-keys.js';

/**
 * One call's worth of work for the language model, as the operation prepared it: which fields to
 * write (their schema becomes Ollama's `format`), the measured facts the text must respect, and
 * the on-device answer to fall back on. The narrator knows nothing else of the operation.
 */
export interface NarrationRequest<Fields extends z.ZodObject = z.ZodObject> {
  readonly operation: OperationKey;
  readonly fields: Fields;
  /** The on-device models' findings, one sentence each, in the request's language. */
  readonly facts: readonly string[];
  /** The on-device answer: home_care and vet_advice come from it when the model leaves them short. */
  readonly fallback: Readonly<Record<string, unknown>>;
  /** A sentence that states what a photo cannot show, for a summary that came back one sentence long. */
  readonly limitation: string;
  readonly input: AnalysisInput;
}
