import { SPECIES_NAMES } from '../tables/imagenet-pets.js';
import { isWildAnimal, type PetIdentification } from './pet-identification.js';

/**
 * A species read from an animal's crop under this is checked against a second reading of the same
 * crop, whole (describe-scene.ts, SceneAnimal.secondView): the first, as the classifier's manifest
 * resizes ("cover"), cuts a wide or tall box to the square in its middle, where a donkey's flank or
 * a lamb's curls read as a dog's coat. The whole pets at hand read 0.85–1.0 and are read once; the
 * mixed dog of shared/photos/darknet_person.jpg, 0.77, read whole is 0.94 a dog (2026-12-05,
 * MobileNetV2). Tux Paint's lamb, at 0.80, is still "a Curly-coated Retriever" (38%).
 */
export const SURE_IN_ONE_VIEW = 0.8;

/** …and the second reading confirms the first's species at this much, or as the best match of one of its classes. */
export const CONFIRMED_IN_SECOND_VIEW = 0.5;

/**
 * Whether the crop, read a second time whole, names another species than the first reading, none,
 * or a wild relative alone, or the same one under CONFIRMED_IN_SECOND_VIEW with a best match that is
 * no class of it (swans: 28% dog, an albatross first): the two views of one animal disagree, and
 * neither species is taken for the animal's. What it changed is measured where it is asked (breed.ts, pets-only.ts).
 */
export function viewsDisagree(first: PetIdentification | undefined, second: PetIdentification | undefined): boolean {
  if (first?.species === undefined || second === undefined) return false;
  if (second.species !== first.species || isWildAnimal(second)) return true;
  return second.speciesProbability < CONFIRMED_IN_SECOND_VIEW && second.topKind !== SPECIES_NAMES[first.species];
}
