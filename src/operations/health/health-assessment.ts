import type { HealthSeverity } from '../../contract/data-fields.js';
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
}
