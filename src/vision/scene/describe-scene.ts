import { type BackboneFeatures, type ExtraFeatures, withExtras } from '../runtime/backbone-features.js';
import type { DecodedImage } from '../../image/decoded-image.js';
import type { ClassifierModel } from '../classifier-model.js';
import type { Detection } from '../detector-model.js';
import type { Crop } from '../runtime/image-tensor.js';
import type { Pixels } from '../pixels/pixels.js';
import { regionOf } from '../pixels/region.js';
import { identifyPet, type PetIdentification } from './pet-identification.js';
import { animalsInOrder } from './animal-order.js';
import { SURE_IN_ONE_VIEW } from './second-view.js';
import { CLASSIFIER_UNREAD, type FrameReadings, frameReadings } from './frame-readings.js';
import { COCO_ANIMALS, COCO_PETS } from '../tables/coco-names.js';
import type { LocalizerModel } from '../localizer/localizer-model.js';
import type { Location } from '../localizer/locate-subject.js';
import { locate, lookForSubject, withSecondSight } from '../localizer/locate-in-photo.js';
import type { VisionModels } from '../vision-models.js';

/** Where a detection lies in the frame: how much of it it covers, and on how many sides the frame cuts it off. */
export interface Placement {
  /** The share of the frame its box covers, 0–1. */
  readonly share: number;
  /** How many of its box's sides reach the frame's edge (0–4): a thing cut off by the frame is seen close up, not whole. */
  readonly cutSides: number;
}

/** One animal the detector found, with what the classifier made of its crop. */
export interface SceneAnimal extends Placement {
  readonly detection: Detection;
  /** Species and breed from the classifier on the crop; undefined without a classifier. */
  readonly pet: PetIdentification | undefined;
  /**
   * The same crop read a second time, whole (stretched to the classifier's input, where the first
   * reading cut the longer side to a square), where the first named a species it was not sure of
   * (SURE_IN_ONE_VIEW) and the operation asked (describeScene's `secondView`).
   */
  readonly secondView?: PetIdentification;
}

/**
 * What the scene models saw (docs/design.md §4). With a detector: every object, the animals among them
 * with their crops classified, in the order an answer takes them (animal-order.ts: largest first,
 * but the request's species, then sure pets, ahead), the people and the other things. With only a
 * classifier: its reading of the whole frame. With neither: nothing is verified.
 */
export interface Scene extends FrameReadings {
  /** Whether a detector looked at the photo; without one, only `frame` (if any) says what it shows. */
  readonly detected: boolean;
  readonly animals: readonly SceneAnimal[];
  readonly people: readonly (Detection & Placement)[];
  readonly things: readonly (Detection & Placement)[];
  /**
   * Whether the stool localizer finds stool in the frame, for an operation that asked
   * (`stoolCheck`: a close-up's gate); undefined when it did not look.
   */
  readonly frameStool: boolean | undefined;
  /**
   * …and whether the frame shows the ground of the stool photos it learnt from (lawns, gravel,
   * soil), by its distance from that ground's subspace (ground-subspace.ts); undefined where it did
   * not look or gives no such reading.
   */
  readonly frameStoolGround: boolean | undefined;
  /**
   * Where the stool localizer found stool, for an animal's operation that asked whether its animal
   * may be a pile of stool (`stoolAsAnimal`: YOLOX-Nano boxes one on a lawn as a bear or a dog);
   * undefined when it did not look. Where it looked, the frame readings above are that look's.
   */
  readonly stoolFound: Location | undefined;
  /**
   * What the operation's localizer found: how many of its subject, largest first in the
   * measurement's `location`. `installed` false when the operation has a localizer in the
   * catalogue that is not installed (the subject was not located); undefined for an operation
   * that has none.
   */
  readonly located: { readonly installed: boolean; readonly count: number } | undefined;
}

/** A crop is widened by this share of its box on each side: a classifier needs the whole animal. */
const CROP_MARGIN = 0.1;
/** A box side this close to the frame's edge (as a share of the side) is cut off by it: detector boxes are a little loose. */
const EDGE_MARGIN = 0.02;

function placementOf([x1, y1, x2, y2]: Detection['box'], width: number, height: number): Placement {
  const share =
    (Math.max(0, Math.min(x2, width) - Math.max(x1, 0)) * Math.max(0, Math.min(y2, height) - Math.max(y1, 0))) /
    (width * height);
  const [mx, my] = [width * EDGE_MARGIN, height * EDGE_MARGIN];
  const cutSides = [x1 <= mx, y1 <= my, x2 >= width - mx, y2 >= height - my].filter(Boolean).length;
  return { share, cutSides };
}

/** The box's region of the decoded pixels, widened a little and clipped to the frame: what the classifier reads. */
export const cropOf = (image: DecodedImage, box: Detection['box']): Crop => ({
  image,
  region: regionOf(image, box, CROP_MARGIN),
});

/** The stool localizer, and which first animal is worth its look (describeScene's `stoolAsAnimal`). */
export interface StoolAsAnimal {
  readonly localizer: LocalizerModel;
  readonly worthALook: (animal: SceneAnimal) => boolean;
}

/** The scene, and the photo as the detector saw it (a small copy of the whole frame) when it saw one. */
export interface SceneReading {
  readonly scene: Scene;
  readonly view: Pixels | undefined;
  /**
   * The classifier's features of the whole frame, when it read the frame and its manifest says where
   * they are, with the companion's and the detector's beside them where they gave some: what trained heads read.
   */
  readonly features: BackboneFeatures | undefined;
  /** Where the localizer it was given found its subject. */
  readonly location: Location | undefined;
}

/** The scene's readings of the whole frame when the classifier did not read it, nor the localizer look. */
const FRAME_UNREAD = { ...CLASSIFIER_UNREAD, frameStool: undefined, frameStoolGround: undefined } as const;

/** What the scene stage reports when no scene model is installed: nothing seen, nothing verified. */
export const NO_SCENE: Scene = Object.freeze({
  detected: false,
  animals: [],
  people: [],
  things: [],
  ...FRAME_UNREAD,
  stoolFound: undefined,
  located: undefined,
});

/**
 * The scene stage of the measure step: run once per request, from the one decoded photo. The
 * detector says what is where; the classifier on each animal's crop says which species and
 * breed, because small detectors confuse animal classes (a white dog as a sheep). `readFrame`:
 * whether the classifier should also read the whole frame (what the photo shows, as a whole). `classify`: how
 * many animals' crops the classifier reads, in that order (the answer is about the first; the
 * others only tell a language model what else is there).
 */
export async function describeScene(
  image: DecodedImage,
  models: Pick<VisionModels, 'detector' | 'classifier'>,
  options: {
    readonly animalType?: string;
    readonly readFrame: boolean;
    /**
     * Whether the classifier reads the whole frame where the detector boxes no animal, though
     * `readFrame` is false: an animal's operation, whose gate then says what the photo shows instead
     * (a pet's face filling the frame, a fish). One classifier run, only for such a photo.
     */
    readonly readFrameWithoutAnimal?: boolean;
    readonly classify: number;
    /**
     * Whether the largest animal's crop is read even past `classify` where the detector calls it no
     * pet (a pets-only operation's gate: a German shepherd boxed as a horse is still a dog).
     */
    readonly checkNonPet?: boolean;
    /**
     * …and where it calls it a cat or a dog too: a pets-only operation that can read an emotion (a
     * head the clinic trained), to which a macaque or an alpaca boxed as a dog is no pet.
     */
    readonly checkPetLabel?: boolean;
    /**
     * Whether the first animal's crop, where its reading names a species under SURE_IN_ONE_VIEW, is
     * read again whole (SceneAnimal.secondView): an operation that names the species (breed), or
     * reads pets only with a head the clinic trained (emotion).
     */
    readonly secondView?: boolean;
    /** The localizer that finds the operation's subject, when one is installed for it (then the frame is read). */
    readonly localizer?: LocalizerModel;
    /** …and the one trained on the detector's maps, asked where that one finds nothing (withSecondSight). */
    readonly detectorLocalizer?: LocalizerModel;
    /** Whether the operation has a localizer in the catalogue at all (Scene.located). */
    readonly localizable?: boolean;
    /**
     * Another operation's localizer to ask whether its subject is in the frame (Scene.frameStool):
     * the stool localizer, for a close-up's gate. It reads the frame's classification as it is (one
     * look, no second classifier run): the centre of a photo that is not square.
     */
    readonly stoolCheck?: LocalizerModel;
    /** A second classifier whose mean features of the frame a trained head reads (VisionModels.companion). */
    readonly companion?: ClassifierModel;
    /**
     * The stool localizer, to look at the whole frame where the first animal, its crop read, may be a
     * pile of stool (`worthALook`): an animal's operation's gate (Scene.stoolFound). One more
     * classifier run, only for such a photo.
     */
    readonly stoolAsAnimal?: StoolAsAnimal;
  },
): Promise<SceneReading> {
  const { detector, classifier } = models;
  const { animalType, localizer } = options;
  const readFrame = async (asked = options.readFrame) => {
    if (!classifier || !(asked || localizer))
      return { ...FRAME_UNREAD, features: undefined, companion: undefined, location: undefined };
    // A localizer reads the whole photo stretched, as it was trained; the frame's classes come from the same run.
    const [classification, second] = await Promise.all([
      localizer ? classifier.predictStretched(image) : classifier.predict(image),
      options.companion?.predict(image),
    ]);
    const stoolLook = options.stoolCheck && (await lookForSubject(options.stoolCheck, classification.maps));
    return {
      ...frameReadings(classification, classifier, animalType),
      frameStool: stoolLook?.shows,
      frameStoolGround: stoolLook?.onTrainingGround,
      features: classification.features,
      companion: second?.features?.mean,
      location: localizer && (await locate(localizer, classifier, classification.maps, image)),
    };
  };
  const locatedOf = (location: Location | undefined) =>
    options.localizable || localizer ? { installed: Boolean(location), count: location?.found.length ?? 0 } : undefined;
  // What a trained head reads: the classifier's features, with the other models' beside them.
  const headFeatures = (features: BackboneFeatures | undefined, extras: ExtraFeatures) =>
    features && withExtras(features, extras);
  if (!detector) {
    const { features, companion, location, ...whole } = await readFrame();
    return {
      scene: { ...NO_SCENE, ...whole, located: locatedOf(location) },
      view: undefined,
      features: headFeatures(features, { companion }),
      location,
    };
  }
  const [{ detections, view, features: detectorFeatures, cells }, framed] = await Promise.all([
    detector.detect(image),
    readFrame(),
  ]);
  const unboxed = options.readFrameWithoutAnimal && !detections.some((detection) => COCO_ANIMALS.has(detection.label));
  const {
    features,
    companion,
    location: first,
    ...whole
  } = unboxed && framed.frame === undefined ? await readFrame(true) : framed;
  const people = detections.filter((detection) => detection.label === 'person');
  const location = await withSecondSight(first, options.detectorLocalizer, { cells, people }, image);
  const withShare = detections.map((detection) => ({
    ...detection,
    ...placementOf(detection.box, image.sourceWidth, image.sourceHeight),
  }));
  const animals = animalsInOrder(
    withShare.filter((d) => COCO_ANIMALS.has(d.label)),
    animalType,
  );
  const classified = await Promise.all(
    animals.map(
      async ({ share, cutSides, ...detection }, rank): Promise<SceneAnimal> => ({
        detection,
        share,
        cutSides,
        pet:
          classifier &&
          (rank < options.classify ||
            (options.checkNonPet && rank === 0 && (options.checkPetLabel || !COCO_PETS.has(detection.label))))
            ? identifyPet(await classifier.predict(cropOf(image, detection.box)), animalType)
            : undefined,
      }),
    ),
  );
  const stoolLook = await lookForStoolAsAnimal(image, classifier, classified[0], options);
  const scene: Scene = {
    detected: true,
    animals: options.secondView ? await withSecondView(classified, image, classifier, animalType) : classified,
    people: withShare.filter((d) => d.label === 'person').sort((a, b) => b.share - a.share),
    things: withShare
      .filter((d) => d.label !== 'person' && !COCO_ANIMALS.has(d.label))
      .sort((a, b) => b.share - a.share),
    ...whole,
    ...stoolLook,
    located: locatedOf(location),
  };
  return { scene, view, features: headFeatures(features, { companion, detector: detectorFeatures }), location };
}

/**
 * The animals, the first with its crop read a second time, whole, where its first reading names a
 * species it is not sure of (SceneAnimal.secondView): one more classifier run, for such a photo only.
 */
async function withSecondView(
  animals: SceneAnimal[],
  image: DecodedImage,
  classifier: ClassifierModel | undefined,
  animalType: string | undefined,
): Promise<SceneAnimal[]> {
  const [first, ...others] = animals;
  const pet = first?.pet;
  if (!classifier || !first || pet?.species === undefined || pet.speciesProbability >= SURE_IN_ONE_VIEW) return animals;
  const whole = await classifier.predictStretched(cropOf(image, first.detection.box));
  return [{ ...first, secondView: identifyPet(whole, animalType) }, ...others];
}

/**
 * Where the stool localizer finds stool, with what the classifier makes of the whole frame, when
 * an animal's operation asks about its first animal (options.stoolAsAnimal); nothing otherwise.
 */
async function lookForStoolAsAnimal(
  image: DecodedImage,
  classifier: ClassifierModel | undefined,
  first: SceneAnimal | undefined,
  { stoolAsAnimal, animalType }: { readonly stoolAsAnimal?: StoolAsAnimal; readonly animalType?: string },
) {
  if (!classifier || !stoolAsAnimal || !first || !stoolAsAnimal.worthALook(first)) return { stoolFound: undefined };
  const classification = await classifier.predictStretched(image);
  return {
    ...frameReadings(classification, classifier, animalType),
    stoolFound: await locate(stoolAsAnimal.localizer, classifier, classification.maps, image),
  };
}
