import type { Language } from '../contract/language.js';

/**
 * What every operation says in one language besides its answers: its name in the console, how
 * the shared sentences name what its photo shows, the photo to take instead of one of the wrong
 * kind, and what the language model is asked to do and what the operation's own fields mean.
 */
export interface OperationWords {
  /** The operation as the console lists it ("Stool", "粪便", "Heces"). */
  readonly name: string;
  /** What the photo shows, as the shared sentences name it ("stool", "las heces", "su mascota"). */
  readonly subject: string;
  /** The photo to take instead of one of the wrong kind. */
  readonly retakeTip: string;
  /** Its answer's fields (not the text ones) as the console labels them ("Colour", "颜色", "Color"). */
  readonly fieldNames: Readonly<Record<string, string>>;
  readonly llm: {
    /** The task, first in the prompt. */
    readonly task: string;
    /** What each of the operation's own fields means; the shared fields' help is narration's (PromptWords.fieldHelp). */
    readonly fieldHelp: Readonly<Record<string, string>>;
  };
}

/** An operation's words in every language the service speaks. */
export type Words<W extends OperationWords = OperationWords> = Readonly<Record<Language, W>>;
