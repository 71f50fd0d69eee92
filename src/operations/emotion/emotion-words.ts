import type { OperationWords } from '../operation-words.js';

export interface EmotionWords extends OperationWords {
  /** The emotion field when nothing read one. */
  readonly label: string;
  /** Why nothing on the host reads an emotion (two sentences: its last is the limitation). */
  readonly summary: string;
  readonly llm: OperationWords['llm'] & {
    /** Told to the model: no measurement to respect, the photo is all it has. */
    readonly note: string;
  };
}
