import { OnnxGraph } from '../onnx/onnx-graph.js';
import { cellLayout } from './cell-features.js';
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

/**
 * A trained localizer as an ONNX graph: each finer map pooled to the coarsest grid (mean and
 * maximum, as cell-features.ts reads it), all concatenated, standardized, a 1 × 1 convolution (the
 * logistic regression applied to every cell at once) and a sigmoid: [1, 1, grid, grid]
 * probabilities. It then runs like every other model, in the inference threads, verified by its
 * sha256 when loaded.
 */
export function localizerGraphBytes(
  model: LogisticRegression,
  maps: ReadonlyArray<{ readonly channels: number; readonly grid: number }>,
  producer: { readonly name: string; readonly version: string },
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
  return graph.toBytes(producer);
}
