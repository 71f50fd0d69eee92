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
/**
 * …and three textures that skin seen closer still is taken for: a window screen, a mosquito net, a
 * mitten. The middle half of the real dog close-ups (tight crops, as issue 40's ear canals were)
 * read so, at 0.02–0.75, and 8 of 105 were refused as "nothing like part of an animal". Measured
 * (2026-12-03, recommended models) with them: those crops refused for skin 14 → 9 of 105 (3 as no
 * part of an animal), for ear 44 → 39; the middle half of the 300 cat close-ups 27 → 26. With a
 * shower curtain too, 7 and 37, and one whole dog close-up more (pink skin with pustules, a
 * pomegranate to MobileNetV2), and no answer changed on the 586 stool photos (all five health
 * operations), 69 photos of whole animals or 1,139 of Debian's and Tux Paint's pictures; but a
 * shower curtain is what it takes a generated frame of gravel or coins for (0.17), which it made
 * skin, so it was left out. Velvet too: a red rose (twice) and a stool photo got "bleeding" from
 * skin. Not measured, for want of photos: a photo of one of these things itself sent to skin or
 * ear is read by its colours. With them, 102 of the 105 whole dog close-ups and 293 of the 300 cat
 * ones reach the classifier's limit (the photo as read today, after the crops of photo-to-read.ts).
 */
const TEXTURES_SEEN_CLOSE = [904, 669, 658];
const GROUND = new Set(IMAGENET_GROUND);

export const IMAGENET_ANIMAL_PARTS: readonly number[] = [
  ...Array.from({ length: 398 }, (_, index) => index).filter((index) => !GROUND.has(index)),
  ...FUR_LIKE,
  ...TEXTURES_SEEN_CLOSE,
];

/** The probability of those classes together, of one reading's ImageNet-1k probabilities: how much it takes the image for part of an animal. */
export const animalPartProbability = (probabilities: Float32Array): number =>
  probabilityOf(probabilities, IMAGENET_ANIMAL_PARTS);

/**
 * What stool seen on its own is taken for: the ground's creatures and fungi (imagenet-ground.ts: a
 * dung beetle, a slug, a gyromitra) or an animal's coat (a mink, a brown spaniel, wool). Of the
 * real stool photos asked (those showing little ground: LOCATED_LIMITS.subjectAnimalOrGround), none
 * read under 0.3 to these classes (2026-12-03, MobileNetV2); a windmill's sail or a pair of
 * scissors that the stool localizer fires on read as a scabbard or a letter opener.
 */
export const IMAGENET_ANIMAL_OR_GROUND: readonly number[] = [...IMAGENET_ANIMAL_PARTS, ...IMAGENET_GROUND];
