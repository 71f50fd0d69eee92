import { z } from 'zod';
import { confidence, label, summary } from '../../contract/data-fields.js';
import type { Language } from '../../contract/language.js';
import { joinSentences } from '../../narration/join-sentences.js';
import { localeFor } from '../../narration/locales/locale-for.js';
import { percent } from '../../narration/percent.js';
import { retakeSentences } from '../../narration/retake-sentences.js';
import { regionColours } from '../../vision/pixels/colour-reading.js';
import { nameForAll, namedByDetector, PET_KINDS } from '../../vision/scene/animal-name.js';
import { petDisputed, petReadAsOtherAnimal, petUnread, speciesDisputed } from '../../vision/scene/disputed-pet.js';
import type { PetIdentification } from '../../vision/scene/pet-identification.js';
import { namedByRequest, PET_AHEAD_SCORE } from '../../vision/scene/animal-order.js';
import { viewsDisagree } from '../../vision/scene/second-view.js';
import { regionOf } from '../../vision/pixels/region.js';
import type { ColourName } from '../../vision/tables/colour-palette.js';
import { COCO_NAMES, COCO_PETS } from '../../vision/tables/coco-names.js';
import { type LocalizedName, SPECIES_NAMES } from '../../vision/tables/imagenet-pets.js';
import type { Operation } from '../operation.js';
import {
  type BreedFindings,
  doubtsStatedAnimal,
  faintSpecies,
  modelJudges,
  noPet,
  noWildPet,
  petOutweighed,
  speciesInDoubt,
} from './breed-findings.js';
import type { OutweighedFacts } from './breed-words.js';
import { EN } from './en.js';
import { ES } from './es.js';
import { ZH } from './zh.js';

const WORDS = { en: EN, zh: ZH, es: ES };

/** docs/contract.md §2.9. */
const BreedData = z.strictObject({
  species: label('Identified animal species.'),
  breed: label('Single most likely breed or breed-group name.'),
  confidence,
  summary,
});
type BreedData = z.infer<typeof BreedData>;

/** A classifier at least this sure of a breed is a measured fact the LLM cannot overrule. */
export const CONFIDENT_BREED = 0.5;
/** Below this, the first breed is named with the next most likely ones. */
const SURE_BREED = 0.6;
/** Coat colours at least this share of the middle of the animal are named. */
const COAT_SHARE = 0.2;
/** The coat is measured with this share of the box cut from each side. */
const COAT_INSET = 0.25;

const round = (probability: number) => Math.round(Math.min(1, Math.max(0, probability)) * 1000) / 1000;
const mentions = (text: string, name: string) => text.toLowerCase().includes(name.toLowerCase());

/** What the answer says of a pet the classifier's best match outweighs (petOutweighed), in `language`. */
const outweighedFacts = (pet: PetIdentification, language: Language): OutweighedFacts => ({
  topMatch: pet.topName[language],
  percent: percent(pet.topProbability),
  species: SPECIES_NAMES[pet.species!][language],
  speciesPercent: percent(pet.speciesProbability),
});

/** The sentence on what the judgement rests on, when a detector found the animal. */
function traitsSentence({ animal }: BreedFindings, language: Language): string[] {
  if (!animal) return [];
  const t = localeFor(language);
  const coat = animal.coat.length > 0 ? t.joinList(animal.coat.map((colour) => t.colourNames[colour])) : undefined;
  const ahead = animal.ahead && { name: animal.ahead.name[language], because: animal.ahead.because };
  const named = animal.allNamed?.[language];
  return [WORDS[language].traits({ animals: animal.count, named, percent: percent(animal.share), coat, ahead })];
}

/**
 * Breed from an installed ImageNet or pet-breed classifier on the most prominent animal's crop
 * (or, without a detector, on the whole photo), mapped to species and breed names in en, zh and
 * es. The summary says what the judgement rests on and, when the first breed is far from sure,
 * the next ones. Without a classifier the answer is "unknown" with confidence 0, says how to
 * install one, and costs nothing. A language model may name a breed the classifier was unsure
 * of, never overrule one it was sure of.
 */
export const breed: Operation<'breed', typeof BreedData, BreedFindings, typeof BreedData> = {
  key: 'breed',
  path: 'breed-identification',
  title: 'Breed identification',
  data: BreedData,
  // A pet photo may be dark around the edges; a round view with no animal in it is refused for the missing animal.
  needs: { subject: false, shows: 'animal', colour: false, roundView: true, recognisablePet: true },
  reads: { colours: false, species: true },
  // Its labels are the classifier's own: a head trained on the same features would only repeat them.
  headField: undefined,
  words: WORDS,
  judge: async ({ scene, view }, input) => {
    const main = scene.animals[0];
    if (!main) {
      const pet = scene.frame && noWildPet(scene.frame);
      return { pet, ...(faintSpecies(pet) ? { faint: true } : {}), animal: undefined };
    }
    // The coat is the colour of the middle of the animal's box, where there is animal and little background.
    const [x1, y1, x2, y2] = main.detection.box;
    const [dx, dy] = [(x2 - x1) * COAT_INSET, (y2 - y1) * COAT_INSET];
    // Read on the detector's copy of the frame: 32 × 32 cell averages need no more detail, and summing
    // the 1024 px photo's pixels cost 1.5 ms on the event loop (shares move by under 0.02).
    const frame = view ? { ...view, sourceWidth: input.image.sourceWidth } : input.image;
    const coat = regionColours(frame, regionOf(frame, [x1 + dx, y1 + dy, x2 - dx, y2 - dy]));
    const colours = (Object.entries(coat) as Array<[ColourName, number]>)
      .filter(([, share]) => share >= COAT_SHARE)
      .sort((a, b) => b[1] - a[1]);
    const { label, score } = main.detection;
    const detected = COCO_NAMES[label];
    const name = COCO_PETS.has(label) ? undefined : detected;
    // A classifier unsure of a pet where the detector is fairly sure of an animal that is none (an
    // owl read as a dog at 20%, a giraffe as a cat at 44%, a horse as a dog at 75%) names no pet.
    const pet = main.pet && (petDisputed(main.detection, main.pet) ? noPet(main.pet) : noWildPet(main.pet));
    // …and one unsure of a pet species where the detector sees the other pet (a cat's chin read as a
    // hamster at 50%, boxed as a cat) names neither; nor one that reads a pet the detector is sure of
    // as no animal (a cat on a roof as a radiator), or as another animal it is unsure of (a cat on a
    // wall as a tarantula).
    const disputed =
      pet !== undefined &&
      (speciesDisputed(main.detection, pet, input.animalType) ||
        petUnread(main.detection, pet) ||
        petReadAsOtherAnimal(main.detection, pet));
    const { secondView } = main;
    // Several animals are named as the photo gate names them ("2 cats"): by the pet's species, where
    // the detector boxes every one as that pet, surely.
    const allNamed =
      scene.animals.length > 1 && pet?.species
        ? nameForAll(scene.animals, SPECIES_NAMES[pet.species], PET_AHEAD_SCORE)
        : undefined;
    return {
      pet,
      ...(disputed ? { disputedBy: COCO_NAMES[label] } : {}),
      // Two views of the animal that disagree (second-view.ts) name neither species. Measured
      // (2026-12-05, recommended models) on 2,630 pictures sent as "dog" (the 405 real skin close-ups,
      // 2,102 pictures of the wrong thing, GCompris's, Debian's avatars' and Tux Paint's animals): 11
      // answers went from a named dog to none, all charged before: Tux Paint's donkey (read whole, a
      // sorrel), deer (a hartebeest), mouse (a Schipperke; a fox squirrel) and cut-out lion (a Chow
      // Chow; a lion), GCompris's swans (75% dog; 28%, an albatross), 5 cats' skin close-ups, and one
      // dog's close-up at 52% (the cost). Sent with no animal type, of the 300 real cat close-ups 9
      // went to none: 3 cats named dogs, and 6 cats named cats at 25–62% (the cost), read whole as a
      // hamster, a porcupine, a weasel, a lynx, a lion or a dog. Without the best match's proviso, 8
      // more cats named cats at 38–61% went, read whole as a Persian cat or a tabby under 0.5.
      ...(viewsDisagree(pet, secondView) ? { seenWholeAs: secondView!.topName } : {}),
      ...(faintSpecies(pet, main.detection) ? { faint: true } : {}),
      animal: {
        count: scene.animals.length,
        share: main.share,
        coat: colours.slice(0, 2).map(([colour]) => colour),
        notAPet: name && { name, score },
        ...(allNamed ? { allNamed } : {}),
        ...(detected && scene.animals.some((other) => other.share > main.share)
          ? {
              ahead: {
                name: detected,
                because: namedByRequest(input.animalType)(label) ? 'asked' : 'pet',
              },
            }
          : {}),
      },
    };
  },
  answer: (verdict, language) => {
    const t = WORDS[language];
    const unknown = { species: t.unknown, breed: t.unknown, confidence: 0 };
    if (!verdict.judged) {
      const { refusal } = verdict;
      const summary = joinSentences(language, retakeSentences(language, refusal, t));
      if (refusal.reason === 'quality') return { ...unknown, summary };
      // An animal the gate saw is not "no animal": it is named where it could be, and it is not a pet.
      if (refusal.shows.kind === 'animal')
        return { species: refusal.shows.name?.[language] ?? t.unknown, breed: t.notAPetBreed, confidence: 0, summary };
      // Part of an animal seen too close (a kitten's face filling the frame): there is one, of no species told here.
      if (refusal.shows.kind === 'part_of_animal') return { ...unknown, summary };
      return { species: t.noAnimalSpecies, breed: t.noAnimalBreed, confidence: 0, summary };
    }
    const { pet } = verdict.findings;
    if (!pet) return { ...unknown, summary: t.noModel() };
    /** The classifier's best match and the detector's animal disagree: neither species nor breed, free. */
    const disagreeing = (detected: LocalizedName | undefined) => ({
      ...unknown,
      summary: joinSentences(language, [t.modelsDisagree(pet.topName[language], detected?.[language]), t.retakeTip]),
    });
    if (!pet.species) {
      // A cat or a dog the detector boxes is no photo without a pet where it is sure of it (petUnread),
      // nor the other animal the classifier reads it as, unsure (petReadAsOtherAnimal): the models disagree.
      const { disputedBy } = verdict.findings;
      if (disputedBy) return disagreeing(disputedBy);
      // An animal that is not a pet (the classifier's best match is an animal) is named for what it is:
      // by the detector's class in the request's language where the detector is sure of a class that
      // is not a pet's and the classifier is not sure of its own (namedByDetector, animal-name.ts),
      // else by the kind of the classifier's best match. It assessed no pet, so it is free.
      if (pet.topIsAnimal) {
        const notAPet = verdict.findings.animal?.notAPet;
        const byDetector = notAPet && namedByDetector(notAPet.score, pet) ? notAPet : undefined;
        // Named by its kind, a best match that is a pet's own class (a Persian cat too faint to name,
        // or disputed by a detector not sure of its bear) would be "a cat, not a dog, cat…": the
        // models disagree, and say so.
        if (!byDetector && pet.topKind && PET_KINDS.has(pet.topKind)) {
          return disagreeing(notAPet?.name);
        }
        const animal = (byDetector?.name ?? pet.topKind ?? pet.topName)[language];
        return {
          species: animal,
          breed: t.notAPetBreed,
          confidence: round(byDetector?.score ?? pet.topProbability),
          summary: joinSentences(language, [
            t.notAPet(animal, pet.topName[language], byDetector !== undefined),
            t.noAnimalAdvice,
          ]),
        };
      }
      const summary = joinSentences(language, [t.noAnimal(pet.topName[language]), t.noAnimalAdvice]);
      return {
        species: t.noAnimalSpecies,
        breed: t.noAnimalBreed,
        confidence: round(pet.speciesProbability),
        summary,
      };
    }
    const species = SPECIES_NAMES[pet.species][language];
    if (doubtsStatedAnimal(pet)) {
      const stated = pet.contradictsAnimalType!;
      const doubt = t.doubtsStated({ stated, species, percent: percent(pet.speciesProbability) });
      return { ...unknown, summary: joinSentences(language, [doubt, t.retakeTip]) };
    }
    if (petOutweighed(pet)) {
      const outweighed = t.outweighed(outweighedFacts(pet, language));
      return { ...unknown, summary: joinSentences(language, [outweighed, t.retakeTip]) };
    }
    const { disputedBy, faint, seenWholeAs } = verdict.findings;
    if (disputedBy) return disagreeing(disputedBy);
    if (faint) {
      const leans = t.faint({ species, percent: percent(pet.speciesProbability) });
      return { ...unknown, summary: joinSentences(language, [leans, t.retakeTip]) };
    }
    if (seenWholeAs) {
      const facts = { species, percent: percent(pet.speciesProbability), wholeMatch: seenWholeAs[language] };
      return { ...unknown, summary: joinSentences(language, [t.viewsDisagree(facts), t.retakeTip]) };
    }
    const breed = pet.breed ? pet.breed[language] : t.mixedBreed;
    const probability = pet.breed ? pet.breedProbability : pet.speciesProbability;
    const facts = { species, breed, percent: percent(probability), statedAnimal: pet.contradictsAnimalType };
    const unsure = pet.breed && pet.breedProbability < SURE_BREED && pet.alternatives.length > 0;
    const alternatives = unsure
      ? [
          t.alternatives(
            pet.alternatives.map(({ name, probability: p }) => ({ name: name[language], percent: percent(p) })),
          ),
        ]
      : [];
    const sentences = [
      pet.breed ? t.identified(facts) : t.speciesOnly(facts),
      ...traitsSentence(verdict.findings, language),
      ...alternatives,
      t.limitation,
    ];
    return { species, breed, confidence: round(probability), summary: joinSentences(language, sentences) };
  },
  // Only a pet's species or breed is an answer worth its price: the classifier's, or the model's
  // where it is the judge. An animal that is not a pet, or no pet, assessed nothing, with a model too.
  assessed: (findings, _answer, byModel) =>
    (findings.pet?.species !== undefined && !speciesInDoubt(findings)) || (byModel && modelJudges(findings)),
  llm: {
    fields: BreedData,
    // Species and breed names are proper names: "Golden Retriever" is a Chinese answer too.
    labelFields: [],
    facts: ({ pet, disputedBy, faint, seenWholeAs }, language) => {
      const prompt = WORDS[language].llm;
      if (!pet) return [prompt.noClassifier];
      if (!pet.species)
        return [
          prompt.noPetLine(pet.topName[language]),
          ...(disputedBy ? [prompt.unreadPetLine(disputedBy[language])] : []),
        ];
      // The request's doubt first, as the answer gives it; where the detector disputes the species
      // as well, the model judging the species is told both.
      const species = SPECIES_NAMES[pet.species][language];
      const speciesPercent = percent(pet.speciesProbability);
      const doubts = [
        ...(doubtsStatedAnimal(pet) ? [prompt.doubtLine(pet.contradictsAnimalType!, species, speciesPercent)] : []),
        ...(disputedBy ? [prompt.disputedLine(disputedBy[language], species, speciesPercent)] : []),
        ...(petOutweighed(pet) ? [prompt.outweighedLine(outweighedFacts(pet, language))] : []),
        ...(faint ? [prompt.faintLine(species, speciesPercent)] : []),
        ...(seenWholeAs ? [prompt.viewsDisagreeLine(species, speciesPercent, seenWholeAs[language])] : []),
      ];
      if (doubts.length > 0) return doubts;
      return [prompt.petLine(species, speciesPercent, pet.breed?.[language], percent(pet.breedProbability))];
    },
    limitation: (language) => WORDS[language].limitation,
  },
  merge: (findings, measured, model): BreedData => {
    const { pet } = findings;
    if (!pet || modelJudges(findings)) return model;
    if (!pet.species) return measured;
    if (pet.breed && pet.breedProbability >= CONFIDENT_BREED) {
      // The classifier's species and breed stand; the model's summary only if it names that breed.
      return mentions(model.breed, measured.breed) || mentions(model.summary, measured.breed)
        ? { ...measured, summary: model.summary }
        : measured;
    }
    return mentions(model.species, measured.species) ? model : measured;
  },
};
