import { OnnxGraph } from '../onnx/onnx-graph.js';
import { cellLayout } from './cell-features.js';
import { componentsOf, type GroundSubspace } from './ground-subspace.js';
/** A trained logistic regression's numbers, as the graph is built from them (training/ fits them). */
export interface LogisticRegression {
  readonly features: number;
  /** Standardization learnt from the training rows: x' = (x − mean) × scale. */
  readonly mean: Float32Array;
  readonly scale: Float32Array;
  readonly weights: Float32Array;
  readonly bias: number;
}

/** The names of a localizer's inputs (one per feature map, coarsest first) and of its output. */
export const localizerInput = (index: number) => `map_${index}`;
export const LOCALIZER_OUTPUT = 'cells';
/** …and of the frame's distance from its training photos' ground (ground-subspace.ts), where it was given one. */
export const LOCALIZER_GROUND_DISTANCE = 'ground_distance';

/**
 * A trained localizer as an ONNX graph: each finer map pooled to the coarsest grid (mean and
 * maximum, as cell-features.ts reads it), all concatenated, standardized, a 1 × 1 convolution (the
 * logistic regression applied to every cell at once) and a sigmoid: [1, 1, grid, grid]
 * probabilities; with `ground`, also the frame's distance from that ground (LOCALIZER_GROUND_DISTANCE).
 * It then runs like every other model, in the inference threads, verified by its sha256 when loaded.
 */
export function localizerGraphBytes(
  model: LogisticRegression,
  maps: ReadonlyArray<{ readonly channels: number; readonly grid: number }>,
  producer: { readonly name: string; readonly version: string },
  ground?: GroundSubspace,
): Uint8Array {
  const { grid, size } = cellLayout(maps);
  if (size !== model.features)
    throw new Error(`the maps give ${size} values a cell, the model reads ${model.features}`);
  const graph = new OnnxGraph('pawlens_localizer');
  const parts = maps.flatMap((map, index) => {
    const input = graph.input(localizerInput(index), [1, map.channels, map.grid, map.grid]);
    if (index === 0) return [input];
    const step = map.grid / grid;
    const pooling = { kernel_shape: [step, step], strides: [step, step] };
    return [graph.op('AveragePool', [input], pooling), graph.op('MaxPool', [input], pooling)];
  });
  const cells = parts.length === 1 ? parts[0]! : graph.op('Concat', parts, { axis: 1 });
  const centred = graph.op('Sub', [cells, graph.constant(model.mean, [1, size, 1, 1], 'mean')]);
  const standardized = graph.op('Mul', [centred, graph.constant(model.scale, [1, size, 1, 1], 'scale')]);
  const logits = graph.op('Conv', [
    standardized,
    graph.constant(model.weights, [1, size, 1, 1], 'weights'),
    graph.constant([model.bias], [1], 'bias'),
  ]);
  graph.op('Sigmoid', [logits], {}, LOCALIZER_OUTPUT);
  graph.output(LOCALIZER_OUTPUT, [1, 1, grid, grid]);
  if (ground) groundDistanceNodes(graph, parts[0]!, maps[0]!.channels, ground);
  return graph.toBytes(producer);
}

/** The coarsest map's mean over its cells, rooted and scaled to unit length, and its distance from `ground`'s subspace, as groundDistance computes it. */
function groundDistanceNodes(graph: OnnxGraph, coarsest: string, channels: number, ground: GroundSubspace): void {
  if (ground.channels !== channels)
    throw new Error(`the ground subspace reads ${ground.channels} channels, the coarsest map has ${channels}`);
  const pooled = graph.op('ReduceMean', [coarsest], { axes: [2, 3], keepdims: 0 });
  const rooted = graph.op('Sqrt', [graph.op('Relu', [pooled])]);
  const length = graph.op('Max', [graph.op('ReduceL2', [rooted], { axes: [1], keepdims: 1 }), graph.scalar(1e-12)]);
  const centred = graph.op('Sub', [
    graph.op('Div', [rooted, length]),
    graph.constant(ground.mean, [1, channels], 'ground_mean'),
  ]);
  const directions = graph.constant(ground.components, [componentsOf(ground), channels], 'ground_components');
  const along = graph.op('Gemm', [centred, directions], { transB: 1 });
  const residual = graph.op('Sub', [centred, graph.op('MatMul', [along, directions])]);
  graph.op('ReduceL2', [residual], { axes: [1], keepdims: 0 }, LOCALIZER_GROUND_DISTANCE);
  graph.output(LOCALIZER_GROUND_DISTANCE, [1]);
}
