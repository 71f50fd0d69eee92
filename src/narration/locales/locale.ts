import type { ColourName } from '../../vision/tables/colour-palette.js';
import type { QualityProblem, SceneSubject } from '../../findings/verdict.js';
import type { AnswerIssue } from '../llm/answer-issue.js';

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
  readonly fieldHelp: Readonly<Record<Exclude<SharedField, 'severity'>, string>>;
  /** The severity's help, listing the values this operation's enum allows (vomit has no "normal"). */
  severityHelp(values: string): string;
  /** A rule per field it is about: only the rules of the fields asked for are given. */
  readonly rules: Readonly<Partial<Record<'summary' | 'home_care' | 'severity', string>>>;
  ownerSays(animalType: string): string;
  /** What the object detector found: `objects` joined from sceneObject. */
  sceneLine(objects: string): string;
  /** One object: its name, how sure the detector is, and how much of the frame it covers. */
  sceneObject(name: string, surePercent: number, framePercent: number): string;
  readonly sceneUnverified: string;
  readonly retryHeading: string;
  /** What was wrong with the last answer, one line for each kind of issue, in this language. */
  readonly issues: IssueWords;
}

/** A sentence for each kind of issue with an answer, given that issue's details. */
export type IssueWords = {
  readonly [K in AnswerIssue['kind']]: (issue: AnswerIssue & { readonly kind: K }) => string;
};

/** One issue in the words of `words`. */
export const issueText = (words: IssueWords, issue: AnswerIssue): string =>
  (words[issue.kind] as (issue: AnswerIssue) => string)(issue);

/** The fields of the data shapes that contract/data-fields.ts defines for several operations at once. */
export type SharedField =
  | 'severity'
  | 'summary'
  | 'home_care'
  | 'vet_advice'
  | 'confidence'
  | 'photo_shows'
  | 'shows_subject';

/** What a photo refused for its quality is told: `summary` takes what its sentence quotes. */
interface QualityWords<Quoted extends unknown[]> {
  readonly label: string;
  readonly summary: (...quoted: Quoted) => string;
  readonly retakeTip: string;
}

/**
 * The words every operation shares, in one file per language: colours, lists, what is wrong with
 * a photo and how to retake it, and the frame of the LLM prompt. An operation's own words live in
 * its folder (src/operations/<operation>/en.ts, zh.ts, es.ts). Each `…Sentence` and each function
 * returns exactly one sentence: summaries are assembled from them and must stay at 2–4.
 */
export interface Locale {
  readonly colourNames: Readonly<Record<ColourName, string>>;
  joinList(items: readonly string[]): string;
  /**
   * A photo that cannot be judged for its exposure, focus or subject: a label, what went wrong with
   * the photo of `subject`, and how to retake it; a pet too small, with the whole percent of the
   * frame it had to fill.
   */
  readonly quality: Readonly<
    Record<Exclude<QualityProblem, 'too_small'>, QualityWords<[subject: string]>> & {
      readonly too_small: QualityWords<[minPercent: number]>;
    }
  >;
  /** A photo of the wrong kind (docs/design.md §4): its label, and what it seems to show instead of `subject`. */
  readonly wrongSubject: {
    readonly label: string;
    sentence(shows: SceneSubject, subject: string): string;
  };
  /** Ends a health summary when no scene model could check what the photo shows. */
  readonly unverifiedSentence: string;
  /** When the localizer found several of the subject (`subject`, a noun): how many, and that the answer reads the largest. */
  locatedSentence(count: number, subject: string): string;
  /** When the operation's localizer is not installed: the subject was not located, its colours are what stands out. */
  unlocatedSentence(subject: string): string;
  /** Both the unverified and the unlocated sentences, as one: no scene model is installed at all. */
  unverifiedUnlocatedSentence(subject: string): string;
  readonly prompt: PromptWords;
}
