import type { z } from 'zod';
import type { Language } from '../contract/language.js';
import type { AnalysisInput } from '../findings/analysis-input.js';
import type { Measurement } from '../findings/measurement.js';
import type { PhotoNeeds } from '../findings/photo-needs.js';
import type { Verdict } from '../findings/verdict.js';
import type { Scene } from '../vision/scene/describe-scene.js';
import type { SeverityHeadModel } from '../vision/severity-head-model.js';
import type { TrainedHeadModel } from '../vision/heads/trained-head-model.js';
import type { VisionModels } from '../vision/vision-models.js';
import type { FallbackFill } from '../narration/llm/narration-request.js';

/** The heads an operation's judgement reads: its own, never another operation's. */
export interface OperationHeads {
  /** The severity head compiled from its rule table (a health operation's). */
  readonly severity: SeverityHeadModel | undefined;
  /** The head a clinic trained for it, when one is installed. */
  readonly trained: TrainedHeadModel | undefined;
}

/** An operation's own heads among every model loaded. */
export const headsOf = (models: VisionModels, operation: string): OperationHeads => ({
  severity: models.heads.get(operation),
  trained: models.trained.get(operation),
});
import type { Words } from './operation-words.js';

/** A closed object schema of any shape: what `data` and the model's fields are. */
export type DataShape = z.ZodObject<z.ZodRawShape, z.core.$ZodObjectConfig>;

/**
 * One operation: what its photo must show, how its findings are judged and worded, what the
 * language model writes for it, and how the model's answer is merged with what was measured.
 * Everything it says is in its own folder, in en, zh and es. The pipeline runs every operation
 * through these same steps; nothing outside its folder knows an operation's specifics.
 */
export interface Operation<
  K extends string = string,
  Data extends DataShape = DataShape,
  Findings = unknown,
  Fields extends DataShape = DataShape,
> {
  readonly key: K;
  /** The path under /api/v1 and /v1 (docs/contract.md §4). */
  readonly path: string;
  /** Its title in the API's documentation. */
  readonly title: string;
  /** The closed `data` shape (docs/contract.md §2): every answer is checked against it before it is sent. */
  readonly data: Data;
  /** What the photo gate must see before this operation's rules may speak. */
  readonly needs: PhotoNeeds;
  /**
   * What its judgement reads besides the gate's measurements, so that a request runs only those
   * models: `colours`, the colour analyser's network (the health rules); `species`, the
   * classifier's reading as the answer itself, on pixels with the detail its answers were
   * validated at (breed).
   */
  readonly reads: { readonly colours: boolean; readonly species: boolean };
  /**
   * The data field a head the clinic trained on its own photos answers (docs/design.md §13): the label
   * it names fills it. Undefined where no head can answer (breed: its labels are the classifier's).
   */
  readonly headField: (keyof z.infer<Data> & string) | undefined;
  /** Its name, subject, retake tip and LLM task in every language (and, inside its folder, everything its answers say). */
  readonly words: Words;
  /** The operation's rules or classifier: measurements → findings. Runs only past the gate, with its own heads only. */
  judge(measurement: Measurement, input: AnalysisInput, heads: OperationHeads): Promise<Findings>;
  /** The built-in answer, worded from its templates: complete without any language model. */
  answer(verdict: Verdict<Findings>, language: Language, scene: Scene): z.infer<Data>;
  /**
   * Whether an answer past the gate assessed anything: only then is the call charged (docs/design.md
   * §10). `answer` is the one sent (the built-in one, or the merge with the model's);
   * `byModel` says whether a language model's reading is in it.
   */
  assessed(findings: Findings, answer: z.infer<Data>, byModel: boolean): boolean;
  readonly llm: {
    /** What the language model writes, picked from the closed data shape so every rule applies. */
    readonly fields: Fields;
    /** Its short labels whose words must be in the request's language too (checked for Chinese; the summary always is). */
    readonly labelFields: readonly string[];
    /** The findings the model must respect, one sentence each, in the request's language. */
    facts(findings: Findings, language: Language): string[];
    /** The sentence that states what a photo cannot show, for a summary one sentence short. */
    limitation(language: Language): string;
    /** What a repair may take from the built-in answer when the model leaves it short or out. */
    readonly fromFallback?: FallbackFill;
  };
  /** The model's answer over the built-in one: which measured facts win, and how severity is clamped. */
  merge(findings: Findings, measured: z.infer<Data>, model: z.infer<Fields>, language: Language): z.infer<Data>;
}
