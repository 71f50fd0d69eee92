import { ModelLoadError } from '../vision/runtime/load-model.js';
import { HEALTH_OPERATIONS, TRAINABLE_OPERATION_KEYS } from '../operations/registry.js';
import { loadVisionModels, type VisionModels, type VisionOptions } from '../vision/vision-models.js';

type Options = Omit<VisionOptions, 'heads' | 'trainable'>;

const severityHeads = () =>
  HEALTH_OPERATIONS.map((operation) => ({
    operation: operation.key,
    ruleIds: operation.rules.rules.map((rule) => rule.id),
  }));

/**
 * Every model the operations use: a severity head for each health operation checked against its
 * rules, and the heads a clinic trained, only for operations with a label field, and for a health
 * operation only when every label says its severity.
 */
export async function loadAnalysisModels(options: Options): Promise<VisionModels> {
  const models = await loadVisionModels({ ...options, heads: severityHeads(), trainable: TRAINABLE_OPERATION_KEYS });
  for (const operation of HEALTH_OPERATIONS) {
    const head = models.trained.get(operation.key);
    const unrated = head && Object.entries(head.spec.labels).find(([, label]) => !label.severity);
    if (unrated)
      throw new ModelLoadError(
        `${head.name} answers for ${operation.key}, but its label ${unrated[0]} has no severity.`,
      );
  }
  return models;
}

/** The models as training a head sees them: everything the service loads except the trained heads themselves. */
export const loadModelsForTraining = (options: Options): Promise<VisionModels> =>
  loadVisionModels({ ...options, heads: severityHeads() });
