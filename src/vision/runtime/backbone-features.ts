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
  /** The head companion's mean features of the same photo (model-catalogue.ts HEAD_COMPANION), where a head reads them. */
  readonly companion?: Float32Array;
}

/** `features` with a second classifier's mean features beside them; the peak is still computed only when read. */
export function withCompanion(features: BackboneFeatures, companion: Float32Array | undefined): BackboneFeatures {
  if (!companion) return features;
  return {
    get mean() {
      return features.mean;
    },
    get peak() {
      return features.peak;
    },
    companion,
  };
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

/** `first` and then `second`, as one vector: what a head with a companion reads. */
export function joined(first: Float32Array, second: Float32Array): Float32Array {
  const both = new Float32Array(first.length + second.length);
  both.set(first);
  both.set(second, first.length);
  return both;
}
