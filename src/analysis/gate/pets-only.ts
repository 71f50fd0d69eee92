import type { SceneSubject } from '../../findings/verdict.js';
import { animalKindOf, nameForAll, namedByDetector } from '../../vision/scene/animal-name.js';
import type { Scene, SceneAnimal } from '../../vision/scene/describe-scene.js';
import { isWildAnimal, type PetIdentification } from '../../vision/scene/pet-identification.js';
import { viewsDisagree } from '../../vision/scene/second-view.js';
import { COCO_NAMES, COCO_PETS } from '../../vision/tables/coco-names.js';
import { FOOD_NAME } from '../../vision/tables/imagenet-kinds.js';
import { cropSurelyAPetCocoLacks } from './boxed-subject.js';
import { SCENE_LIMITS } from '../limits/gate-limits.js';

/*
 * What an operation that reads pets only (emotion: PhotoNeeds.petOnly) takes for a pet, and how it
 * names the animals it does not: the photo gate's question for it (photo-gate.ts).
 */

/**
 * Whether the classifier, where it read an animal's crop, names no pet in it: a pet's wild relatives
 * alone (a lion); all pets together under SCENE_LIMITS.noPetInCrop, whatever it names instead (a
 * macaque, a saw, a gravestone); or another animal as its best match with pets under
 * SCENE_LIMITS.noPetSeen, where its reading of the whole frame, read too, finds no more of a pet
 * (a pig, a hippo, a seagull; fur or skin seen close: lessSeenAsPet).
 */
const cropShowsNoPet = (pet: PetIdentification | undefined, frame: PetIdentification | undefined) =>
  pet !== undefined && (plainlyNoPet(pet, frame) || lessSeenAsPet(pet, frame));

/**
 * …the first two: the crop names a pet's wild relatives alone, or gives all pets less than
 * SCENE_LIMITS.noPetInCrop; a crop read as a thing so is none unless the whole frame, where it was
 * read, names a pet.
 */
const plainlyNoPet = (pet: PetIdentification, frame: PetIdentification | undefined) =>
  isWildAnimal(pet) ||
  (pet.species === undefined &&
    pet.speciesProbability < SCENE_LIMITS.noPetInCrop &&
    (pet.topIsAnimal || frame?.species === undefined));

/**
 * …the last of those: a crop whose best match is another animal, with pets under
 * SCENE_LIMITS.noPetSeen, in a frame the classifier read and found no pet in either.
 */
const lessSeenAsPet = (pet: PetIdentification, frame: PetIdentification | undefined) =>
  pet.species === undefined &&
  pet.topIsAnimal &&
  pet.speciesProbability < SCENE_LIMITS.noPetSeen &&
  frame !== undefined &&
  frame.species === undefined &&
  frame.speciesProbability < SCENE_LIMITS.noPetSeen;

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
 * (unless the classifier, where it read the crop, names no pet in it: cropShowsNoPet, which reads
 * the whole `frame` too where it was read), or surely one to the classifier reading its crop
 * (cropSurelyAPet), named by the largest's box (a horse, a cow, a bird) or, where that box is a
 * cat's or a dog's and its crop names no pet, by the kind the crop is read as (a wild mammal), and
 * where the detector is not sure of its class, by that kind too (namedByDetector). A bear's box cut
 * by two sides of the frame or more is fur seen close (SCENE_LIMITS.furAsBearCutSides), and so is a
 * cat's or a dog's whose crop gives pets some probability, only less than a pet's photo would
 * (lessSeenAsPet); one the frame cuts less is named no further than an animal: a dog's back read as
 * a coot, a cat's flank as a ferret.
 */
export function notAPet(
  animals: readonly SceneAnimal[],
  frame: PetIdentification | undefined,
): SceneSubject | undefined {
  const isPet = (animal: SceneAnimal) =>
    !viewsDisagree(animal.pet, animal.secondView) &&
    ((COCO_PETS.has(animal.detection.label) && !cropShowsNoPet(animal.pet, frame)) || cropSurelyAPet(animal));
  if (animals.some(isPet)) return undefined;
  const largest = animals[0]!;
  const { label } = largest.detection;
  const { pet, secondView, cutSides } = largest;
  const seenWhole = viewsDisagree(pet, secondView);
  // A cat's or a dog's box named by its crop's first reading (its second, whole, agreeing).
  const byItsCrop = COCO_PETS.has(label) && !seenWhole && pet !== undefined;
  const someOfAPet = byItsCrop && !plainlyNoPet(pet, frame);
  if ((label === 'bear' || someOfAPet) && cutSides >= SCENE_LIMITS.furAsBearCutSides) return { kind: 'part_of_animal' };
  // A cat's or a dog's box whose crop reads as a thing, with no pet in it, is that thing (a saw, a
  // gravestone), or the animal the whole frame reads, where it reads one (a heron's crop as a quill).
  if (byItsCrop && !pet.topIsAnimal && pet.topKind !== undefined) {
    const framed = animalKindOf(frame);
    if (framed)
      return { kind: 'animal', name: nameForAll(animals, framed, SCENE_LIMITS.closeUpScore), count: animals.length };
    return pet.topKind === FOOD_NAME ? { kind: 'food' } : { kind: 'object', name: pet.topKind, label: pet.topLabel };
  }
  // The detector's cat or dog is named for the kind its crop is read as, or, where the crop read
  // whole says otherwise (viewsDisagree), for the kind that reading names, if an animal's. Its other
  // animals are named as breed names them (animal-name.ts): by its class where it is sure of it, else
  // by the kind the crop is read as (YOLOX-Nano boxes a cheetah as a sheep at 0.32, and a gorilla as a bear).
  const name = COCO_PETS.has(label)
    ? seenWhole
      ? animalKindOf(secondView)
      : someOfAPet
        ? undefined
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
