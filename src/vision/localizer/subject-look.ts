import type { ClassifierModel } from '../classifier-model.js';
import type { Pixels } from '../pixels/pixels.js';
import type { Region } from '../pixels/region.js';
import { IMAGENET_FLOWERS } from '../tables/imagenet-flowers.js';
import { IMAGENET_FOOD } from '../tables/imagenet-food.js';
import type { LocatedSubject, Location } from './locate-subject.js';

/** The subject's cells are widened by this share of their longer side on each side: the classifier needs the thing whole, and some ground. */
const LOOK_MARGIN = 0.25;

/** What the classifier makes of a located subject seen on its own: how surely it is food, or a flower. */
export interface SubjectLook {
  /** ImageNet's food classes together (imagenet-food.ts: dishes, fruit, vegetables). */
  readonly food: number;
  /** ImageNet's flowers together (imagenet-flowers.ts). */
  readonly flower: number;
}

/** The part of `image` round `subject`'s cells (LOOK_MARGIN), clipped to the photo. */
export function subjectRegion(image: Pixels, location: Location, subject: LocatedSubject): Region {
  const { grid } = location;
  const xs = subject.cells.map((cell) => cell % grid);
  const ys = subject.cells.map((cell) => Math.floor(cell / grid));
  const [x0, x1, y0, y1] = [
    Math.min(...xs) / grid,
    (Math.max(...xs) + 1) / grid,
    Math.min(...ys) / grid,
    (Math.max(...ys) + 1) / grid,
  ];
  const margin = LOOK_MARGIN * Math.max(x1 - x0, y1 - y0);
  const left = Math.max(0, Math.floor((x0 - margin) * image.width));
  const top = Math.max(0, Math.floor((y0 - margin) * image.height));
  return {
    left,
    top,
    width: Math.max(1, Math.min(image.width, Math.ceil((x1 + margin) * image.width)) - left),
    height: Math.max(1, Math.min(image.height, Math.ceil((y1 + margin) * image.height)) - top),
  };
}

const sumOf = (probabilities: Float32Array, indices: readonly number[]) =>
  indices.reduce((sum, index) => sum + (probabilities[index] ?? 0), 0);

/**
 * The classifier's reading of `subject` alone: one more run, which the pipeline spends only on a
 * subject whose colours raise a finding. Undefined for a classifier without ImageNet's labels.
 */
export async function lookAtSubject(
  image: Pixels,
  location: Location,
  subject: LocatedSubject,
  classifier: ClassifierModel,
): Promise<SubjectLook | undefined> {
  if (classifier.labelSet !== 'imagenet-1k') return undefined;
  const { probabilities } = await classifier.predict({ image, region: subjectRegion(image, location, subject) });
  return { food: sumOf(probabilities, IMAGENET_FOOD), flower: sumOf(probabilities, IMAGENET_FLOWERS) };
}
