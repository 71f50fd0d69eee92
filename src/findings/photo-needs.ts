/** What an operation needs to see before its rules may speak (docs/design.md §4). */
export interface PhotoNeeds {
  /** A subject standing out from a plain background (stool on a floor); close-ups need none. */
  readonly subject: boolean;
  /**
   * The kind of photo: a specimen (stool, urine, vomit: no whole animal, person or unrelated
   * object as its content), a close-up (skin, ear: part of an animal, or a hand, may be in frame,
   * never a whole animal at a distance, a person, an object, lawn or sky), or an animal (emotion, breed).
   */
  readonly shows: 'specimen' | 'close-up' | 'animal';
  /** Whether its verdict reads colours: then a photo without colour (greyscale, sepia, a night camera) cannot be judged. */
  readonly colour: boolean;
  /**
   * Whether a round view, black around it, may be a photo of its subject: an otoscope's view of an
   * ear canal, a pet photo dark at its edges. For the others it is a microscope or an eye camera.
   */
  readonly roundView: boolean;
  /**
   * Whether a close-up that the classifier, reading the whole frame, recognises as a pet may be
   * judged: a skin close-up may show a face with its lesions; an ear canal's close-up is no longer
   * one when the whole cat or dog face is what the photo shows.
   */
  readonly recognisablePet: boolean;
  /**
   * Whether a specimen may look like food (vomit: undigested food soon after a meal). A specimen
   * that cannot (stool, urine) refuses a photo the classifier takes for food (docs/design.md §4).
   */
  readonly mayBeFood?: true;
  /**
   * Whether the specimen is photographed in a container (urine: in a clear cup or jar, as its retake
   * tip asks): a cup or a bottle the detector boxes is where the specimen is, not what the photo
   * shows instead (coco-names.ts, COCO_CONTAINERS).
   */
  readonly inContainer?: true;
  /**
   * Whether stool on the ground is another specimen than this one: where the stool localizer finds
   * stool and the classifier sees some ground in the frame, the photo is refused as one of stool.
   * Urine (a liquid), and vomit unless the classifier reads the frame as food a little
   * (FOOD_LIMITS.stoolGroundFoodProbability): chunky vomit holds food, stool on a lawn reads as a
   * dung beetle or a fungus.
   */
  readonly notStool?: true;
  /**
   * Whether the specimen never passes for an animal's coat (urine: a liquid, in a cup or on a
   * floor): a frame the classifier takes surely for fur or skin is a close-up of an animal
   * (GROUND_LIMITS.stoolGroundAnimalShare). Not vomit: a hairball is fur, and a brown heap is read
   * as an animal too. Measured (2026-12-05), it would have taken 3 findings of 405 real skin
   * close-ups sent to vomit (one "active bleeding", severe), but 118 of the 586 real stool photos
   * read so (44 at 0.8), and SqueezeNet alone reads the generated coffee-ground vomit, a red flag,
   * as an electric ray (0.86): no real vomit photo is at hand to show vomit reads otherwise.
   */
  readonly neverACoat?: true;
  /**
   * Whether the specimen soaks into the ground outdoors (urine): a frame the classifier reads mostly
   * as the ground shows none of it to judge, only the soil's and the grass's colours
   * (GROUND_LIMITS.soakedInGroundProbability). Not stool or vomit, which lie on a lawn.
   */
  readonly soaksIn?: true;
  /**
   * Whether a located subject of an autumn leaf's yellow and orange, found only faintly, is a leaf
   * (located-limits.ts, `leafAutumnShare`): stool, whose yellow is rare. Not urine, whose normal colour
   * is yellow, nor vomit, whose bile is: a clinic's localizer for them finds yellow specimens.
   */
  readonly autumnLeafIsNoSpecimen?: true;
  /**
   * Whether the specimen lies where the classifier sees the ground (stool: its real photos read as a
   * dung beetle, a slug or a fungus). Where the frame shows none of that ground, what the localizer
   * found must read, seen alone, as the ground's or an animal's (subject-seen-as.ts, `subjectIsAThing`):
   * the stool localizer fires on a windmill's sail or a pair of scissors too. Not urine or vomit,
   * on floors and in cups, and read as food.
   */
  readonly liesOnGround?: true;
  /**
   * Whether the animal must be a pet, a cat or a dog (emotion: what a clinic's head learnt from
   * its patients' photos, and what the templates speak of). A horse or a cow is no pet's photo.
   */
  readonly petOnly?: true;
  /**
   * Whether a close-up the classifier takes surely for fur or skin is judged even where the stool
   * localizer fires on it and a little of the ground's classes shows (gate-limits.ts,
   * `stoolGroundAnimalShare`): the localizer fires on fur too. Only where stool cannot pass for a
   * finding: skin's rules look for red and crusts, which stool is not; an ear canal's look for dark
   * and yellow debris, which stool on a lawn is taken for.
   */
  readonly furOutweighsStoolOnGround?: true;
  /**
   * Whether black is a finding of its own in the subject's colours (stool: melena, urgent), not
   * one shade of the dark debris or patches its rules read (an ear's mites are black or dark brown
   * alike). Then only the subject's blocks a camera did not crush to black are named, and a
   * subject mostly crushed, its colour unreadable, is not judged (quality-limits.ts, `crushedSubject`).
   */
  readonly blackIsAFinding?: true;
}

/** What stool, urine and vomit photos have in common: a specimen standing out, judged by its colours, never a round view or a pet. */
export const SPECIMEN_NEEDS = {
  subject: true,
  shows: 'specimen',
  colour: true,
  roundView: false,
  recognisablePet: false,
} as const satisfies PhotoNeeds;
