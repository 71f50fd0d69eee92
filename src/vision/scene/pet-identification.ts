import type { Classification } from '../classifier-model.js';
import { imagenetKind } from '../tables/imagenet-kinds.js';
import { speciesFromAnimalType } from './animal-type.js';
import { IMAGENET_PET_CLASSES, type LocalizedName, type PetClass, type Species } from '../tables/imagenet-pets.js';

/** Below this much probability on all pet classes together, the photo shows no pet. */
export const MIN_PET_PROBABILITY = 0.2;
/** How much a stated animalType weighs: it tips a close call, it cannot overrule a clear photo. */
export const ANIMAL_TYPE_PRIOR_WEIGHT = 2;
/** ImageNet-1k's classes 0–397 are animals (fish to primates); the rest are objects, foods, scenes and plants. */
const IMAGENET_ANIMAL_CLASSES = 398;
/**
 * Below this the best breed class is too weak to name; the answer is a mixed/unknown breed. At
 * 0.05, "most likely a Great Dane (5% probability)" was said of a donkey, and a breed at 0.08–0.15
 * of stool on a lawn, a deer, swans, a dingo, a black knight of a chess set and the mixed dog of
 * shared/photos/darknet_person.jpg (a "Cardigan Welsh Corgi" at 0.13). Measured (2026-12-04,
 * MobileNetV2) on the other whole pets and crops of them at hand (shared/photos, Debian's avatars
 * and GCompris's): every breed named was 0.36 or more, but a cat asked about as a dog (0.08); of
 * the 405 real skin close-ups sent to breed, 30 of the 97 breeds named were under it.
 */
export const MIN_BREED_PROBABILITY = 0.15;
/** An alternative breed is named beside the likeliest from this probability. */
const MIN_ALTERNATIVE_PROBABILITY = 0.05;

/**
 * A "pet" whose probability its species' wild relatives hold this much of (a cheetah, a jaguar, a
 * wolf seen plainly) is that wild animal, no pet. The wild classes count towards a species because
 * a classifier calls a husky a timber wolf in part. Measured (2026-11-28) with MobileNetV2: a
 * cheetah and two jaguars (Wikimedia Commons photos in Debian's gcompris-qt-data) were "a cat
 * (100%)", their domestic classes under 0.001; of the real cats and dogs in shared/photos and
 * shared/photos-real, the wildest was a kitten read as a lynx, 95% of its cat probability (then
 * 90%, 78%).
 */
export const WILD_ANIMAL_SHARE = 0.99;
/**
 * …or whose likeliest class is, this surely, a wild relative no pet is taken for (imagenet-pets.ts,
 * PetClass.neverAPet: a tiger, a lion). A tiger keeps a share of its stripes in the house cat's
 * "tiger cat" class: Tux Paint's two tiger photos read "tiger" at 0.70 and 0.97 and only 70% and
 * 97% wild, so both were "a cat (100%)", charged. No real pet photo at hand read such a class at
 * more than 0.24 (2026-12-03: the 300 cat and 105 dog close-ups of shared/photos-real, the whole
 * pets of shared/photos, Debian's and GCompris's, and 1,139 other pictures).
 */
export const NEVER_A_PET_TOP = 0.6;

/** Whether a reading names a pet species only by its wild relatives (WILD_ANIMAL_SHARE, NEVER_A_PET_TOP): a wild animal. */
export const isWildAnimal = (pet: PetIdentification): boolean =>
  pet.species !== undefined && (pet.wildShare >= WILD_ANIMAL_SHARE || pet.neverAPetProbability >= NEVER_A_PET_TOP);

export interface PetIdentification {
  /** Undefined when the photo shows no pet. */
  readonly species: Species | undefined;
  /** Probability mass of the chosen species (or of all pets, when none is chosen). */
  readonly speciesProbability: number;
  readonly breed: LocalizedName | undefined;
  readonly breedProbability: number;
  /** The next most likely breeds of the species, surest first (at most two, each at least MIN_ALTERNATIVE_PROBABILITY). */
  readonly alternatives: ReadonlyArray<{ readonly name: LocalizedName; readonly probability: number }>;
  /** The classifier's own best label, named when no pet is seen ("espresso"). */
  readonly topLabel: string;
  /**
   * That label for a sentence in each language: in English the label itself; in Chinese and
   * Spanish the kind of thing an ImageNet class is ("食物或饮料"), since its label has no
   * translation here. A classifier with other labels is quoted as it names them.
   */
  readonly topName: LocalizedName;
  readonly topProbability: number;
  /** The kind of thing that best label is (a reptile, a hoofed animal, a bird), in every language; undefined for other labels than ImageNet's. */
  readonly topKind: LocalizedName | undefined;
  /** Whether that best label is an animal (ImageNet's classes 0–397): a pelican, a zebra. */
  readonly topIsAnimal: boolean;
  /** The stated animalType when the photo says otherwise. */
  readonly contradictsAnimalType: string | undefined;
  /**
   * The share of `speciesProbability` that the species' wild relatives hold (a cheetah read as one:
   * 1; a husky the classifier half calls a timber wolf: about half), but those the pet itself is read
   * as (PetClass.petLookalike: a cottontail, a hare); 0 where no species is chosen.
   */
  readonly wildShare: number;
  /** The likeliest class's probability where it is a wild relative no pet is taken for (PetClass.neverAPet: a tiger); else 0. */
  readonly neverAPetProbability: number;
}

interface Candidate {
  readonly species: Species;
  readonly name: LocalizedName;
  /** A wild relative: the species' mass, never the breed. */
  readonly wild: boolean;
  /** …and a sign of a wild animal, unless the pet itself is read as it (PetClass.petLookalike). */
  readonly wildSign: boolean;
  /** A coat pattern: when likelier than every breed, the answer names no breed. */
  readonly coatPattern: boolean;
  readonly probability: number;
}

function candidates(classification: Classification): Candidate[] {
  if (classification.labelSet === 'imagenet-1k') {
    return IMAGENET_PET_CLASSES.map((pet: PetClass) => ({
      species: pet.species,
      name: pet.name,
      wild: pet.wild === true,
      wildSign: pet.wild === true && pet.petLookalike !== true,
      coatPattern: pet.coatPattern === true,
      probability: classification.probabilities[pet.index] ?? 0,
    }));
  }
  // A pet-breed model labels its classes "species/Breed name"; its names are not translated.
  return classification.labels.flatMap((label, i) => {
    const [species, breed] = label.split('/', 2);
    const known = speciesFromAnimalType(species);
    return known && breed
      ? [
          {
            species: known,
            name: { en: breed, zh: breed, es: breed },
            wild: false,
            wildSign: false,
            coatPattern: false,
            probability: classification.probabilities[i] ?? 0,
          },
        ]
      : [];
  });
}

/**
 * Classifier probabilities → species and breed. The species is the one with most probability
 * mass (a stated animalType weighs ANIMAL_TYPE_PRIOR_WEIGHT times); the breed is its most likely
 * domestic class. A photo whose pet classes together stay under MIN_PET_PROBABILITY gets no breed.
 */
export function identifyPet(classification: Classification, animalType?: string): PetIdentification {
  let topIndex = 0;
  classification.probabilities.forEach((p, i) => {
    if (p > classification.probabilities[topIndex]!) topIndex = i;
  });
  const topLabel = classification.labels[topIndex]?.split(',')[0]?.trim() ?? 'unknown';
  const topProbability = classification.probabilities[topIndex] ?? 0;
  const imagenet = classification.labelSet === 'imagenet-1k';
  const topIsAnimal = imagenet && topIndex < IMAGENET_ANIMAL_CLASSES;
  const kind = imagenet ? imagenetKind(topIndex) : undefined;
  const topName = { en: topLabel, zh: kind?.zh ?? topLabel, es: kind?.es ?? topLabel };
  const neverAPet = imagenet && IMAGENET_PET_CLASSES.some((pet) => pet.index === topIndex && pet.neverAPet);

  const all = candidates(classification);
  const mass = new Map<Species, number>();
  for (const candidate of all) mass.set(candidate.species, (mass.get(candidate.species) ?? 0) + candidate.probability);
  const petProbability = [...mass.values()].reduce((sum, p) => sum + p, 0);
  const stated = speciesFromAnimalType(animalType);
  const none = {
    breed: undefined,
    breedProbability: 0,
    alternatives: [],
    topLabel,
    topName,
    topProbability,
    topKind: kind,
    topIsAnimal,
    neverAPetProbability: neverAPet ? topProbability : 0,
  };

  if (petProbability < MIN_PET_PROBABILITY) {
    return {
      species: undefined,
      speciesProbability: petProbability,
      contradictsAnimalType: stated ? animalType : undefined,
      wildShare: 0,
      ...none,
    };
  }
  const weighted = [...mass].map(
    ([species, p]) => [species, p * (species === stated ? ANIMAL_TYPE_PRIOR_WEIGHT : 1)] as const,
  );
  const [species] = weighted.reduce((best, entry) => (entry[1] > best[1] ? entry : best));
  const speciesProbability = mass.get(species)!;
  const wild = all.filter((candidate) => candidate.species === species && candidate.wildSign);
  const wildShare = wild.reduce((sum, candidate) => sum + candidate.probability, 0) / speciesProbability;
  const breeds = all
    .filter((candidate) => candidate.species === species && !candidate.wild)
    .sort((a, b) => b.probability - a.probability);
  // A tabby is a coat of any breed or none: when the classifier's likeliest is a coat pattern,
  // no breed is named, rather than the next class at a fraction of its probability.
  const breed = breeds[0]?.coatPattern ? undefined : breeds[0];
  const contradictsAnimalType = stated && stated !== species ? animalType : undefined;
  if (!breed || breed.probability < MIN_BREED_PROBABILITY) {
    return { species, speciesProbability, contradictsAnimalType, wildShare, ...none };
  }
  const alternatives = breeds
    .filter((candidate) => !candidate.coatPattern)
    .slice(1, 3)
    .filter((candidate) => candidate.probability >= MIN_ALTERNATIVE_PROBABILITY)
    .map(({ name, probability }) => ({ name, probability }));
  return {
    species,
    speciesProbability,
    breed: breed.name,
    breedProbability: breed.probability,
    alternatives,
    topLabel,
    topName,
    topProbability,
    topKind: kind,
    topIsAnimal,
    contradictsAnimalType,
    wildShare,
    neverAPetProbability: none.neverAPetProbability,
  };
}
