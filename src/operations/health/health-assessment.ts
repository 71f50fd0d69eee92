import type { HealthSeverity } from '../../contract/data-fields.js';
import type { HeadReading } from '../../vision/heads/trained-head-model.js';
import type { ColourName } from '../../vision/tables/colour-palette.js';
import type { Rule, RuleTable } from './rule-table.js';

/** The measured, rule-based judgement of one health photo: what its words and the LLM build on. */
export interface HealthAssessment {
  /**
   * The highest severity of the fired rules; `inconclusive` when none fired, or when the only
   * finding is a `normal` the installed models cannot see enough to give (`normalWithheld`).
   */
  readonly severity: HealthSeverity;
  /** True when the rules found nothing wrong but the table's sight is blind to things `normal` rules out. */
  readonly normalWithheld: boolean;
  /** Every rule that fired, in table order. */
  readonly findings: readonly Rule[];
  /** The first finding of the highest severity; undefined when none fired. */
  readonly mainFinding: Rule | undefined;
  /** The colours to name, most prominent first. */
  readonly colours: readonly ColourName[];
  /** The shares of every colour where the table measures them. */
  readonly shares: Readonly<Record<ColourName, number>>;
  readonly scope: RuleTable['scope'];
  /** What a head the clinic trained read, when one is installed for the operation (head-judgement.ts). */
  readonly head: HeadJudgement | undefined;
}

/**
 * How an operation's trained head takes part in its judgement. `condition`: the head's label is
 * the finding (skin, ear, vomit), and the colour rules keep only their red flags; `aspect`: the
 * label is one more aspect colour cannot see (stool consistency, urine clarity), judged beside
 * the colour rules.
 */
export type HeadRole = 'condition' | 'aspect';

export interface HeadJudgement {
  readonly reading: HeadReading;
  readonly role: HeadRole;
  /** The data field its label fills. */
  readonly field: string;
}
