/**
 * What a subject a localizer found makes of the rest of the photo (docs/design.md §4): when an
 * animal's box, or the classifier's reading of the whole frame, is that subject and not an
 * animal, and when the subject is an animal's coat instead. Each limit with what it was measured
 * on; located-subject.ts and the specimen gate (specimen-gate.ts) decide with them.
 */
export const LOCATED_LIMITS = {
  /**
   * An animal's box this much covered by the cells a localizer gave its subject, and boxed with
   * less than `locatedAnimalScore`, is that subject (YOLOX-Nano boxes a pile of stool as a dog or a
   * bear, MobileNetV2 on its crop may even name a retriever), not an animal. Measured with the stool
   * localizer: of the stool photos' animal boxes, 91% were covered half or more (median 0.9) and 95%
   * scored under 0.8; the real animals of the shared photos were covered 0–0.27 but for one small
   * horse (0.67, score 0.63). At these limits 11 of the 586 stool photos are still refused as
   * showing an animal. A person's box is read the same way: of the 9 people boxed (4% of the frame or
   * more) on stool photos in which stool was found, one was the stool (covered whole, score 0.63),
   * the others covered 0–0.04 (shoes, legs, a hand). Lower limits were tried (2026-11-27): at
   * 0.45 one more of the 405 real skin close-ups of pets sent to stool analysis was judged as
   * stool, at 0.35 two, for 5 and 9 more stool photos whose box would be taken for the stool; not
   * taken.
   */
  locatedAnimalCover: 0.6,
  locatedAnimalScore: 0.85,
  /**
   * A box under this share of the frame whose centre lies in a cell of the localizer's subject is
   * that subject however little the cells cover it: the cells are coarse (a seventh of the frame's
   * side), and a small box loosely drawn round a coil straddles them. Measured (2026-11-27) with
   * the stool localizer: of the stool photos' animal boxes of 4–10% of the frame (smaller ones
   * refuse nothing), 6 more are taken for the stool (2 of them on held-out photos), all bears and
   * birds on lawns; of the boxes on the 405 real skin close-ups and the shared photos sent to stool
   * analysis, the one this small (a bear, 5%) is not centred on a stool cell, and people that
   * centre on one are 13% of the frame and more.
   */
  locatedSmallBoxShare: 0.1,
  /**
   * An animal's operation (breed, emotion) asks the stool localizer about its first animal when the
   * detector is under `locatedAnimalScore` sure of it and it is small (`locatedSmallBoxShare`) or
   * its crop is a pet to the classifier at under `stoolAsAnimalPet`; that animal is stool on the
   * ground where the localizer found it there (isLocatedSubject), the frame shows some ground
   * (`stoolGroundProbability`) and the classifier, on the whole frame, is under
   * `stoolAsAnimalFrameAnimal` sure of one animal (located-subject.ts, animalsAreStool). Measured
   * (2026-11-28) with breed: of the 113 held-out stool photos, 9 were "a dog" (charged, 13–54%),
   * 3 now; of the 405 real skin close-ups of shared/photos-real, the 57 photos of whole animals
   * (a crocodile and a Komodo dragon, boxed small as birds, read 0.86 and 0.99 on the whole frame)
   * and the shared photos, none changed. The stool piles' frames read 0.67 at most for one animal
   * (a hog).
   */
  stoolAsAnimalPet: 0.9,
  stoolAsAnimalFrameAnimal: 0.8,
  /**
   * A subject a localizer found only faintly (its surest cell under `faintPeak`), in a frame whose
   * animal classes the classifier gives `coatAnimalShare` or more together (frameAnimalShare), is
   * an animal's coat or skin seen close, not a specimen: the stool localizer fires on fur. Measured
   * (2026-11-27) on the 405 real skin close-ups of shared/photos-real sent to stool analysis, 28 of
   * which were judged as stool, 7 with a finding ("grey, pale clay", "red, blood"): 12 of the 28
   * meet both, 4 of the 7 findings among them; of the 493 real stool photos judged, 3 do (copies of
   * one dry lawn the classifier reads as fur; one held out), and the stool photos' surest cells lie
   * at 0.73 and up for nine in ten. Both sides were measured on every photo at hand, none held back.
   * Unless the detector boxed the subject as an animal (a box taken for it, `locatedAnimalCover`
   * or `locatedSmallBoxShare`): a small thing on the ground, not a coat filling the frame. Measured
   * (2026-11-28): 3 of the 586 stool photos, dark stools on a dry lawn boxed as bears at 1–2% of the
   * frame, are judged so (all dark brown, one held out); none of the 405 skin close-ups changes.
   */
  faintPeak: 0.75,
  coatAnimalShare: 0.9,
  /**
   * Where a localizer found the subject and the detector no animal, the classifier reading the
   * whole frame must be this sure of a pet, or of an object group, for the photo to show that
   * instead. MobileNetV2 takes piles of stool for curly-coated retrievers and thatch: on the 586
   * stool photos, 25 reached 0.5 for a pet and 10 for an object group, 1 reached 0.9 for a pet and
   * 2 reached 0.7 for an object; the shared photos of cats and dogs read 0.985–0.995. The
   * localizer cannot vouch for more than that: it learnt stool against lawns, and fires on fur too.
   */
  locatedFramePetProbability: 0.9,
  locatedFrameObjectProbability: 0.7,
} as const;
