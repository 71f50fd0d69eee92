import type { SceneSubject } from '../findings/verdict.js';
import type { SceneAnimal } from '../vision/scene/describe-scene.js';
import { isWildAnimal, type PetIdentification } from '../vision/scene/pet-identification.js';
import { COCO_NAMES, COCO_PETS } from '../vision/tables/coco-names.js';
import { SCENE_LIMITS } from './gate-limits.js';

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
 * For an operation that reads pets only: the animals, when none is a cat or a dog to the detector
 * (unless the classifier, where it read the crop, names no pet in it: cropShowsNoPet), or surely
 * one to the classifier reading its crop (SCENE_LIMITS.petOnlyCropPet; a German shepherd boxed as a
 * horse), named by the largest's box (a horse, a cow, a bird) or, where that box is a cat's or a
 * dog's and its crop names no pet, by the kind the crop is read as (a wild mammal). A bear's box
 * cut by two sides of the frame or more is fur seen close (SCENE_LIMITS.furAsBearCutSides).
 */
export function notAPet(animals: readonly SceneAnimal[]): SceneSubject | undefined {
  const isPet = ({ detection, pet }: SceneAnimal) =>
    (COCO_PETS.has(detection.label) && !cropShowsNoPet(pet)) ||
    (pet !== undefined && pet.speciesProbability >= SCENE_LIMITS.petOnlyCropPet && !isWildAnimal(pet));
  if (animals.some(isPet)) return undefined;
  const largest = animals[0]!;
  const { label } = largest.detection;
  if (label === 'bear' && largest.cutSides >= SCENE_LIMITS.furAsBearCutSides) return { kind: 'part_of_animal' };
  // The detector's cat or dog is named for the kind its crop is read as; its other animals are right where it is this sure.
  const name = COCO_PETS.has(label) ? largest.pet?.topKind : COCO_NAMES[label];
  return { kind: 'animal', name, count: animals.length };
}
