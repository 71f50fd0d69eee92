import type { ClassifierModel, FeatureMap } from '../classifier-model.js';
import type { PlainTensor } from '../runtime/inference-pool.js';
import type { LoadedModel } from '../runtime/load-model.js';
import type { LocalizerSpec } from '../runtime/model-manifest.js';
import { OnnxModel } from '../runtime/onnx-model.js';
import { cellLayout, type CellLayout } from './cell-features.js';
import { LOCALIZER_OUTPUT, localizerInput } from './localizer-graph.js';

/**
 * A localizer (docs/design.md §13): from a backbone's spatial feature maps of the whole photo, the
 * probability that each cell of its grid shows its subject (stool, a lesion, ear debris). Trained
 * by pawlens, from open data (the stool model) or from a clinic's boxed photos, and checked at
 * load against its manifest and against the classifier whose maps it reads.
 */
export class LocalizerModel extends OnnxModel<readonly FeatureMap[], Float32Array> {
  readonly operation: string;
  readonly spec: LocalizerSpec;
  /** The sha256 of the classifier whose maps it reads, and those maps' shapes. */
  readonly backbone: string;
  readonly maps: ReadonlyArray<{ readonly channels: number; readonly grid: number }>;
  readonly layout: CellLayout;

  constructor(model: LoadedModel) {
    super(model);
    const { input, localizer, operation, task } = model.manifest;
    if (task !== 'localizer' || input.kind !== 'feature-maps' || !localizer || !operation)
      throw this.fail('a localizer needs an operation, a feature-maps input and a localizer section.');
    if (input.maps.some((map, index) => map.name !== localizerInput(index)))
      throw this.fail(`a localizer's inputs are ${input.maps.map((_, index) => localizerInput(index)).join(', ')}.`);
    const output = this.firstOutput;
    if (output.name !== LOCALIZER_OUTPUT || output.kind !== 'probabilities')
      throw this.fail(`a localizer's output is "${LOCALIZER_OUTPUT}", probabilities.`);
    this.operation = operation;
    this.spec = localizer;
    this.backbone = input.backbone;
    this.maps = input.maps.map(({ channels, grid }) => ({ channels, grid }));
    this.layout = cellLayout(this.maps);
  }

  /** Why it cannot read `classifier`'s maps, or undefined when it can. */
  mismatchWith(classifier: ClassifierModel | undefined): string | undefined {
    if (!classifier) return 'no classifier is installed';
    if (classifier.sha256 !== this.backbone) return `the classifier in use is ${classifier.name}`;
    const given = classifier.featureMaps;
    const same =
      given.length === this.maps.length &&
      given.every((map, index) => map.channels === this.maps[index]!.channels && map.grid === this.maps[index]!.grid);
    return same
      ? undefined
      : `${classifier.name}'s manifest does not give the feature maps it reads (install it again: "pawlens models install ${classifier.name}")`;
  }

  protected prepare(maps: readonly FeatureMap[]): Record<string, PlainTensor> {
    // Copies: run() may move its feeds to another thread, and the maps stay with the classification.
    return Object.fromEntries(
      maps.map((map, index) => [
        localizerInput(index),
        { type: 'float32', data: Float32Array.from(map.data), dims: [1, map.channels, map.grid, map.grid] },
      ]),
    );
  }

  protected read(outputs: Record<string, PlainTensor>): Float32Array {
    const cells = outputs[LOCALIZER_OUTPUT]!.data as Float32Array;
    return Float32Array.from(cells);
  }
}
