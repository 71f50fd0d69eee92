import type { OperationData, OperationKey } from '../contract/operation-contracts.js';
import type { VisionModels } from '../vision/vision-models.js';
import type { AnalysisInput } from './analysis-input.js';
import type { Analyzer } from './analyzer.js';
import { analyzeOnDevice } from './on-device-analysis.js';

/** The analyzer of a host without a language model: the on-device answer as it is. */
export function createVisionAnalyzer(vision: VisionModels): Analyzer {
  return {
    async analyze<K extends OperationKey>(operation: K, input: AnalysisInput): Promise<OperationData<K>> {
      return (await analyzeOnDevice(operation, input, vision)).data;
    },
  };
}
