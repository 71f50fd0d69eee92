import { dot, eightWays, THUMBNAIL_SIDE, unit } from '../vision/pixels/thumbnail.js';

/**
 * Groups of photos that are one photo, or one scene: a figure measured with a copy of a training
 * photo among the held-out ones is a figure about memory (a localizer's held-out split, a clinic
 * head's cross-validation folds). The stool set holds edited copies of
 * some photos (recoloured, noised, blurred, shaded, rotated by quarter turns, mirrored) and bursts
 * of one lawn with the stool moved; two tests find them:
 * - the grey thumbnails correlate at `thumbnail` or more, in the best of the eight ways a photo
 *   can be turned or mirrored (edited copies measured 0.99 and up; the same stool from a step to
 *   the side 0.7–0.9; different photos of one lawn mostly under 0.6);
 * - the backbone's mean features, less their mean over all the photos, point the same way: cosine
 *   `features` or more (recoloured copies whose thumbnails moved). Centred, because what every
 *   photo of a set shares (a lawn, a backbone's all-positive features) is no sign of a copy:
 *   uncentred, the stool set needed 0.9, and a backbone of a few features calls everything alike.
 *   On the stool set 0.75 grouped at most 30 photos together (358 groups), 0.6 chained 239.
 * Set by looking at pairs of the stool set on either side of each limit. Features are compared
 * only when there are at least `featuresFrom` of them: in a few dimensions two directions agree by
 * chance (in 3, a pair in eight is within 41°), and copies would chain every photo into one group.
 */
export const SAME_SCENE = { thumbnail: 0.7, features: 0.75, featuresFrom: 64 } as const;

/**
 * The limits for copies of one photo among a clinic head's labelled photos (its cross-validation
 * folds): a crop, a recolouring, a turn or a mirror, not another photo of a like subject. Photos
 * of one label look alike by design, so the two tests change:
 * - features centred on the set's mean must agree at `features` 0.85: 0.75 joined 156 pairs of 20
 *   generated gradients of different colours (one label), and at 0.85 13; crops of one real photo
 *   (60–100% of it, lighter or darker, some mirrored) mostly reach it;
 * - a thumbnail's correlation counts only from `thumbnail` 0.9, and only where the features, centred
 *   on the pair's label's own mean, still agree at `thumbnailFeatures` 0.3: close-ups share their
 *   layout (a lit centre, darker edges), and on 240 real cat skin close-ups (shared/photos-real)
 *   thumbnails alone at 0.7 chained 66 photos of all five labels into one group; 79 of the 83 pairs
 *   at 0.9 were of one label and 81 met the features' test, where of the generated gradients'
 *   143 pairs at 0.9 (smooth ramps correlate in some turn), 7 did.
 */
export const SAME_PHOTO = { thumbnail: 0.9, features: 0.85, featuresFrom: 64, thumbnailFeatures: 0.3 } as const;

interface SameLimits {
  readonly thumbnail: number;
  readonly features: number;
  readonly featuresFrom: number;
  /** With labels: the least cosine of label-centred features for a thumbnail's correlation to count. */
  readonly thumbnailFeatures?: number;
}

/** A thumbnail centred and scaled to unit length, in each of its eight turns and mirrors. */
const variants = (thumbnail: Uint8Array): Float32Array[] => eightWays(thumbnail, THUMBNAIL_SIDE).map(unit);

/** Features less a mean (over all of them, or over each one's label), at unit length. */
function centred(pooled: readonly Float32Array[], labels?: readonly string[]): Float32Array[] {
  const size = pooled[0]?.length ?? 0;
  const groupOf = (i: number) => labels?.[i] ?? '';
  const means = new Map<string, Float32Array>();
  const counts = new Map<string, number>();
  for (let i = 0; i < pooled.length; i++) counts.set(groupOf(i), (counts.get(groupOf(i)) ?? 0) + 1);
  pooled.forEach((values, i) => {
    const mean = means.get(groupOf(i)) ?? new Float32Array(size);
    for (let k = 0; k < size; k++) mean[k]! += values[k]! / counts.get(groupOf(i))!;
    means.set(groupOf(i), mean);
  });
  return pooled.map((values, i) => {
    const mean = means.get(groupOf(i))!;
    const less = values.map((value, k) => value - mean[k]!);
    const norm = Math.sqrt(dot(less, less)) || 1;
    return less.map((value) => value / norm);
  });
}

/**
 * Each photo's group: the smallest index of the photos it is joined to, directly or through
 * others, under `limits`. `labels` (a head's photos) make the thumbnail test also ask the
 * label-centred features (SAME_PHOTO).
 */
export function sameSceneGroups(
  pooled: readonly Float32Array[],
  thumbnails: readonly Uint8Array[],
  limits: SameLimits = SAME_SCENE,
  labels?: readonly string[],
): number[] {
  const n = pooled.length;
  const parent = Array.from({ length: n }, (_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const comparable = (pooled[0]?.length ?? 0) >= limits.featuresFrom;
  const features = centred(pooled);
  const withinLabel = labels && limits.thumbnailFeatures !== undefined ? centred(pooled, labels) : undefined;
  const turned = thumbnails.map(variants);
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const alike = (a: readonly Float32Array[], least: number) => !comparable || dot(a[i]!, a[j]!) >= least;
      const same =
        (comparable && dot(features[i]!, features[j]!) >= limits.features) ||
        (turned[j]!.some((variant) => dot(turned[i]![0]!, variant) >= limits.thumbnail) &&
          (!withinLabel || alike(withinLabel, limits.thumbnailFeatures!)));
      if (same) {
        const [a, b] = [root(i), root(j)];
        parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
  return Array.from({ length: n }, (_, i) => root(i));
}
