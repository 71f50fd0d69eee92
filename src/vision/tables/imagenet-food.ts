/**
 * ImageNet-1k classes of food, dishes of it and the plates, bowls and pans it is served in: a
 * classifier sure of these together, reading the whole frame, sees a meal, which is not stool or
 * urine (docs/design.md §4). Left out on purpose: mushrooms, acorns and other fungi and fruit of the
 * ground (a stool on a lawn is read as them), hay, and the clear glasses, bottles and beakers a
 * urine sample is a yellow liquid in (cups with a handle and mugs hold drinks). Indices of
 * shared/models/*\/labels.json; describe-scene.ts sums their probabilities.
 */
export const IMAGENET_FOOD: readonly number[] = [
  // plate; guacamole … cardoon (dishes, breads, vegetables)
  923, 924, 925, 926, 927, 928, 929, 930, 931, 932, 933, 934, 935, 936, 937, 938, 939, 940, 941, 942, 943, 944, 945,
  946,
  // Granny Smith … pomegranate (fruit)
  948, 949, 950, 951, 952, 953, 954, 955, 956, 957,
  // carbonara … burrito (dishes)
  959, 960, 961, 962, 963, 964, 965,
  // frying pan, mixing bowl, soup bowl, wok
  567, 659, 809, 909,
  // coffee, the teacups and mugs drinks are drunk from, and the bottles they are sold in: espresso,
  // cup, coffee mug, wine bottle, beer bottle, pop bottle (shared/photos/coffee.png: espresso 0.996;
  // a clip-art cup of tea: cup and mug 0.74; a bottle of sherry and one of ketchup cut out on wood,
  // 0.83 and 0.78). Not red wine or eggnog, which bloody or cloudy urine in a glass looks like; not
  // the beaker, the beer glass, the measuring cup, the pill or water bottle a sample stands in: a
  // glass of yellow liquid on a table read 0.03 for these at most (a beaker, 0.23–0.68); the 586
  // real stool photos 0.024 for the cups and 0.057 for the bottles at most.
  967, 968, 504, 907, 440, 737,
  // where food is cooked, sold or served: bakery, butcher shop, caldron, Crock Pot, Dutch oven,
  // restaurant, rotisserie, for dishes with no class of their own (fried chicken, muffins; no photo
  // of them was at hand: MobileNetV2 read a real skin close-up as a rotisserie at 83%). Not the
  // dining table or the tray, which a urine sample may stand on. On the 586 real stool photos they
  // add 0.012 at the 99th percentile and 0.084 at most: none reaches the limit by them.
  415, 467, 469, 521, 544, 762, 766,
];
