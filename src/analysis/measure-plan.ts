import type { Operation } from '../operations/operation.js';
import type { LitArea } from '../vision/pixels/lit-area.js';
import type { Region } from '../vision/pixels/region.js';
import type { ClassifierModel } from '../vision/classifier-model.js';
import type { LocalizerModel } from '../vision/localizer/localizer-model.js';
import { LOCALIZED_OPERATIONS } from '../vision/runtime/model-catalogue.js';
import type { VisionModels } from '../vision/vision-models.js';
import type { StoolAsAnimal } from '../vision/scene/describe-scene.js';
import { animalsToClassify } from './decode-plan.js';
import { mayBeStool } from './gate/located-subject.js';
import { gateReadsTones } from './gate/photo-gate.js';
import { isRoundView } from './gate/picture-character.js';

/**
 * What the measure step reads of one photo for one operation, decided before it runs, beside the
 * decode plan (decode-plan.ts): the pipeline only carries it out. Each reading is asked for only
 * where the operation, its gate or an installed model needs it.
 */
export interface MeasurePlan {
  /** What the scene models read (describeScene's options; made-by.ts lists the models they are). */
  readonly scene: {
    /**
     * What the whole photo shows: the gate of a specimen or a close-up always asks; an animal's
     * operation only without a detector, whose boxes then say it instead, or when a head the
     * clinic trained reads the frame's features.
     */
    readonly readFrame: boolean;
    /** …and where the detector boxes no animal: an animal's operation, whose gate then says what the photo shows instead. */
    readonly readFrameWithoutAnimal: boolean;
    /** How many animals' crops the classifier reads (decode-plan.ts). */
    readonly classify: number;
    /** Whether the largest animal's crop is read where the detector calls it no pet (a pets-only operation: PhotoNeeds.petOnly). */
    readonly checkNonPet: boolean;
    /**
     * …and where it calls it a cat or a dog, for a pets-only operation with a head the clinic
     * trained, which would read an emotion in any animal the gate lets through (a language model
     * reads the crops anyway: decode-plan.ts).
     */
    readonly checkPetLabel: boolean;
    /**
     * Whether the first animal's crop is read a second time, whole, where the first reading is unsure
     * of its species: an operation that names it (breed), and a pets-only one that can read an
     * emotion (a head the clinic trained), to which a donkey boxed and read as a dog is no pet.
     */
    readonly secondView: boolean;
    readonly localizer: LocalizerModel | undefined;
    /** …and the one trained on the detector's maps, where that one finds nothing (VisionModels.detectorLocalizers). */
    readonly detectorLocalizer: LocalizerModel | undefined;
    /** The second classifier to read the frame with, for the operation's trained head (VisionModels.companion). */
    readonly companion: ClassifierModel | undefined;
    /** A close-up's gate, and urine's, ask whether the photo shows stool on the ground (photo-gate.ts). */
    readonly stoolCheck: LocalizerModel | undefined;
    /** An animal's gate asks whether its animal is a pile of stool the detector boxed as one (photo-gate.ts). */
    readonly stoolAsAnimal: StoolAsAnimal | undefined;
    readonly localizable: boolean;
    readonly animalType: string | undefined;
  };
  /**
   * Where the colour network reads, when the operation's rules read colours: the whole photo, or
   * inside the lit disc of a round view (an otoscope's), not the black around it.
   */
  readonly colours: { readonly region: Region | undefined } | undefined;
  /** Whether the gate reads the photo's tones (a close-up's, a specimen's, a round view's). */
  readonly tones: boolean;
  /** Whether the operation's trained head recalls copies of its training photos by their look (Measurement.thumbnail). */
  readonly thumbnail: boolean;
  /**
   * Whether the gate reads which way the photo's fine texture runs (a close-up's: Measurement.strands):
   * only with an ImageNet classifier, whose lawn reading (Scene.frameLawn) the rule asks with it.
   */
  readonly strands: boolean;
  /**
   * Where exposure comes from: the colour network's own reading; the photo itself, read while the
   * models run (neither the colour network nor a detector will give it); or the detector's small
   * copy of the frame (the photo when the detector gave none).
   */
  readonly exposure: 'colours' | 'photo' | 'frame view';
}

export function measurePlanFor(
  operation: Operation,
  models: Pick<VisionModels, 'detector' | 'classifier' | 'trained' | 'localizers' | 'detectorLocalizers' | 'companion'>,
  narrated: boolean,
  lit: LitArea | undefined,
  animalType: string | undefined,
): MeasurePlan {
  const stool = models.localizers.get('stool');
  const roundView = operation.needs.roundView && lit !== undefined && isRoundView(lit);
  const inside = roundView ? lit.inside : undefined;
  // A pets-only operation with a head the clinic trained, which reads an emotion in any animal its gate lets through.
  const petReadByHead = operation.needs.petOnly === true && models.trained.has(operation.key);
  return {
    scene: {
      readFrame: operation.needs.shows !== 'animal' || !models.detector || models.trained.has(operation.key),
      readFrameWithoutAnimal: operation.needs.shows === 'animal',
      classify: animalsToClassify(operation, narrated),
      checkNonPet: operation.needs.petOnly === true,
      checkPetLabel: petReadByHead,
      secondView: operation.reads.species || petReadByHead,
      localizer: models.localizers.get(operation.key),
      detectorLocalizer: models.detectorLocalizers.get(operation.key),
      companion: models.trained.get(operation.key)?.extras.companion ? models.companion : undefined,
      stoolCheck: operation.needs.shows === 'close-up' || operation.needs.notStool ? stool : undefined,
      stoolAsAnimal:
        operation.needs.shows === 'animal' && stool ? { localizer: stool, worthALook: mayBeStool } : undefined,
      localizable: LOCALIZED_OPERATIONS.has(operation.key),
      animalType,
    },
    colours: operation.reads.colours ? { region: inside } : undefined,
    // …and a round view's, wherever the operation takes one, to tell an eye camera's from it (isEyeCameraView).
    tones: gateReadsTones(operation.needs) || roundView,
    thumbnail: models.trained.get(operation.key)?.recalls === true,
    strands: operation.needs.shows === 'close-up' && models.classifier?.labelSet === 'imagenet-1k',
    exposure: operation.reads.colours ? 'colours' : models.detector ? 'frame view' : 'photo',
  };
}
