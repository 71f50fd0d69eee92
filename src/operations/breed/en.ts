import { article, joinEnglish, pluralEnglish } from '../../narration/locales/en.js';
import type { BreedWords } from './breed-words.js';

export const EN: BreedWords = {
  name: 'Breed',
  subject: 'pet',
  retakeTip: 'Send a photo in which your pet is clearly visible, the whole animal if you can.',
  unknown: 'unknown',
  noAnimalSpecies: 'no animal detected',
  noAnimalBreed: 'none',
  mixedBreed: 'mixed or unidentified breed',
  noModel: () =>
    'No breed classifier is installed on this pawlens server, so species and breed were not identified. An administrator can install one with "pawlens models install recommended".',
  noAnimal: (topLabel) => `The photo does not appear to show a pet; the classifier's best match was "${topLabel}".`,
  notAPetBreed: 'none (not a pet)',
  notAPet: (animal, topLabel, byDetector) =>
    `${byDetector ? 'The detector takes this animal for' : 'This looks like'} ${article(animal)} ${animal} (the classifier's best match: "${topLabel}"), not a dog, cat, rabbit, hamster or guinea pig, so no breed is given and nothing was charged.`,
  modelsDisagree: (topMatch, detected) =>
    detected
      ? `The detector takes this animal for ${article(detected)} ${detected}, and the classifier's best match is "${topMatch}": they disagree, so no species or breed is given and nothing was charged.`
      : `The classifier's best match is "${topMatch}", but it is not sure enough that this is a pet to name one, so no species or breed is given and nothing was charged.`,
  noAnimalAdvice: 'No breed is given for a photo without a pet; send one in which your pet is clearly visible.',
  doubtsStated: ({ stated, species, percent }) =>
    `The request said "${stated}", and the classifier leans to ${article(species)} ${species} (${percent}% probability), not surely enough to overrule it, so no species or breed is given and nothing was charged.`,
  outweighed: ({ topMatch, percent, species, speciesPercent }) =>
    `The classifier's best match for this animal is "${topMatch}" (${percent}% probability), likelier than ${article(species)} ${species} with all its breeds together (${speciesPercent}%), so no species or breed is given and nothing was charged.`,
  faint: ({ species, percent }) =>
    `The classifier leans to ${article(species)} ${species} (${percent}% probability), not surely enough to name it, so no species or breed is given and nothing was charged.`,
  viewsDisagree: ({ species, percent, wholeMatch }) =>
    `Read from the middle of its box, the animal looks like ${article(species)} ${species} (${percent}% probability), but read whole, with nothing cut off, it does not clearly: the classifier's best match is then "${wholeMatch}". The two readings disagree, so no species or breed is given and nothing was charged.`,
  identified: ({ species, breed, percent, statedAnimal }) =>
    statedAnimal
      ? `The request said "${statedAnimal}", but the classifier sees a ${species}, most likely ${article(breed)} ${breed} (${percent}% probability).`
      : `The classifier sees a ${species}, most likely ${article(breed)} ${breed} (${percent}% probability).`,
  speciesOnly: ({ species, percent, statedAnimal }) =>
    statedAnimal
      ? `The request said "${statedAnimal}", but the classifier sees a ${species} (${percent}% probability) with no single breed standing out.`
      : `The classifier sees a ${species} (${percent}% probability), but no single breed stands out.`,
  traits: ({ animals, named, percent, coat, ahead }) => {
    const look = `fills about ${percent}% of the frame${coat ? ` and has a mainly ${coat} coat` : ''}`;
    if (animals === 1) return `The animal ${look}.`;
    const shows = `The photo shows ${animals} ${named ? pluralEnglish(named) : 'animals'}`;
    if (!ahead) return `${shows}; the largest, which ${look}, was judged.`;
    return ahead.because === 'asked'
      ? `${shows}; the ${ahead.name} the request named, which ${look}, was judged.`
      : `${shows}; the ${ahead.name}, which ${look}, was judged, as the detector takes none larger for a pet.`;
  },
  alternatives: (breeds) =>
    `Also possible: ${joinEnglish(breeds.map(({ name, percent }) => `${name} (${percent}%)`))}.`,
  limitation:
    'A breed from one photo is an estimate: mixed breeds and young animals are often misjudged, and only a DNA test confirms ancestry.',
  fieldNames: { species: 'Species', breed: 'Breed', confidence: 'Confidence' },
  llm: {
    task: "Identify the animal's species and its most likely breed or breed group, with a confidence from 0 to 100 (percent).",
    fieldHelp: {
      species: 'the animal species',
      breed: 'the single most likely breed or breed group',
    },
    petLine: (species, speciesPercent, breed, breedPercent) =>
      `The breed classifier sees a ${species} (${speciesPercent}%)${breed ? `, most likely ${breed} (${breedPercent}%)` : ''}.`,
    noPetLine: (topLabel) => `The breed classifier sees no pet; its best match is "${topLabel}".`,
    unreadPetLine: (detected) =>
      `An object detector takes the animal for ${article(detected)} ${detected}: judge the species from the photo.`,
    noClassifier: 'No breed classifier is installed; judge from the photo alone.',
    doubtLine: (stated, species, percent) =>
      `The request says the animal is a "${stated}"; the breed classifier leans, unsure, to ${article(species)} ${species} (${percent}%): judge the species from the photo.`,
    disputedLine: (detected, species, percent) =>
      `An object detector takes the animal for ${article(detected)} ${detected}; the breed classifier leans, unsure, to ${article(species)} ${species} (${percent}%): judge the species from the photo.`,
    faintLine: (species, percent) =>
      `The breed classifier leans, unsure, to ${article(species)} ${species} (${percent}%): judge from the photo whether it is a pet at all, and which.`,
    viewsDisagreeLine: (species, percent, wholeMatch) =>
      `From the middle of the animal's box the breed classifier leans, unsure, to ${article(species)} ${species} (${percent}%), but its best match for the animal seen whole is "${wholeMatch}": judge from the photo whether it is a pet at all, and which.`,
    outweighedLine: ({ topMatch, percent, species, speciesPercent }) =>
      `The breed classifier's best match is "${topMatch}" (${percent}%), an animal that is no pet, likelier than ${article(species)} ${species} (${speciesPercent}%): judge from the photo whether it is a pet at all.`,
  },
};
