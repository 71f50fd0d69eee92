import type { ClassifierModel } from '../classifier-model.js';
import type { DecodedImage } from '../../image/decoded-image.js';
import { type Region, regionOf } from '../pixels/region.js';
import { probabilityOf } from '../tables/class-probability.js';
import { IMAGENET_ANIMAL_OR_GROUND } from '../tables/imagenet-animal-parts.js';
import { IMAGENET_FLOWERS } from '../tables/imagenet-flowers.js';
import { IMAGENET_FOOD } from '../tables/imagenet-food.js';
import type { LocatedSubject, Location } from './locate-subject.js';

/** The subject's cells are widened by this share of their longer side on each side: the classifier needs the thing whole, and some ground. */
const LOOK_MARGIN = 0.25;

/** What the classifier makes of a located subject seen on its own: how surely it is food, a flower, or anything natural at all. */
export interface SubjectLook {
  /** ImageNet's food classes together (imagenet-food.ts: dishes, fruit, vegetables). */
  readonly food: number;
  /** ImageNet's flowers together (imagenet-flowers.ts). */
  readonly flower: number;
  /** ImageNet's animals, their coats and the ground's creatures and fungi together (IMAGENET_ANIMAL_OR_GROUND): what stool alone is read as. */
  readonly animalOrGround: number;
}

/** The part of `image` round `subject`'s box (its cells), widened by LOOK_MARGIN and clipped to the photo. */
export function subjectRegion(
  image: Parameters<typeof regionOf>[0],
  { frame }: Location,
  { box }: LocatedSubject,
): Region {
  const [x1, y1, x2, y2] = box;
  const margin = LOOK_MARGIN * Math.max((x2 - x1) / frame.width, (y2 - y1) / frame.height);
  const [dx, dy] = [margin * frame.width, margin * frame.height];
  return regionOf(image, [x1 - dx, y1 - dy, x2 + dx, y2 + dy]);
}

/**
 * The classifier's reading of `subject` alone: one more run, which the pipeline spends only on a
 * subject whose colours raise a finding, or one found where the frame shows none of the ground it
 * should lie on (subject-seen-as.ts, mayBeAThing). Undefined for a classifier without ImageNet's labels.
 */
export async function lookAtSubject(
  image: DecodedImage,
  location: Location,
  subject: LocatedSubject,
  classifier: ClassifierModel,
): Promise<SubjectLook | undefined> {
  if (classifier.labelSet !== 'imagenet-1k') return undefined;
  const { probabilities } = await classifier.predict({ image, region: subjectRegion(image, location, subject) });
  return {
    food: probabilityOf(probabilities, IMAGENET_FOOD),
    flower: probabilityOf(probabilities, IMAGENET_FLOWERS),
    animalOrGround: probabilityOf(probabilities, IMAGENET_ANIMAL_OR_GROUND),
  };
}
