import { decodeSizeFor } from '../analysis/decode-plan.js';
import { loadModelsForTraining } from '../analysis/load-analysis-models.js';
import type { DecodeSize } from '../image/decode-image.js';
import { OPERATIONS, type OperationKey } from '../operations/registry.js';
import type { ClassifierModel } from '../vision/classifier-model.js';
import { HeadFolderError } from './head-folder.js';

/** Which installed models a head is trained with: the service's own choice (PAWLENS_MODELS_DIR, PAWLENS_BREED_MODEL). */
export interface BackboneOptions {
  readonly modelsDir: string;
  readonly breedModel?: string;
  readonly detectorModel?: string;
}

/** The classifier whose features a head reads, and the decode the service gives its operation's photos. */
export interface Backbone {
  readonly classifier: ClassifierModel;
  readonly decodeSize: DecodeSize;
  release(): Promise<void>;
}

/**
 * The backbone as the service will run it for `operation`: the classifier it chooses, and its
 * photos decoded to the size it decodes them to without a language model, so the features a head
 * learns from are the features it will be given.
 */
export async function openBackbone(
  options: BackboneOptions,
  operation: string,
  reads: 'features' | 'maps' = 'features',
): Promise<Backbone> {
  const models = await loadModelsForTraining(options);
  const release = async () => {
    for (const model of models.loaded) await model.release();
  };
  const { classifier } = models;
  const decodeSize = decodeSizeFor(OPERATIONS[operation as OperationKey], models, false);
  if (reads === 'maps') {
    if (classifier && classifier.featureMaps.length > 0) return { classifier, decodeSize, release };
    await release();
    throw new HeadFolderError(
      classifier
        ? `${classifier.name}'s manifest does not say where its feature maps are, so no localizer can be trained on it; install mobilenetv2-12-int8 again ("pawlens models install mobilenetv2-12-int8 --from DIR") and name it in PAWLENS_BREED_MODEL.`
        : 'No classifier is installed, and a localizer reads its feature maps: install one first ("pawlens models install mobilenetv2-12-int8 --from DIR").',
    );
  }
  if (!classifier || classifier.featureSize === 0) {
    await release();
    throw new HeadFolderError(
      classifier
        ? `${classifier.name} does not say where its penultimate features are, so no head can be trained on it; install mobilenetv2-12-int8 ("pawlens models install mobilenetv2-12-int8 --from DIR") and name it in PAWLENS_BREED_MODEL.`
        : 'No classifier is installed, and a head reads its features: install one first ("pawlens models install mobilenetv2-12-int8 --from DIR").',
    );
  }
  return { classifier, decodeSize, release };
}
