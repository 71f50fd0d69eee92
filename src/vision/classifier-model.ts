import type { DecodedImage } from '../image/decoded-image.js';
import { fromHalf } from './float16.js';
import { pixelsToTensor, resizeFor } from './image-tensor.js';
import { ModelLoadError, type LoadedModel } from './load-model.js';
import type { ImageInputSpec } from './model-manifest.js';

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

/** An image classifier described by its manifest: SqueezeNet, a ResNet, a pet-breed model… */
export class ClassifierModel {
  private readonly input: ImageInputSpec;
  readonly name: string;
  readonly labelSet: 'imagenet-1k' | 'pet-breeds';

  constructor(private readonly model: LoadedModel) {
    const { manifest } = model;
    if (manifest.input.kind !== 'image') throw new ModelLoadError(`${manifest.name}: a classifier takes an image input.`);
    if (!manifest.labelSet) throw new ModelLoadError(`${manifest.name}: a classifier's manifest needs a labelSet (imagenet-1k or pet-breeds).`);
    const output = manifest.outputs[0]!;
    if (output.kind !== 'logits' && output.kind !== 'probabilities') {
      throw new ModelLoadError(`${manifest.name}: a classifier's first output must be logits or probabilities.`);
    }
    if (manifest.labelSet === 'imagenet-1k' && model.labels.get(output.name)?.length !== 1000) {
      throw new ModelLoadError(`${manifest.name}: an imagenet-1k classifier needs 1000 labels.`);
    }
    this.input = manifest.input;
    this.name = manifest.name;
    this.labelSet = manifest.labelSet;
  }

  async classify(image: DecodedImage): Promise<Classification> {
    const output = this.model.manifest.outputs[0]!;
    const tensor = pixelsToTensor(await resizeFor(image, this.input), this.input);
    const result = await this.model.run({ [this.input.name]: tensor });
    const raw = result[output.name]!;
    const values = raw.type === 'float16' ? Float32Array.from(raw.data as Uint16Array, fromHalf) : Float32Array.from(raw.data as Float32Array);
    return {
      labelSet: this.labelSet,
      labels: this.model.labels.get(output.name)!,
      probabilities: output.kind === 'logits' ? softmax(values) : values,
    };
  }
}
