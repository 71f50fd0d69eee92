/**
 * ImageNet-1k's mammal classes, as index ranges (inclusive): tusker to wombat, the whales, dugong
 * and sea lion, every dog, wolf, fox, cat, bear, mongoose and meerkat, then rabbits to the pandas.
 * A classifier reading a close-up of fur or of an animal's skin puts its probability here, whatever
 * breed it guesses; a brick wall, coins or a microscope slide put almost none (DESIGN.md §4).
 */
export const IMAGENET_MAMMAL_RANGES: ReadonlyArray<readonly [number, number]> = [
  [101, 106],
  [147, 299],
  [330, 388],
];

/** The probability of every mammal class together, of one reading's ImageNet-1k probabilities: how much it takes the image for fur or an animal's skin. */
export function mammalProbability(probabilities: Float32Array): number {
  let total = 0;
  for (const [first, last] of IMAGENET_MAMMAL_RANGES)
    for (let index = first; index <= last; index++) total += probabilities[index] ?? 0;
  return total;
}
