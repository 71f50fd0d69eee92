import {
  type BackboneFeatures,
  EXTRA_FEATURES,
  type ExtraFeature,
  type FeaturePooling,
  joined,
} from '../runtime/backbone-features.js';
import { isSure } from './sureness.js';
import { recallByLook } from './photo-look.js';
import type { PlainTensor } from '../runtime/inference-pool.js';
import { ModelLoadError, type LoadedModel } from '../runtime/load-model.js';
import type { TrainedHeadSpec } from '../runtime/model-manifest.js';
import { OnnxModel } from '../runtime/onnx-model.js';
import { HEAD_DISTANCE, HEAD_OUTPUT } from './head-graph.js';
import type { HeadLabel } from '../runtime/head-labels.js';

/** What a trained head made of one photo's features. */
export interface HeadReading {
  /** The head's name, as installed. */
  readonly head: string;
  /** Its most probable label, and that probability. */
  readonly label: string;
  readonly probability: number;
  /** Whether that probability reaches the head's threshold, for a photo like those it learnt from: only then does it name the label. */
  readonly sure: boolean;
  /** The photo lies farther from the training photos than any of them (TrainedHeadSpec.farthest): the head names nothing. */
  readonly unlike: boolean;
  /** The photo lies as near the training photos as the median one of them (TrainedHeadSpec.typical). */
  readonly typical: boolean;
  /**
   * The photo is one the head learnt from, or a copy of one (re-saved, resized, recoloured,
   * turned: TrainedHeadSpec.recall): the label is the one the clinic gave it, sure, its
   * probability 1, whatever the regression made of it.
   */
  readonly recalled: boolean;
  readonly threshold: number;
  /** What head.json said of the label, and of the next likeliest (named beside it when the head is unsure). */
  readonly about: HeadLabel;
  readonly runnerUp: HeadLabel;
  /** How many labels the head tells apart. */
  readonly labelCount: number;
  /**
   * The accuracy to quote beside it: on a labelled folder held out from its training (`pawlens
   * heads evaluate`, with enough photos of every label); undefined when never so measured.
   */
  readonly heldOut: { readonly accuracy: number; readonly n: number } | undefined;
}

/**
 * What an operation's trained head reads in a photo's features; undefined when none is installed.
 * The features must be there: a head's operation always has the classifier read the frame
 * (pipeline.ts), so their absence is a wiring fault, not a photo's.
 */
export async function readTrainedHead(
  head: TrainedHeadModel | undefined,
  features: BackboneFeatures | undefined,
  thumbnail?: Uint8Array,
): Promise<HeadReading | undefined> {
  if (!head) return undefined;
  const pooled = features?.[head.pooling];
  if (!pooled)
    throw new Error(`${head.name} reads the frame's ${head.pooling} features, but the classifier did not give them`);
  const extras = EXTRA_FEATURES.filter((extra) => head.extras[extra]).map((extra) => {
    const given = features?.[extra];
    const { size } = head.extras[extra]!;
    if (!given || given.length < size)
      throw new Error(
        `${head.name} reads ${size} of the ${extra}'s features, but ${given?.length ?? 'none'} were given`,
      );
    // The first of them: a head trained on the detector's first map alone reads that map's (featurePrefixes).
    return given.subarray(0, size);
  });
  const reading = await head.predict(extras.length > 0 ? joined(pooled, ...extras) : pooled);
  const recalled = thumbnail && head.recall(thumbnail);
  return recalled ? head.recalledAs(reading, recalled) : reading;
}

/**
 * A head a clinic trained on its own photos (docs/design.md §13): a softmax regression over a
 * backbone's penultimate features, which names one of its labels, or is unsure. Checked at load
 * against its manifest: its output is labelled exactly with head.json's labels.
 */
export class TrainedHeadModel extends OnnxModel<Float32Array, HeadReading> {
  readonly operation: string;
  /** The sha256 of the classifier whose features it reads, how they were pooled, and how many it reads. */
  readonly backbone: string;
  readonly pooling: FeaturePooling;
  /** How many features it reads in all: the backbone's, then the other models' it reads. */
  readonly featureSize: number;
  /** The other models whose features it reads after the backbone's (by sha256), and how many of each. */
  readonly extras: Readonly<Partial<Record<ExtraFeature, { readonly backbone: string; readonly size: number }>>>;
  /** How many of its features are the other models': the backbone gives the rest. */
  readonly extraSize: number;
  readonly spec: TrainedHeadSpec;
  /** The label of a photo it learnt from that `thumbnail` is a copy of (photo-look.ts); undefined for any other photo. */
  readonly recall: (thumbnail: Uint8Array) => string | undefined;
  private readonly labels: readonly string[];
  private readonly inputName: string;

  constructor(model: LoadedModel) {
    super(model);
    const { manifest } = model;
    const { input, head, operation } = manifest;
    if (manifest.task !== 'trained-head' || input.kind !== 'penultimate' || !head || !operation)
      throw this.fail('a trained head needs an operation, a penultimate input and a head section.');
    const output = this.firstOutput;
    if (output.name !== HEAD_OUTPUT || output.kind !== 'probabilities')
      throw this.fail(`a trained head's output is "${HEAD_OUTPUT}", probabilities.`);
    this.labels = this.labelsOf(output.name);
    const described = Object.keys(head.labels);
    if (this.labels.length !== described.length || !this.labels.every((label) => described.includes(label)))
      throw this.fail(`its output labels (${this.labels.join(', ')}) are not the labels its head section describes.`);
    this.operation = operation;
    this.backbone = input.backbone;
    this.pooling = input.pooling ?? 'mean';
    this.featureSize = input.size;
    this.extras = { companion: input.companion, detector: input.detector };
    this.extraSize = EXTRA_FEATURES.reduce((sum, extra) => sum + (this.extras[extra]?.size ?? 0), 0);
    if (this.extraSize >= this.featureSize)
      throw this.fail("other models' features are some of those it reads, not all.");
    this.inputName = input.name;
    this.spec = head;
    const recalled = Object.keys(head.recall ?? {}).filter((label) => !described.includes(label));
    if (recalled.length > 0) throw this.fail(`it recalls photos of labels it does not name (${recalled.join(', ')}).`);
    this.recall = recallByLook(head.recall ?? {});
  }

  /** Whether it keeps the looks of its training photos by label, to recall copies of them. */
  get recalls(): boolean {
    return Object.keys(this.spec.recall ?? {}).length > 0;
  }

  /** Its reading of a copy of a photo it learnt from: the clinic's label for it. */
  recalledAs(reading: HeadReading, label: string): HeadReading {
    const runnerUp = reading.label === label ? reading.runnerUp : reading.about;
    return {
      ...reading,
      label,
      probability: 1,
      sure: true,
      unlike: false,
      typical: true,
      recalled: true,
      about: this.spec.labels[label]!,
      runnerUp,
    };
  }

  /** Its held-out figure, when it has one on photos: a cross-validated one is not quoted to owners. */
  get heldOut(): HeadReading['heldOut'] {
    const { heldOut } = this.spec;
    return heldOut && heldOut.n > 0 ? heldOut : undefined;
  }

  protected prepare(features: Float32Array): Record<string, PlainTensor> {
    if (features.length !== this.featureSize)
      throw new ModelLoadError(`${this.name} reads ${this.featureSize} features, but was given ${features.length}.`);
    // A copy: run() may move its feeds to another thread.
    return {
      [this.inputName]: {
        type: 'float32',
        data: Float32Array.from(features),
        dims: [1, features.length],
      },
    };
  }

  protected read(outputs: Record<string, PlainTensor>): HeadReading {
    const values = outputs[HEAD_OUTPUT]!.data as Float32Array;
    let best = 0;
    for (let i = 1; i < values.length; i++) if (values[i]! > values[best]!) best = i;
    let next = best === 0 ? 1 : 0;
    for (let i = 0; i < values.length; i++) if (i !== best && values[i]! > values[next]!) next = i;
    const label = this.labels[best]!;
    const probability = values[best]!;
    // A head trained before its farthest training photo was kept has no such limit.
    const distance = outputs[HEAD_DISTANCE]?.data[0];
    const unlike = this.spec.farthest !== undefined && distance !== undefined && Number(distance) > this.spec.farthest;
    const typical = this.spec.typical !== undefined && distance !== undefined && Number(distance) <= this.spec.typical;
    return {
      head: this.name,
      label,
      probability,
      sure: isSure(probability, this.spec.threshold) && !unlike,
      unlike,
      typical,
      recalled: false,
      threshold: this.spec.threshold,
      about: this.spec.labels[label]!,
      runnerUp: this.spec.labels[this.labels[next]!]!,
      labelCount: this.labels.length,
      heldOut: this.heldOut,
    };
  }
}
