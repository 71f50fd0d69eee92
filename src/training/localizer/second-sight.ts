import { rounded } from '../head-scores.js';
import type { LocalizerData } from './localizer-rows.js';
import { chooseSecondSight, foundIn, type LocalizerThresholds, type Looked, pointAt } from './localizer-thresholds.js';
import type { ThresholdChoice } from './train-localizer.js';

/*
 * A second localizer of the same photos, asked only where the first found nothing (the stool
 * localizer on the detector's maps, after the one on the classifier's: describe-scene.ts,
 * withSecondSight). Both read the same photos in the same order, each through its own model, and
 * a view is known to both by its photo and whether it is the photo or its ground crop.
 */

/** One localizer's answers: its views, how it saw the judged ones, and its thresholds. */
export interface LocalizerAnswers {
  readonly data: LocalizerData;
  readonly looked: readonly Looked[];
  readonly thresholds: LocalizerThresholds;
}

const keyOf = (data: LocalizerData, looked: Looked) => `${data.views[looked.view]!.photo}:${looked.ground}`;

/** What `first` found, by the key of a view of `data` (the second localizer's views of the same photos). */
function foundByFirst(first: LocalizerAnswers, data: LocalizerData): (looked: Looked) => boolean {
  const found = new Map(
    first.looked.map((l) => [
      keyOf(first.data, l),
      foundIn(l, first.thresholds.threshold, first.thresholds.closerLook),
    ]),
  );
  return (looked) => found.get(keyOf(data, looked)) ?? false;
}

/** The second localizer's threshold, chosen on its out-of-fold answers with the first's (chooseSecondSight). */
export const secondSightChoice =
  (first: LocalizerAnswers, data: LocalizerData): ThresholdChoice =>
  (looked) =>
    chooseSecondSight(looked, foundByFirst(first, data));

/** How the two find together, on the views both judged: the share of photos with the subject found, of finds right, of views without it taken for it. */
export function foundTogether(first: LocalizerAnswers, second: LocalizerAnswers) {
  const byFirst = foundByFirst(first, second.data);
  const judged = new Set(first.looked.map((l) => keyOf(first.data, l)));
  const views = second.looked.filter((looked) => judged.has(keyOf(second.data, looked)));
  const { threshold } = second.thresholds;
  const together = (looked: Looked) => byFirst(looked) || looked.peak >= threshold;
  const found = views.filter(together);
  return {
    ...pointAt(views, threshold, together),
    precision: rounded(found.filter((looked) => looked.subject).length / Math.max(1, found.length)),
  };
}
