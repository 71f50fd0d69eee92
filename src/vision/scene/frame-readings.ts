import type { Classification, ClassifierModel } from '../classifier-model.js';
import { probabilityOf, surestOf } from '../tables/class-probability.js';
import { animalPartProbability } from '../tables/imagenet-animal-parts.js';
import { IMAGENET_FOOD } from '../tables/imagenet-food.js';
import { IMAGENET_GROUND, IMAGENET_LAWN } from '../tables/imagenet-ground.js';
import {
  IMAGENET_BIRDS,
  IMAGENET_FISH_AND_REEF,
  IMAGENET_REPTILES,
  IMAGENET_WHOLE_MAMMALS,
} from '../tables/imagenet-kinds.js';
import { frameObjectOf, type FrameObject } from './frame-object.js';
import { identifyPet, type PetIdentification } from './pet-identification.js';

/**
 * What the classifier, reading the whole frame, says the photo shows: a pet, an object, fur, food,
 * the ground, a lawn, a bird, a fish, a wild mammal, a reptile (the Scene's frame fields, which
 * the photo gate reads).
 */
export interface FrameReadings {
  /** The classifier on the whole frame, when there is one and the operation asked for it. */
  readonly frame: PetIdentification | undefined;
  /** What object the classifier, on the whole frame, thinks the photo shows most, when it read the frame. */
  readonly frameObject: FrameObject | undefined;
  /**
   * Whether the classifier takes the whole frame for part of an animal (fur or skin); undefined
   * when it did not read the frame or cannot tell (ClassifierModel.showsAnimalPart).
   */
  readonly frameAnimalPart: boolean | undefined;
  /**
   * How sure the classifier, on the whole frame, is that it shows an animal's fur or skin: its
   * animal classes together (imagenet-animal-parts.ts); undefined when it did not read the frame.
   */
  readonly frameAnimalShare: number | undefined;
  /** How sure the classifier, on the whole frame, is that it shows food (imagenet-food.ts); undefined when it did not read the frame. */
  readonly frameFood: number | undefined;
  /** How sure the classifier, on the whole frame, is that it shows the ground outdoors (imagenet-ground.ts); undefined when it did not read the frame. */
  readonly frameGround: number | undefined;
  /**
   * …and that it shows a lawn, as a close-up fills the frame with one: the ground's classes and the
   * grass's birds and balls together (imagenet-ground.ts: IMAGENET_LAWN); undefined when it did not read the frame.
   */
  readonly frameLawn: number | undefined;
  /** How sure the classifier, on the whole frame, is that it shows a bird (ImageNet's bird classes together); undefined when it did not read the frame. */
  readonly frameBird: number | undefined;
  /**
   * How sure the classifier, on the whole frame, is that it shows a fish (ImageNet's fish classes
   * together) or the reef it swims by (IMAGENET_FISH_AND_REEF); undefined when it did not read the frame.
   */
  readonly frameFish: number | undefined;
  /**
   * The wild or hoofed mammal (imagenet-kinds.ts: IMAGENET_WHOLE_MAMMALS) the classifier, on the
   * whole frame, is surest of, and how sure; undefined when it did not read the frame.
   */
  readonly frameWholeMammal: { readonly index: number; readonly probability: number } | undefined;
  /**
   * …and the reptile (imagenet-kinds.ts: IMAGENET_REPTILES) it is surest of, and how sure; undefined
   * when it did not read the frame.
   */
  readonly frameReptile: { readonly index: number; readonly probability: number } | undefined;
}

/** The readings when the classifier did not read the frame. */
export const CLASSIFIER_UNREAD = {
  frame: undefined,
  frameObject: undefined,
  frameAnimalPart: undefined,
  frameAnimalShare: undefined,
  frameFood: undefined,
  frameGround: undefined,
  frameLawn: undefined,
  frameBird: undefined,
  frameFish: undefined,
  frameWholeMammal: undefined,
  frameReptile: undefined,
} as const satisfies FrameReadings;

/** What the classifier, reading the whole frame, says it shows. */
export function frameReadings(
  classification: Classification,
  classifier: ClassifierModel,
  animalType?: string,
): FrameReadings {
  // Food and the ground are ImageNet's classes: another label set says nothing of them.
  const imagenet = classification.labelSet === 'imagenet-1k';
  const animalShare = imagenet ? animalPartProbability(classification.probabilities) : undefined;
  return {
    frame: identifyPet(classification, animalType),
    frameObject: frameObjectOf(classification),
    frameAnimalPart: classifier.showsAnimalPart(classification, animalShare),
    frameAnimalShare: animalShare,
    frameFood: imagenet ? probabilityOf(classification.probabilities, IMAGENET_FOOD) : undefined,
    frameGround: imagenet ? probabilityOf(classification.probabilities, IMAGENET_GROUND) : undefined,
    frameLawn: imagenet ? probabilityOf(classification.probabilities, IMAGENET_LAWN) : undefined,
    frameBird: imagenet ? probabilityOf(classification.probabilities, IMAGENET_BIRDS) : undefined,
    frameFish: imagenet ? probabilityOf(classification.probabilities, IMAGENET_FISH_AND_REEF) : undefined,
    frameWholeMammal: imagenet ? surestOf(classification.probabilities, IMAGENET_WHOLE_MAMMALS) : undefined,
    frameReptile: imagenet ? surestOf(classification.probabilities, IMAGENET_REPTILES) : undefined,
  };
}
