import type { PlainTensor } from './inference-pool.js';
import { fromHalf } from './float16.js';
import type { LoadedModel } from './load-model.js';
import { ImageModel } from './onnx-model.js';

export interface Classification {
  readonly labelSet: 'imagenet-1k' | 'pet-breeds';
  readonly labels: readonly string[];
  /** One probability per label, summing to 1. */
  readonly probabilities: Float32Array;
}

function softmax(values: Float32Array): Float32Array {
  const max = values.reduce((m, v) => Math.max(m, v), Number.NEGATIVE_INFINITY);
  const exps = values.map((v) => Math.exp(v - max));
  const sum = exps.reduce((s, v) => s + v, 0);
  return exps.map((v) => v / sum);
}

/** An image classifier described by its manifest: SqueezeNet, a MobileNet, a pet-breed model… */
export class ClassifierModel extends ImageModel<Classification> {
  readonly labelSet: 'imagenet-1k' | 'pet-breeds';

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
  }

  protected read(outputs: Record<string, PlainTensor>): Classification {
    const output = this.firstOutput;
    const raw = outputs[output.name]!;
    const values =
      raw.type === 'float16'
        ? Float32Array.from(raw.data as Uint16Array, fromHalf)
        : Float32Array.from(raw.data as Float32Array);
    return {
      labelSet: this.labelSet,
      labels: this.labelsOf(output.name),
      probabilities: output.kind === 'logits' ? softmax(values) : values,
    };
  }
}
