/**
 * ImageNet-1k classes of what lives or lies on the ground outdoors: frogs and salamanders, turtles,
 * lizards and snakes, spiders, scorpions and centipedes, snails and slugs, beetles and other insects,
 * hay, acorns, buckeyes and fungi. A classifier that gives them much of its probability, reading a
 * whole frame, sees a patch of ground (MobileNetV2 reads a pile of stool on a lawn as a dung beetle,
 * a toad or a gyromitra), not a close-up of skin or an ear canal. Chosen by what the classes are,
 * before measuring; ticks are left out (they are found on skin), and so are sea creatures (a conch
 * is pink like skin). Indices of shared/models/*\/labels.json.
 */
export const IMAGENET_GROUND: readonly number[] = [
  // amphibians, turtles, lizards, snakes
  ...Array.from({ length: 44 }, (_, i) => 25 + i),
  // trilobite, harvestman, scorpion, spiders, centipede (not the tick, 78)
  69,
  70,
  71,
  72,
  73,
  74,
  75,
  76,
  77,
  79,
  // snail, slug
  113,
  114,
  // beetles, flies, bees, ants, grasshoppers … butterflies
  ...Array.from({ length: 27 }, (_, i) => 300 + i),
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
