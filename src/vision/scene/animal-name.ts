import { type LocalizedName, SPECIES_NAMES } from '../tables/imagenet-pets.js';
import type { PetIdentification } from './pet-identification.js';

/**
 * An animal that is not a pet is named by the detector's class where the detector is this sure of
 * it and the classifier is less than NAMED_BY_CLASSIFIER sure of its own best match; by the kind
 * of that match otherwise. YOLOX-Nano boxes a crocodile, a chameleon and a Komodo dragon as birds,
 * a camel and a hen as sheep, a wallaby and a gorilla as bears, a crab as a horse, at 0.37–0.76
 * (57 real photos of whole animals, Wikimedia Commons photos in Debian's gcompris-qt-data), and
 * is right at 0.8 and more (a giraffe, horses, a calf, a sheep), save a goat called a cow (0.80).
 */
const NAMED_BY_DETECTOR = 0.8;
/** A classifier this sure of its best match (a hedgehog read as a porcupine at 1.0) names the animal's kind itself. */
const NAMED_BY_CLASSIFIER = 0.9;

/** The kinds ImageNet's pet classes are of (imagenet-kinds.ts): a best match of one is a pet's class. */
export const PET_KINDS: ReadonlySet<LocalizedName> = new Set(Object.values(SPECIES_NAMES));

/**
 * Whether an animal that is no pet is named by the detector's class (boxed at `score`) rather than
 * by the kind of the classifier's best match for its crop (`pet`, where the classifier read it).
 */
export const namedByDetector = (score: number, pet: PetIdentification | undefined): boolean =>
  score >= NAMED_BY_DETECTOR && (pet?.topProbability ?? 0) < NAMED_BY_CLASSIFIER;

/**
 * The kind of animal the classifier reads a crop as, where that names one and it is not a pet's
 * kind (a wild mammal, a reptile, a bird), else undefined.
 */
export const animalKindOf = (pet: PetIdentification | undefined): LocalizedName | undefined =>
  pet?.topIsAnimal && pet.topKind && !PET_KINDS.has(pet.topKind) ? pet.topKind : undefined;
