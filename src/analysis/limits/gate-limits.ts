/**
 * The photo gate's limits on what a photo shows (docs/design.md §4), each with what it was
 * measured on and what it rests on: photo-gate.ts decides with them, and specimen-gate.ts and
 * close-up-gate.ts for a specimen and a close-up (when a photo is too poor to judge:
 * quality-limits.ts; what kind of picture a photo is: character-limits.ts; the ground and stool on
 * it: ground-limits.ts; food: food-limits.ts; a subject a localizer found: located-limits.ts).
 */

/**
 * What makes a photo the wrong kind. Detector scores are those of the detector's own threshold
 * and up; shares are of the frame's area.
 */
export const SCENE_LIMITS = {
  /** A specimen photo with an animal or a person this large shows them, not the specimen. */
  specimenAnimalShare: 0.04,
  /**
   * …unless the classifier, reading that animal's crop, names a thing at least this surely (its
   * best ImageNet class no animal's) where the detector is under `locatedAnimalScore` sure: YOLOX-
   * Nano boxes a pile of stool as a bear or a dog, which MobileNetV2 reads as a mushroom, and a
   * cloth or a glare on a lawn as a cat or a dog. Measured (2026-12-02) on the crops of every
   * animal boxed in real photos of animals sent to stool (GCompris's 57 and the 6 shared pets, and
   * the 405 skin close-ups, cats and dogs whole or in part): a thing is named at 0.26 at most (a
   * wig). Of the 18 stool photos of 586 refused as an animal, 3 had a crop named a thing at 0.5 or
   * more: a false morel (0.92) for a held-out stool on a lawn, judged brown now; a stole (0.79) for
   * a cloth on turf and hay (0.59) under a glare on a dry lawn, both "no stool found" now. No other
   * answer changes on the 586, nor on the 183 Debian photos or the 405 skin close-ups sent to
   * stool, urine or vomit analysis.
   */
  cropThingProbability: 0.5,
  /**
   * A close-up in which the detector is this sure of a whole animal or a person is not a close-up
   * (a fainter "person" may be the hand that holds the ear flap).
   */
  closeUpScore: 0.5,
  /**
   * An animal in a close-up is part of one, not a whole animal, when its box runs off two sides of
   * the frame, or off one and fills this much of it. A box inside the frame is an animal seen whole,
   * however much of the frame it fills, but for a pet held close (heldCloseShare): until 2026-11-28
   * one filling 80% was taken for a close-up, but none of the 108 boxes that large on the 405 real
   * skin close-ups (shared/photos-real) lies inside the frame, while whole animals photographed
   * close do (Tux Paint's mammals laid on a photo of dunes, filling 92% of it: 6 of those were
   * judged as skin, "yellow crusts", mild).
   * Not taken (2026-12-02): for skin, a cat or dog box inside over half the frame, the detector
   * under 0.8 and the crop's classifier 0.4 for that pet. Of the 10 cat close-ups it frees, 3 are
   * whole cats (one "patches", mild), with scores and shares among the 7 faces' (0.50–0.77, 0.53–0.79):
   * the crop's reading cannot tell a chin from a face; the whole frame's can (heldCloseFramePet).
   */
  cutCloseUpShare: 0.4,
  /**
   * A rabbit, a hamster or a guinea pig, which COCO has no class for, is boxed as another animal (a
   * bird, a bear, a dog): a box whose crop the classifier reads this surely as one of them is that
   * pet, to emotion (pets-only.ts, cropSurelyAPet: petOnlyCropPet for a cat or a dog), and seen whole
   * where it lies inside the frame, under cutCloseUpShare of it (boxed-subject.ts, smallWholePet).
   * Measured (2026-12-05, recommended models) on such boxes inside the frame: the 405 real skin
   * close-ups have none whose crop reads as one at all, the 586 stool photos 0.40 at most (a wood
   * rabbit); on any box, GCompris's other animals 0.24 (a squirrel, a rabbit; a pika, a hamster).
   * Psychtoolbox's rabbits in a hutch read 0.77 (boxed as a bird at 0.36) and had got "dark,
   * crumbly debris… ear mites", moderate, from ear analysis and "patches redder", mild, from skin,
   * and "a photo of a bird, not of the pet" from emotion.
   */
  boxedAsOtherCropPetProbability: 0.7,
  /**
   * …unless the detector is this sure of it: an animal boxed so surely, and cut by one side only, is
   * seen whole with a paw, an ear or its tail off the frame. Measured (2026-12-04) on the photos sent
   * to skin: of the 25 such boxes (40% of the frame or more) on the 405 real close-ups, 24 are faces,
   * chins and flanks at 0.50–0.84; the 25th is a whole pit bull beside a person (0.93), which had got
   * "yellow crusts", mild, charged. Of the 14 on 2,186 other pictures, the one judged over 0.84 was a
   * whole German shepherd in a field (0.90). Ear answers: none changed.
   */
  cutOnceWholeScore: 0.88,
  /**
   * A cat or a dog boxed inside the frame over this share of it, the detector under
   * cutOnceWholeScore and the classifier, reading the whole frame, under `heldCloseFramePet` sure
   * of a pet, is part of one held close (boxed-subject.ts, heldClose). Measured (2026-12-06,
   * recommended models): the 405 real skin close-ups have 20 such boxes at 0.50–0.77 (the detector
   * is no surer of a cat's face filling a photo: GNOME Taquin's, 0.51–0.73); the classifier reads 14
   * of those frames 0.11–0.79 a pet (chins, cheeks, ears seen from behind, a face upside down, and
   * three sick cats lying, seen whole), the 6 faces 0.81–0.96. Skin now judges 12 of them (6 mild,
   * 1 moderate: 2 of the whole cats, mild), and ear (2 findings); the real pets at hand whose boxes
   * fill half the frame (9: Debian's samples, Taquin's) read 0.83–1.0 and are still a pet. Of
   * 3,822 other pictures (the 586 stool photos, 761 lawn crops, Debian's) no answer changed.
   */
  heldCloseShare: 0.5,
  heldCloseFramePet: 0.8,
  /**
   * Part of an animal in a close-up, cut by the frame, that the detector is this sure is one that is
   * no pet and that fur is not boxed as (coco-names.ts, COCO_NOT_FUR: a cow, a sheep, a horse), and
   * whose crop the classifier does not take for a pet (under `disputedPetProbability`), is that
   * animal's head or flank, not a pet's skin or ear. Measured (2026-11-28): on the 405 real skin
   * close-ups of shared/photos-real no such box reaches 0.6 (fur is boxed as a bear, up to 0.87);
   * of 57 real photos of whole animals (Wikimedia Commons photos in Debian's gcompris-qt-data) a
   * calf's head (a cow, 0.90, cut by two sides) had been judged as an ear canal with "yeast", mild,
   * and as skin, and an ibex (a sheep, 0.87, cut by one side, 49% of the frame) as both too.
   */
  partOfNonPetScore: 0.7,
  /** …and the classifier gives its crop less than this for a pet (a dog boxed as a horse, 0.90, read 1.0 a dog, is a dog). */
  disputedPetProbability: 0.5,
  /**
   * For an operation that reads pets only (emotion), an animal the detector calls no pet is one
   * where the classifier, reading its crop, gives a pet (not its wild relatives) this much.
   * Measured (2026-11-28) on 57 real photos of whole animals (Wikimedia Commons photos in Debian's
   * gcompris-qt-data): a German shepherd boxed as a horse (0.90) reads 1.0 a dog and was refused as
   * "a photo of a horse"; of the animals boxed as no pet, the others read 0.64 at most (horses in a
   * paddock, a dog; then a cow 0.50, a pika 0.23 a hamster), and a cheetah and a giraffe read as
   * wild cats: none of them is taken for a pet.
   */
  petOnlyCropPet: 0.9,
  /**
   * For an operation that reads pets only, boxes of animals that are no pets, every one under this
   * score, where the classifier reads the largest's crop and the whole frame as no animal (ImageNet's
   * things), show no animal: the photo is answered as one without (the people in it, a thing the
   * detector boxes, or "no animal can be seen"). Emotion had called lightning "a photo of a
   * giraffe" (0.69; a head cabbage to the crop, a volcano to the frame), Mount Rushmore "an
   * elephant" (0.38), a sunflower "a bird" (0.48, a daisy), musicians "a horse" (0.65, a crutch), a
   * wrench "2 animals" (birds at 0.35 and 0.55, a radiator), where breed said "The photo does not
   * appear to show a pet" (its crop's best match). The detector's own naming bar (animal-name.ts):
   * it is right about the animals at hand from 0.8. Measured (2026-12-06, recommended models) on
   * emotion: of 589 pictures (Debian's, the shared photos, fresh holdouts) 9 answers changed, each
   * to what the photo shows; of the 991 real skin close-ups and stool photos 2, a stool on a lawn
   * (had been "a bear") and a crusted cat seen from behind on a plate, boxed as a bird (had been "a
   * bird", now "no animal": refused either way).
   */
  boxesNameNoAnimalScore: 0.8,
  /**
   * For an operation that reads pets only, a box the detector calls a bear, cut by this many sides
   * of the frame or more, is a close-up of fur, not a bear. Measured (2026-11-28) on emotion: of the
   * 405 real skin close-ups of cats and dogs (shared/photos-real), 22 were refused as "a photo of a
   * bear", 18 of them with boxes cut by 2–4 sides (the others by one, or none); the whole bears,
   * pandas and red pandas at hand (GCompris's photos, Tux Paint's bears on real photos) are cut by
   * one side at most.
   */
  furAsBearCutSides: 2,
  /**
   * In a close-up (skin, ear), a box the detector calls a bear, cut by this many sides of the frame
   * or more, is fur seen close, not a bear seen whole: a bear is refused by what the classifier
   * makes of the frame (`frameWholeMammalProbability`). Measured (2026-12-02) on the photos at
   * hand sent to skin (the 405 real close-ups, the 586 stool photos, Debian's, GCompris's and Tux
   * Paint's): 2 answers change, both dogs' skin (a leg, a flank with lesions) refused as "a dog"
   * for a bear's box at 5% and 30% of the frame, cut by one side; both now "no visible change".
   * Every other bear's box that cuts the frame is already judged, or refused for what else shows.
   */
  closeUpFurAsBearCutSides: 1,
  /**
   * For an operation that reads pets only, a box the detector calls a cat or a dog is none where
   * the classifier, reading its crop where it was asked to (a head the clinic trained or a
   * language model reads emotions), gives all pets together under this, whatever it names instead:
   * a macaque, an alpaca or a pig boxed as a dog read 0.00 (GCompris's photos), while the 7 real skin
   * close-ups of cats and dogs whose crop's best match is another animal (a ferret, a hog, a coot)
   * keep 0.03–0.19 for pets. One of the 405 falls under it: a kitten with crusted scabies on a
   * pavement, read as a sea lion (0.41; pets 0.01), refused as a wild mammal. Things too since
   * 2026-12-06 (a saw boxed as a dog at 0.47 read as a hatchet, a gravestone as a sundial, pets
   * 0.00), which a probe head had read "alert" in; a cat on a corrugated roof read as a radiator
   * keeps 0.19.
   */
  noPetInCrop: 0.02,
  /**
   * …and one whose crop the classifier reads as another animal with pets under this, in a frame it
   * reads (as it does where a head the clinic trained reads emotions) with no more of a pet
   * (pets-only.ts, lessSeenAsPet): fur or skin seen close, or another animal. Measured (2026-12-06,
   * recommended models, the frame read as with a head) on 2,410 pictures: Debian's, the shared
   * photos, the 405 real skin close-ups, the 586 stool photos, the fresh holdouts and Tux Paint's 440
   * cut-out stamps. A probe emotion head (two labels of cat close-ups, 87.5% cross-validated) had
   * read "alert" (100%) in two of Tux Paint's pigs boxed as dogs (pets 0.11 and 0.18 in the crop,
   * 0.00 and 0.15 in the frame) and in 10 skin close-ups; at 0.2, 10 of the 405 close-ups (crops
   * 0.03–0.19 for pets) and 11 other pictures (the pigs, a hippo, a kangaroo, a rat, a squirrel, a
   * seagull, a raccoon's face, two paintings, a stool) are refused; no photo of a whole cat, dog or rabbit
   * (whose crops read 0.77–1.0 a pet, but a cat in black and white on a roof, read as a radiator)
   * changed. At 0.3 one more close-up (0.20); a cat's flank read as a hen whose frame reads a
   * Shih-Tzu passes either way.
   */
  noPetSeen: 0.2,
  /** A person the frame cuts off, covering less than this, is a hand or an arm reaching in (holding the fur or the ear flap). */
  handShare: 0.4,
  /**
   * This many people boxed, however small or cut, are a crowd: no specimen's or close-up's photo.
   * Measured (2026-12-04) on the 586 real stool photos and 405 skin close-ups: 2 at most (a hand
   * and a foot, two hands parting fur). Of 1,855 other pictures, 26 answers reach 3: a night
   * festival (13) had been "blood" to urine and vomit, street theatre (6, cut) "debris" to ear,
   * charged; the rest were refused already (monuments with tourists still as buildings).
   */
  crowdPeople: 3,
  /**
   * A hand or a foot reaching into a specimen's photo (a person's box the frame cuts, under
   * `handShare`) is beside the specimen, not the photo's subject, where a localizer found the
   * specimen and the classifier gives the frame's animal classes less than this together: a hand
   * holding fur apart is a close-up of skin. Measured (2026-11-28) with the recommended models: of
   * the 586 real stool photos, 11 were refused as a person; 5 are hands or feet beside a stool the
   * localizer found, at 0.33–0.42 (judged now, all brown) and 0.79 (still refused). Of the 405 real
   * skin close-ups sent to stool analysis, 4 are a hand in fur where the localizer fires on the
   * fur, at 0.60–1.0 (still refused).
   */
  handBesideSpecimenAnimalShare: 0.5,
  /** The classifier, reading the whole frame, this sure of an object group (a vehicle, a screen, a building): that is what it shows. */
  frameObjectProbability: 0.5,
  /**
   * …and this sure of a group real specimens are read as at times (imagenet-objects.ts: balls).
   * Measured (2026-12-01) on the group's seven balls together: the 586 real stool photos reach
   * 0.54 with MobileNetV2 (a round stool on a lawn: croquet ball, baseball) and 0.47 with
   * SqueezeNet alone; the 405 real skin close-ups 0.12; the generated urine and vomit scenes 0.03.
   * GCompris's real baseball reads 1.0 with either, its volleyball 0.91 with MobileNetV2 (the
   * baseball had got "red… blood" from urine and vomit analysis).
   */
  lookalikeObjectProbability: 0.8,
  /** An unrelated object this large and this sure is the photo's content. */
  objectShare: 0.1,
  objectScore: 0.5,
  /**
   * A whole frame the classifier gives this much pet probability shows a pet: for a specimen with
   * no detector, and for a close-up that may not be recognisable as one (an ear canal) where the
   * detector boxes an animal in it, or no detector looked. Nothing here tells an ear from a cat's
   * cheek or face. Measured (2026-11-28, MobileNetV2) with no ear photo at hand: 213 crops of the
   * top corners of the cats boxed in the real skin close-ups (where ears are) read 0.5 or more in 84
   * cases, 0.8 in 24, 0.9 in 9; a cat's or dog's face filling the frame reads 0.98–1.0.
   */
  framePetProbability: 0.5,
  /**
   * …and names an animal only where the classifier's surest class reaches this: a reading spread
   * thin over a hundred breeds is a texture, not a pet (frame-subject.ts, frameStandsOut); so is a
   * coat read so, for urine (`stoolGroundAnimalShare`). MobileNetV2 reads lawns as fur: of the 761
   * lawn crops of the stool photos, 109 sent to vomit were "a photo of a dog" from the dog classes'
   * sum (0.5–0.9), their surest class at 0.02–0.28 (0.04 at the median); 217 sent to urine were
   * "a dog" from its coat rule alone, 127 of them under this. The real pets' photos at hand
   * (shared/photos, Debian's) read 0.20 and more, the real skin close-ups read as a pet or a coat
   * 0.056 and more (168 sent to vomit, 254 to urine). Measured (2026-12-05, recommended models) on
   * 2,171 pictures (those lawns, the 586 stool photos, the 405 close-ups, Debian's and GCompris's
   * 419): 81 lawns sent to vomit and 43 to stool, and 172 lawns and 2 stool photos sent to urine,
   * are no longer "a dog" or "an animal" but "No … stands out" or "No stool was found", free as
   * before; no other answer changed, for those three or ear (and breed and emotion on Debian's).
   * (Since, 74 more lawns sent to urine are the ground: specimen-gate.ts, coatOrGround.)
   */
  frameTopProbability: 0.05,
  /**
   * …and for an ear close-up in which the detector looked and boxed no animal, or only a coat that
   * fills the frame (`coatFillsFrameShare`): fur seen close reads as a cat or dog breed, 0.5–0.9,
   * with nothing a detector takes for an animal's shape; a face filling the frame reads 0.98 or
   * more, boxed or not. Measured (2026-12-03, recommended models; no box at all, before) on the
   * real skin close-ups of shared/photos-real sent to ear analysis:
   * - the middle half of each of the 405 (tight crops, as issue 40's ear canals were): refused 168
   *   → 100 times (as a pet 130 → 63), 98 → 121 findings; of the 105 dogs', 42 → 23 refused;
   * - the whole photos: refused 199 → 160 times, 112 → 126 findings, among the new ones a cat
   *   walking on a path, a mangy dog lying on its side and a dog's face (0.53–0.79; the detector
   *   boxed none of them): the cost;
   * - pets' faces and whole pets (shared/photos, Debian's avatars, GCompris's kitten, cat and dog: 11
   *   photos) still refused; of 1,064 other real pictures and the 586 stool photos sent to ear, two
   *   stools (0.73 and 0.77 pet, no box) are judged, with no finding, and no other answer changed.
   * Since a coat filling the frame counts as none (2026-12-04): the middle halves refused 100 → 66
   * times (as a pet 62 → 28), 114 → 132 findings; the whole photos refused 160 → 102 times (as a pet
   * 133 → 75), 126 → 152 findings, among the 26 new findings chins, cheeks and lumps held close, and
   * four cats' faces or whole cats lying (the cost); the 15 pets' faces and whole pets still
   * refused; of the 586 stool photos and 920 other real pictures, no answer changed.
   * The same limit says that an animal's photo (breed, emotion) in which the detector boxes no
   * animal shows part of a pet seen close, not no animal (frame-subject.ts, unboxedAnimal). Measured
   * (2026-12-04) on such photos: pets' faces cropped to fill the frame read 0.99–1.0, a cat's eye
   * 0.98; the 586 real stool photos 0.85 at most, the 1,064 other real pictures under 0.2 (bar that
   * eye, and a jaguar, which is its wild relative: frameWholeMammal).
   */
  unboxedFramePetProbability: 0.9,
  /**
   * A coat boxed over this share of the frame, or run off two of its sides, fills it: the limit
   * above holds. Of the 94 close-ups and middle halves that limit frees, 92 have only such boxes
   * (cut by two sides or more, or over 0.6 of the frame; the other two 0.42 and 0.59, cut by one).
   * GCompris's kitten on its red blanket, turned 17° onto black, is boxed over 0.43 of it, cut by
   * one side, and reads 0.53 cat: a whole kitten, still refused (it had got "inflamed" with any box
   * the frame cuts counted as none).
   */
  coatFillsFrameShare: 0.6,
  /**
   * A "close-up" the classifier, reading the whole frame, takes this surely for a bird (its bird
   * classes together) shows a bird, not a pet's skin or ear: feathers are no fur, and a bird cut
   * out tightly fills the frame as a close-up does. Measured (2026-11-27) with MobileNetV2: of the
   * 405 real skin close-ups of shared/photos-real none reached 0.7 (one 0.67, one 0.52: a lesion
   * read as a flamingo's pink); of 38 photographed birds cut out on white (Debian's
   * tuxpaint-stamps-default) 29 did, and 27 of the 38 had been judged as skin, 5 with a finding.
   */
  frameBirdProbability: 0.7,
  /**
   * …and an animal's photo (breed, emotion) in which the detector boxes no animal, surer: stool on
   * gravel the detector boxes nothing in reads as a junco or a quail at 0.70–0.76. Measured
   * (2026-12-04, MobileNetV2) on the photos the detector boxes no animal in: the 586 real stool
   * photos reach 0.76; the photographed birds Tux Paint's stamps and GCompris hold, cut out or
   * whole, 0.99–1.0 (a guineafowl 0.85 and a drawn toucan 0.79 stay "no animal can be seen").
   */
  unboxedFrameBirdProbability: 0.9,
  /**
   * An animal's operation (breed, emotion) reads no pet whose box fills under this share of the
   * frame: its crop is too small for a breed or a mood, and YOLOX-Nano boxes a pile of stool on a
   * lawn small, as a bear, whose crop MobileNetV2 reads as a black curly dog (a Kerry Blue Terrier
   * at 0.5–0.96). Only a pet, by its crop or by the detector's class: a crocodile boxed at 2% as a
   * bird is still named a reptile. Measured (2026-12-04, recommended models) on 2,098 real pictures
   * sent to breed and emotion: 11 and 5 answers to the 586 stool photos changed, among them 10
   * dog breeds (a Kerry Blue Terrier 7 times), charged; none to the 405 skin close-ups, the 1,064
   * other pictures (GCompris's whole animals among them, the smallest a crocodile at 2%) or the 43
   * pets and crops of their faces, whose boxes fill 25% of the frame and more. A pet photographed
   * from afar, under 3% of the frame, is refused as too small (free), with the tip to come closer;
   * the refusal quotes this share.
   */
  smallPetShare: 0.03,
  /**
   * …and a fish (ImageNet's fish classes together, with the reef they swim by: imagenet-kinds.ts,
   * IMAGENET_FISH_AND_REEF), for every operation: scales are no fur, no stool, urine or vomit looks
   * like a fish, and YOLOX-Nano boxes none. The classes leave out the great white shark and the
   * electric ray, which pale, mottled skin is read as (a real lesion close-up read 0.72 as a shark),
   * and the scuba diver (a game pad lit blue). Measured (2026-12-03) without them:
   * - the other real photos here reach 0.27: the 405 skin close-ups of shared/photos-real 0.25
   *   (MobileNetV2; a coho and a gar; 0.04 with SqueezeNet alone), the 586 real stool photos 0.065
   *   (MobileNetV2, as the pipeline reads them for stool, urine or vomit) and 0.27 with SqueezeNet
   *   alone; the generated stool, urine and vomit scenes (rule-scenes.ts, health-rules.test.ts's
   *   coffee grounds) 0.008;
   * - of 28 real photos of fish (reef and aquarium fish, Wikimedia Commons photos in Debian's
   *   gcompris-qt-data), 26 reach 0.6 (MobileNetV2).
   * With the shark and the ray counted the close-ups reached 0.74 and SqueezeNet's stool photos 0.61,
   * so specimens asked 0.85 and vomit none (its generated coffee grounds read 0.86 with SqueezeNet
   * alone); then a goldfish (0.999) was "bile" to vomit, a reef fish "broken-down blood" to urine.
   */
  frameFishProbability: 0.6,
  /**
   * A "close-up" the classifier, reading the whole frame, takes this surely for one wild or hoofed
   * mammal (imagenet-kinds.ts: IMAGENET_WHOLE_MAMMALS; not a pet's wild relative, nor a hog or a
   * porcupine, which real lesion close-ups are read as at 0.995 and 0.96) shows that animal whole.
   * Measured (2026-11-28) with MobileNetV2: the 405 real skin close-ups of shared/photos-real reach
   * 0.67 at most (an ox; then a camel 0.63, a koala 0.56); of 57 real photos of whole animals
   * (Wikimedia Commons photos in Debian's gcompris-qt-data) 16 reach it, among them a wallaby that
   * had passed for an ear canal with "dark debris… ear mites", moderate, and a llama judged as skin.
   * The same for a pet's wild relatives where they hold all of the pet's probability
   * (pet-identification.ts, WILD_ANIMAL_SHARE): a jaguar judged as skin is now refused; the real
   * close-ups' wildest reading (a kitten read as a lynx) keeps 5% for the domestic cat.
   * Specimens ask it too (2026-12-04): the 586 real stool photos reach 0.45 at most, and Debian's
   * gibbon in a tree (1.0), in which the stool localizer found its fur, had been "the stool in the
   * photo is mainly light brown".
   */
  frameWholeMammalProbability: 0.85,
  /**
   * The classifier, reading the whole frame, this sure of one reptile (imagenet-kinds.ts:
   * IMAGENET_REPTILES): the photo shows a reptile, for every operation. Measured (2026-12-05) on
   * the stretched frame: the 586 real stool photos, which MobileNetV2 reads as the ground's
   * creatures, reach 0.45 for one reptile (a thunder snake; 0.78 for all of them together, so one
   * species is asked, not their sum), the 405 real skin close-ups 0.28 together; with SqueezeNet
   * alone, 0.62 (a stool as a sidewinder) and 0.64 (a dog's lesion as a horned viper). The real
   * reptiles at hand read 0.82 (GCompris's crocodile), 0.94 (KDE Palapeli's chameleon), 0.99 and
   * 1.0 (GCompris's Komodo dragon and chameleon); they had been "a person" or "an invertebrate" to
   * emotion, "no animal" to breed, the ground to skin and ear, stool on the ground to vomit and
   * urine, and "the stool in the photo is mainly brown" to stool. GCompris's other chameleon, read
   * as several lizards (0.22 at most), is still named by its box. Of 2,239 pictures sent to all
   * seven operations (those stool photos and close-ups, 761 lawn crops, 487 others), only those four
   * reptiles' answers changed.
   */
  frameReptileProbability: 0.8,
  /** A "close-up" this much lawn or sky is a photo taken outdoors at a distance. */
  landscapeShare: 0.35,
  /**
   * A "close-up" the palette names green over this much of the frame, though less than a lawn's
   * `landscapeShare`, shows foliage or a lawn round a whole animal, not skin or an ear canal.
   * Measured (2026-11-28): the 405 real skin close-ups of shared/photos-real reach 0.18 at most
   * (then 0.16, 0.11); of 57 real photos of whole animals outdoors (Wikimedia Commons photos in
   * Debian's gcompris-qt-data), 3 that passed for an ear canal (a squirrel, a koala and a pika
   * among leaves and moss, 0.22–0.35) had got an ear finding, "green discharge" or "yeast", and
   * 2 of them a skin finding, "yellow crusts".
   */
  greeneryShare: 0.2,
  /**
   * A "close-up" whose pixels are green (ToneReading.greenShare: any green hue past C* 8, grey-green
   * included) this much is of grass or turf, however faded: skin, fur and an ear canal are not
   * green. Measured (2026-11-27, skin's decode): of the 405 real skin close-ups of
   * shared/photos-real none reached 0.38 (the highest: an augmented copy's stretched green streaks,
   * a cat on a green cloth); of the 586 stool photos 147 reach 0.45, among them 9 of the 17 that
   * had passed for an ear canal (artificial turf and pale lawns, which the classifier reads as a
   * doormat, not the ground's classes), and 2 of the 4 that got an ear finding there.
   */
  greenShare: 0.45,
  /**
   * A close-up the classifier gives under its limit for part of an animal (its manifest's
   * closeUpAnimalProbability: 0.2 for MobileNetV2) is still one of bare skin where pink and red fill
   * `bareSkinShare` of the frame and the classifier gives animals at least `bareSkinAnimalShare`:
   * inflamed skin close enough to fill the frame is read as fruit (a dog's pink pustules, rotated in
   * the real close-ups: pomegranate, 0.89 pink and red, animals 0.19). Measured (2026-12-03,
   * recommended models) on the photos refused so for skin, of the 405 real close-ups, 586 stool
   * photos, 1,139 of Debian's, GCompris's and Tux Paint's pictures and 217 of food: the pink and red
   * things (a rose, a post box, a cylinder, raspberries, steak, tomatoes) read 0.02 to animals at most
   * where they reach 0.5 pink and red; a photo of peppers reads 0.14 at 0.2 pink and red. Of all
   * those photos' skin and ear answers, only the pustules' changed ("redness", mild).
   */
  bareSkinShare: 0.5,
  bareSkinAnimalShare: 0.1,
} as const;
