import type { PlainTensor } from './inference-pool.js';
import { halvesToFloats } from './float16.js';
import { PENULTIMATE_OUTPUT, type LoadedModel } from './load-model.js';
import { ImageModel } from './onnx-model.js';
import { softmaxInPlace } from './softmax.js';
import { mammalProbability } from './tables/imagenet-mammals.js';

export interface Classification {
  readonly labelSet: 'imagenet-1k' | 'pet-breeds';
  readonly labels: readonly string[];
  /** One probability per label, summing to 1. */
  readonly probabilities: Float32Array;
  /**
   * The backbone's penultimate features from the same run, for heads a clinic trained on them;
   * undefined for a classifier whose manifest does not say where they are.
   */
  readonly features: Float32Array | undefined;
}

/** An image classifier described by its manifest: SqueezeNet, a MobileNet, a pet-breed model… */
export class ClassifierModel extends ImageModel<Classification> {
  readonly labelSet: 'imagenet-1k' | 'pet-breeds';
  /** How many penultimate features each reading carries (0 when it carries none), and the backbone file's sha256. */
  readonly featureSize: number;
  readonly sha256: string;
  private readonly closeUpMammalProbability: number | undefined;

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
    this.sha256 = model.manifest.sha256;
    this.closeUpMammalProbability = model.manifest.closeUpMammalProbability;
    if (this.closeUpMammalProbability !== undefined && labelSet !== 'imagenet-1k')
      throw this.fail('closeUpMammalProbability needs the imagenet-1k labels, whose mammal classes it sums.');
  }

  /**
   * Whether `classification` (of a whole frame) takes it for part of an animal, fur or skin: its
   * mammal classes together reach the limit measured for this model. Undefined for a model with
   * no such limit: one that was not measured, or, like SqueezeNet, could not tell (plain fur crops
   * from the shared photos 0.00–0.98, with a red patch on them 0.00–0.29).
   */
  showsAnimalPart(classification: Classification): boolean | undefined {
    const limit = this.closeUpMammalProbability;
    // The constructor allows a limit only with the ImageNet labels, whose mammal classes it sums.
    return limit === undefined ? undefined : mammalProbability(classification.probabilities) >= limit;
  }

  protected read(outputs: Record<string, PlainTensor>): Classification {
    const output = this.firstOutput;
    const raw = outputs[output.name]!;
    const values =
      raw.type === 'float16' ? halvesToFloats(raw.data as Uint16Array) : Float32Array.from(raw.data as Float32Array);
    const penultimate = outputs[PENULTIMATE_OUTPUT];
    return {
      labelSet: this.labelSet,
      labels: this.labelsOf(output.name),
      probabilities: output.kind === 'logits' ? softmaxInPlace(values) : values,
      features: penultimate && Float32Array.from(penultimate.data as Float32Array),
    };
  }
}
