import type { PlainTensor } from './runtime/inference-pool.js';
import { halvesToFloats } from './runtime/float16.js';
import { pixelsToTensor, resizeFor, type Crop } from './runtime/image-tensor.js';
import type { Pixels } from './pixels/pixels.js';
import { featureMapOutput, PENULTIMATE_OUTPUT, type LoadedModel } from './runtime/load-model.js';
import type { FeatureMapSpec, ImageInputSpec } from './runtime/model-manifest.js';
import { ImageModel } from './runtime/onnx-model.js';
import { softmaxInPlace } from './runtime/softmax.js';
import type { BackboneFeatures, FeaturePooling } from './runtime/backbone-features.js';
import { animalPartProbability } from './tables/imagenet-animal-parts.js';

export interface Classification {
  readonly labelSet: 'imagenet-1k' | 'pet-breeds';
  readonly labels: readonly string[];
  /** One probability per label, summing to 1. */
  readonly probabilities: Float32Array;
  /**
   * The backbone's features from the same run, for heads a clinic trained on them; undefined for
   * a classifier whose manifest does not say where its penultimate features are.
   */
  readonly features: BackboneFeatures | undefined;
  /**
   * The backbone's spatial feature maps from the same run, coarsest first, for localizers
   * trained on them; undefined for a classifier whose manifest does not say where they are.
   */
  readonly maps?: readonly FeatureMap[];
}

/** One [channels, grid, grid] feature map of one image, channel-major as the graph gives it. */
export interface FeatureMap {
  readonly channels: number;
  readonly grid: number;
  readonly data: Float32Array;
}

/** An image classifier described by its manifest: SqueezeNet, a MobileNet, a pet-breed model… */
export class ClassifierModel extends ImageModel<Classification> {
  readonly labelSet: 'imagenet-1k' | 'pet-breeds';
  /** How many penultimate features each reading carries (0 when it carries none); heads name the backbone by its sha256. */
  readonly featureSize: number;
  /** How many peak features each reading carries: the coarsest map's channels (0 without maps). */
  readonly peakSize: number;
  /** Where its spatial feature maps are (empty when its manifest does not say): what localizers read. */
  readonly featureMaps: readonly FeatureMapSpec[];
  private readonly closeUpAnimalProbability: number | undefined;
  /** Its input, stretched whole to its size: the view a localizer learnt from (predictStretched). */
  private readonly stretched: ImageInputSpec;

  constructor(model: LoadedModel) {
    super(model);
    const { labelSet } = model.manifest;
    if (labelSet !== 'imagenet-1k' && labelSet !== 'pet-breeds')
      throw this.fail("a classifier's manifest needs a labelSet: imagenet-1k or pet-breeds.");
    const output = this.firstOutput;
    if (output.kind !== 'logits' && output.kind !== 'probabilities')
      throw this.fail("a classifier's first output must be logits or probabilities.");
    if (labelSet === 'imagenet-1k' && this.labelsOf(output.name).length !== 1000)
      throw this.fail('an imagenet-1k classifier needs 1000 labels.');
    this.labelSet = labelSet;
    this.featureSize = model.manifest.penultimate?.size ?? 0;
    this.featureMaps = model.manifest.featureMaps ?? [];
    this.peakSize = this.featureSize > 0 ? (this.featureMaps[0]?.channels ?? 0) : 0;
    this.stretched = Object.freeze({ ...this.input, resize: 'fill' as const });
    // A manifest written by an older pawlens names the limit for mammals alone: the same limit holds.
    this.closeUpAnimalProbability = model.manifest.closeUpAnimalProbability ?? model.manifest.closeUpMammalProbability;
    if (this.closeUpAnimalProbability !== undefined && labelSet !== 'imagenet-1k')
      throw this.fail('closeUpAnimalProbability needs the imagenet-1k labels, whose animal classes it sums.');
  }

  /**
   * Whether `classification` (of a whole frame) takes it for part of an animal, fur or skin: its
   * animal classes together (imagenet-animal-parts.ts) reach the limit measured for this model. Undefined for a model with
   * no such limit: one that was not measured, or, like SqueezeNet, could not tell (plain fur crops
   * from the shared photos 0.00–0.98, with a red patch on them 0.00–0.29). `share` is that sum,
   * when the caller has it already.
   */
  showsAnimalPart(classification: Classification, share?: number): boolean | undefined {
    const limit = this.closeUpAnimalProbability;
    // The constructor allows a limit only with the ImageNet labels, whose animal classes it sums.
    return limit === undefined ? undefined : (share ?? animalPartProbability(classification.probabilities)) >= limit;
  }

  /**
   * The classification of the whole photo stretched to the input, instead of the manifest's
   * resize (a centre crop, for the catalogue's classifiers): nothing at the frame's edges is cut
   * off, and the photo is seen as a localizer was trained to see it (its training photos were
   * stretched to a square).
   */
  async predictStretched(image: Pixels | Crop): Promise<Classification> {
    const spec = this.stretched;
    return this.read(await this.model.run({ [spec.name]: pixelsToTensor(await resizeFor(image, spec), spec) }));
  }

  protected read(outputs: Record<string, PlainTensor>): Classification {
    const output = this.firstOutput;
    const raw = outputs[output.name]!;
    const values =
      raw.type === 'float16' ? halvesToFloats(raw.data as Uint16Array) : Float32Array.from(raw.data as Float32Array);
    const penultimate = outputs[PENULTIMATE_OUTPUT];
    const maps =
      this.featureMaps.length > 0 ? this.featureMaps.map((spec, index) => mapOf(outputs, spec, index)) : undefined;
    return {
      labelSet: this.labelSet,
      labels: this.labelsOf(output.name),
      probabilities: output.kind === 'logits' ? softmaxInPlace(values) : values,
      features: penultimate && featuresOf(Float32Array.from(penultimate.data as Float32Array), maps?.[0]),
      maps,
    };
  }

  /** How many features a head reads from this classifier, pooled so (0 when it gives none). */
  featureCount(pooling: FeaturePooling): number {
    return pooling === 'peak' ? this.peakSize : this.featureSize;
  }
}

/**
 * A run's features for heads: the mean as the graph gave it, the peak of `map` computed when first
 * read. Only a head trained on the peak, or training, reads it: 0.15 ms a run that every other
 * request would pay.
 */
function featuresOf(mean: Float32Array, map: FeatureMap | undefined): BackboneFeatures {
  let peak: Float32Array | undefined;
  return {
    mean,
    get peak() {
      if (map && !peak) peak = peakOf(map);
      return peak;
    },
  };
}

/** Each channel's largest value over the map's cells. */
function peakOf({ channels, grid, data }: FeatureMap): Float32Array {
  const cells = grid * grid;
  const peak = new Float32Array(channels);
  for (let channel = 0; channel < channels; channel++) {
    let largest = Number.NEGATIVE_INFINITY;
    for (let at = channel * cells, end = at + cells; at < end; at++) if (data[at]! > largest) largest = data[at]!;
    peak[channel] = largest;
  }
  return peak;
}

/** Feature map number `index` of a run's outputs, checked against its spec. */
export function mapOf(
  outputs: Record<string, PlainTensor>,
  { channels, grid }: FeatureMapSpec,
  index: number,
): FeatureMap {
  const output = outputs[featureMapOutput(index)];
  if (!output) throw new Error(`the model gave no ${featureMapOutput(index)}`);
  const data = output.data as Float32Array;
  if (data.length !== channels * grid * grid)
    throw new Error(`${featureMapOutput(index)} has ${data.length} values, not ${channels} × ${grid} × ${grid}`);
  return { channels, grid, data };
}
