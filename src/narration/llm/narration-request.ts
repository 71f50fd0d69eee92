import type { z } from 'zod';
import type { AnalysisInput } from '../../findings/analysis-input.js';

/**
 * One call's worth of work for the language model, as the operation prepared it in the request's
 * language: the task, which fields to write (their schema becomes Ollama's `format`) and what its
 * own fields mean, the measured facts the text must respect, and the on-device answer to fall back
 * on. The narrator knows nothing else of the operation.
 */
export interface NarrationRequest<Fields extends z.ZodObject = z.ZodObject> {
  /** What the model is asked to do, first in the prompt. */
  readonly task: string;
  readonly fields: Fields;
  /** What the operation's own fields mean; the fields every operation shares are explained by the narrator's words. */
  readonly fieldHelp: Readonly<Record<string, string>>;
  /** Short labels whose words must be in the request's language too (checked for Chinese; the summary always is). */
  readonly labelFields: readonly string[];
  /** The on-device models' findings, one sentence each, in the request's language. */
  readonly facts: readonly string[];
  /** The on-device answer: home_care and vet_advice come from it when the model leaves them short. */
  readonly fallback: Readonly<Record<string, unknown>>;
  /** A sentence that states what a photo cannot show, for a summary that came back one sentence long. */
  readonly limitation: string;
  readonly input: AnalysisInput;
}
