import type { Detection } from '../../vision/detector-model.js';
import type { Placement, Scene, SceneAnimal } from '../../vision/scene/describe-scene.js';
import type { PetIdentification } from '../../vision/scene/pet-identification.js';
import { nameForAll } from '../../vision/scene/animal-name.js';
import {
  COCO_CONTAINERS,
  COCO_NAMES,
  COCO_NOT_FUR,
  COCO_PETS,
  COCO_UNRELATED_OBJECTS,
  COCO_VEHICLES,
} from '../../vision/tables/coco-names.js';
import { SPECIES_NAMES } from '../../vision/tables/imagenet-pets.js';
import type { PhotoNeeds } from '../../findings/photo-needs.js';
import type { SceneSubject } from '../../findings/verdict.js';
import { SCENE_LIMITS } from '../limits/gate-limits.js';

/*
 * What the detector's boxes say a photo shows instead of what an operation needs (the photo gate's
 * readings of Scene's animals, people and things): an animal seen whole or only part of one, a
 * person or a hand reaching in, a crowd, an unrelated object. frame-subject.ts reads the
 * classifier's whole frame the same way.
 */

/**
 * A whole animal, as opposed to part of one: cut off by the frame's edges (SCENE_LIMITS.cutCloseUpShare,
 * cutOnceWholeScore), or a pet held close inside it (heldClose), given the classifier's reading of the whole frame.
 */
export const seenWhole = (animal: SceneAnimal, frame: PetIdentification | undefined) => {
  const { share, cutSides, detection } = animal;
  if (cutSides === 0) return !heldClose(animal, frame);
  return cutSides === 1 && (share < SCENE_LIMITS.cutCloseUpShare || detection.score >= SCENE_LIMITS.cutOnceWholeScore);
};

/**
 * A cat or a dog boxed inside the frame over half of it or more (SCENE_LIMITS.heldCloseShare), that
 * neither the detector (under cutOnceWholeScore) nor the classifier reading the whole frame (under
 * heldCloseFramePet) is sure of: part of a pet held close to the camera, a chin, a cheek or its
 * ears seen from behind. A pet seen whole or by its face, filling the frame as much, the classifier
 * is sure of.
 */
const heldClose = ({ share, detection }: SceneAnimal, frame: PetIdentification | undefined) =>
  COCO_PETS.has(detection.label) &&
  share >= SCENE_LIMITS.heldCloseShare &&
  detection.score < SCENE_LIMITS.cutOnceWholeScore &&
  frame !== undefined &&
  frame.speciesProbability < SCENE_LIMITS.heldCloseFramePet;

/**
 * A pet seen whole at a distance that the detector is unsure of (under SCENE_LIMITS.closeUpScore),
 * two models agreeing: the detector boxes a cat or a dog inside the frame, over less of it than a
 * close-up's cut box (cutCloseUpShare), and the classifier names the same species in the box as
 * surely as it must in a frame with no box (unboxedFramePetProbability). Measured (2026-12-05,
 * recommended models) on every animal box of the 405 real skin close-ups of shared/photos-real:
 * none is so (inside the frame and under 0.4 of it, their crops read 0.56 a pet at most; the faces
 * filling more of it read up to 0.99). Two spaniels looking out of a window (a photo of Ubuntu's
 * wallpaper contest shrunk to 1600 px, lomiri-wallpapers-16.04: boxed at 0.44 over 17% of it, 1.0
 * a dog to its crop) had been judged as a close-up of skin. The species must agree: a black stool
 * on a lawn, boxed as a bird or a bear at 0.33, reads 0.93 a dog (a Kerry blue terrier) to its
 * crop, and a cheetah boxed as a sheep 1.0 a cat. A pet COCO has no class for (a rabbit, a hamster,
 * a guinea pig) is boxed as some other animal: its crop need only be read as it
 * (SCENE_LIMITS.boxedAsOtherCropPetProbability).
 */
export const smallWholePet = ({ share, cutSides, detection, pet }: SceneAnimal) =>
  cutSides === 0 &&
  share < SCENE_LIMITS.cutCloseUpShare &&
  (cropSurelyAPetCocoLacks(pet) ||
    (pet?.species === detection.label && pet.speciesProbability >= SCENE_LIMITS.unboxedFramePetProbability));

/**
 * Whether the classifier reads an animal's crop surely as a pet COCO has no class for (a rabbit, a
 * hamster, a guinea pig), which the detector boxes as some other animal: a bird, a bear, a dog
 * (SCENE_LIMITS.boxedAsOtherCropPetProbability).
 */
export const cropSurelyAPetCocoLacks = (pet: PetIdentification | undefined): boolean =>
  pet?.species !== undefined &&
  !COCO_PETS.has(pet.species) &&
  pet.speciesProbability >= SCENE_LIMITS.boxedAsOtherCropPetProbability;

/** Fur in a close-up that the detector boxes as a bear the frame cuts (SCENE_LIMITS.closeUpFurAsBearCutSides). */
export const furBoxedAsBear = ({ detection, cutSides }: SceneAnimal) =>
  detection.label === 'bear' && cutSides >= SCENE_LIMITS.closeUpFurAsBearCutSides;

/**
 * Part of an animal that is no pet, cut by the frame: a calf's head, an ibex's flank. Fur seen close
 * is boxed as a bear, never as these (SCENE_LIMITS.partOfNonPetScore).
 */
export const partOfNonPet = ({ detection, pet }: SceneAnimal) =>
  COCO_NOT_FUR.has(detection.label) &&
  detection.score >= SCENE_LIMITS.partOfNonPetScore &&
  (pet?.speciesProbability ?? 0) < SCENE_LIMITS.disputedPetProbability;

/** A person's box the frame cuts off, small: a hand, an arm or a foot reaching into the frame (SCENE_LIMITS.handShare). */
export const reachesIn = (person: Placement) => person.cutSides > 0 && person.share < SCENE_LIMITS.handShare;

/**
 * A person in a close-up that is not a hand or an arm reaching in from the frame's edge: seen whole,
 * or cut by one side only and large. A person's box that two or more sides of the frame cut is part
 * of one, as the hands that hold a cat's chin or part its fur are (YOLOX-Nano boxes them, and the pet
 * between them, as a person filling the frame: 7 of 300 real cat skin close-ups were refused so);
 * such a close-up still needs part of an animal in it (showsPartOfAnimal), which a person's face
 * filling the frame does not give.
 */
export const wholePerson = (person: Placement & { readonly score: number }) =>
  person.score >= SCENE_LIMITS.closeUpScore &&
  (person.cutSides === 0 || (person.cutSides === 1 && person.share >= SCENE_LIMITS.handShare));

/** People enough to be a crowd, however small each is (SCENE_LIMITS.crowdPeople): a photo of people, asked after what the classifier names. */
export const crowdShown = ({ people }: Scene): SceneSubject | undefined =>
  people.length >= SCENE_LIMITS.crowdPeople ? { kind: 'person', count: people.length } : undefined;

/**
 * The animals a photo shows, named by the species the classifier gives the largest's crop; the
 * detector's class is only a weak hint. With `byKind` (a close-up: the animal is seen close enough
 * to be read), where the crop is no pet, by the kind of animal its best match is (a calf's head: a
 * hoofed animal); a specimen's box may be the pile of stool itself, whose crop reads as a frog.
 */
export const animalSubject = (animals: readonly SceneAnimal[], byKind = false): SceneSubject => {
  const pet = animals[0]?.pet;
  const kind = byKind && pet?.topIsAnimal ? pet.topKind : undefined;
  return {
    kind: 'animal',
    name: nameForAll(animals, pet?.species ? SPECIES_NAMES[pet.species] : kind, SCENE_LIMITS.closeUpScore),
    count: animals.length,
  };
};

/**
 * The largest unrelated object the detector is sure of, if it fills enough of the frame; not the cup
 * or the bottle a specimen that comes in one is photographed in (PhotoNeeds.inContainer).
 */
export function unrelatedObject(scene: Scene, needs?: PhotoNeeds): SceneSubject | undefined {
  const thing = scene.things.find(
    (candidate) =>
      COCO_UNRELATED_OBJECTS.has(candidate.label) &&
      !(needs?.inContainer && COCO_CONTAINERS.has(candidate.label)) &&
      candidate.score >= SCENE_LIMITS.objectScore &&
      candidate.share >= SCENE_LIMITS.objectShare,
  );
  return thing && boxedObject(thing);
}

/**
 * A vehicle the detector is sure of (SCENE_LIMITS.objectScore) that no side of the frame cuts,
 * however small: a close-up of skin or an ear canal shows none whole. A blurred street in which
 * two passers-by cut by the frame had been taken for hands reaching in was "ear mites", moderate,
 * from ear, and skin judged it too. Measured (2026-12-05, recommended models) on the 405 real skin
 * close-ups: one vehicle reaches 0.3 (a boat, 0.48), none 0.5.
 */
export function wholeVehicle(scene: Scene): SceneSubject | undefined {
  const vehicle = scene.things
    .filter(
      (thing) => COCO_VEHICLES.has(thing.label) && thing.score >= SCENE_LIMITS.objectScore && thing.cutSides === 0,
    )
    .sort((a, b) => b.score - a.score)[0];
  return vehicle && boxedObject(vehicle);
}

/** A thing the detector boxed, as what a photo shows: named by its COCO class. */
const boxedObject = ({ label }: Detection): SceneSubject => ({ kind: 'object', name: COCO_NAMES[label], label });
