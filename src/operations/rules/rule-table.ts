import type { HealthOperationKey } from '../../contract/operation-contracts.js';
import type { ColourName } from '../../vision/tables/colour-palette.js';

/** Severities a rule can conclude, mildest first; `inconclusive` is the quality gate's, not a rule's. */
export const RULE_SEVERITIES = ['normal', 'mild', 'moderate', 'severe'] as const;
export type RuleSeverity = (typeof RULE_SEVERITIES)[number];

/**
 * One condition on the measured colours: the summed share of `colours`, in the subject or in the
 * whole frame, at least (or at most) `share`.
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
export interface Rule {
  readonly id: string;
  readonly when: readonly ColourCondition[];
  readonly severity: RuleSeverity;
  readonly redFlag?: true;
  /** Whether a veterinarian should see the pet: 'urgent' for the same day. */
  readonly vet?: 'soon' | 'urgent';
}

export interface RuleTable {
  readonly operation: HealthOperationKey;
  /** Where colours are measured: the subject (stool on a floor) or the frame (a skin close-up). */
  readonly scope: 'subject' | 'frame';
  /** Whether a clear subject against a background is needed; close-ups need none. */
  readonly needsSubject: boolean;
  /** In priority order: the first fired rule of the highest severity is the main finding. */
  readonly rules: readonly Rule[];
}
