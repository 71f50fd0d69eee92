import { OnnxGraph } from '../onnx/onnx-graph.js';
/**
 * A trained softmax regression's numbers, as the graph is built from them (training/ fits them):
 * standardization learnt from the training set (x' = (x − mean) × scale), then weights
 * (classes × features, row-major) and a bias per class.
 */
export interface SoftmaxRegression {
  readonly classes: number;
  readonly features: number;
  readonly mean: Float32Array;
  readonly scale: Float32Array;
  readonly weights: Float32Array;
  readonly bias: Float32Array;
}

/** The names of a trained head's input and output tensors, as its manifest gives them. */
export const HEAD_INPUT = 'features';
export const HEAD_OUTPUT = 'probabilities';
/** How far a photo's features lie from the training photos': the root mean square of their standardized values. */
export const HEAD_DISTANCE = 'distance';

/**
 * A trained softmax regression as an ONNX graph: standardize (subtract the training mean, multiply
 * by the inverse spread), one Gemm, Softmax; and, from the same standardized values, how far the
 * photo lies from the training photos (HEAD_DISTANCE). The head then runs like every other model, in the
 * inference threads, verified by its sha256 at load.
 */
export function headGraphBytes(model: SoftmaxRegression): Uint8Array {
  const graph = new OnnxGraph('pawlens_trained_head');
  const features = graph.input(HEAD_INPUT, ['N', model.features]);
  const centred = graph.op('Sub', [features, graph.constant(model.mean, [model.features], 'mean')]);
  const standardized = graph.op('Mul', [centred, graph.constant(model.scale, [model.features], 'scale')]);
  const logits = graph.op(
    'Gemm',
    [
      standardized,
      graph.constant(model.weights, [model.classes, model.features], 'weights'),
      graph.constant(model.bias, [model.classes], 'bias'),
    ],
    { transB: 1 },
  );
  graph.op('Softmax', [logits], { axis: -1 }, HEAD_OUTPUT);
  graph.output(HEAD_OUTPUT, ['N', model.classes]);
  const squared = graph.op('Mul', [standardized, standardized]);
  graph.op('Sqrt', [graph.op('ReduceMean', [squared], { axes: [1], keepdims: 0 })], {}, HEAD_DISTANCE);
  graph.output(HEAD_DISTANCE, ['N']);
  // A fixed producer: the same photos give the same bytes, whichever pawlens version trained them.
  return graph.toBytes({ name: 'pawlens heads train', version: '1' });
}

/** HEAD_DISTANCE of one raw feature vector, as the graph computes it: what training measures its own photos by. */
export function distanceFrom(model: SoftmaxRegression, features: Float32Array): number {
  let sum = 0;
  for (let j = 0; j < model.features; j++) sum += ((features[j]! - model.mean[j]!) * model.scale[j]!) ** 2;
  return Math.sqrt(sum / model.features);
}
