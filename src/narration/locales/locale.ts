import type { QualityProblem, SceneSubject } from '../../analysis/findings.js';
import type { HealthOperationKey, OperationKey } from '../../contract/operation-keys.js';
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

/** What a photo is meant to show, per operation: the subject of its sentences. */
export type SubjectKey = HealthOperationKey | 'emotion' | 'breed';

export interface BreedFacts {
  readonly species: string;
  readonly breed: string;
  /** Whole percent. */
  readonly percent: number;
  readonly statedAnimal: string | undefined;
}

/** The words of the LLM prompt, per language: the model answers in the language it is asked in. */
export interface PromptWords {
  readonly languageName: string;
  system(languageName: string): string;
  readonly task: Readonly<Record<OperationKey, string>>;
  readonly measuredHeading: string;
  readonly fieldsHeading: string;
  readonly rulesHeading: string;
  readonly fieldHelp: Readonly<Record<string, string>>;
  readonly rules: readonly string[];
  coloursLine(where: 'subject' | 'frame', colours: string): string;
  findingLine(label: string, severity: string): string;
  readonly noFinding: string;
  redFlagLine(label: string, severity: string): string;
  petLine(species: string, speciesPercent: number, breed: string | undefined, breedPercent: number): string;
  noPetLine(topLabel: string): string;
  readonly noClassifier: string;
  readonly emotionNote: string;
  ownerSays(animalType: string): string;
  /** What the object detector found, each as "name (score%, share% of the frame)". */
  sceneLine(objects: string): string;
  readonly sceneUnverified: string;
  readonly retryHeading: string;
}

/**
 * Everything pawlens says in one language, in one file per language: the built-in narration and
 * the words of the LLM prompt. Keyed by operation and by rule id, so a test finds any sentence an
 * operation lacks. Each `…Sentence` and each function returns exactly one sentence: summaries are
 * assembled from them and must stay at 2–4.
 */
export interface Locale {
  readonly colourNames: Readonly<Record<ColourName, string>>;
  joinList(items: readonly string[]): string;
  observationSentence(operation: HealthOperationKey, colours: string): string;
  readonly limitationSentence: Readonly<Record<HealthOperationKey, string>>;
  readonly findings: FindingTexts;
  readonly stoolConsistency: string;
  readonly urineClarity: { readonly cloudy: string; readonly clear: string };
  readonly quality: Readonly<
    Record<
      QualityProblem,
      { readonly label: string; readonly summary: (subject: string) => string; readonly retakeTip: string }
    >
  >;
  readonly subjectNames: Readonly<Record<SubjectKey, string>>;
  /** A photo of the wrong kind (DESIGN.md §4): what it seems to show, and the photo to take instead. */
  readonly wrongSubject: {
    readonly label: string;
    sentence(shows: SceneSubject, subject: string): string;
    readonly retakeTip: Readonly<Record<SubjectKey, string>>;
  };
  /** Ends a health summary when no scene model could check what the photo shows. */
  readonly unverifiedSentence: string;
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
    /** What the judgement rests on: how many animals, how much of the frame the judged one fills, its coat. */
    traits(facts: { readonly animals: number; readonly percent: number; readonly coat: string | undefined }): string;
    /** The next most likely breeds, when the first is far from sure. */
    alternatives(breeds: ReadonlyArray<{ readonly name: string; readonly percent: number }>): string;
    readonly limitation: string;
  };
  readonly prompt: PromptWords;
}
