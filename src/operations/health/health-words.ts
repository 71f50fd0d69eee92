import type { OperationWords } from '../operation-words.js';

/**
 * Owner-facing text for one finding of a rule table. `label` fills the operation's short field
 * (vomit_type, condition); `meaning` is one sentence of interpretation.
 */
export interface FindingText {
  readonly label: string;
  readonly meaning: string;
  /** At least 2, specific to the finding. */
  readonly homeCare: readonly string[];
  /** Empty when no follow-up is needed; urgent wording for red flags. */
  readonly vetAdvice: readonly string[];
}

/** A health operation's words: its summaries' sentences and a text for every rule of its table. */
export interface HealthWords<RuleId extends string = string> extends OperationWords {
  /** A summary's first sentence: the colours measured, as `colours` lists them. */
  observation(colours: string): string;
  /** What a photo cannot show for this operation: every template summary says it. */
  readonly limitation: string;
  /**
   * When the rules found nothing wrong but `normal` is withheld (the table's sight is blind to
   * some of what it rules out): the label, and one sentence naming what was not checked and that
   * nothing was charged. Only tables with a blind spot need it.
   */
  readonly withheld?: { readonly label: string; readonly sentence: string };
  /**
   * Said when the operation's localizer found no subject: what it never learnt from, where a
   * missed subject is likeliest (docs/design.md §13). Only operations with a catalogued localizer need it.
   */
  readonly notFoundCaveat?: string;
  /** A text per rule id of the operation's table, plus `unclassified` for when no rule applies. */
  readonly findings: Readonly<Record<RuleId | 'unclassified', FindingText>>;
}

/** The words the five health operations share, in one language. */
export interface SharedHealthWords {
  /**
   * home_care of a photo the gate refused. Its vet_advice is empty: a photo that showed nothing
   * calls for no follow-up (the contract: empty when none is needed); what to do if the pet seems unwell
   * is said here instead.
   */
  readonly qualityHomeCare: readonly string[];
  /** How the measured colours and the rules' findings are told to the language model. */
  readonly prompt: {
    coloursLine(where: 'subject' | 'frame', colours: string): string;
    findingLine(label: string, severity: string): string;
    readonly noFinding: string;
    redFlagLine(label: string, severity: string): string;
  };
}
