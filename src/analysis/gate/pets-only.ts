import type { SceneSubject } from '../../findings/verdict.js';
import { animalKindOf, nameForAll, namedByDetector } from '../../vision/scene/animal-name.js';
import type { Scene, SceneAnimal } from '../../vision/scene/describe-scene.js';
import { isWildAnimal, type PetIdentification } from '../../vision/scene/pet-identification.js';
import { viewsDisagree } from '../../vision/scene/second-view.js';
import { COCO_NAMES, COCO_PETS } from '../../vision/tables/coco-names.js';
import { cropSurelyAPetCocoLacks } from './boxed-subject.js';
import { SCENE_LIMITS } from '../limits/gate-limits.js';

/*
 * What an operation that reads pets only (emotion: PhotoNeeds.petOnly) takes for a pet, and how it
 * names the animals it does not: the photo gate's question for it (photo-gate.ts).
 */

/**
 * Whether the classifier, where it read an animal's crop, names no pet in it: another animal
 * (a macaque, a crab), or a pet's wild relatives alone (a lion).
 */
const cropShowsNoPet = (pet: PetIdentification | undefined) =>
  pet !== undefined &&
  (isWildAnimal(pet) ||
    (pet.species === undefined && pet.topIsAnimal && pet.speciesProbability < SCENE_LIMITS.noPetInCrop));

/**
 * Whether the classifier reads an animal's crop surely as a pet: as surely as SCENE_LIMITS.petOnlyCropPet
 * (a German shepherd boxed as a horse), or, for a pet COCO has no class for and so boxes as some
 * other animal (a rabbit as a bird or a bear), as cropSurelyAPetCocoLacks asks, where the frame
 * cuts the box by one side at most (SCENE_LIMITS.furAsBearCutSides): fur seen close is read
 * as a hamster at times (a cat's acne close-up boxed as a bear, cut by three sides: 0.83).
 */
const cropSurelyAPet = ({ pet, cutSides }: SceneAnimal) =>
  pet?.species !== undefined &&
  !isWildAnimal(pet) &&
  (pet.speciesProbability >= SCENE_LIMITS.petOnlyCropPet ||
    (cutSides < SCENE_LIMITS.furAsBearCutSides && cropSurelyAPetCocoLacks(pet)));

/**
 * For an operation that reads pets only: the animals, when none is a cat or a dog to the detector
 * (unless the classifier, where it read the crop, names no pet in it: cropShowsNoPet), or surely
 * one to the classifier reading its crop (cropSurelyAPet), named by the largest's box (a horse, a
 * cow, a bird) or, where that box is a cat's or a dog's and its crop names no pet, by the kind the
 * crop is read as (a wild mammal), and where the detector is not sure of its class, by that kind
 * too (namedByDetector). A bear's box cut by two sides of the frame or more is fur seen close
 * (SCENE_LIMITS.furAsBearCutSides).
 */
export function notAPet(animals: readonly SceneAnimal[]): SceneSubject | undefined {
  const isPet = (animal: SceneAnimal) =>
    !viewsDisagree(animal.pet, animal.secondView) &&
    ((COCO_PETS.has(animal.detection.label) && !cropShowsNoPet(animal.pet)) || cropSurelyAPet(animal));
  if (animals.some(isPet)) return undefined;
  const largest = animals[0]!;
  const { label } = largest.detection;
  if (label === 'bear' && largest.cutSides >= SCENE_LIMITS.furAsBearCutSides) return { kind: 'part_of_animal' };
  // The detector's cat or dog is named for the kind its crop is read as, or, where the crop read
  // whole says otherwise (viewsDisagree), for the kind that reading names, if an animal's. Its other
  // animals are named as breed names them (animal-name.ts): by its class where it is sure of it, else
  // by the kind the crop is read as (YOLOX-Nano boxes a cheetah as a sheep at 0.32, and a gorilla as a bear).
  const { pet, secondView } = largest;
  const seenWhole = viewsDisagree(pet, secondView);
  const name = COCO_PETS.has(label)
    ? seenWhole
      ? animalKindOf(secondView)
      : pet?.topKind
    : namedByDetector(largest.detection.score, pet)
      ? COCO_NAMES[label]
      : (animalKindOf(pet) ?? COCO_NAMES[label]);
  return { kind: 'animal', name: nameForAll(animals, name, SCENE_LIMITS.closeUpScore), count: animals.length };
}

/**
 * For an operation that reads pets only: whether the detector's animals show none, as
 * SCENE_LIMITS.boxesNameNoAnimalScore says: no cat or dog among them, the detector unsure of every
 * one, and the classifier (ImageNet's, whose classes say what is no animal) reading the largest's
 * crop, and the whole frame where it read it, as a thing.
 */
export function boxesNameNoAnimal({ animals, frame }: Scene): boolean {
  const readAsThing = (reading: PetIdentification | undefined) =>
    reading?.topKind !== undefined && !reading.topIsAnimal;
  return (
    animals.length > 0 &&
    animals.every(
      ({ detection }) => !COCO_PETS.has(detection.label) && detection.score < SCENE_LIMITS.boxesNameNoAnimalScore,
    ) &&
    readAsThing(animals[0]!.pet) &&
    (frame === undefined || readAsThing(frame))
  );
}

/**
 * Whether the animal an animal's operation reads (the first) is a pet too small in the frame for
 * its crop to say anything (SCENE_LIMITS.smallPetShare): a pet by its crop, or by the detector's
 * class where the crop was not read. An animal that is no pet is still named for what it is.
 */
export function petTooSmall(animals: readonly SceneAnimal[]): boolean {
  const first = animals[0];
  if (!first || first.share >= SCENE_LIMITS.smallPetShare) return false;
  const { pet, detection } = first;
  return pet ? pet.species !== undefined && !isWildAnimal(pet) : COCO_PETS.has(detection.label);
}
