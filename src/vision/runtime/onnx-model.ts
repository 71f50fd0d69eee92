import type { DecodeSize } from '../../image/decode-image.js';
import type { PlainTensor } from './inference-pool.js';
import { pixelsToTensor, resizeFor, type Crop } from './image-tensor.js';
import type { Pixels } from '../pixels/pixels.js';
import { ModelLoadError, type LoadedModel } from './load-model.js';
import type { ImageInputSpec, OutputSpec } from './model-manifest.js';

type Feeds = Record<string, PlainTensor>;

/**
 * One loaded model and what it is for, as Immich ML's InferenceModel: opened once (and checked
 * against what its task needs) when constructed, then `predict` = prepare the input → run →
 * read the outputs. A task is a subclass that says how to prepare and how to read.
 */
export abstract class OnnxModel<Input, Output> {
  readonly name: string;
  /** Its file's sha256, as its manifest names it: what a record says made an answer (analysis/made-by.ts). */
  readonly sha256: string;

  constructor(protected readonly model: LoadedModel) {
    this.name = model.manifest.name;
    this.sha256 = model.manifest.sha256;
  }

  async predict(input: Input): Promise<Output> {
    return this.read(await this.model.run(await this.prepare(input)), input);
  }

  protected abstract prepare(input: Input): Promise<Feeds> | Feeds;
  /** The outputs, read as the task's answer; `input` for what the answer depends on (a photo's size). */
  protected abstract read(outputs: Feeds, input: Input): Output;

  /** The manifest's first output, which every task here reads. */
  protected get firstOutput(): OutputSpec {
    return this.model.manifest.outputs[0]!;
  }

  protected labelsOf(output: string): readonly string[] {
    return this.model.labels.get(output) ?? [];
  }

  protected fail(why: string): ModelLoadError {
    return new ModelLoadError(`${this.name}: ${why}`);
  }
}

/** A model that looks at the photo (or a region of it): resized to its input once, turned into its tensor, run. */
export abstract class ImageModel<Output, Image extends Pixels | Crop = Pixels | Crop> extends OnnxModel<Image, Output> {
  protected readonly input: ImageInputSpec;

  constructor(model: LoadedModel) {
    super(model);
    const { input } = model.manifest;
    if (input.kind !== 'image') throw this.fail('this task takes an image input.');
    this.input = input;
  }

  /**
   * The decoded photo this model needs to see its input without enlarging it: a letterboxed input
   * is bounded by its long side; one stretched or cropped to fill it, by the photo's short side.
   */
  get needs(): DecodeSize {
    const side = Math.max(this.input.width, this.input.height);
    return this.input.resize === 'letterbox' || this.input.resize === 'contain'
      ? { longSide: side, shortSide: 0 }
      : { longSide: 0, shortSide: side };
  }

  protected async prepare(image: Image): Promise<Feeds> {
    return { [this.input.name]: pixelsToTensor(await resizeFor(image, this.input), this.input) };
  }
}
