/**
 * ImageNet-1k's flowers (rapeseed, daisy, yellow lady's slipper, rose hip), the flowerpot, and the
 * pinwheel, which a flower's ring of petals is read as: with the food classes' fruit and
 * vegetables (imagenet-food.ts), what a flower or a fruit lying on a lawn is read as. None is what
 * the stool set's stools were read as (frogs, beetles, snakes, fungi, acorns). Indices of
 * shared/models/*\/labels.json.
 */
export const IMAGENET_FLOWERS: readonly number[] = [723, 738, 984, 985, 986, 989];

/**
 * ImageNet-1k's insects photographed on flowers: the bee and the butterflies (admiral, ringlet,
 * monarch, cabbage butterfly, sulphur butterfly, lycaenid). ImageNet's photos of them are flowers
 * with an insect on them, so a close-up of a flower spreads its probability over them: MATE's red
 * marigold reads 0.67 bee and butterflies, 0.14 flowers; GCompris's bee on quince flowers 0.45 and
 * 0.37. Measured (2026-12-02, MobileNetV2): the 586 real stool photos reach 0.29 for these and the
 * flowers together, the 405 real skin close-ups 0.24 (in every operation). Not the beetles, flies
 * and ants, which the stool set's stools are read as (imagenet-ground.ts).
 */
export const IMAGENET_FLOWER_INSECTS: readonly number[] = [309, 321, 322, 323, 324, 325, 326];
