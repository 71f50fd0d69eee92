import { ModelLoadError } from '../vision/runtime/load-model.js';
import { labelSeverityProblem } from '../operations/label-severities.js';
import { HEALTH_OPERATIONS, type OperationKey, TRAINABLE_OPERATION_KEYS } from '../operations/registry.js';
import { loadVisionModels, type VisionModels, type VisionOptions } from '../vision/vision-models.js';

type Options = Omit<VisionOptions, 'heads' | 'trainable'>;

const severityHeads = () =>
  HEALTH_OPERATIONS.map((operation) => ({
    operation: operation.key,
    ruleIds: operation.rules.rules.map((rule) => rule.id),
  }));

/**
 * Every model the operations use: a severity head for each health operation checked against its
 * rules, and the heads a clinic trained, only for operations with a label field, and only when
 * every label's severity is one its operation's answers can carry (labelSeverityProblem).
 */
export async function loadAnalysisModels(options: Options): Promise<VisionModels> {
  const models = await loadVisionModels({ ...options, heads: severityHeads(), trainable: TRAINABLE_OPERATION_KEYS });
  for (const [operation, head] of models.trained) {
    const problem = labelSeverityProblem(operation as OperationKey, head.spec.labels);
    if (problem)
      throw new ModelLoadError(
        `${head.name} answers for ${operation}, but its ${problem}: correct its head.json and train it again.`,
      );
  }
  return models;
}

/** The models as training a head sees them: everything the service loads except the trained heads themselves. */
export const loadModelsForTraining = (options: Options): Promise<VisionModels> =>
  loadVisionModels({ ...options, heads: severityHeads() });
