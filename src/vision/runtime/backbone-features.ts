/** How a head reads the backbone's last feature map: each channel's mean over its cells, or its largest value. */
export type FeaturePooling = 'mean' | 'peak';

/**
 * What a head a clinic trained can read of one photo: the backbone's last feature map pooled two
 * ways. The mean (the classifier's own penultimate features) describes the whole frame; the peak
 * keeps a small lesion's evidence, which the mean dilutes in 49 cells. Training chooses between
 * them by cross-validation (train-head.ts).
 */
export interface BackboneFeatures {
  readonly mean: Float32Array;
  /** Undefined for a classifier whose manifest names no feature maps. */
  readonly peak: Float32Array | undefined;
}

/**
 * Why `classifier` cannot give a head the features it reads, or undefined when it can: a head that
 * reads the peak, on a backbone installed by a pawlens that did not yet name its feature maps.
 * The server's start and `heads evaluate` both ask it.
 */
export function poolingUnavailable(
  head: { readonly name: string; readonly pooling: FeaturePooling },
  classifier: { readonly name: string; readonly peakSize: number },
): string | undefined {
  if (head.pooling !== 'peak' || classifier.peakSize > 0) return undefined;
  return `${head.name} reads the peak of ${classifier.name}'s feature maps, and its manifest does not say where they are: install it again ("pawlens models install ${classifier.name} --from DIR").`;
}
