import type { Classification } from '../classifier-model.js';
import { OBJECT_GROUP_OF, type ObjectGroup } from '../tables/imagenet-objects.js';

/** What an ImageNet classifier, reading the whole frame, is sure the photo shows instead of a pet or a specimen. */
export interface FrameObject {
  readonly group: ObjectGroup;
  /** Its best class in that group, as the classifier names it (the first of ImageNet's synonyms). */
  readonly label: string;
  /** The group's probability, all its classes together. */
  readonly probability: number;
}

/** The most probable object group of the whole frame, or undefined for a classifier that is not ImageNet's. */
export function frameObjectOf(classification: Classification): FrameObject | undefined {
  if (classification.labelSet !== 'imagenet-1k') return undefined;
  const totals = new Map<ObjectGroup, { probability: number; best: number }>();
  classification.probabilities.forEach((probability, index) => {
    const group = OBJECT_GROUP_OF.get(index);
    if (!group) return;
    const total = totals.get(group) ?? { probability: 0, best: index };
    total.probability += probability;
    if (probability > (classification.probabilities[total.best] ?? 0)) total.best = index;
    totals.set(group, total);
  });
  let found: FrameObject | undefined;
  for (const [group, { probability, best }] of totals) {
    if (!found || probability > found.probability)
      found = { group, label: (classification.labels[best] ?? '').split(',')[0]!.trim(), probability };
  }
  return found;
}
