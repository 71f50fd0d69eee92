import type { Detection } from '../../vision/detector-model.js';
import { animalKindOf } from '../../vision/scene/animal-name.js';
import { isWildAnimal, type PetIdentification } from '../../vision/scene/pet-identification.js';
import type { ColourName } from '../../vision/tables/colour-palette.js';
import type { LocalizedName } from '../../vision/tables/imagenet-pets.js';

/*
 * What breed analysis rests on (BreedFindings), and when the classifier's species is too unsure to
 * name: against the request's stated animal, the detector's pet, another animal it reads likelier,
 * or too faint with no box vouching for it. breed.ts answers with them.
 */

/** What breed rests on: the classifier's reading of the most prominent animal, and how it looked. */
export interface BreedFindings {
  /** Undefined when no classifier is installed. */
  readonly pet: PetIdentification | undefined;
  /** With a detector: how many animals, the judged one's share of the frame, its coat colours. */
  readonly animal:
    | {
        readonly count: number;
        readonly share: number;
        readonly coat: readonly ColourName[];
        /** The detector's name for it when that is an animal that is never a pet (a bird, a zebra); its score. */
        readonly notAPet: { readonly name: LocalizedName; readonly score: number } | undefined;
        /**
         * The detector's name for it where it was judged ahead of a larger animal (animal-order.ts),
         * and why: the request named its species (`asked`), or it is a pet and none larger is (`pet`).
         */
        readonly ahead?: { readonly name: LocalizedName; readonly because: 'asked' | 'pet' };
        /** Of several animals, the name they all share (nameForAll, animal-name.ts: "2 cats"), where they do. */
        readonly allNamed?: LocalizedName;
      }
    | undefined;
  /**
   * The detector's pet (a cat, a dog) where it disputes the classifier's other, unsure species
   * (speciesDisputed), its reading of no animal (petUnread) or of another animal it is unsure of (petReadAsOtherAnimal).
   */
  readonly disputedBy?: LocalizedName;
  /** The classifier's species is too faint to name, and no detector's box vouches for it (FAINT_SPECIES). */
  readonly faint?: true;
  /** The crop read a second time, whole, where it names another species or none (viewsDisagree): its best match. */
  readonly seenWholeAs?: LocalizedName;
}

/** A classifier that gives pets together less than this is sure there is no pet. */
export const SURELY_NO_PET = 0.05;
/**
 * A species other than the request's stated animal is named only where the classifier is this sure
 * of it; below, the owner's word and the classifier's disagree and neither is given. Measured
 * (2026-11-28, MobileNetV2 on the animal's crop): of the 300 real cat skin close-ups of
 * shared/photos-real sent as "cat", 90 were read as another species (dog 57, hamster 23, rabbit 5,
 * guinea pig 5), all wrong, 16 of them at 0.8 or more; the whole pets at hand sent as the wrong
 * species read 0.85–1.0 for what they are (chelsea, the kitten and the Golden Retriever of
 * shared/photos, GCompris's kitten and dog), while GCompris's farm cat sent as "dog" read as a
 * rabbit at 0.34 and its swans sent as "cat" as a dog at 0.75.
 */
export const SURE_AGAINST_STATED = 0.8;

/**
 * A species the classifier gives less than this is named only where the detector boxes the animal
 * as that species, at DETECTOR_VOUCHES or more; elsewhere the answer names none and is free.
 * Measured (2026-12-04, YOLOX-Nano and MobileNetV2 on the crop) on 2,098 real pictures sent as
 * "dog": it takes a chess knight boxed as a dog at 0.41 (47% dog, "Standard Poodle"), a pile of
 * stool boxed as a bear (26%), a doe boxed as a giraffe (43%) and a donkey boxed as a cow (32%),
 * all charged; and of the 405 real skin close-ups, 33 cats and 4 dogs named a dog. The whole pets
 * at hand read 0.77–1.0, but GCompris's farm cat asked as a cat (26%), which the detector boxes as
 * a cat at 0.54 and so still names.
 */
export const FAINT_SPECIES = 0.5;
export const DETECTOR_VOUCHES = 0.5;

/** Whether the classifier names another species than the stated one without being sure of it (SURE_AGAINST_STATED). */
export const doubtsStatedAnimal = (pet: PetIdentification): boolean =>
  pet.species !== undefined && pet.contradictsAnimalType !== undefined && pet.speciesProbability < SURE_AGAINST_STATED;

/**
 * Whether the classifier's best match is an animal that is no pet's class, alone likelier than the
 * species it names with all its breeds together: a ram read 0.60 "ram" and 0.21 dog, an ox 0.62
 * "ox" and 0.21 dog, each named a dog where the request said "dog" (the stated animal weighs
 * double, ANIMAL_TYPE_PRIOR_WEIGHT). Measured (2026-12-04, MobileNetV2 on the crop) on 198 real
 * photos of animals that are no pets (GCompris's and Tux Paint's), breed had named a dog for 13:
 * this takes 3 (the ram, a white cow, a young gnu); the others the classifier reads as dogs
 * outright (a lamb as a curly-coated retriever at 0.38, a lion cut out as a chow). Of the whole
 * pets at hand and crops of their faces none changes; of the 405 real skin close-ups sent as
 * "dog", 19 (14 of cats, 5 of dogs) had named a pet at 0.08–0.28 beside a hog, a weasel or a
 * porcupine read likelier.
 */
export const petOutweighed = (pet: PetIdentification): boolean =>
  pet.species !== undefined && animalKindOf(pet) !== undefined && pet.topProbability > pet.speciesProbability;

/** Whether the classifier's species is too unsure to stand against the request's animal, the detector's pet, another animal or its own second view. */
export const speciesInDoubt = ({ pet, disputedBy, faint, seenWholeAs }: BreedFindings): boolean =>
  pet !== undefined &&
  (doubtsStatedAnimal(pet) ||
    disputedBy !== undefined ||
    petOutweighed(pet) ||
    faint === true ||
    seenWholeAs !== undefined);

/**
 * Where the classifier cannot say, the model's reading is the answer: none is installed, it found
 * no pet species but is not sure there is none, or it leans against the stated animal or the
 * detector's pet without being sure (speciesInDoubt). Anywhere else the classifier's word stands.
 */
export const modelJudges = (findings: BreedFindings): boolean => {
  const { pet } = findings;
  return !pet || (!pet.species && pet.speciesProbability >= SURELY_NO_PET) || speciesInDoubt(findings);
};

/** The classifier's reading with no pet in it: the animal is named by the kind of its best match. */
export const noPet = (pet: PetIdentification): PetIdentification => ({
  ...pet,
  species: undefined,
  breed: undefined,
  alternatives: [],
});

/** Whether `pet`'s species is under FAINT_SPECIES, with no box of the detector's vouching for it. */
export const faintSpecies = (pet: PetIdentification | undefined, detection?: Pick<Detection, 'label' | 'score'>) =>
  pet?.species !== undefined &&
  pet.speciesProbability < FAINT_SPECIES &&
  !(detection?.label === pet.species && detection.score >= DETECTOR_VOUCHES);

/** A pet read almost wholly as its wild relatives is the wild animal (pet-identification.ts, isWildAnimal). */
export const noWildPet = (pet: PetIdentification): PetIdentification => (isWildAnimal(pet) ? noPet(pet) : pet);
