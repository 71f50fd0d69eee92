import type { ColourName } from '../../vision/tables/colour-palette.js';
import type { QualityProblem, SceneSubject } from '../../findings/verdict.js';

/**
 * The words of the LLM prompt every operation shares, per language: the model answers in the
 * language it is asked in. Each operation adds its task and what its own fields mean.
 */
export interface PromptWords {
  readonly languageName: string;
  system(languageName: string): string;
  readonly measuredHeading: string;
  readonly fieldsHeading: string;
  readonly rulesHeading: string;
  /** What the fields several operations share mean (contract/data-fields.ts defines them); an operation's own fields carry their own help. */
  readonly fieldHelp: Readonly<Record<SharedField, string>>;
  readonly rules: readonly string[];
  ownerSays(animalType: string): string;
  /** What the object detector found, each as "name (score%, share% of the frame)". */
  sceneLine(objects: string): string;
  readonly sceneUnverified: string;
  readonly retryHeading: string;
}

/** The fields of the data shapes that contract/data-fields.ts defines for several operations at once. */
export type SharedField =
  | 'severity'
  | 'summary'
  | 'home_care'
  | 'vet_advice'
  | 'confidence'
  | 'photo_shows'
  | 'shows_subject';

/**
 * The words every operation shares, in one file per language: colours, lists, what is wrong with
 * a photo and how to retake it, and the frame of the LLM prompt. An operation's own words live in
 * its folder (src/operations/<operation>/en.ts, zh.ts, es.ts). Each `…Sentence` and each function
 * returns exactly one sentence: summaries are assembled from them and must stay at 2–4.
 */
export interface Locale {
  readonly colourNames: Readonly<Record<ColourName, string>>;
  joinList(items: readonly string[]): string;
  /** A photo that cannot be judged for its exposure or focus: a label, what went wrong with the photo of `subject`, and how to retake it. */
  readonly quality: Readonly<
    Record<
      QualityProblem,
      { readonly label: string; readonly summary: (subject: string) => string; readonly retakeTip: string }
    >
  >;
  /** A photo of the wrong kind (DESIGN.md §4): its label, and what it seems to show instead of `subject`. */
  readonly wrongSubject: {
    readonly label: string;
    sentence(shows: SceneSubject, subject: string): string;
  };
  /** Ends a health summary when no scene model could check what the photo shows. */
  readonly unverifiedSentence: string;
  readonly prompt: PromptWords;
}
