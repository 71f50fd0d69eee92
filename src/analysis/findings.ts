import { JUDGED_SEVERITIES, type HealthSeverity } from '../contract/data-fields.js';
import type { Language } from '../contract/language.js';
import type { HealthOperationKey, OperationKey } from '../contract/operation-keys.js';
import type { DecodedImage } from '../image/decoded-image.js';
import type { ColourMeasurement } from '../vision/colour-quality-model.js';
import type { Exposure } from '../vision/colour-reading.js';
import type { Pixels } from '../vision/image-tensor.js';
import type { Scene } from '../vision/describe-scene.js';
import type { ColourName } from '../vision/tables/colour-palette.js';
import type { LocalizedName } from '../vision/tables/imagenet-pets.js';

/**
 * What the steps of an analysis hand each other. Operations and narration both speak in these
 * types, and both sit above this module, so neither needs to import the other's.
 */

/** Everything an operation's analysis may use: the decoded photo and the request's options. */
export interface AnalysisInput {
  readonly image: DecodedImage;
  readonly language: Language;
  /** Trimmed, lower-cased, free text; a prior the photo may overrule. */
  readonly animalType: string | undefined;
  readonly requestId: string;
}

/** What the measure step saw: exposure, colours where the rules read them, and what the scene models make of the photo. */
export interface Measurement {
  /** How light and how sharp the photo is: every gate reads it first. */
  readonly exposure: Exposure;
  /** The colour analyser's reading, for operations whose rules read colours; undefined for the others. */
  readonly colour: ColourMeasurement | undefined;
  readonly scene: Scene;
  /** The detector's small copy of the whole frame (its letterbox without the padding), when a detector looked. */
  readonly view: Pixels | undefined;
}

/** Why a photo cannot be judged, whatever it shows. */
export type QualityProblem = 'too_dark' | 'overexposed' | 'blurred' | 'no_subject';

/** What an operation needs to see before its rules may speak (DESIGN.md §4). */
export interface PhotoNeeds {
  /** A subject standing out from a plain background (stool on a floor); close-ups need none. */
  readonly subject: boolean;
  /**
   * The kind of photo: a specimen (stool, urine, vomit: no whole animal, person or unrelated
   * object as its content), a close-up (skin, ear: no whole animal, person or object, no lawn or
   * sky), or an animal (emotion, breed).
   */
  readonly shows: 'specimen' | 'close-up' | 'animal';
}

/** What a photo of the wrong kind seems to show, as its summary names it. */
export type SceneSubject =
  | { readonly kind: 'animal'; readonly name: LocalizedName | undefined; readonly count: number }
  | { readonly kind: 'person'; readonly count: number }
  | { readonly kind: 'object'; readonly name: LocalizedName | undefined; readonly label: string }
  | { readonly kind: 'no_animal' }
  | { readonly kind: 'landscape'; readonly what: 'grass' | 'sky' };

/** Why the photo gate refused a photo: its quality, or the wrong kind of photo. */
export type Refusal =
  | { readonly reason: 'quality'; readonly problem: QualityProblem }
  | { readonly reason: 'wrong_subject'; readonly shows: SceneSubject };

/** The gate's word and, past it, the operation's findings: one or the other, never both. */
export type Verdict<Findings> =
  | { readonly judged: true; readonly findings: Findings }
  | { readonly judged: false; readonly refusal: Refusal };

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
export interface Rule {
  readonly id: string;
  readonly when: readonly ColourCondition[];
  readonly severity: RuleSeverity;
  readonly redFlag?: true;
  /** Whether a veterinarian should see the pet: 'urgent' for the same day. */
  readonly vet?: 'soon' | 'urgent';
}

export interface RuleTable {
  /** Where colours are measured: the subject (stool on a floor) or the frame (a skin close-up). */
  readonly scope: 'subject' | 'frame';
  /** In priority order: the first fired rule of the highest severity is the main finding. */
  readonly rules: readonly Rule[];
}

/** The measured, rule-based judgement of one health photo: what narration and the LLM build on. */
export interface HealthAssessment {
  readonly operation: HealthOperationKey;
  /** The highest severity of the fired rules; `inconclusive` when none fired. */
  readonly severity: HealthSeverity;
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

/**
 * The on-device steps' result: a complete answer from the templates, and what it rests on. The
 * verdict is what a language model is told and what the merge holds it to.
 */
export interface Assessed<Data = unknown, Findings = unknown> {
  readonly operation: OperationKey;
  readonly input: AnalysisInput;
  readonly verdict: Verdict<Findings>;
  /** What the scene models saw: told to the language model, and whether the photo type was verified. */
  readonly scene: Scene;
  /** What is sent when no language model improves on it. */
  readonly data: Data;
}

/** The pipeline's answer: the data, and whether it assessed anything (only then is the call charged, DESIGN.md §10). */
export interface Answer<Data = unknown> {
  readonly data: Data;
  readonly assessed: boolean;
}
