import type { SoftmaxRegression } from '../vision/heads/head-graph.js';
import { softmaxInPlace } from '../vision/runtime/softmax.js';

/**
 * A softmax regression (multinomial logistic regression) over standardized features, the head a
 * clinic trains on its own photos (docs/design.md §13). Trained by full-batch gradient descent with
 * Adam from zero weights: no randomness, so the same photos always give the same head.
 */
export type { SoftmaxRegression };

export interface TrainingOptions {
  /** L2 penalty on the weights, per training sample: keeps 1280 features from memorising 60 photos. */
  readonly l2: number;
  readonly epochs: number;
  readonly learningRate: number;
}

/**
 * Defaults measured on generated features only (separable classes, pure noise): the issue's
 * figure of 84% on real skin-lesion photos was reached with a regularised softmax regression of
 * this kind. When a clinic trains a head, cross-validation on its photos chooses the penalty
 * (src/training/train-head.ts); this one is the weakest it may choose.
 */
export const DEFAULT_TRAINING: TrainingOptions = { l2: 0.01, epochs: 300, learningRate: 0.05 };

/** A standard deviation under this is a feature that never varies: it is left out (scale 0). */
const CONSTANT = 1e-6;

export function fitSoftmaxRegression(
  samples: readonly Float32Array[],
  labels: readonly number[],
  classes: number,
  options: TrainingOptions = DEFAULT_TRAINING,
): SoftmaxRegression {
  const n = samples.length;
  const d = samples[0]?.length ?? 0;
  if (n === 0 || d === 0) throw new Error('a head needs at least one sample with features');
  const mean = new Float32Array(d);
  const scale = new Float32Array(d);
  for (const sample of samples) for (let j = 0; j < d; j++) mean[j]! += sample[j]! / n;
  for (const sample of samples) for (let j = 0; j < d; j++) scale[j]! += (sample[j]! - mean[j]!) ** 2 / n;
  for (let j = 0; j < d; j++) {
    const deviation = Math.sqrt(scale[j]!);
    scale[j] = deviation < CONSTANT ? 0 : 1 / deviation;
  }
  // The optimisation runs in doubles on one packed matrix (rows of standardized samples); the head keeps float32.
  const x = new Float64Array(n * d);
  samples.forEach((sample, i) => {
    for (let j = 0; j < d; j++) x[i * d + j] = (sample[j]! - mean[j]!) * scale[j]!;
  });
  const weights = new Float64Array(classes * d);
  const bias = new Float64Array(classes);
  const moments = { m: new Float64Array(classes * (d + 1)), v: new Float64Array(classes * (d + 1)) };
  const gradient = new Float64Array(classes * (d + 1));
  const probabilities = new Float64Array(classes);
  for (let step = 1; step <= options.epochs; step++) {
    gradient.fill(0);
    for (let i = 0; i < n; i++) {
      const row = i * d;
      probabilitiesOf(weights, bias, x.subarray(row, row + d), probabilities);
      for (let c = 0; c < classes; c++) {
        const error = (probabilities[c]! - (labels[i] === c ? 1 : 0)) / n;
        const at = c * (d + 1);
        for (let j = 0; j < d; j++) gradient[at + j]! += error * x[row + j]!;
        gradient[at + d]! += error;
      }
    }
    // Adam, its bias corrections taken once a step.
    const firstCorrection = 1 - 0.9 ** step;
    const secondCorrection = 1 - 0.999 ** step;
    for (let c = 0; c < classes; c++) {
      for (let j = 0; j <= d; j++) {
        const at = c * (d + 1) + j;
        const penalty = j < d ? options.l2 * weights[c * d + j]! : 0;
        const g = gradient[at]! + penalty;
        moments.m[at] = 0.9 * moments.m[at]! + 0.1 * g;
        moments.v[at] = 0.999 * moments.v[at]! + 0.001 * g * g;
        const update =
          (options.learningRate * (moments.m[at]! / firstCorrection)) /
          (Math.sqrt(moments.v[at]! / secondCorrection) + 1e-8);
        if (j < d) weights[c * d + j]! -= update;
        else bias[c]! -= update;
      }
    }
  }
  return { classes, features: d, mean, scale, weights: Float32Array.from(weights), bias: Float32Array.from(bias) };
}

/** The head's probability for each class of one raw (unstandardized) feature vector. */
export function predictProbabilities(model: SoftmaxRegression, sample: Float32Array): Float32Array {
  const x = sample.map((value, j) => (value - model.mean[j]!) * model.scale[j]!);
  return probabilitiesOf(model.weights, model.bias, x, new Float32Array(model.classes));
}

/** Softmax of bias + weights · x into `out`: training's doubles and a trained head's floats alike. */
function probabilitiesOf<T extends Float32Array | Float64Array>(
  weights: T,
  bias: T,
  x: Float32Array | Float64Array,
  out: T,
): T {
  const d = x.length;
  for (let c = 0; c < out.length; c++) {
    let logit = bias[c]!;
    for (let j = 0; j < d; j++) logit += weights[c * d + j]! * x[j]!;
    out[c] = logit;
  }
  return softmaxInPlace(out);
}
