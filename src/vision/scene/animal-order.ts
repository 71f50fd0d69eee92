import { iou, type Detection } from '../detector-model.js';
import { COCO_PETS } from '../tables/coco-names.js';
import { speciesFromAnimalType } from './animal-type.js';

/*
 * Which of the animals the detector boxed an answer is about: the scene lists them in this order,
 * and an animal's operation judges the first (describe-scene.ts).
 */

/** Animal boxes of any classes that overlap this much are one animal the detector named twice (a kitten as dog and cat). */
const SAME_ANIMAL_IOU = 0.5;

/**
 * Where the detector is this sure of a cat or a dog, the pets it boxed go ahead of larger animals
 * that are none (the dog beside a horse: breed and emotion are about pets), unless the request names
 * another species. Below it, the gate takes a box for no sure animal (SCENE_LIMITS.closeUpScore),
 * and it is often a second box on another animal: a lemur boxed as a sheep (0.67) and, nearly as
 * large, as a dog (0.43).
 */
export const PET_AHEAD_SCORE = 0.5;

/** One box per animal: of animal boxes that overlap, whatever their class, the surest stays. */
function oneBoxPerAnimal<T extends Detection>(animals: readonly T[]): T[] {
  const kept: T[] = [];
  for (const animal of [...animals].sort((a, b) => b.score - a.score))
    if (!kept.some((other) => iou(other.box, animal.box) > SAME_ANIMAL_IOU)) kept.push(animal);
  return kept;
}

/**
 * Whether the request's animalType names the species of a detector's label (a cat, a dog): the
 * text is read once, and the test it gives asked of each label.
 */
export function namedByRequest(animalType: string | undefined): (label: string) => boolean {
  const stated = speciesFromAnimalType(animalType);
  return (label) => label === stated;
}

/**
 * The animals, one box each, largest first; but one of the species the client named (animalType)
 * first of all: asked about the dog, the answer is about the dog beside the horse (issue 41), not
 * the horse. Named or not, where the detector is sure of a pet (PET_AHEAD_SCORE), the pets go ahead
 * of larger animals that are none, the largest pet first.
 */
export function animalsInOrder<T extends Detection & { readonly share: number }>(
  animals: readonly T[],
  animalType: string | undefined,
): T[] {
  const boxed = oneBoxPerAnimal(animals);
  const petsAhead = boxed.some(({ label, score }) => COCO_PETS.has(label) && score >= PET_AHEAD_SCORE);
  const asked = namedByRequest(animalType);
  // Each box's precedence once, not in every comparison.
  const ranked = boxed.map((box) => ({
    box,
    precedence: asked(box.label) ? 2 : petsAhead && COCO_PETS.has(box.label) ? 1 : 0,
  }));
  return ranked.sort((a, b) => b.precedence - a.precedence || b.box.share - a.box.share).map(({ box }) => box);
}
