/**
 * ImageNet-1k's flowers (rapeseed, daisy, yellow lady's slipper, rose hip), the flowerpot, and the
 * pinwheel, which a flower's ring of petals is read as: with the food classes' fruit and
 * vegetables (imagenet-food.ts), what a flower or a fruit lying on a lawn is read as. None is what
 * the stool set's stools were read as (frogs, beetles, snakes, fungi, acorns). Indices of
 * shared/models/*\/labels.json.
 */
export const IMAGENET_FLOWERS: readonly number[] = [723, 738, 984, 985, 986, 989];
