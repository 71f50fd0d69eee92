/**
 * The ground a localizer's training photos show (the stool photos' lawns, gravel and soil), as the
 * backbone sees a whole frame of it: its mean features over the coarsest map's cells, rooted (a
 * few strong channels no longer outweigh the rest) and scaled to unit length, lie near a subspace
 * of few directions. A photo's distance from that subspace (what its features keep after their
 * projection on it) says how much it looks like that ground and nothing else. The ImageNet classes
 * cannot say it: they read dry grass as an armadillo, a grouse or a golf ball, and as fur
 * (imagenet-ground.ts). The localizer's graph (localizer-graph.ts) computes the same distance;
 * a test holds the two together.
 */
export interface GroundSubspace {
  /** The coarsest map's channels: the length of `mean` and of each component. */
  readonly channels: number;
  /** The training ground's mean rooted, unit-length features. */
  readonly mean: Float32Array;
  /** Its principal directions, unit length and orthogonal: components × channels, row-major. */
  readonly components: Float32Array;
}

/** How many directions the subspace keeps: `components.length / channels`. */
export const componentsOf = ({ channels, components }: GroundSubspace): number => components.length / channels;

/** A frame's mean features as the subspace reads them: rooted (negatives as 0), then scaled to unit length. */
export function groundFeaturesOf(meanFeatures: ArrayLike<number>): Float32Array {
  const rooted = Float32Array.from(meanFeatures, (value) => Math.sqrt(Math.max(value, 0)));
  const length = Math.hypot(...rooted);
  if (length > 0) for (let i = 0; i < rooted.length; i++) rooted[i]! /= length;
  return rooted;
}

/** How far a frame whose backbone's mean features are `meanFeatures` lies from the ground's subspace (0: on it; √2 at most). */
export function groundDistance(subspace: GroundSubspace, meanFeatures: ArrayLike<number>): number {
  const { channels, mean, components } = subspace;
  const centred = groundFeaturesOf(meanFeatures).map((value, i) => value - mean[i]!);
  const residual = Float32Array.from(centred);
  for (let k = 0; k < componentsOf(subspace); k++) {
    const row = components.subarray(k * channels, (k + 1) * channels);
    let along = 0;
    for (let i = 0; i < channels; i++) along += centred[i]! * row[i]!;
    for (let i = 0; i < channels; i++) residual[i]! -= along * row[i]!;
  }
  return Math.hypot(...residual);
}
