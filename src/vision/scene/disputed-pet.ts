import type { Detection } from '../detector-model.js';
import { COCO_PETS } from '../tables/coco-names.js';
import type { PetIdentification } from './pet-identification.js';
import { speciesFromAnimalType } from './animal-type.js';

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

/**
 * A detector that boxes the animal as a cat or a dog at DETECTOR_NAMES_PET or more, against a
 * classifier that reads its crop as another pet species less than SPECIES_DISPUTED sure, leaves the
 * species open: two models disagree, and neither is near certain. Measured (2026-12-03, YOLOX-Nano
 * and MobileNetV2) on the 405 real skin close-ups of shared/photos-real sent to breed with no
 * animalType, with SPECIES_DISPUTED at 0.8: of the cats, 67 had been "a dog", 30 "a hamster", 9 "a
 * rabbit" and 5 "a guinea pig" (111); 46 were then, and 5 species named rightly (3 cats, 2 of the
 * 105 dog close-ups; read at 0.41–0.78, their breeds at 0.05–0.52) were named no more. A
 * detector's pet at 0.5 would have left 48 wrong species unsaid and 3 right ones, at 0.3 80 and 7.
 * GCompris's farm cat, boxed as a cat at 0.54 and read as an Angora rabbit at 0.34, is no rabbit.
 * The animal the request names, where it is the classifier's species, is not disputed: the owner
 * and the classifier agree.
 *
 * SPECIES_DISPUTED is 0.95 since 2026-12-06, when GIMP's black-and-white photo of a white kitten on
 * a rug (Debian's gimp-data), boxed as a cat at 0.67, was "a dog, most likely a Samoyed", charged,
 * sent as a cat or with no animalType: the classifier read a dog at 0.93. Measured then
 * (recommended models) on 926 real pictures (Debian's, shared/photos, the 405 real skin close-ups,
 * fresh holdouts of Debian's packages) sent with no animalType, against 0.8: 15 answers went to
 * "they disagree", free: 12 had been wrong and charged (the kitten; 11 cat close-ups named dogs,
 * hamsters, a rabbit or a guinea pig at 0.80–0.94), 3 right (pyglet's kitten, boxed as a dog, a cat
 * at 0.89; a cat's and a dog's close-ups at 0.90–0.91). Sent as "dog" and as "cat" (810 each way):
 * 20 changed, 17 of them wrong before, the same 3 right. The whole pets at hand that the detector
 * does not dispute read 0.85–1.0 and keep their species; those it disputes and the classifier
 * reads surely keep theirs too (a kitten, Psychtoolbox's rabbits: 0.98–1.0).
 */
const DETECTOR_NAMES_PET = 0.4;
export const SPECIES_DISPUTED = 0.95;

/** Whether the detector's pet (a cat or a dog) disputes the classifier's other species for the same animal. */
export function speciesDisputed(
  { label, score }: Pick<Detection, 'label' | 'score'>,
  pet: PetIdentification,
  animalType: string | undefined,
): boolean {
  if (!COCO_PETS.has(label) || score < DETECTOR_NAMES_PET || pet.species === undefined) return false;
  return (
    pet.species !== label &&
    pet.speciesProbability < SPECIES_DISPUTED &&
    speciesFromAnimalType(animalType) !== pet.species
  );
}

/**
 * A detector DETECTOR_SURE_OF_PET sure of a cat or a dog, against a classifier whose best match for
 * its crop is no animal at all, is no photo without a pet: the two disagree. A black-and-white cat
 * on a corrugated roof (gdk-pixbuf's test photo), boxed as a cat at 0.83 over 46% of the frame, is
 * a radiator to MobileNetV2 (0.11; a cat 0.16), and breed had said "The photo does not appear to
 * show a pet". The detector is right at 0.8 and more on the whole animals at hand (animal-name.ts).
 */
const DETECTOR_SURE_OF_PET = 0.8;

/** Whether the detector is sure of a pet (a cat or a dog) whose crop the classifier reads as no animal. */
export const petUnread = ({ label, score }: Pick<Detection, 'label' | 'score'>, pet: PetIdentification): boolean =>
  COCO_PETS.has(label) && score >= DETECTOR_SURE_OF_PET && pet.species === undefined && !pet.topIsAnimal;

/**
 * A detector DETECTOR_NAMES_PET sure of a cat or a dog, against a classifier whose best match for its
 * crop is another animal it is less than KIND_DISPUTES_PET sure of, and no pet species: the two
 * disagree, and neither is named. A grey cat on a wall under palm fronds (texlive's image-gallery),
 * boxed as a cat at 0.43 over the wall around it too, read as a tarantula at 0.27 (the cats 0.19),
 * was "an invertebrate" to breed.
 */
const KIND_DISPUTES_PET = 0.5;

/** Whether the detector's pet disputes the other animal the classifier, unsure, reads its crop as. */
export const petReadAsOtherAnimal = (
  { label, score }: Pick<Detection, 'label' | 'score'>,
  pet: PetIdentification,
): boolean =>
  COCO_PETS.has(label) &&
  score >= DETECTOR_NAMES_PET &&
  pet.species === undefined &&
  pet.topIsAnimal &&
  pet.topProbability < KIND_DISPUTES_PET;
