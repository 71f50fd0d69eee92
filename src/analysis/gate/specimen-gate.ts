import type { Detection } from '../../vision/detector-model.js';
import type { Placement, Scene, SceneAnimal } from '../../vision/scene/describe-scene.js';
import type { Measurement } from '../../findings/measurement.js';
import type { PhotoNeeds } from '../../findings/photo-needs.js';
import type { SceneSubject } from '../../findings/verdict.js';
import { animalSubject, crowdShown, reachesIn, unrelatedObject } from './boxed-subject.js';
import { foodShown, mayHoldFood } from './food-shown.js';
import { frameAnimal, frameFish, frameObject, framePet, frameStandsOut, frameWholeMammal } from './frame-subject.js';
import { SCENE_LIMITS } from '../limits/gate-limits.js';
import { GROUND_LIMITS } from '../limits/ground-limits.js';
import { LOCATED_LIMITS } from '../limits/located-limits.js';
import { isCutOutOnBlownWhite } from './picture-character.js';
import { boxedAsSubject, boxesTheSubject, coatSeenClose, isLocatedSubject, stoolOnGround } from './located-subject.js';

/*
 * The photo gate's question for a specimen (stool, urine, vomit: PhotoNeeds.shows 'specimen'): what
 * the photo shows instead of one, where anything does. photo-gate.ts asks it.
 */

/**
 * Whether the classifier, on the whole frame, takes the photo surely enough for an animal's fur or
 * skin that stool on the ground, which the stool localizer finds in fur too, does not outweigh it
 * (GROUND_LIMITS.stoolGroundAnimalShare).
 */
export const coatShown = (scene: Scene) => (scene.frameAnimalShare ?? 0) >= GROUND_LIMITS.stoolGroundAnimalShare;

/**
 * Stool on the ground, for an operation whose specimen it is not (PhotoNeeds.notStool), unless a
 * meal or, for a specimen that may hold food (vomit), a little food the classifier reads in it
 * (FOOD_LIMITS.stoolGroundFoodProbability) is what the stool localizer fired on. Where the
 * classifier reads a coat too (coatShown), the gate asks it last: the animal, if anything names
 * one, is named first.
 */
const stoolShown = (needs: PhotoNeeds, scene: Scene) =>
  needs.notStool === true && stoolOnGround(scene) && !foodShown(needs, scene) && !mayHoldFood(needs, scene);

/**
 * What a frame the classifier reads as a coat shows: the ground, where it gives the lawn's classes
 * as much as a close-up refuses as the ground (GROUND_LIMITS.groundProbability) and is sure of no
 * pet (SCENE_LIMITS.framePetProbability), else the animal. MobileNetV2 reads a lawn as fur, with
 * some of its weight on the lawn's fungi and creatures. Measured (2026-12-05, recommended models)
 * on 2,171 pictures sent to urine analysis: of the 761 lawn crops of the stool photos, 74 of the
 * 130 still "a photo of a dog", "of an animal" or "of a rabbit" after frameStandsOut are the ground
 * now, and so are 6 stool photos on lawns; of the 405 real skin close-ups, 2 that had been "a dog"
 * (a wombat and a banded gecko to the classifier, 0.2 a dog), and Budgie's yellow rose ("an
 * animal"). No other answer changed.
 */
const coatOrGround = (scene: Scene): SceneSubject =>
  (scene.frameLawn ?? 0) >= GROUND_LIMITS.groundProbability && !framePet(scene, SCENE_LIMITS.framePetProbability)
    ? { kind: 'landscape', what: 'ground' }
    : frameAnimal(scene);

/** What the photo shows instead of a specimen, or undefined when it may show one. */
export function wrongForSpecimen(
  needs: PhotoNeeds,
  { scene, location, litArea, transparency }: Measurement,
): SceneSubject | undefined {
  // A box the localizer takes for its subject is the subject (YOLOX-Nano boxes a pile of stool as a
  // dog, a bear or a person): an animal or a person elsewhere still refuses.
  const found = location && location.found.length > 0 ? location : undefined;
  const personShown = (person: Detection & Placement) =>
    person.share >= SCENE_LIMITS.specimenAnimalShare && !(found && isLocatedSubject(found, person, person.share));
  // …and for stool, a box the localizer's find covers less, on the ground plain in the frame (boxesTheSubject).
  const animalShown = (animal: SceneAnimal) =>
    animal.share >= SCENE_LIMITS.specimenAnimalShare &&
    !(found && boxesTheSubject(found, animal, scene, needs.liesOnGround === true));
  // An animal the detector is unsure of, whose crop the classifier names a thing (a pile of stool, a
  // false morel to it, boxed as a bear), is that thing: SCENE_LIMITS.cropThingProbability. Only
  // ImageNet's labels say what is no animal (topKind); a pet-breeds classifier's best label is a breed.
  const namedAThing = ({ detection, pet }: SceneAnimal) =>
    detection.score < LOCATED_LIMITS.locatedAnimalScore &&
    pet?.topKind !== undefined &&
    !pet.topIsAnimal &&
    pet.topProbability >= SCENE_LIMITS.cropThingProbability;
  // A pile of stool is no urine or vomit, boxed or not (the detector boxes one as a bear); a meal,
  // which the stool localizer also fires on, is named for what it is below.
  const stool: SceneSubject | undefined = stoolShown(needs, scene) ? { kind: 'stool' } : undefined;
  if (stool && !coatShown(scene)) return stool;
  const animals = scene.animals.filter((animal) => animalShown(animal) && !namedAThing(animal));
  if (animals.length > 0) return animalSubject(animals);
  // A hand pointing at the stool, or a foot beside it, is no photo of a person where the localizer
  // found the specimen and the classifier sees no coat (a hand holding fur apart is a skin close-up):
  // SCENE_LIMITS.handBesideSpecimenAnimalShare. A person seen whole, or filling the frame, still is one.
  const handBeside = (person: Placement) =>
    found !== undefined &&
    reachesIn(person) &&
    (scene.frameAnimalShare ?? 0) < SCENE_LIMITS.handBesideSpecimenAnimalShare;
  const people = scene.people.filter((person) => personShown(person) && !handBeside(person));
  if (people.length > 0) return { kind: 'person', count: people.length };
  if (found && coatSeenClose(found, scene) && !boxedAsSubject(found, scene)) return frameAnimal(scene);
  // The classifier's whole-frame reading needs to be surer where the localizer found its subject.
  const located = found && scene.detected;
  return (
    framePet(scene, located ? LOCATED_LIMITS.locatedFramePetProbability : SCENE_LIMITS.framePetProbability) ??
    foodShown(needs, scene) ??
    frameFish(scene) ??
    frameWholeMammal(scene) ??
    unrelatedObject(scene, needs) ??
    frameObject(
      scene,
      needs,
      located ? LOCATED_LIMITS.locatedFrameObjectProbability : SCENE_LIMITS.frameObjectProbability,
    ) ??
    crowdShown(scene) ??
    // Stool on the ground that the classifier reads as a coat is no urine or vomit either way: of
    // the 89 photos the stool localizer and a coat met in (83 of the 586 real stool photos, 6 of
    // the 405 real skin close-ups), nothing above named 56 (a stool on a lawn read as fur, 0.79, had
    // been "brown urine", severe): SCENE_LIMITS.stoolGroundAnimalShare.
    stool ??
    // Urine soaks into the ground outdoors: a frame read mostly as the ground shows only its colours.
    (needs.soaksIn && (scene.frameGround ?? 0) >= GROUND_LIMITS.soakedInGroundProbability
      ? ({ kind: 'landscape', what: 'ground' } as const)
      : undefined) ??
    // A coat is no urine: of the 405 real skin close-ups sent to urine analysis, the 5 judged had
    // included 3 the classifier reads as one (0.84–1.0), two with a finding ("red urine", moderate);
    // of the 586 stool photos and 1,600 other pictures, the 4 judged read 0.01 at most. Not a
    // reading spread thin, a lawn's (frameStandsOut): that is no dog; nor one in which the lawn's
    // classes show and no pet is sure (coatOrGround).
    (needs.neverACoat && coatShown(scene) && frameStandsOut(scene) ? coatOrGround(scene) : undefined) ??
    // Something cut out on blown-out white, last, so that a cut-out cat or meal is named for what it is.
    (isCutOutOnBlownWhite(litArea, transparency) ? { kind: 'cut_out' } : undefined)
  );
}
