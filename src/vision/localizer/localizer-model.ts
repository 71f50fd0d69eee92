import type { FeatureMap } from '../classifier-model.js';
import type { PlainTensor } from '../runtime/inference-pool.js';
import type { LoadedModel } from '../runtime/load-model.js';
import type { LocalizerSpec } from '../runtime/model-manifest.js';
import { OnnxModel } from '../runtime/onnx-model.js';
import { cellLayout, type CellLayout } from './cell-features.js';
import { LOCALIZER_GROUND_DISTANCE, LOCALIZER_OUTPUT, localizerInput } from './localizer-graph.js';

/** What a localizer reads from one view's maps. */
export interface LocalizerReading {
  /** Each cell's probability of showing its subject, row-major over its grid. */
  readonly cells: Float32Array;
  /**
   * How far the view lies from the ground of its training photos (ground-subspace.ts), where its
   * manifest gives a limit for it (LocalizerSpec.ground); undefined otherwise.
   */
  readonly groundDistance: number | undefined;
}

/** A model whose feature maps a localizer reads: its name, its sha256 and those maps' shapes. */
export interface MapSource {
  readonly name: string;
  readonly sha256: string;
  readonly maps: ReadonlyArray<{ readonly channels: number; readonly grid: number }>;
}

/**
 * A localizer (docs/design.md §13): from a backbone's spatial feature maps of the whole photo, the
 * probability that each cell of its grid shows its subject (stool, a lesion, ear debris). Trained
 * by pawlens, from open data (the stool model) or from a clinic's boxed photos, and checked at
 * load against its manifest and against the classifier (or detector) whose maps it reads.
 */
export class LocalizerModel extends OnnxModel<readonly FeatureMap[], LocalizerReading> {
  readonly operation: string;
  readonly spec: LocalizerSpec;
  /** The sha256 of the model whose maps it reads, and those maps' shapes. */
  readonly backbone: string;
  readonly maps: ReadonlyArray<{ readonly channels: number; readonly grid: number }>;
  readonly layout: CellLayout;
  /** Whose maps it reads: the classifier's (the photo stretched), or the detector's (letterboxed). */
  readonly reads: 'classifier' | 'detector';

  constructor(model: LoadedModel, reads: 'classifier' | 'detector' = 'classifier') {
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
    this.reads = reads;
  }

  /**
   * Why it cannot read `backbone`'s maps (a classifier's, or a detector's after the one heads read),
   * or undefined when it can.
   */
  mismatchWith(backbone: MapSource | undefined): string | undefined {
    if (!backbone) return `no ${this.reads} is installed`;
    if (backbone.sha256 !== this.backbone) return `the ${this.reads} in use is ${backbone.name}`;
    const given = backbone.maps;
    const same =
      given.length === this.maps.length &&
      given.every((map, index) => map.channels === this.maps[index]!.channels && map.grid === this.maps[index]!.grid);
    return same
      ? undefined
      : `${backbone.name}'s manifest does not give the feature maps it reads (install it again: "pawlens models install ${backbone.name}")`;
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

  protected read(outputs: Record<string, PlainTensor>): LocalizerReading {
    const cells = Float32Array.from(outputs[LOCALIZER_OUTPUT]!.data as Float32Array);
    const distance = this.spec.ground && outputs[LOCALIZER_GROUND_DISTANCE]?.data[0];
    return { cells, groundDistance: typeof distance === 'number' ? distance : undefined };
  }

  /** Whether a view this far from the training photos' ground (LocalizerReading.groundDistance) shows that ground. */
  showsTrainingGround(reading: LocalizerReading): boolean | undefined {
    const { ground } = this.spec;
    return ground && reading.groundDistance !== undefined ? reading.groundDistance <= ground.limit : undefined;
  }
}
