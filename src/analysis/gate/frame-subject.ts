import type { Scene } from '../../vision/scene/describe-scene.js';
import { COCO_NAMES } from '../../vision/tables/coco-names.js';
import { SPECIES_NAMES } from '../../vision/tables/imagenet-pets.js';
import { FISH_NAME, imagenetKind } from '../../vision/tables/imagenet-kinds.js';
import { isWildAnimal } from '../../vision/scene/pet-identification.js';
import type { PhotoNeeds } from '../../findings/photo-needs.js';
import type { SceneSubject } from '../../findings/verdict.js';
import { SCENE_LIMITS } from '../limits/gate-limits.js';

/*
 * What the classifier, reading the whole frame, says a photo shows instead of what an operation
 * needs (the photo gate's readings of Scene's frame fields): a pet, a bird, a fish, a wild or hoofed
 * mammal, an object.
 */

/**
 * One animal, named by the species the classifier gives the whole frame, if it names one, or by its
 * kind where the species reads only by its wild relatives (isWildAnimal): GCompris's cheetah, sent
 * as an ear, had been "a photo of a cat, not a close-up of its ear" (a wild mammal to skin).
 */
export const frameAnimal = ({ frame }: Scene): SceneSubject => ({
  kind: 'animal',
  name: frame && isWildAnimal(frame) && frame.topKind ? frame.topKind : frame?.species && SPECIES_NAMES[frame.species],
  count: 1,
});

/**
 * Whether one of the classifier's classes stands out in its reading of the whole frame
 * (SCENE_LIMITS.frameTopProbability): spread thin over a hundred breeds, it reads a texture (a
 * lawn as fur), and names no animal.
 */
export const frameStandsOut = ({ frame }: Scene): boolean =>
  (frame?.topProbability ?? 0) >= SCENE_LIMITS.frameTopProbability;

/** The pet the classifier, on the whole frame, is at least `limit` sure the photo shows, where its reading stands out. */
export function framePet(scene: Scene, limit: number): SceneSubject | undefined {
  const { frame } = scene;
  return frame?.species && frame.speciesProbability >= limit && frameStandsOut(scene) ? frameAnimal(scene) : undefined;
}

/**
 * A bird, when the classifier on the whole frame is `limit` sure of one
 * (SCENE_LIMITS.frameBirdProbability unless given).
 */
export const frameBird = (
  { frameBird: bird }: Scene,
  limit: number = SCENE_LIMITS.frameBirdProbability,
): SceneSubject | undefined => ((bird ?? 0) >= limit ? { kind: 'animal', name: COCO_NAMES.bird, count: 1 } : undefined);

/** A fish, when the classifier on the whole frame is sure of one (SCENE_LIMITS.frameFishProbability): the detector boxes none. */
export const frameFish = ({ frameFish: fish }: Scene): SceneSubject | undefined =>
  (fish ?? 0) >= SCENE_LIMITS.frameFishProbability ? { kind: 'animal', name: FISH_NAME, count: 1 } : undefined;

/** One animal named by the kind of the class the classifier is surest of in a group, where it is at least `limit` sure of it. */
const surelyOfKind = (surest: Scene['frameWholeMammal'], limit: number): SceneSubject | undefined =>
  surest && surest.probability >= limit ? { kind: 'animal', name: imagenetKind(surest.index), count: 1 } : undefined;

/**
 * A wild or hoofed mammal, named by its kind, when the classifier on the whole frame is sure of one
 * (SCENE_LIMITS.frameWholeMammalProbability): a llama, a wallaby or a jaguar is seen whole, not a pet's skin.
 */
export function frameWholeMammal({ frameWholeMammal: mammal, frame }: Scene): SceneSubject | undefined {
  const named = surelyOfKind(mammal, SCENE_LIMITS.frameWholeMammalProbability);
  if (named) return named;
  // …or as surely one of the pets' wild relatives, and nothing of a pet (a jaguar, a cheetah).
  const wild = frame && isWildAnimal(frame) && frame.speciesProbability >= SCENE_LIMITS.frameWholeMammalProbability;
  return wild && frame.topKind ? { kind: 'animal', name: frame.topKind, count: 1 } : undefined;
}

/**
 * A reptile, named by its kind, when the classifier on the whole frame is sure of one species of
 * them (SCENE_LIMITS.frameReptileProbability): a chameleon on a branch, a crocodile on a mud bank.
 */
export const frameReptile = ({ frameReptile: reptile }: Scene): SceneSubject | undefined =>
  surelyOfKind(reptile, SCENE_LIMITS.frameReptileProbability);

/**
 * The object group the classifier, on the whole frame, is at least `limit` sure the photo shows, or
 * surer for a group specimens are read as (ObjectGroup.specimenLookalike: balls); not what the
 * operation's specimen is photographed in (ObjectGroup.container: a bottle, for urine), nor, for a
 * close-up, what an otoscope's lit disc is read as (ObjectGroup.roundViewLookalike: a bubble).
 */
export function frameObject(
  scene: Scene,
  needs: PhotoNeeds,
  limit: number = SCENE_LIMITS.frameObjectProbability,
): SceneSubject | undefined {
  const object = scene.frameObject;
  if (!object || (object.group.container && needs.inContainer)) return undefined;
  if (object.group.roundViewLookalike && needs.shows === 'close-up') return undefined;
  const sureFrom = object.group.specimenLookalike ? Math.max(limit, SCENE_LIMITS.lookalikeObjectProbability) : limit;
  return object.probability >= sureFrom ? { kind: 'object', name: object.group.name, label: object.label } : undefined;
}

/**
 * What the classifier, reading the whole frame, sees where the detector boxed no animal (an
 * animal's operation reads it then: MeasurePlan's readFrameWithoutAnimal): a wild or hoofed mammal,
 * a bird (surer than a close-up's: SCENE_LIMITS.unboxedFrameBirdProbability) or a fish, or a pet
 * seen too close for the detector (its face filling the frame, an eye), as sure as an unboxed pet
 * must be (SCENE_LIMITS.unboxedFramePetProbability). Not "no animal can be seen" of a goldfish, a
 * jaguar or a kitten's face.
 */
export const unboxedAnimal = (scene: Scene): SceneSubject | undefined =>
  unboxedWildAnimal(scene) ??
  (framePet(scene, SCENE_LIMITS.unboxedFramePetProbability) ? { kind: 'part_of_animal' } : undefined);

/** Of unboxedAnimal's readings, the animals that are no pet: a wild or hoofed mammal, a bird, a fish. */
export const unboxedWildAnimal = (scene: Scene): SceneSubject | undefined =>
  frameWholeMammal(scene) ?? frameBird(scene, SCENE_LIMITS.unboxedFrameBirdProbability) ?? frameFish(scene);
