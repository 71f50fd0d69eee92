/**
 * ImageNet-1k classes of food, dishes of it and the plates, bowls and pans it is served in: a
 * classifier sure of these together, reading the whole frame, sees a meal, which is not stool or
 * urine (docs/design.md §4). Left out on purpose: mushrooms, acorns and other fungi and fruit of the
 * ground (a stool on a lawn is read as them), hay, and drinks and cups (a urine sample is a
 * yellow liquid in a cup). Indices of shared/models/*\/labels.json; describe-scene.ts sums their probabilities.
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
  // where food is cooked, sold or served: bakery, butcher shop, caldron, Crock Pot, Dutch oven,
  // restaurant, rotisserie, for dishes with no class of their own (fried chicken, muffins; no photo
  // of them was at hand: MobileNetV2 read a real skin close-up as a rotisserie at 83%). Not the
  // dining table or the tray, which a urine sample may stand on. On the 586 real stool photos they
  // add 0.012 at the 99th percentile and 0.084 at most: none reaches the limit by them.
  415, 467, 469, 521, 544, 762, 766,
];
