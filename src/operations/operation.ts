import type { z } from 'zod';
import type { AnalysisInput, Measurement, PhotoNeeds, Verdict } from '../analysis/findings.js';
import type { Language } from '../contract/language.js';
import type { OperationKey } from '../contract/operation-keys.js';
import type { Scene } from '../vision/describe-scene.js';
import type { VisionModels } from '../vision/vision-models.js';

/** A closed object schema of any shape: what `data` and the model's fields are. */
export type DataShape = z.ZodObject<z.ZodRawShape, z.core.$ZodObjectConfig>;

/**
 * Everything one operation is, in its own module: its row of the contract, what the photo gate
 * needs, how its findings are judged and worded, what the language model writes for it, and how
 * the model's answer is merged with what was measured. The pipeline runs every operation through
 * these same steps; nothing outside the module knows an operation's specifics.
 */
export interface Operation<
  K extends OperationKey = OperationKey,
  Data extends DataShape = DataShape,
  Findings = unknown,
  Fields extends DataShape = DataShape,
> {
  readonly key: K;
  /** The path under /api/v1 and /v1 (SPEC.md §4). */
  readonly path: string;
  readonly title: string;
  /** The closed `data` shape (SPEC.md §2): every answer is checked against it before it is sent. */
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
  /** The operation's rules or classifier: measurements → findings. Runs only past the gate. */
  judge(measurement: Measurement, input: AnalysisInput, models: VisionModels): Promise<Findings>;
  /** The built-in answer, worded from the templates: complete without any language model. */
  answer(verdict: Verdict<Findings>, language: Language, scene: Scene): z.infer<Data>;
  /** Whether findings past the gate assess anything on their own: only then is the call charged (DESIGN.md §10). */
  assessed(findings: Findings): boolean;
  readonly llm: {
    /** What the language model writes, picked from the closed data shape so every rule applies. */
    readonly fields: Fields;
    /** The findings the model must respect, one sentence each, in the request's language. */
    facts(findings: Findings, language: Language): string[];
    /** The sentence that states what a photo cannot show, for a summary one sentence short. */
    limitation(language: Language): string;
  };
  /** The model's answer over the built-in one: which measured facts win, and how severity is clamped. */
  merge(findings: Findings, measured: z.infer<Data>, model: z.infer<Fields>, language: Language): z.infer<Data>;
}
