/**
 * When a specimen's photo shows a meal instead (docs/design.md §4: food is not a specimen): the
 * photo gate's limits on food, each with what it was measured on. food-shown.ts decides with them,
 * for photo-gate.ts.
 */
export const FOOD_LIMITS = {
  /**
   * The classifier, reading the whole frame, this sure of food classes together (imagenet-food.ts):
   * a photo of food, for stool and urine. On the 586 real stool photos MobileNetV2 gave them 0.005
   * at the median, 0.19 at the 99th percentile and 0.59 at most (one photo); the limit is set a
   * little above the stools' 99th percentile. The other side, on the three real photos of fruit at
   * hand (OpenCV's samples, scripts/debian-photos.sh): 0.40 (an apple), 0.996 and 1.0; on 12 real
   * photos of served meals (Qt's examples and a Scribus menu: burgers, soups, pasta, pizzas,
   * skewers, cupcakes, pancakes, a fruit salad), 0.72 at least, 0.97 at the median. A bowl of candy
   * (not an ImageNet class) measured 0.11.
   */
  foodProbability: 0.3,
  /**
   * Below that, two models agreeing: the classifier this sure of food (`boxedFoodProbability`) and
   * the detector's boxes of COCO_PLAIN_FOOD at `boxedFoodScore` or more covering this share of the
   * frame together, for stool, urine and vomit. Budgie's tomatoes on a board (classifier 0.22,
   * apples at 0.78 and 0.63 covering 25%) had been "blood" to urine, moderate, and "active bleeding"
   * to vomit, severe, until 2026-12-05: vomit may hold food, but not whole fruit or vegetables the
   * detector is this sure of (on 2,021 pictures sent to vomit — Debian's 269, 761 lawn crops of
   * the stool photos, the 586 stool photos and the 405 skin close-ups — only the tomatoes changed;
   * no vomit photo was at hand). Measured (2026-12-02) on the
   * 586 real stool photos, the 405 real skin close-ups, Debian's 197 photos, 150 of Tux Paint's
   * fruit and vegetable cut-outs and 1,139 more (Budgie's and Cinnamon's avatars, OpenCV's samples,
   * GCompris's pictures): both are reached by the tomatoes, one Tux Paint mango (classifier 0.19)
   * and 31 photos the classifier alone names food already (28 cut-outs, a burger, two pizzas). The
   * stool photos nearest: a lawn boxed as broccoli over 67% of it (classifier 0.01), and a stool
   * boxed as a doughnut at 0.89 over 11% (classifier 0.23; doughnuts do not count). No urine
   * sample was at hand to measure.
   */
  boxedFoodProbability: 0.15,
  boxedFoodScore: 0.6,
  boxedFoodShare: 0.2,
  /**
   * Vomit may hold food (PhotoNeeds.mayBeFood), so `foodProbability` is not asked of it; a served
   * dish is still no vomit: the classifier this sure of food on the whole frame (`servedDishFood`)
   * and the detector this sure of a dish in it (`servedDishScore`; COCO_DISHES: a pizza, a
   * sandwich, a hot dog, a cake), two models agreeing. Measured (2026-12-02), read as vomit: the
   * Scribus menu's pizza (classifier 1.0, detector 0.97) had been "vomit with fresh blood",
   * moderate, charged; with the Qt burger and pizza (0.74, 0.77), 3 of the 12 meals reach both.
   * None of the 586 real stool photos (a dish at 0.57 at most), none of the 405 real skin close-ups
   * (0.43), none of 150 of Tux Paint's photographed fruit and vegetables cut out on white, wood and
   * a plate (0.5), nor of the 197 Debian photos but those three. The classifier alone is not
   * enough: 52 of those cut-outs reach 0.9, and pomegranates, strawberries and squashes are what
   * bloody or bilious vomit may look like to it; no vomit photo was at hand to say how often.
   * Oranges and bananas (COCO_YELLOW_FRUIT), which neither other specimen counts, are fruit to vomit
   * at the same bar, boxed as `boxedFoodShare` asks (2026-12-05): KDE Palapeli's backlit citrus
   * slices (0.99; five oranges at 0.81–0.84 over 54%) had been "bile", mild. Of 2,239 pictures sent
   * to vomit (the 586 stool photos, the 405 skin close-ups, 761 lawn crops, Debian's 292 and 195
   * others), only it changed; none of the stool photos, close-ups or lawns has an orange or a banana
   * boxed at 0.35 or more. The dish at 0.6 since 2026-12-06, not 0.7: a recipe book's calzone on a
   * plate (texlive's recipebook; classifier 1.0, a sandwich at 0.69) had been "food-coloured
   * matter", mild. Of 3,760 pictures (the sets above and 787 of texlive's, pysiogame's, Scratch's
   * and fotoxx's), the classifier is this sure of food with a dish boxed at 0.5 or more only on six
   * meals; the stool photos' surest dish (a sandwich, 0.57) reads no food.
   */
  servedDishFood: 0.9,
  servedDishScore: 0.6,
  /**
   * Vomit refuses stool on the ground as one of stool (PhotoNeeds.notStool) unless the classifier,
   * on the whole frame, reads this much food in it: vomit may hold food, stool on a lawn reads as
   * the ground's creatures and fungi. Measured (2026-12-04, recommended models) on the 586 real
   * stool photos sent to vomit: 51 had been judged, 40 with a finding (17 severe: "coffee grounds"
   * from a stool's texture on grass, "white foam" on pale stools); 408 are "stool on the ground"
   * now and 1 finding is left. Of the 415 the rule alone refuses, 7 read 0.1 or more food (one
   * 0.5: the finding left, "food-coloured matter"), the other findings under 0.05. Real meals read
   * 0.79 and more and show none of the ground, so they never meet the rule. No real vomit photo
   * was at hand: vomit on a lawn that the localizer takes for stool and the classifier reads as
   * no food is refused as stool, with the retake tip to photograph it on a plain surface.
   */
  stoolGroundFoodProbability: 0.1,
} as const;
