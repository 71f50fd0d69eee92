import type { Scene, SceneAnimal } from '../../vision/scene/describe-scene.js';
import type { Detection } from '../../vision/detector-model.js';
import type { Location } from '../../vision/localizer/locate-subject.js';
import { LOCATED_LIMITS } from '../limits/located-limits.js';
import { GROUND_LIMITS } from '../limits/ground-limits.js';

/*
 * What the localizer found, against what the detector boxed and the classifier read: whether a box
 * is the located subject itself (YOLOX-Nano boxes a pile of stool as a dog or a bear), and whether
 * a faint find is a coat seen close. The specimen gate's questions (specimen-gate.ts).
 */

/**
 * The share of a detection's box that the cells of every subject the localizer found cover: how
 * much of what the detector boxed is, to the localizer, its subject.
 */
function locatedCover(location: Location, { box }: Detection): number {
  const { grid, found, frame } = location;
  const [x1, y1, x2, y2] = box;
  const area = Math.max(1e-9, (x2 - x1) * (y2 - y1));
  const [cw, ch] = [frame.width / grid, frame.height / grid];
  let covered = 0;
  for (const subject of found)
    for (const cell of subject.cells) {
      const [cx, cy] = [(cell % grid) * cw, Math.floor(cell / grid) * ch];
      covered +=
        Math.max(0, Math.min(x2, cx + cw) - Math.max(x1, cx)) * Math.max(0, Math.min(y2, cy + ch) - Math.max(y1, cy));
    }
  return covered / area;
}

/** Whether the centre of a detection's box lies in a cell of a subject the localizer found. */
function centredOnSubject({ grid, found, frame }: Location, { box }: Detection): boolean {
  const [x1, y1, x2, y2] = box;
  const column = Math.min(grid - 1, Math.max(0, Math.floor(((x1 + x2) / 2 / frame.width) * grid)));
  const row = Math.min(grid - 1, Math.max(0, Math.floor(((y1 + y2) / 2 / frame.height) * grid)));
  return found.some((subject) => subject.cells.includes(row * grid + column));
}

/**
 * Whether a detection is what the localizer found (LOCATED_LIMITS.locatedAnimalCover): a box its
 * subject's cells mostly cover, or a small one centred on them.
 */
export const isLocatedSubject = (found: Location, detection: Detection, share: number) =>
  detection.score < LOCATED_LIMITS.locatedAnimalScore &&
  (locatedCover(found, detection) >= LOCATED_LIMITS.locatedAnimalCover ||
    (share < LOCATED_LIMITS.locatedSmallBoxShare && centredOnSubject(found, detection)));

/**
 * Whether an animal's box on the ground is the stool the localizer found there, loosely boxed with
 * a stretch of lawn (GROUND_LIMITS.boxedOnGround), where its cells cover less of it than
 * isLocatedSubject asks: the ground plain in the frame, the detector and the classifier unsure of
 * an animal.
 */
const boxedOnGround = (found: Location, { detection, pet }: SceneAnimal, scene: Scene) => {
  const limits = GROUND_LIMITS.boxedOnGround;
  return (
    (scene.frameGround ?? 0) >= limits.groundProbability &&
    detection.score < limits.score &&
    (pet?.speciesProbability ?? 0) < limits.petProbability &&
    locatedCover(found, detection) >= limits.cover
  );
};

/**
 * Whether an animal's box is the subject the localizer found: a box its cells cover
 * (isLocatedSubject), or, where the subject lies on the ground (stool: PhotoNeeds.liesOnGround), a
 * loose box on a lawn (boxedOnGround).
 */
export const boxesTheSubject = (found: Location, animal: SceneAnimal, scene: Scene, liesOnGround: boolean) =>
  isLocatedSubject(found, animal.detection, animal.share) || (liesOnGround && boxedOnGround(found, animal, scene));

/**
 * A subject the localizer found only faintly, where the classifier is sure of an animal's coat: a
 * close-up of fur or skin, on which the stool localizer fires (LOCATED_LIMITS.faintPeak).
 */
export const coatSeenClose = ({ found }: Location, scene: Scene) =>
  Math.max(...found.map((subject) => subject.peak)) < LOCATED_LIMITS.faintPeak &&
  (scene.frameAnimalShare ?? 0) >= LOCATED_LIMITS.coatAnimalShare;

/**
 * Whether the detector boxed what the localizer found as an animal (isLocatedSubject): a small,
 * discrete thing on the ground, which a close-up of fur or skin is not (LOCATED_LIMITS.faintPeak).
 */
export const boxedAsSubject = (found: Location, scene: Scene) =>
  scene.animals.some((animal) => isLocatedSubject(found, animal.detection, animal.share));

/**
 * Whether an animal's operation should ask the stool localizer whether its first animal is a pile
 * of stool (Scene.stoolFound): a box the detector is not sure of (`locatedAnimalScore`), small
 * (`locatedSmallBoxShare`) or one whose crop the classifier is not sure is a pet
 * (`stoolAsAnimalPet`), as the piles it boxes as bears and dogs on lawns are. One more classifier
 * run, for such photos only.
 */
export const mayBeStool = ({ detection, share, pet }: SceneAnimal) =>
  detection.score < LOCATED_LIMITS.locatedAnimalScore &&
  (share < LOCATED_LIMITS.locatedSmallBoxShare || (pet?.speciesProbability ?? 0) < LOCATED_LIMITS.stoolAsAnimalPet);

/**
 * Whether every animal the detector boxed is stool on the ground: the stool localizer found it
 * (isLocatedSubject, or boxedOnGround: a loose box on a lawn); the classifier sees some of the
 * ground's classes in the frame (`stoolGroundProbability`, as a close-up's gate asks), for the
 * localizer fires on fur too (a flea in a cat's coat, boxed as a bird); and it is not sure of one
 * animal in the frame (`stoolAsAnimalFrameAnimal`): a crocodile on a mud bank or a Komodo dragon
 * on a rock, each boxed small as a bird, is that animal.
 */
export const animalsAreStool = (scene: Scene) => {
  const { stoolFound, animals, frameGround, frame } = scene;
  return (
    stoolFound !== undefined &&
    someGround(frameGround) &&
    !(frame?.topIsAnimal && frame.topProbability >= LOCATED_LIMITS.stoolAsAnimalFrameAnimal) &&
    animals.length > 0 &&
    animals.every((animal) => boxesTheSubject(stoolFound, animal, scene, true))
  );
};

/** Whether the classifier sees some of the ground's classes in the frame: where stool lies (`stoolGroundProbability`). */
export const someGround = (frameGround: number | undefined) =>
  (frameGround ?? 0) >= GROUND_LIMITS.stoolGroundProbability;

/**
 * Whether the photo shows stool on the ground: the stool localizer, asked by the gate (Scene.frameStool),
 * finds stool, and the classifier sees some of the ground in the frame (`stoolGroundProbability`).
 */
export const stoolOnGround = ({ frameStool, frameGround }: Scene) => frameStool === true && someGround(frameGround);
