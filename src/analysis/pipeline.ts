import type { OperationKey } from '../contract/operation-keys.js';
import { OPERATIONS, type OperationData } from '../operations/registry.js';
import type { Operation } from '../operations/operation.js';
import type { VisionModels } from '../vision/vision-models.js';
import type { AnalysisInput, Assessed } from './findings.js';
import { languageModelStep, type LlmStage } from './language-model-step.js';
import { gatePhoto } from './photo-gate.js';

/** What an operation's analysis yields after the on-device steps, typed for that operation. */
export type AssessedAs<K extends OperationKey> = Assessed<OperationData<K>>;

/**
 * The analysis every operation runs, in one fixed sequence: measure → gate → judge → narrate →
 * merge. `assess` is the CPU-bound part (the caller holds a CPU slot for it); `narrate` waits on
 * the language model, which has slots of its own, so the caller frees its CPU slot in between.
 */
export interface Pipeline {
  assess<K extends OperationKey>(operation: K, input: AnalysisInput): Promise<AssessedAs<K>>;
  narrate<K extends OperationKey>(assessed: AssessedAs<K>): Promise<OperationData<K>>;
}

export function createPipeline(models: VisionModels, llm?: LlmStage, now?: () => number): Pipeline {
  const writeWithLlm = llm && languageModelStep(llm, now);
  return {
    async assess<K extends OperationKey>(key: K, input: AnalysisInput): Promise<AssessedAs<K>> {
      const operation: Operation = OPERATIONS[key];
      // measure: the colour-and-quality analyser looks at the photo once, for every operation
      const measurement = await models.colour.predict(input.image);
      // gate: can this photo be judged for this operation at all? If not, why, and no rule speaks
      const refusal = gatePhoto(operation.needs, measurement.quality);
      // judge: the operation's rules or classifier turn what was measured into findings
      const verdict = refusal ? { judged: false as const, refusal } : { judged: true as const, findings: await operation.judge(measurement, input, models) };
      // narrate, from the built-in templates: a complete answer that needs no language model
      const data = operation.answer(verdict, input.language);
      return { operation: key, input, verdict, data: data as OperationData<K> };
    },
    async narrate<K extends OperationKey>({ operation: key, input, verdict, data }: AssessedAs<K>): Promise<OperationData<K>> {
      const operation: Operation = OPERATIONS[key];
      // A photo the gate refused never goes to the model: there is nothing to describe.
      if (!writeWithLlm || !verdict.judged) return data;
      const { fields, facts, limitation } = operation.llm;
      // narrate, with the language model: the text fields, told the findings it must respect
      const written = await writeWithLlm({ operation: key, fields, facts: facts(verdict.findings, input.language), fallback: data, limitation: limitation(input.language), input });
      // merge: measured facts win over the model's words; the operation decides which
      return written ? (operation.merge(verdict.findings, data, written, input.language) as OperationData<K>) : data;
    },
  };
}
