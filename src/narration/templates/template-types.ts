import type { HealthOperationKey } from '../../contract/operation-contracts.js';
import type { QualityProblem } from '../../operations/quality-gate.js';
import type { ColourName } from '../../vision/tables/colour-palette.js';

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

/** Finding texts per rule id of each table, plus `unclassified` for when no rule applies. */
export type FindingTexts = Readonly<Record<HealthOperationKey, Readonly<Record<string, FindingText>>>>;

export interface BreedFacts {
  readonly species: string;
  readonly breed: string;
  /** Whole percent. */
  readonly percent: number;
  readonly statedAnimal: string | undefined;
}

/**
 * Everything the built-in narration says, in one language. Each `…Sentence` and each function
 * returns exactly one sentence: summaries are assembled from them and must stay at 2–4.
 */
export interface NarrationTemplates {
  readonly colourNames: Readonly<Record<ColourName, string>>;
  joinList(items: readonly string[]): string;
  observationSentence(operation: HealthOperationKey, colours: string): string;
  readonly limitationSentence: Readonly<Record<HealthOperationKey, string>>;
  readonly findings: FindingTexts;
  readonly stoolConsistency: string;
  readonly urineClarity: { readonly cloudy: string; readonly clear: string };
  readonly quality: Readonly<
    Record<QualityProblem, { readonly label: string; readonly summary: (subject: string) => string; readonly retakeTip: string }>
  >;
  readonly subjectNames: Readonly<Record<HealthOperationKey | 'emotion' | 'breed', string>>;
  readonly qualityHomeCare: readonly string[];
  readonly qualityVetAdvice: readonly string[];
  readonly emotion: { readonly label: string; readonly summary: string };
  readonly breed: {
    readonly unknown: string;
    readonly noAnimalSpecies: string;
    readonly noAnimalBreed: string;
    readonly mixedBreed: string;
    noModel(): string;
    noAnimal(topLabel: string): string;
    /** Follows noAnimal: why there is no breed and what photo to send. */
    readonly noAnimalAdvice: string;
    identified(facts: BreedFacts): string;
    speciesOnly(facts: BreedFacts): string;
    readonly limitation: string;
  };
}
