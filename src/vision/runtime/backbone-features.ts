import { HEAD_COMPANION } from './model-catalogue.js';
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
  /** The detector's feature map averaged over the photo (DetectorModel.detect), where its manifest names one. */
  readonly detector?: Float32Array;
}

/** The features of a photo's other models' runs that a head may read after the backbone's, in this order. */
export const EXTRA_FEATURES = ['companion', 'detector'] as const;
export type ExtraFeature = (typeof EXTRA_FEATURES)[number];
export type ExtraFeatures = Partial<Record<ExtraFeature, Float32Array>>;

/** `features` with other models' features of the same photo beside them; the peak is still computed only when read. */
export function withExtras(features: BackboneFeatures, extras: ExtraFeatures): BackboneFeatures {
  return {
    get mean() {
      return features.mean;
    },
    get peak() {
      return features.peak;
    },
    ...extras,
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

/** A model whose features a head may read beside its backbone's: the companion classifier or the detector. */
export interface OtherFeatureModel {
  readonly name: string;
  readonly sha256: string;
  readonly featureSize: number;
  /** How many of its features, from the first, a head may read where not all (DetectorModel.featurePrefixes). */
  readonly featurePrefixes?: readonly number[];
}

const OTHER_MODEL_WORDS: Readonly<Record<ExtraFeature, { noun: string; install: string }>> = {
  companion: { noun: 'classifier', install: `install it ("pawlens models install ${HEAD_COMPANION} --from DIR")` },
  detector: {
    noun: 'detector',
    install: 'install it (and name it in PAWLENS_DETECTOR_MODEL if several are installed)',
  },
};

/**
 * Why the models at hand cannot give a head the other models' features it learnt from, or
 * undefined when they can: the one it read is not installed (or another is in use), or was
 * installed by a pawlens that did not yet name its features. The server's start and `heads
 * evaluate` both ask it, as they ask poolingUnavailable.
 */
export function extrasUnavailable(
  head: {
    readonly name: string;
    readonly extras: Partial<Record<ExtraFeature, { readonly backbone: string; readonly size: number }>>;
  },
  given: Partial<Record<ExtraFeature, OtherFeatureModel | undefined>>,
): string | undefined {
  for (const extra of EXTRA_FEATURES) {
    const wanted = head.extras[extra];
    const model = given[extra];
    if (!wanted) continue;
    const { noun, install } = OTHER_MODEL_WORDS[extra];
    if (model?.sha256 !== wanted.backbone)
      return `${head.name} also reads the features of the ${noun} with sha256 ${wanted.backbone.slice(0, 12)}…, ${
        model ? `but the ${noun} in use is ${model.name}` : 'which is not installed'
      }: ${install}, or train the head again.`;
    if (!(model.featurePrefixes ?? [model.featureSize]).includes(wanted.size))
      return `${head.name} reads ${wanted.size} features of ${model.name}, whose manifest gives ${model.featureSize}: install ${model.name} again ("pawlens models install ${model.name} --from DIR").`;
  }
  return undefined;
}

/** The vectors one after the other, as one: what a head that reads other models' features too reads. */
export function joined(...parts: readonly Float32Array[]): Float32Array {
  const all = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}
