import { JUDGED_SEVERITIES } from '../../contract/data-fields.js';
import type { ColourName } from '../../vision/tables/colour-palette.js';

/** Severities a rule can conclude, mildest first; `inconclusive` is the gate's, not a rule's. */
export const RULE_SEVERITIES = JUDGED_SEVERITIES;
export type RuleSeverity = (typeof RULE_SEVERITIES)[number];

/**
 * One condition on the measured colours: the summed share of `colours`, in the subject or in the
 * whole frame, at least (or at most) the given share.
 */
export interface ColourCondition {
  readonly colours: readonly ColourName[];
  readonly atLeast?: number;
  readonly atMost?: number;
}

/**
 * One row of an operation's clinical table (DESIGN.md §5): when every condition holds, the
 * finding `id` is present with `severity`. A red flag is never downgraded: no other finding, nor
 * the LLM, can lower the severity it sets.
 */
export interface Rule<Id extends string = string> {
  readonly id: Id;
  readonly when: readonly ColourCondition[];
  readonly severity: RuleSeverity;
  readonly redFlag?: true;
  /** Whether a veterinarian should see the pet: 'urgent' for the same day. */
  readonly vet?: 'soon' | 'urgent';
}

export interface RuleTable<Id extends string = string> {
  /** Where colours are measured: the subject (stool on a floor) or the frame (a skin close-up). */
  readonly scope: 'subject' | 'frame';
  /** In priority order: the first fired rule of the highest severity is the main finding. */
  readonly rules: readonly Rule<Id>[];
}

/** The ids of a table's rules: what its words must have a text for. */
export type RuleIdOf<Table extends RuleTable> = Table['rules'][number]['id'];
