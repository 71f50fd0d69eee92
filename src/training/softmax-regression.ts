import type { SoftmaxRegression } from '../vision/heads/head-graph.js';
import { softmaxInPlace } from '../vision/runtime/softmax.js';
import { designFor } from './softmax-design.js';
import { type SoftmaxSolution, solvePenalisedSoftmax } from './penalised-softmax.js';

/**
 * A softmax regression (multinomial logistic regression) over standardized features, the head a
 * clinic trains on its own photos (docs/design.md §13): the exact optimum of its L2-penalised log
 * loss (penalised-softmax.ts). No randomness: the same photos always give the same head.
 */
export type { SoftmaxRegression };

export interface TrainingOptions {
  /** L2 penalty on the weights (the loss is a mean over the samples): keeps 2,048 features from memorising 60 photos. */
  readonly l2: number;
}

/**
 * The weakest penalty cross-validation may choose (train-head.ts PENALTIES), and the one a head is
 * fitted with where nothing chose one.
 */
export const DEFAULT_TRAINING: TrainingOptions = { l2: 0.01 };

/** A standard deviation under this is a feature that never varies: it is left out (scale 0). */
const CONSTANT = 1e-6;

export function fitSoftmaxRegression(
  samples: readonly Float32Array[],
  labels: readonly number[],
  classes: number,
  options: TrainingOptions = DEFAULT_TRAINING,
): SoftmaxRegression {
  return fitSoftmaxRegressions(samples, labels, classes, [options.l2])[0]!;
}

/**
 * One head a penalty, on the same samples: standardized once, the design (its Gram matrix) built
 * once, and each penalty solved from the solution at the one before, so give them strongest first.
 */
export function fitSoftmaxRegressions(
  samples: readonly Float32Array[],
  labels: readonly number[],
  classes: number,
  penalties: readonly number[],
): SoftmaxRegression[] {
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
  // The solve runs in doubles on one packed matrix (rows of standardized samples); the head keeps float32.
  const x = new Float64Array(n * d);
  samples.forEach((sample, i) => {
    for (let j = 0; j < d; j++) x[i * d + j] = (sample[j]! - mean[j]!) * scale[j]!;
  });
  const design = designFor(x, n, d, classes);
  let previous: SoftmaxSolution | undefined;
  return penalties.map((l2) => {
    previous = solvePenalisedSoftmax(design, labels, classes, l2, previous);
    return {
      classes,
      features: d,
      mean,
      scale,
      weights: Float32Array.from(design.weightsOf(previous.theta)),
      bias: Float32Array.from(previous.bias),
    };
  });
}

/** The head's probability for each class of one raw (unstandardized) feature vector, as its graph computes it. */
export function predictProbabilities(model: SoftmaxRegression, sample: Float32Array): Float32Array {
  const d = sample.length;
  const out = new Float32Array(model.classes);
  for (let c = 0; c < model.classes; c++) {
    let logit = model.bias[c]!;
    for (let j = 0; j < d; j++) logit += model.weights[c * d + j]! * (sample[j]! - model.mean[j]!) * model.scale[j]!;
    out[c] = logit;
  }
  return softmaxInPlace(out);
}
