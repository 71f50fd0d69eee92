import { z } from 'zod';
import { HeadLabels } from './head-labels.js';

/**
 * What pawlens must know to run a model (docs/design.md §4): its file and hash, how to turn pixels
 * into its input tensor, and how to read its output. One manifest.json per model directory.
 */
const tensorName = z.string().min(1).max(200);
const triple = z.tuple([z.number(), z.number(), z.number()]);

/** What a model's name may be: its folder's name under the models directory, and what configuration names it by. */
export const MODEL_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;
export const ImageInputSpec = z.strictObject({
  kind: z.literal('image'),
  name: tensorName,
  dtype: z.enum(['float32', 'float16']),
  layout: z.enum(['NCHW', 'NHWC']),
  width: z.number().int().min(8).max(4096),
  height: z.number().int().min(8).max(4096),
  /**
   * fill: stretch to size; cover: scale to cover, centre-crop; contain: letterbox on black, centred;
   * letterbox: keep the aspect ratio at the top-left corner and pad the rest with `pad` (YOLOX).
   */
  resize: z.enum(['fill', 'cover', 'contain', 'letterbox']),
  /** The padding value of every channel for `letterbox`, 0–255 as a pixel byte. */
  pad: z.number().int().min(0).max(255).optional(),
  channelOrder: z.enum(['RGB', 'BGR']),
  /** value = (pixel × scale − mean) / std, per channel in channelOrder. */
  scale: z.number().positive(),
  mean: triple,
  std: triple.refine((std) => std.every((v) => v > 0), 'std values must be positive'),
});

export const FeatureInputSpec = z.strictObject({
  kind: z.literal('features'),
  name: tensorName,
  dtype: z.enum(['float32', 'float16']),
  /** The names of the vector's entries, in order; they must be produced by the analyser. */
  features: z.array(z.string().min(1)).min(1),
});

/** Another model whose features a head reads after its backbone's: its sha256, and how many. */
const OtherModelFeatures = z.strictObject({
  backbone: z.string().regex(/^[0-9a-f]{64}$/, 'backbone must be the sha256 of the model whose features it reads'),
  size: z.number().int().min(2).max(65536),
});

/**
 * A trained head's input: the penultimate features of the backbone it was trained on, which
 * `backbone` names by its sha256 (docs/design.md §13). Features of another backbone mean nothing
 * to it. `pooling` says how they were pooled from the last feature map (classifier-model.ts's
 * BackboneFeatures): the mean (the classifier's own, and what a head without it reads) or the peak.
 */
export const PenultimateInputSpec = z.strictObject({
  kind: z.literal('penultimate'),
  pooling: z.enum(['mean', 'peak']).optional(),
  name: tensorName,
  dtype: z.literal('float32'),
  size: z.number().int().min(2).max(65536),
  backbone: z.string().regex(/^[0-9a-f]{64}$/, 'backbone must be the sha256 of the classifier it was trained on'),
  /**
   * A second classifier whose mean features the head reads after the first's (`size` counts
   * both): SqueezeNet's beside MobileNetV2's named skin lesions better than either alone (docs/heads.md).
   */
  companion: OtherModelFeatures.optional(),
  /**
   * The detector whose feature maps' means over the photo the head reads last (DetectorModel.detect):
   * every map's, or, for a head trained before 2026-12-06, the first's (`size` says which).
   */
  detector: OtherModelFeatures.optional(),
});

/**
 * A localizer's input (docs/design.md §13): the spatial feature maps of the backbone it was trained on
 * (the classifier's FeatureMapSpec, in its order, or the detector's after the one heads read), which
 * `backbone` names by its sha256. One input tensor per map, named as the map's `name`.
 */
export const FeatureMapsInputSpec = z.strictObject({
  kind: z.literal('feature-maps'),
  maps: z
    .array(
      z.strictObject({
        name: tensorName,
        channels: z.number().int().min(1).max(8192),
        grid: z.number().int().min(1).max(256),
      }),
    )
    .min(1),
  backbone: z.string().regex(/^[0-9a-f]{64}$/, 'backbone must be the sha256 of the model it was trained on'),
});

const share = z.number().min(0).max(1);

/** How a head did on photos it did not learn from: out-of-fold when trained, a held-out folder when evaluated. */
export const HeadScoreSpec = z.strictObject({
  accuracy: share,
  n: z.number().int().min(0),
});

/**
 * What a head a clinic trained knows (docs/design.md §13): its labels as head.json gave them, how sure
 * it must be to name one, the photos it learnt from, and how well it did on photos it did not.
 */
export const TrainedHeadSpec = z.strictObject({
  labels: HeadLabels,
  /** Below this probability for its best label the head says it is unsure; 1: always unsure (no threshold met `precision` out of fold). */
  threshold: share,
  /** How often its sure answers had to be right, out of fold, for the threshold to be chosen. */
  precision: share.optional(),
  /**
   * The farthest any training photo's features lie from theirs on average (the root mean square of
   * their standardized values, the graph's HEAD_DISTANCE): a photo farther is unlike every photo it
   * learnt from, and the head names nothing for it. Absent in heads trained before it was kept.
   */
  farthest: z.number().positive().optional(),
  /**
   * The median training photo's distance, on the same measure: a photo as near as that is as like
   * the photos the clinic chose as the typical one of them (analysis/head-vouches.ts). Absent in
   * heads trained before it was kept.
   */
  typical: z.number().positive().optional(),
  /** Photos per label it was trained on. */
  counts: z.record(z.string(), z.number().int().min(0)),
  /** Cross-validated when trained: `folds` folds, dealt by `seed`, with the L2 penalty they chose. */
  crossValidation: HeadScoreSpec.extend({
    folds: z.number().int().min(2),
    seed: z.number().int(),
    penalty: z.number().positive().optional(),
  }),
  /** On a labelled folder it never saw, when `pawlens heads evaluate` was run. */
  heldOut: HeadScoreSpec.optional(),
  /** The photos it learnt from, by the start of their sha256: `heads evaluate` leaves them out. */
  trainedOn: z
    .array(z.string().regex(/^[0-9a-f]{16}$/))
    .max(1_000_000)
    .optional(),
  /** Their looks (vision/heads/photo-look.ts): `heads evaluate` leaves out re-saved, resized or turned copies too. */
  trainedOnLooks: z
    .array(z.string().regex(/^[0-9a-f]{256}$/))
    .max(1_000_000)
    .optional(),
  /**
   * The same looks by the label the clinic gave their photos, less any that look like a photo of
   * another label: a copy of a photo it learnt from is named by that label (heads/photo-look.ts,
   * recallByLook). A head trained before it was kept recalls nothing.
   */
  recall: z.record(z.string(), z.array(z.string().regex(/^[0-9a-f]{256}$/)).max(1_000_000)).optional(),
  trainedAt: z.string().max(40).optional(),
});

/** How a localizer did on photos it never learnt from, or out of fold while it was trained. */
export const LocalizerFiguresSpec = z.strictObject({
  /** What the figures were measured on, in words ("held-out validation split, 118 photos"). */
  on: z.string().min(1).max(300),
  photos: z.number().int().min(0),
  /** Photos with the subject that it found (recall), and of the photos it found the subject in, how many had one (precision). */
  recall: share,
  precision: share,
  /** Photos without the subject (including crops of their ground) where it found one nonetheless. */
  falseFound: share,
  /** Of the photos it found the subject in, those whose most confident cell lies on a labelled box. */
  pointing: share,
  /** Cell by cell, against the boxes: area under the ROC curve. */
  cellAuc: share,
});

/**
 * What a localizer knows (docs/design.md §13): which subject it finds, how sure a cell must be to show
 * it, where its training data came from and how it did on photos it never saw.
 */
export const LocalizerSpec = z.strictObject({
  /** The thing it finds, in a word ("stool"): its output is this subject's probability per cell. */
  subject: z.string().regex(/^[a-z][a-z0-9_ -]{0,39}$/),
  /** A cell with at least this probability shows the subject; a photo with none such shows no subject. */
  threshold: share,
  /**
   * When the whole photo shows no subject but its surest cell reaches `from`, the tile round that
   * cell is read again (closer-look.ts), and a cell of it at `threshold` or more shows the subject.
   * Absent: one look only.
   */
  closerLook: z.strictObject({ from: share, threshold: share }).optional(),
  data: z.strictObject({
    source: z.string().min(1).max(500),
    license: z.string().min(1).max(200),
    commit: z.string().max(100).optional(),
    /** Photos trained on, and what was kept apart to measure it. */
    trainedOn: z.number().int().min(0),
    heldOut: z.number().int().min(0),
    seed: z.number().int(),
  }),
  /** What it has never seen: said in its answers where it matters. */
  neverSaw: z.array(z.string().min(1).max(80)).max(20).default([]),
  figures: LocalizerFiguresSpec.optional(),
  /** Every photo judged by a model that saw none of its group: a figure less bound to one split's draw of scenes. */
  crossValidated: LocalizerFiguresSpec.optional(),
  /**
   * Where its graph also gives a frame's distance from the ground of its training photos
   * (ground-subspace.ts): a frame within `limit` shows that ground, with `components` directions
   * fitted on `trainedOn` crops of it. `heldOut`: of the held-out photos' ground crops, the share within it.
   */
  ground: z
    .strictObject({
      limit: z.number().positive().max(2),
      components: z.number().int().min(1),
      trainedOn: z.number().int().min(1),
      heldOut: z.strictObject({ crops: z.number().int().min(0), within: share }),
    })
    .optional(),
  trainedAt: z.string().max(40).optional(),
});

/**
 * How a detector's raw output becomes boxes. yolox: one row per grid cell of each stride
 * (dx, dy, log w, log h, objectness, class scores), in input pixels of a letterboxed image.
 * fastestdet: channels × grid × grid (objectness, tanh offsets, sigmoid sizes as fractions of the
 * image, class scores), score = objectness^0.6 × class^0.4, on a stretched image.
 */
export const DetectionDecoder = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('yolox'), strides: z.array(z.number().int().positive()).min(1) }),
  z.strictObject({ kind: z.literal('fastestdet') }),
]);

export const OutputSpec = z.strictObject({
  name: tensorName,
  kind: z.enum(['logits', 'probabilities', 'features', 'scores', 'detections']),
  /** Inline labels, or the name of a JSON file (an array of strings) beside the manifest. */
  labels: z.union([z.array(z.string().min(1)).min(1), z.string().regex(/^[\w.-]+\.json$/)]),
  /** Detections only: how to read the output, and which boxes to keep. */
  decoder: DetectionDecoder.optional(),
  scoreThreshold: z.number().min(0).max(1).optional(),
  /** Boxes of one class that overlap more than this (intersection over union) are one object. */
  iouThreshold: z.number().min(0).max(1).optional(),
});

/**
 * Where a classifier's penultimate features are (docs/design.md §13): the values before its last
 * layer, which heads a clinic trains read. `tensor` is the graph's name for them; an int8 model
 * keeps them quantized, and `dequantize` names the scale and zero point that turn them back into
 * floats. pawlens adds them to the graph as an extra output when it loads the model.
 */
export const PenultimateSpec = z.strictObject({
  tensor: tensorName,
  dequantize: z.strictObject({ scale: tensorName, zeroPoint: tensorName }).optional(),
  size: z.number().int().min(2).max(65536),
  /**
   * "cells" when `tensor` is the last [1, size, grid, grid] map before a pooling the graph does
   * not do by itself (SqueezeNet pools its class scores, not its features): pawlens averages the
   * map's cells (an ONNX ReduceMean with axes as an attribute: opsets before 18).
   */
  mean: z.literal('cells').optional(),
});

/**
 * One spatial feature map of a classifier (docs/design.md §13): a [1, channels, grid, grid] tensor of
 * its graph on the way to the pooling, which localizers read cell by cell. `dequantize` as for
 * PenultimateSpec. pawlens adds it as an output named pawlens_map_<index>.
 */
export const FeatureMapSpec = z.strictObject({
  tensor: tensorName,
  dequantize: z.strictObject({ scale: tensorName, zeroPoint: tensorName }).optional(),
  channels: z.number().int().min(1).max(8192),
  grid: z.number().int().min(1).max(256),
});

export const ModelManifest = z.strictObject({
  name: z.string().regex(MODEL_NAME, 'name must be lower-case letters, digits, ".", "_" or "-"'),
  task: z.enum(['colour-quality', 'severity', 'classifier', 'detector', 'trained-head', 'localizer']),
  /** For severity heads: the operation whose rules the head encodes; for trained heads, the operation it answers for. */
  operation: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,63}$/, 'operation must be the key of a health operation, e.g. skin')
    .optional(),
  /** For classifiers and detectors: the label set, which decides how labels map to species, breeds and objects. */
  labelSet: z.enum(['imagenet-1k', 'pet-breeds', 'coco-80']).optional(),
  description: z.string().max(500).optional(),
  source: z.string().max(500).optional(),
  license: z.string().max(200).optional(),
  file: z.string().regex(/^[\w.-]+\.onnx$/, 'file must be an .onnx file name in the model directory'),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'sha256 must be 64 lower-case hex digits'),
  input: z.discriminatedUnion('kind', [ImageInputSpec, FeatureInputSpec, PenultimateInputSpec, FeatureMapsInputSpec]),
  outputs: z.array(OutputSpec).min(1),
  /** Classifiers only: where its penultimate features are, for heads trained on them. */
  penultimate: PenultimateSpec.optional(),
  /**
   * A classifier's spatial feature maps, coarsest first, for localizers trained on them; a
   * detector's map whose mean over the photo's cells heads read (DetectorModel.detect), then,
   * coarsest first, the maps a localizer trained on the detector reads cell by cell.
   */
  featureMaps: z.array(FeatureMapSpec).min(1).max(4).optional(),
  /**
   * ImageNet classifiers only: the least probability of the classes of animals' skin and fur
   * together (imagenet-animal-parts.ts), on the whole frame, with which the model takes a skin or
   * ear close-up for part of an animal. Given only where it was measured for this model (the
   * catalogue's MobileNetV2); without it, the photo gate does not ask this classifier whether a
   * close-up shows an animal at all.
   */
  closeUpAnimalProbability: z.number().min(0).max(1).optional(),
  /** The same, as a manifest written by an older pawlens names it (when it summed mammals alone). */
  closeUpMammalProbability: z.number().min(0).max(1).optional(),
  /** Trained heads only: their labels, threshold and scores. */
  head: TrainedHeadSpec.optional(),
  /** Localizers only: the subject, thresholds, data and figures. */
  localizer: LocalizerSpec.optional(),
});

export type ModelManifest = z.infer<typeof ModelManifest>;
export type ImageInputSpec = z.infer<typeof ImageInputSpec>;
export type FeatureInputSpec = z.infer<typeof FeatureInputSpec>;
export type OutputSpec = z.infer<typeof OutputSpec>;
export type PenultimateSpec = z.infer<typeof PenultimateSpec>;
export type TrainedHeadSpec = z.infer<typeof TrainedHeadSpec>;
export type DetectionDecoder = z.infer<typeof DetectionDecoder>;
export type FeatureMapSpec = z.infer<typeof FeatureMapSpec>;
export type LocalizerSpec = z.infer<typeof LocalizerSpec>;
export type LocalizerFigures = z.infer<typeof LocalizerFiguresSpec>;

export const MANIFEST_FILE = 'manifest.json';
