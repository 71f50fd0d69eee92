import { decodeSizeFor } from '../analysis/decode-plan.js';
import { loadModelsForTraining } from '../analysis/load-analysis-models.js';
import type { DecodeSize } from '../image/decode-image.js';
import { OPERATIONS, type OperationKey } from '../operations/registry.js';
import { ClassifierModel } from '../vision/classifier-model.js';
import type { DetectorModel } from '../vision/detector-model.js';
import type { LoadedModel } from '../vision/runtime/load-model.js';
import { HEAD_COMPANION } from '../vision/runtime/model-catalogue.js';
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
  /**
   * The head companion (HEAD_COMPANION), when it is installed beside the classifier and says where
   * its features are: a head learns from its mean features too. Localizers read the classifier alone.
   */
  readonly companion?: ClassifierModel;
  /** The detector in use: a head reads its feature maps' means where its manifest names them (DetectorModel.detect). */
  readonly detector?: DetectorModel;
  readonly decodeSize: DecodeSize;
  /**
   * Whether the service reads the classifier's view of the photo stretched to its input, not
   * centre-cropped: for an operation with a localizer installed, whose frame run is the localizer's
   * (describe-scene.ts). A head must learn from the view it will be given.
   */
  readonly stretched: boolean;
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
    if (classifier && classifier.featureMaps.length > 0) return { classifier, decodeSize, stretched: true, release };
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
  const stretched = models.localizers.has(operation);
  const { detector } = models;
  return { classifier, companion: companionOf(models.loaded, classifier), detector, decodeSize, stretched, release };
}

/** The installed head companion, other than `classifier`, when its manifest gives its features. */
function companionOf(loaded: readonly LoadedModel[], classifier: ClassifierModel): ClassifierModel | undefined {
  const model = loaded.find(
    ({ manifest }) =>
      manifest.task === 'classifier' && manifest.name === HEAD_COMPANION && manifest.sha256 !== classifier.sha256,
  );
  const companion = model && new ClassifierModel(model);
  return companion && companion.featureSize > 0 ? companion : undefined;
}
