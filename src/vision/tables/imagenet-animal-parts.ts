import { probabilityOf } from './class-probability.js';
import { IMAGENET_GROUND } from './imagenet-ground.js';

/**
 * ImageNet-1k's classes that a close-up of an animal's skin, fur or lesions is taken for: every
 * animal class (tench to puffer, 0–397: fish, birds, sea creatures, ticks, mammals) but those of
 * the ground outdoors (imagenet-ground.ts: amphibians, reptiles, spiders, insects), and the three
 * things made of fur or like it (feather boa, fur coat, wool). Real lesion close-ups are read as
 * much as a tick, a shark's or a ray's skin, a hog, a flamingo or wool as a dog's fur
 * (shared/photos-real: with mammals alone, 14 of 105 dog close-ups fell under the limit; with these,
 * 2); a brick wall, coins, a cup of coffee or the sky put almost none here (docs/design.md §4).
 */
const FUR_LIKE = [552, 568, 911];
const GROUND = new Set(IMAGENET_GROUND);

export const IMAGENET_ANIMAL_PARTS: readonly number[] = [
  ...Array.from({ length: 398 }, (_, index) => index).filter((index) => !GROUND.has(index)),
  ...FUR_LIKE,
];

/** The probability of those classes together, of one reading's ImageNet-1k probabilities: how much it takes the image for part of an animal. */
export const animalPartProbability = (probabilities: Float32Array): number =>
  probabilityOf(probabilities, IMAGENET_ANIMAL_PARTS);
