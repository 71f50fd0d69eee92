import { JUDGED_SEVERITIES } from '../../contract/data-fields.js';
import type { ColourName } from '../../vision/tables/colour-palette.js';

/** Severities a rule can conclude, mildest first; `inconclusive` is the gate's, not a rule's. */
export const RULE_SEVERITIES = JUDGED_SEVERITIES;
export type RuleSeverity = (typeof RULE_SEVERITIES)[number];

/**
 * One condition on the measured colours: the summed share of `colours`, in the table's scope (the
 * subject or the whole frame), at least (or at most) the given share. With `inPatches`, the share
 * of the frame in small patches these colours mostly fill (PATCHES in colour-quality-features.ts):
 * a lesion of a few percent counts there, the same share of scattered pixels does not.
 */
export interface ColourCondition {
  readonly colours: readonly ColourName[];
  readonly inPatches?: true;
  readonly atLeast?: number;
  readonly atMost?: number;
}

/** The subject is granular (coffee grounds, crumbs): its grain reaches GRANULAR_GRAIN. */
export interface TextureCondition {
  readonly texture: 'granular';
}

/**
 * Patches redder than the photo's own median (`relative.redder_patches`, RELATIVE_REDNESS in
 * colour-quality-features.ts) make at least (or at most) this share of the frame: redness measured
 * against the skin and fur around it, which a dim or grey-cast photo hides from the colour names.
 */
export interface RelativeRednessCondition {
  readonly redderThanFrame: { readonly atLeast?: number; readonly atMost?: number };
}

/**
 * The share of a close-up in patches redder than the photo's own median (RelativeRednessCondition)
 * from which it shows redness. Measured (2026-12-04) on the 405 real skin close-ups of
 * shared/photos-real: 1.2%, not the colour names' 1.5%, gave 8 more skin findings, all red lesions
 * by eye (a pink ring on a black coat, red sores on a cat's head, a red patch on white fur), which
 * the rule's soft edge (CONDITION_SHARPNESS) had left short at 1.3–1.5%. Of 2,600 other pictures
 * (lawns, stool photos, Debian's), none that skin judges without a finding reads 0.8–1.5%. Under
 * 1.2% the redder pixels are as often a hand holding a cat's chin as a lesion.
 */
export const REDDER_PATCHES = 0.012;

export type Condition = ColourCondition | TextureCondition | RelativeRednessCondition;

/**
 * Grain (`quality.subject_grain`, mean L* off its neighbourhood) from which a subject is granular.
 * Measured on generated scenes as the analyser sees them: smooth dark matter with sensor noise
 * (σ 4 levels), shading and JPEG reads 0.5–0.8 (most at photos no larger than the analyser's
 * input); dark granules of 1–4 px read 1.8–4.9, low-contrast ones 2.2. A guess for real photos:
 * granules smaller than a pixel of the analyser's 192 px input (vomit photographed from far) read
 * as smooth, which the vomit rules still answer with same-day advice, never "food"; chunky food
 * reads about 2, so dark chunky matter is called granular (the cautious side).
 */
export const GRANULAR_GRAIN = 1.5;

/**
 * One row of an operation's clinical table (docs/design.md §5): when every condition holds, the
 * finding `id` is present with `severity`. A red flag is never downgraded: no other finding, nor
 * the LLM, can lower the severity it sets.
 */
export interface Rule<Id extends string = string> {
  readonly id: Id;
  readonly when: readonly Condition[];
  readonly severity: RuleSeverity;
  readonly redFlag?: true;
  /** Whether a veterinarian should see the pet: 'urgent' for the same day. */
  readonly vet?: 'soon' | 'urgent';
}

/**
 * What the operation's installed models can and cannot see (docs/design.md §4): the one place that
 * says it. `normal` claims that the conditions a healthy photo rules out are absent; it is given
 * only when the models see every one of them, so with anything in `blindTo` a photo on which no
 * rule found anything gets no verdict (inconclusive, free) and its answer says what was and was not
 * checked. What no photo can show at all (urine chemistry, the inside of a stool) is the
 * operation's `limitation` sentence, not a blind spot.
 */
export interface Sight {
  /** What the colour rules look for. */
  readonly sees: readonly string[];
  /** What a `normal` verdict would rule out but nothing installed can see. */
  readonly blindTo: readonly string[];
}

export interface RuleTable<Id extends string = string> {
  /** Where colours are measured: the subject (stool on a floor) or the frame (a skin close-up). */
  readonly scope: 'subject' | 'frame';
  readonly sight: Sight;
  /** In priority order: the first fired rule of the highest severity is the main finding. */
  readonly rules: readonly Rule<Id>[];
}

/** The ids of a table's rules: what its words must have a text for. */
export type RuleIdOf<Table extends RuleTable> = Table['rules'][number]['id'];
