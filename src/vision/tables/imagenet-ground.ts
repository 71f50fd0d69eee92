/**
 * ImageNet-1k classes of what lives or lies on the ground outdoors: frogs and salamanders, turtles,
 * lizards and snakes, spiders, scorpions and centipedes, snails and slugs, beetles and other insects,
 * hay, acorns, buckeyes and fungi, and artificial turf (a doormat to it). A classifier that gives
 * them much of its probability, reading a whole frame, sees a patch of ground (MobileNetV2 reads a
 * pile of stool on a lawn as a dung beetle, a toad or a gyromitra), not a close-up of skin or an ear
 * canal. Chosen by what the classes are, before measuring (but the doormat and the tarantula,
 * below); ticks are left out (they are found on skin), and so are sea creatures (a conch is pink
 * like skin). Indices of shared/models/*\/labels.json.
 */
export const IMAGENET_GROUND: readonly number[] = [
  // amphibians, turtles, lizards, snakes
  ...Array.from({ length: 44 }, (_, i) => 25 + i),
  // trilobite, harvestman, scorpion, spiders, centipede (not the tick, 78). Not the tarantula (76)
  // either, a hairy spider, which fur parted close up is read as: a real flea-allergy close-up, 0.33
  // (with a paintbrush, 0.15), had been refused as the ground. Measured (2026-12-04, recommended
  // models) without it: of the 405 real skin close-ups, 2 more judged for skin (that close-up and
  // its rotated copy, one "redness" on the pink skin the fur parts over); no other answer changed
  // on the 586 stool photos (stool, urine, vomit, skin, ear) or 2,096 other pictures (skin, ear;
  // the 1,600 of Debian's packages to breed and emotion too).
  69,
  70,
  71,
  72,
  73,
  74,
  75,
  77,
  79,
  // snail, slug
  113,
  114,
  // beetles, flies, bees, ants, grasshoppers … butterflies
  ...Array.from({ length: 27 }, (_, i) => 300 + i),
  // doormat: artificial turf, to MobileNetV2. Measured (2026-12-03): 13 of the 586 stool photos
  // give it 0.1 or more (turf, 0.40 at most), the 405 real skin close-ups 0.075 at most; with it,
  // two turf photos sent to skin and ear are refused as the ground (one had got "mites", moderate),
  // and no other answer changed on them, the 405 close-ups or 1,139 of Debian's and Tux Paint's pictures.
  539,
  // hay, acorn, buckeye, fungi
  958,
  988,
  990,
  991,
  992,
  993,
  994,
  995,
  996,
  997,
];

/**
 * …and what a photo filled by a lawn is read as besides: the birds that hide in grass (grouse,
 * ptarmigan, prairie chicken, quail, partridge, bustard) and the balls played on it (baseball to
 * tennis ball). A close-up of skin or an ear canal is asked about these too (close-up-gate.ts); a
 * stool's photo is not, since its rules were measured on the ground's classes alone. Measured
 * (2026-12-04, MobileNetV2) on 406 crops of the real stool photos' lawns away from every stool
 * their labels box, with the 21 photos that show none: sent to ear analysis, 107 had been judged
 * and 52 given a finding ("dark debris… ear mites", "yeast"), read as an armadillo, a bustard, a
 * skunk or a golf ball; asked these classes too, 68 and 32 (the rest are dry grass read as a
 * skunk, a kelpie or thatch). The 303 of the 405 real skin close-ups (shared/photos-real) judged
 * for ear give these classes 0.123 at most, and their ground's classes 0.117: none changed.
 */
export const IMAGENET_LAWN: readonly number[] = [
  ...IMAGENET_GROUND,
  // black grouse, ptarmigan, ruffed grouse, prairie chicken; quail, partridge; bustard
  80,
  81,
  82,
  83,
  85,
  86,
  138,
  // baseball, basketball, croquet ball, golf ball, rugby ball, soccer ball, volleyball, tennis ball
  429,
  430,
  522,
  574,
  768,
  805,
  890,
  852,
];
