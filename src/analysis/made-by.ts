import type { MadeBy } from '../contract/pet-records.js';
import type { OperationKey } from '../operations/registry.js';
import type { Scene } from '../vision/scene/describe-scene.js';
import type { VisionModels } from '../vision/vision-models.js';

/**
 * What made an answer (issue 41), the contract's MadeBy: the models that read the photo, the
 * language model that wrote its text (null: the built-in templates), and whether it assessed
 * anything (false: the gate, or the language model's look at the photo, refused it). Kept with a
 * pet's record, so that a clinic can tell which answers a model update changed, and print it.
 */
export type { MadeBy };

/** One model that read the photo, as its manifest names it. */
export type ModelUsed = MadeBy['models'][number];

/** What the scene step reads for an operation: the options describeScene is given (pipeline.ts). */
export interface SceneReads {
  readonly readFrame: boolean;
  readonly localizer: ModelUsed | undefined;
  readonly stoolCheck: ModelUsed | undefined;
  /** The second classifier read for the operation's trained head (VisionModels.companion). */
  readonly companion?: ModelUsed | undefined;
}

const used = (model: ModelUsed | undefined): ModelUsed[] => (model ? [{ name: model.name, sha256: model.sha256 }] : []);

/**
 * The models that read a photo for `operation`: the colour network always (colours, or exposure),
 * the detector when installed, the classifier when it read the frame or an animal's crop (and the
 * head's companion classifier with it, where the trained head reads one), the localizers asked
 * (the close-up's stool check when it looked), and, once the gate let the photo through, the
 * operation's severity head and the head the clinic trained for it.
 */
export function modelsRead(
  operation: OperationKey,
  models: VisionModels,
  reads: SceneReads,
  scene: Pick<Scene, 'animals' | 'frame' | 'frameStool'>,
  judged: boolean,
): ModelUsed[] {
  // The frame's reading is there wherever the classifier read it: asked for, or where the detector
  // boxed no animal (MeasurePlan's readFrameWithoutAnimal).
  const classifierRead = scene.frame !== undefined || scene.animals.some((animal) => animal.pet !== undefined);
  const all = [
    ...used(models.colour),
    ...used(models.detector),
    ...(classifierRead ? used(models.classifier) : []),
    ...(reads.readFrame ? used(reads.companion) : []),
    ...used(reads.localizer),
    ...(scene.frameStool !== undefined ? used(reads.stoolCheck) : []),
    ...(judged ? [...used(models.heads.get(operation)), ...used(models.trained.get(operation))] : []),
  ];
  // The stool localizer asked twice (the operation's own, and the close-up's stool check) is one model.
  return all.filter((model, i) => all.findIndex((other) => other.name === model.name) === i);
}
