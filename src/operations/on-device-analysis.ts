import type { Language } from '../contract/language.js';
import { isHealthOperation, type HealthOperationKey, type OperationData, type OperationKey } from '../contract/operation-contracts.js';
import { narrateHealth, type HealthText } from '../narration/narrate-health.js';
import type { ColourMeasurement } from '../vision/colour-quality-model.js';
import type { PetIdentification } from '../vision/pet-identification.js';
import type { VisionModels } from '../vision/vision-models.js';
import type { AnalysisInput } from './analysis-input.js';
import { breedData } from './breed-analysis.js';
import { conditionData } from './condition-analysis.js';
import { emotionData } from './emotion-analysis.js';
import { assessHealth, type HealthAssessment } from './health-assessment.js';
import { qualityProblem, type QualityProblem } from './quality-gate.js';
import { stoolData } from './stool-analysis.js';
import { urineData } from './urine-analysis.js';
import { vomitData } from './vomit-analysis.js';

/**
 * The on-device answer and the facts it rests on. The facts are what a language model is told,
 * and what the merge holds it to: measured colours, the rules' severity, the quality gate, and
 * the classifier's species and breed.
 */
export interface OnDeviceResult<K extends OperationKey = OperationKey> {
  readonly operation: K;
  /** A complete answer from the templates: what is sent when no LLM improves on it. */
  readonly data: OperationData<K>;
  readonly measurement: ColourMeasurement;
  readonly qualityProblem: QualityProblem | undefined;
  /** Health operations only. */
  readonly assessment: HealthAssessment | undefined;
  /** Breed only, when a classifier looked at a usable photo. */
  readonly pet: PetIdentification | undefined;
}

type HealthDataBuilder<K extends HealthOperationKey> = (assessment: HealthAssessment, text: HealthText, language: Language) => OperationData<K>;

/** How each health operation turns the shared assessment and text into its own fields. */
const HEALTH_DATA: { readonly [K in HealthOperationKey]: HealthDataBuilder<K> } = {
  stool: stoolData,
  vomit: vomitData,
  urine: urineData,
  skin: conditionData,
  ear: conditionData,
};

/**
 * The on-device analysis: the colour analyser measures the photo once, then
 *   health operations: quality gate + severity head → assessment → narration → fields;
 *   emotion: what can honestly be said without reading posture;
 *   breed: the installed classifier, mapped to species and breed.
 */
export async function analyzeOnDevice<K extends OperationKey>(operation: K, input: AnalysisInput, vision: VisionModels): Promise<OnDeviceResult<K>> {
  const measurement = await vision.colour.measure(input.image);
  const key: OperationKey = operation;
  const base = { operation, measurement, assessment: undefined, pet: undefined };
  if (isHealthOperation(key)) {
    const assessment = await assessHealth(key, measurement, vision.heads[key]);
    const build = HEALTH_DATA[key] as HealthDataBuilder<HealthOperationKey>;
    const data = build(assessment, narrateHealth(assessment, input.language), input.language) as OperationData<K>;
    return { ...base, data, assessment, qualityProblem: assessment.qualityProblem };
  }
  const problem = qualityProblem(measurement.quality, false);
  if (key === 'emotion') return { ...base, data: emotionData(problem, input.language) as OperationData<K>, qualityProblem: problem };
  const breed = await breedData(input, problem, vision.classifier);
  return { ...base, data: breed.data as OperationData<K>, pet: breed.pet, qualityProblem: problem };
}
