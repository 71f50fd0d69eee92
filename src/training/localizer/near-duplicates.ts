/**
 * Groups of photos that are one photo, or one scene: a figure measured with a copy of a training
 * photo among the held-out ones is a figure about memory. The stool set holds edited copies of
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

const SIDE = 32;

/** A thumbnail centred and scaled to unit length, in each of its eight turns and mirrors. */
function variants(thumbnail: Uint8Array): Float32Array[] {
  const pixel = (x: number, y: number) => thumbnail[y * SIDE + x]!;
  const turns: Array<(x: number, y: number) => number> = [
    (x, y) => pixel(x, y),
    (x, y) => pixel(SIDE - 1 - y, x),
    (x, y) => pixel(SIDE - 1 - x, SIDE - 1 - y),
    (x, y) => pixel(y, SIDE - 1 - x),
  ];
  const all = turns.flatMap((turn) => [turn, (x: number, y: number) => turn(SIDE - 1 - x, y)]);
  return all.map((read) => {
    const out = new Float32Array(SIDE * SIDE);
    for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) out[y * SIDE + x] = read(x, y);
    return unit(out);
  });
}

function unit(values: Float32Array): Float32Array {
  let mean = 0;
  for (const value of values) mean += value / values.length;
  let norm = 0;
  for (let i = 0; i < values.length; i++) {
    values[i]! -= mean;
    norm += values[i]! ** 2;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < values.length; i++) values[i]! *= scale;
  return values;
}

const dot = (a: Float32Array, b: Float32Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};

/** Each photo's group: the smallest index of the photos it is joined to, directly or through others. */
export function sameSceneGroups(pooled: readonly Float32Array[], thumbnails: readonly Uint8Array[]): number[] {
  const n = pooled.length;
  const parent = Array.from({ length: n }, (_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const size = pooled[0]?.length ?? 0;
  const mean = new Float32Array(size);
  for (const values of pooled) for (let i = 0; i < size; i++) mean[i]! += values[i]! / n;
  const features = pooled.map((values) => {
    const centred = values.map((value, i) => value - mean[i]!);
    const norm = Math.sqrt(dot(centred, centred)) || 1;
    return centred.map((value) => value / norm);
  });
  const turned = thumbnails.map(variants);
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const same =
        (size >= SAME_SCENE.featuresFrom && dot(features[i]!, features[j]!) >= SAME_SCENE.features) ||
        turned[j]!.some((variant) => dot(turned[i]![0]!, variant) >= SAME_SCENE.thumbnail);
      if (same) {
        const [a, b] = [root(i), root(j)];
        parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
  return Array.from({ length: n }, (_, i) => root(i));
}
