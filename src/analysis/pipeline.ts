import type { OperationKey } from '../contract/operation-keys.js';
import { OPERATIONS, type OperationData } from '../operations/registry.js';
import type { Operation } from '../operations/operation.js';
import type { VisionModels } from '../vision/vision-models.js';
import { sceneFacts } from '../narration/scene-facts.js';
import { describeScene } from '../vision/describe-scene.js';
import type { AnalysisInput, Answer, Assessed } from './findings.js';
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
  narrate<K extends OperationKey>(assessed: AssessedAs<K>): Promise<Answer<OperationData<K>>>;
}

export function createPipeline(models: VisionModels, llm?: LlmStage, now?: () => number): Pipeline {
  const writeWithLlm = llm && languageModelStep(llm, now);
  return {
    async assess<K extends OperationKey>(key: K, input: AnalysisInput): Promise<AssessedAs<K>> {
      const operation: Operation = OPERATIONS[key];
      // measure: the scene models (what is where), then colours and quality, from the one decoded photo
      const scene = await describeScene(input.image, models, { animalType: input.animalType, readFrame: operation.needs.shows !== 'close-up' });
      const measurement = { colour: await models.colour.predict(input.image), scene };
      // gate: can this photo be judged for this operation at all? If not, why, and no rule speaks
      const refusal = gatePhoto(operation.needs, measurement);
      // judge: the operation's rules or classifier turn what was measured into findings
      const verdict = refusal ? { judged: false as const, refusal } : { judged: true as const, findings: await operation.judge(measurement, input, models) };
      // narrate, from the built-in templates: a complete answer that needs no language model
      const data = operation.answer(verdict, input.language, scene);
      return { operation: key, input, verdict, scene, data: data as OperationData<K> };
    },
    async narrate<K extends OperationKey>({ operation: key, input, verdict, scene, data }: AssessedAs<K>): Promise<Answer<OperationData<K>>> {
      const operation: Operation = OPERATIONS[key];
      // A photo the gate refused never goes to the model, and assessed nothing: it costs nothing.
      if (!verdict.judged) return { data, assessed: false };
      const assessedOnDevice = operation.assessed(verdict.findings);
      if (!writeWithLlm) return { data, assessed: assessedOnDevice };
      const { fields, facts, limitation } = operation.llm;
      // narrate, with the language model: the text fields, told the findings and the scene it must respect
      const told = [...facts(verdict.findings, input.language), ...sceneFacts(scene, input.language)];
      const written = await writeWithLlm({ operation: key, fields, facts: told, fallback: data, limitation: limitation(input.language), input });
      if (!written) return { data, assessed: assessedOnDevice };
      // merge: measured facts win over the model's words; the operation decides which
      return { data: operation.merge(verdict.findings, data, written, input.language) as OperationData<K>, assessed: true };
    },
  };
}
