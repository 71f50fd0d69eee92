import type { PlainTensor } from './inference-pool.js';
import { halvesToFloats } from './float16.js';
import { PENULTIMATE_OUTPUT, type LoadedModel } from './load-model.js';
import { ImageModel } from './onnx-model.js';
import { softmaxInPlace } from './softmax.js';

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
