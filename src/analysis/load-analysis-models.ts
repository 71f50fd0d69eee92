import { HEALTH_OPERATIONS } from '../operations/registry.js';
import { loadVisionModels, type VisionModels, type VisionOptions } from '../vision/vision-models.js';

/** Every model the operations use, with a severity head for each health operation checked against its rules. */
export function loadAnalysisModels(options: Omit<VisionOptions, 'heads'>): Promise<VisionModels> {
  const heads = HEALTH_OPERATIONS.map((operation) => ({
    operation: operation.key,
    ruleIds: operation.rules.rules.map((rule) => rule.id),
  }));
  return loadVisionModels({ ...options, heads });
}
