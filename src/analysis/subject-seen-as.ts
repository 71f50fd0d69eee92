import type { PhotoNeeds } from '../findings/photo-needs.js';
import type { SceneSubject } from '../findings/verdict.js';
import type { Scene } from '../vision/scene/describe-scene.js';
import type { LocatedSubject } from '../vision/localizer/locate-subject.js';
import type { SubjectLook } from '../vision/localizer/subject-look.js';
import type { ColourName } from '../vision/tables/colour-palette.js';
import { LOCATED_LIMITS } from './limits/located-limits.js';
import { someGround } from './gate/located-subject.js';

/*
 * What a specimen's located subject is instead, asked once its colours are about to raise a
 * finding (pipeline.ts): a red flower on a lawn is not a stool with fresh blood, a leaf is not a
 * green stool; and, for a specimen that lies on the ground, wherever the frame shows none: a
 * windmill's sail is no stool. Specimens only: a clinic's localizer for skin or ear finds lesions,
 * which the classifier may read as a strawberry.
 */

/**
 * Whether a judged photo's located subject needs a look even where its colours raise no finding:
 * a specimen that lies on the ground (PhotoNeeds.liesOnGround), in a frame that shows none of it.
 */
export const mayBeAThing = (needs: PhotoNeeds, scene: Scene) =>
  needs.liesOnGround === true && !someGround(scene.frameGround);

/**
 * Whether such a subject, read alone, is a thing: hardly an animal's or the ground's at all
 * (LOCATED_LIMITS.subjectAnimalOrGround), where stool reads as a beetle, a fungus or a coat.
 */
export const subjectIsAThing = (needs: PhotoNeeds, scene: Scene, look: SubjectLook) =>
  mayBeAThing(needs, scene) && look.animalOrGround < LOCATED_LIMITS.subjectAnimalOrGround;

/** How a flower is named where a located subject turns out to be one. */
const FLOWER: SceneSubject = { kind: 'object', name: { en: 'flower', zh: '花', es: 'flor' }, label: 'flower' };

/** How a leaf is named where a located subject turns out to be one. */
const LEAF: SceneSubject = {
  kind: 'object',
  name: { en: 'leaf or plant', zh: '树叶或植物', es: 'hoja o planta' },
  label: 'leaf',
};

/**
 * What a located subject, read by the classifier on its own (SubjectLook), is instead of the
 * operation's specimen: food or a flower, surely enough (LOCATED_LIMITS.subjectFoodOrFlower). Food
 * counts only where the specimen cannot be food.
 */
export function subjectSeenAs(needs: PhotoNeeds, look: SubjectLook): SceneSubject | undefined {
  if (needs.shows !== 'specimen') return undefined;
  const food = needs.mayBeFood ? 0 : look.food;
  if (food + look.flower < LOCATED_LIMITS.subjectFoodOrFlower) return undefined;
  return food >= look.flower ? { kind: 'food' } : FLOWER;
}

/**
 * What a located subject is by its colours and how surely it was found: green over most of it
 * (LOCATED_LIMITS.leafGreenShare), or, where the specimen is not yellow itself
 * (PhotoNeeds.autumnLeafIsNoSpecimen), an autumn leaf's yellow and orange (`leafAutumnShare`), and
 * found only faintly (`leafPeak`), a leaf or a plant, which the classifier reads as an insect, a
 * fungus or an acorn. `shares`: the colours its finding was read from.
 */
export function subjectSeenByColour(
  needs: PhotoNeeds,
  subject: LocatedSubject,
  shares: Readonly<Partial<Record<ColourName, number>>> | undefined,
): SceneSubject | undefined {
  if (needs.shows !== 'specimen' || subject.peak >= LOCATED_LIMITS.leafPeak) return undefined;
  const share = (colour: ColourName) => shares?.[colour] ?? 0;
  const green = share('green') >= LOCATED_LIMITS.leafGreenShare;
  const autumn = needs.autumnLeafIsNoSpecimen && share('yellow') + share('orange') >= LOCATED_LIMITS.leafAutumnShare;
  return green || autumn ? LEAF : undefined;
}
