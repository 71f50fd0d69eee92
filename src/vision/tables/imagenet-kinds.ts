import { IMAGENET_FOOD } from './imagenet-food.js';
import { OBJECT_GROUP_OF } from './imagenet-objects.js';
import { IMAGENET_PET_CLASSES, type LocalizedName, SPECIES_NAMES } from './imagenet-pets.js';

/**
 * What kind of thing each of ImageNet-1k's 1000 classes is, named in every language: a sentence
 * that quotes the classifier's best match in Chinese or Spanish names its kind ("鸟", "animal con
 * pezuñas") rather than an English label ("crane", "ox") the reader may not know. Ranges of the
 * class indices of shared/models/*\/labels.json, read from the labels themselves.
 */
const kind = (en: string, zh: string, es: string): LocalizedName => ({ en, zh, es });

const FISH = kind('fish', '鱼', 'pez');
const BIRD = kind('bird', '鸟', 'ave');
const AMPHIBIAN = kind('amphibian', '两栖动物', 'anfibio');
const REPTILE = kind('reptile', '爬行动物', 'reptil');
const INVERTEBRATE = kind('invertebrate', '无脊椎动物', 'invertebrado');
const WILD_MAMMAL = kind('wild mammal', '野生哺乳动物', 'mamífero salvaje');
const HOOFED = kind('hoofed animal', '有蹄动物', 'animal con pezuñas');
const FOOD = kind('food or drink', '食物或饮料', 'comida o bebida');
const LANDSCAPE = kind('landscape', '风景', 'paisaje');
const PERSON = kind('person', '人物', 'persona');
const PLANT = kind('plant or fungus', '植物或真菌', 'planta u hongo');
const OBJECT = kind('object', '物品', 'objeto');

/** [first, last] class index (inclusive) → kind; the classes not listed here are objects. */
const RANGES: ReadonlyArray<readonly [number, number, LocalizedName]> = [
  [0, 6, FISH], // tench … stingray
  [7, 24, BIRD], // cock … great grey owl
  [25, 32, AMPHIBIAN], // salamanders, newts, frogs
  [33, 68, REPTILE], // turtles, lizards, crocodiles, snakes
  [69, 79, INVERTEBRATE], // trilobite, spiders, tick, centipede
  [80, 100, BIRD], // grouse … black swan
  [101, 106, WILD_MAMMAL], // tusker, echidna, platypus, wallaby, koala, wombat
  [107, 126, INVERTEBRATE], // jellyfish, corals, worms, snails, crabs, lobsters
  [127, 146, BIRD], // white stork … albatross
  [147, 150, WILD_MAMMAL], // whales, dugong, sea lion
  [151, 268, SPECIES_NAMES.dog],
  [269, 280, WILD_MAMMAL], // wolves, coyote, dingo, hyena, foxes
  [281, 285, SPECIES_NAMES.cat], // tabby … Egyptian cat
  [286, 299, WILD_MAMMAL], // wild cats, bears, mongoose, meerkat
  [300, 329, INVERTEBRATE], // beetles, insects, butterflies, starfish, sea urchin
  [330, 332, SPECIES_NAMES.rabbit], // wood rabbit, hare, Angora
  [333, 333, SPECIES_NAMES.hamster],
  [334, 337, WILD_MAMMAL], // porcupine, squirrel, marmot, beaver
  [338, 338, SPECIES_NAMES.guinea_pig],
  [339, 355, HOOFED], // horse, zebra, pigs, hippo, cattle, sheep, goats, antelopes, camel, llama
  [356, 388, WILD_MAMMAL], // weasels, otter, skunk, badger, armadillo, sloth, primates, elephants, pandas
  [389, 397, FISH], // barracouta … puffer
  [966, 967, FOOD], // red wine, espresso
  [969, 969, FOOD], // eggnog
  [970, 980, LANDSCAPE], // alp … volcano
  [981, 983, PERSON], // ballplayer, groom, scuba diver
  [984, 998, PLANT], // rapeseed … ear (of corn)
];

const FOOD_CLASSES: ReadonlySet<number> = new Set(IMAGENET_FOOD);

/** The class indices of the ranges above whose kind is one of `kinds`. */
const classesOf = (...kinds: LocalizedName[]): number[] =>
  RANGES.filter(([, , kindOf]) => kinds.includes(kindOf)).flatMap(([first, last]) =>
    Array.from({ length: last - first + 1 }, (_, i) => first + i),
  );

/** ImageNet-1k's bird classes (cock … albatross), from the ranges above. */
export const IMAGENET_BIRDS: readonly number[] = classesOf(BIRD);

/**
 * The fish bare or thinly furred skin is read as, pale and mottled: of the 405 real skin close-ups
 * of shared/photos-real, MobileNetV2 read one as a great white shark at 0.72, one at 0.50 and one
 * as an electric ray at 0.31 (2026-12-03); no other fish class reached 0.14 on any of them.
 */
const FISH_BARE_SKIN_IS_READ_AS: ReadonlySet<number> = new Set([2, 5]); // great white shark, electric ray

/**
 * ImageNet-1k's fish classes (tench … stingray, barracouta … puffer): a pet's fish in its tank, or a
 * reef's; with what it sees with fish on a reef, which a reef photo's probability spreads to: the
 * coral reef and a sea anemone. Not brain coral nor a sea urchin, which a coiled stool is read as
 * (SqueezeNet: 0.94 brain coral for one of the 586 real stool photos), nor the other invertebrates;
 * nor the fish bare skin is read as, which nobody photographs for a pet's health (none of 28 real
 * fish photos was read as one at more than 0.07); nor a scuba diver, a person, which a game pad lit
 * blue is read as (0.50; no real fish photo reaches 0.05).
 */
export const IMAGENET_FISH_AND_REEF: readonly number[] = [
  ...classesOf(FISH).filter((index) => !FISH_BARE_SKIN_IS_READ_AS.has(index)),
  108,
  973,
];

/** The name of ImageNet's fish, in every language. */
export const FISH_NAME: LocalizedName = FISH;

/** The name of ImageNet's food and drink classes, in every language. */
export const FOOD_NAME: LocalizedName = FOOD;

const PET_CLASSES: ReadonlySet<number> = new Set(IMAGENET_PET_CLASSES.map((pet) => pet.index));

/** 334 porcupine and 341 hog: real skin close-ups are read as them at 0.96 and 0.995 (shared/photos-real). */
const SKIN_LIKE_MAMMALS: ReadonlySet<number> = new Set([334, 341]);

/**
 * ImageNet-1k's wild and hoofed mammals (koala, llama, wallaby, cattle, primates…), from the ranges
 * above, that a classifier sure of one names a whole animal by: not the pets' wild relatives
 * (wolves, foxes, wild cats: imagenet-pets.ts counts them towards a pet's species), nor the two
 * whose look a pet's bare or crusted skin takes (SKIN_LIKE_MAMMALS).
 */
export const IMAGENET_WHOLE_MAMMALS: readonly number[] = classesOf(WILD_MAMMAL, HOOFED).filter(
  (index) => !PET_CLASSES.has(index) && !SKIN_LIKE_MAMMALS.has(index),
);

/**
 * ImageNet-1k's reptiles (turtles, lizards, crocodiles, snakes), from the ranges above: a
 * classifier sure of one species of them names a whole animal by its kind. Not the amphibians: a
 * pile of stool on a lawn is read as a tailed frog (0.86 for one of the 586 real stool photos).
 */
export const IMAGENET_REPTILES: readonly number[] = classesOf(REPTILE);

/** The kind of ImageNet-1k class `index`, in every language. */
export function imagenetKind(index: number): LocalizedName {
  const range = RANGES.find(([first, last]) => index >= first && index <= last);
  if (range) return range[2];
  if (FOOD_CLASSES.has(index)) return FOOD;
  return OBJECT_GROUP_OF.get(index)?.name ?? OBJECT;
}
