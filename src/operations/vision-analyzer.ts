import type { Language } from '../contract/language.js';
import { HEALTH_OPERATIONS, type HealthOperationKey, type OperationData, type OperationKey } from '../contract/operation-contracts.js';
import { narrateHealth, type HealthText } from '../narration/narrate-health.js';
import type { VisionModels } from '../vision/vision-models.js';
import type { AnalysisInput } from './analysis-input.js';
import type { Analyzer } from './analyzer.js';
import { breedData } from './breed-analysis.js';
import { conditionData } from './condition-analysis.js';
import { emotionData } from './emotion-analysis.js';
import { assessHealth, type HealthAssessment } from './health-assessment.js';
import { stoolData } from './stool-analysis.js';
import { urineData } from './urine-analysis.js';
import { vomitData } from './vomit-analysis.js';

type HealthDataBuilder<K extends HealthOperationKey> = (assessment: HealthAssessment, text: HealthText, language: Language) => OperationData<K>;

/** How each health operation turns the shared assessment and text into its own fields. */
const HEALTH_DATA: { readonly [K in HealthOperationKey]: HealthDataBuilder<K> } = {
  stool: stoolData,
  vomit: vomitData,
  urine: urineData,
  skin: conditionData,
  ear: conditionData,
};

const isHealthOperation = (operation: OperationKey): operation is HealthOperationKey =>
  (HEALTH_OPERATIONS as readonly OperationKey[]).includes(operation);

/**
 * The on-device analysis: the colour analyser measures the photo once, then
 *   health operations: quality gate + severity head → assessment → narration → fields;
 *   emotion: what can honestly be said without reading posture;
 *   breed: the installed classifier, mapped to species and breed.
 */
export function createVisionAnalyzer(vision: VisionModels): Analyzer {
  return {
    async analyze<K extends OperationKey>(operation: K, input: AnalysisInput): Promise<OperationData<K>> {
      const measurement = await vision.colour.measure(input.image);
      const key: OperationKey = operation;
      if (isHealthOperation(key)) {
        const assessment = await assessHealth(key, measurement, vision.heads[key]);
        const build = HEALTH_DATA[key] as HealthDataBuilder<HealthOperationKey>;
        return build(assessment, narrateHealth(assessment, input.language), input.language) as OperationData<K>;
      }
      if (key === 'emotion') return emotionData(measurement, input.language) as OperationData<K>;
      return (await breedData(input, measurement, vision.classifier)) as OperationData<K>;
    },
  };
}
