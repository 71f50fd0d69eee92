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

/**
 * The name of the first (the largest) of `animals` (its crop read, the others' not), where it names
 * them all: a single animal, or several the detector gives the first's class, each at `sureFrom`
 * or more ("3 horses", "2 cats"; the photo gate's SCENE_LIMITS.closeUpScore, breed's
 * PET_AHEAD_SCORE, both 0.5); undefined where they may differ ("3 animals"). YOLOX-Nano gives its
 * unsure boxes the wrong class now and then (musicians as giraffes at 0.39, a wrench as birds at
 * 0.35), which then do not share a name; and a pet's species read in a crop the detector boxes as
 * another animal (a cow's, read 0.4 an ox and a little more a dog; a cat's boxed as a dog, beside a
 * dog boxed so too) is not given to the others it boxes so.
 */
export function nameForAll(
  animals: ReadonlyArray<{ readonly detection: { readonly label: string; readonly score: number } }>,
  first: LocalizedName | undefined,
  sureFrom: number,
): LocalizedName | undefined {
  if (animals.length <= 1) return first;
  const { label } = animals[0]!.detection;
  if (first && PET_KINDS.has(first) && first.en !== label) return undefined;
  return animals.every(({ detection }) => detection.label === label && detection.score >= sureFrom) ? first : undefined;
}
