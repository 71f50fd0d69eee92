import type { z } from 'zod';
import type { AnalysisInput } from '../../findings/analysis-input.js';

/**
 * One call's worth of work for the language model, as the operation prepared it in the request's
 * language: the task, which fields to write (their schema becomes Ollama's `format`) and what its
 * own fields mean, the measured facts the text must respect, and the on-device answer to fall back
 * on. The narrator knows nothing else of the operation.
 */
/**
 * Lists the model may leave short, topped up with the on-device answer's items to at least this
 * many (home_care: 2), and fields it may leave out, taken whole from the on-device answer.
 */
export interface FallbackFill {
  readonly topUp?: Readonly<Record<string, number>>;
  readonly ifMissing?: readonly string[];
}

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
  /** The on-device answer, which fills what `fromFallback` names when the model leaves it short. */
  readonly fallback: Readonly<Record<string, unknown>>;
  /** What the repair may take from the fallback: the operation says, the narrator knows no field by name. */
  readonly fromFallback: FallbackFill;
  /** A sentence that states what a photo cannot show, for a summary that came back one sentence long. */
  readonly limitation: string;
  readonly input: AnalysisInput;
}
