import type { BreedData } from '../contract/data-shapes.js';
import { joinSentences } from '../narration/join-sentences.js';
import { retakeSentences } from '../narration/retake-sentences.js';
import { templatesFor } from '../narration/templates/index.js';
import type { ClassifierModel } from '../vision/classifier-model.js';
import { identifyPet, type PetIdentification } from '../vision/pet-identification.js';
import { SPECIES_NAMES } from '../vision/tables/imagenet-pets.js';
import type { AnalysisInput } from './analysis-input.js';
import type { QualityProblem } from './quality-gate.js';

const round = (probability: number) => Math.round(Math.min(1, Math.max(0, probability)) * 1000) / 1000;

/**
 * Breed from an installed classifier. Without one, or on a photo that cannot be judged, the answer
 * is "unknown" with confidence 0 and says why; a photo without a pet gets no breed at all.
 */
export interface BreedResult {
  readonly data: BreedData;
  /** What the classifier saw; undefined without a classifier or a usable photo. */
  readonly pet: PetIdentification | undefined;
}

export async function breedData(input: AnalysisInput, problem: QualityProblem | undefined, classifier: ClassifierModel | undefined): Promise<BreedResult> {
  const { language } = input;
  const t = templatesFor(language);
  const unknown = { species: t.breed.unknown, breed: t.breed.unknown, confidence: 0 };
  if (!classifier) return { data: { ...unknown, summary: t.breed.noModel() }, pet: undefined };

  if (problem) {
    return { data: { ...unknown, summary: joinSentences(language, retakeSentences(language, problem, 'breed')) }, pet: undefined };
  }

  const pet = identifyPet(await classifier.classify(input.image), input.animalType);
  if (!pet.species) {
    const summary = joinSentences(language, [t.breed.noAnimal(pet.topLabel), t.breed.noAnimalAdvice]);
    return { data: { species: t.breed.noAnimalSpecies, breed: t.breed.noAnimalBreed, confidence: round(pet.speciesProbability), summary }, pet };
  }
  const species = SPECIES_NAMES[pet.species][language];
  if (!pet.breed) {
    const facts = { species, breed: t.breed.mixedBreed, percent: Math.round(pet.speciesProbability * 100), statedAnimal: pet.contradictsAnimalType };
    const summary = joinSentences(language, [t.breed.speciesOnly(facts), t.breed.limitation]);
    return { data: { species, breed: t.breed.mixedBreed, confidence: round(pet.speciesProbability), summary }, pet };
  }
  const breed = pet.breed[language];
  const facts = { species, breed, percent: Math.round(pet.breedProbability * 100), statedAnimal: pet.contradictsAnimalType };
  const summary = joinSentences(language, [t.breed.identified(facts), t.breed.limitation]);
  return { data: { species, breed, confidence: round(pet.breedProbability), summary }, pet };
}
