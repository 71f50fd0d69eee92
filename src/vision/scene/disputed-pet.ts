import type { Detection } from '../detector-model.js';
import { COCO_PETS } from '../tables/coco-names.js';
import type { PetIdentification } from './pet-identification.js';

/**
 * A pet the classifier gives less than DISPUTED_PET, in an animal the detector boxes as one that is
 * no pet with DETECTOR_DISPUTES_PET or more, is no pet. Measured (2026-11-28) on 57 real photos of
 * whole animals (GCompris's Wikimedia Commons photos): an owl was "a dog (20%)", a giraffe "a cat
 * (44%)", both charged; pets the classifier is sure of are untouched (a German shepherd boxed as a
 * horse, 0.83, read at 1.0).
 */
const DETECTOR_DISPUTES_PET = 0.6;
const DISPUTED_PET = 0.5;
/**
 * …and where the detector is DETECTOR_SURE_OF_NO_PET sure, a pet the classifier gives less than
 * SURELY_DISPUTED_PET is none either: a horse in a paddock (boxed as a horse at 0.95, four more
 * horses beside it) was "a dog, Great Dane (57%)", charged, its crop a dog at 0.75. The German
 * shepherd boxed as a horse at 0.90 in the same photos is read at 1.0, and stays a dog.
 */
const DETECTOR_SURE_OF_NO_PET = 0.9;
const SURELY_DISPUTED_PET = 0.9;

/**
 * Whether the classifier's pet in a detected animal's crop yields to the detector, which is sure
 * enough that the animal is one that is never a pet (a horse, an owl, a giraffe).
 */
export function petDisputed({ label, score }: Pick<Detection, 'label' | 'score'>, pet: PetIdentification): boolean {
  if (COCO_PETS.has(label) || score < DETECTOR_DISPUTES_PET || pet.species === undefined) return false;
  return pet.speciesProbability < (score >= DETECTOR_SURE_OF_NO_PET ? SURELY_DISPUTED_PET : DISPUTED_PET);
}
