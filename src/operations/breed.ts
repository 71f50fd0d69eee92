import { z } from 'zod';
import { confidence, label, summary } from '../contract/data-fields.js';
import { joinSentences } from '../narration/join-sentences.js';
import { localeFor } from '../narration/locales/locale-for.js';
import { retakeSentences } from '../narration/retake-sentences.js';
import { identifyPet, type PetIdentification } from '../vision/pet-identification.js';
import { SPECIES_NAMES } from '../vision/tables/imagenet-pets.js';
import type { Operation } from './operation.js';

/** SPEC.md §2.9. */
const BreedData = z.strictObject({
  species: label('Identified animal species.'),
  breed: label('Single most likely breed or breed-group name.'),
  confidence,
  summary,
});
type BreedData = z.infer<typeof BreedData>;

/** A classifier at least this sure of a breed is a measured fact the LLM cannot overrule. */
export const CONFIDENT_BREED = 0.5;
/** A classifier that gives pets together less than this is sure there is no pet. */
export const SURELY_NO_PET = 0.05;

const round = (probability: number) => Math.round(Math.min(1, Math.max(0, probability)) * 1000) / 1000;
const percent = (probability: number) => Math.round(probability * 100);
const mentions = (text: string, name: string) => text.toLowerCase().includes(name.toLowerCase());

/**
 * Breed from an installed ImageNet or pet-breed classifier, mapped to species and breed names in
 * en, zh and es. The finding is what the classifier saw, or undefined when none is installed:
 * then the answer is "unknown" with confidence 0 and says how to install one. A photo without a
 * pet gets no breed at all. A language model may name a breed the classifier was unsure of, never
 * overrule one it was sure of.
 */
export const breed: Operation<'breed', typeof BreedData, PetIdentification | undefined, typeof BreedData> = {
  key: 'breed',
  path: 'breed-identification',
  title: 'Breed identification',
  data: BreedData,
  needs: { subject: false },
  judge: async (_measurement, input, models) => models.classifier && identifyPet(await models.classifier.predict(input.image), input.animalType),
  answer: (verdict, language) => {
    const t = localeFor(language);
    const unknown = { species: t.breed.unknown, breed: t.breed.unknown, confidence: 0 };
    if (!verdict.judged) return { ...unknown, summary: joinSentences(language, retakeSentences(language, verdict.refusal, 'breed')) };
    const pet = verdict.findings;
    if (!pet) return { ...unknown, summary: t.breed.noModel() };
    if (!pet.species) {
      const summary = joinSentences(language, [t.breed.noAnimal(pet.topLabel), t.breed.noAnimalAdvice]);
      return { species: t.breed.noAnimalSpecies, breed: t.breed.noAnimalBreed, confidence: round(pet.speciesProbability), summary };
    }
    const species = SPECIES_NAMES[pet.species][language];
    const breed = pet.breed ? pet.breed[language] : t.breed.mixedBreed;
    const probability = pet.breed ? pet.breedProbability : pet.speciesProbability;
    const facts = { species, breed, percent: percent(probability), statedAnimal: pet.contradictsAnimalType };
    const summary = joinSentences(language, [pet.breed ? t.breed.identified(facts) : t.breed.speciesOnly(facts), t.breed.limitation]);
    return { species, breed, confidence: round(probability), summary };
  },
  llm: {
    fields: BreedData,
    facts: (pet, language) => {
      const { prompt } = localeFor(language);
      if (!pet) return [prompt.noClassifier];
      if (!pet.species) return [prompt.noPetLine(pet.topLabel)];
      return [prompt.petLine(SPECIES_NAMES[pet.species][language], percent(pet.speciesProbability), pet.breed?.[language], percent(pet.breedProbability))];
    },
    limitation: (language) => localeFor(language).breed.limitation,
  },
  merge: (pet, measured, model): BreedData => {
    if (!pet) return model; // no classifier: the model is the only judge
    if (!pet.species) return pet.speciesProbability < SURELY_NO_PET ? measured : model;
    if (pet.breed && pet.breedProbability >= CONFIDENT_BREED) {
      // The classifier's species and breed stand; the model's summary only if it names that breed.
      return mentions(model.breed, measured.breed) || mentions(model.summary, measured.breed) ? { ...measured, summary: model.summary } : measured;
    }
    return mentions(model.species, measured.species) ? model : measured;
  },
};
