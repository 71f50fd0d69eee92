import { seededRandom, shuffleInPlace } from '../../vision/runtime/seeded-random.js';
import type { LogisticRegression } from '../../vision/localizer/localizer-graph.js';

/**
 * A logistic regression over standardized features: a localizer's head, one probability per cell
 * (docs/design.md §13). Measured against a one-hidden-layer network on the stool photos, it found
 * and pointed at stools as well (cell AUC 0.965 both), so the simpler, convex model is kept.
 */
export type { LogisticRegression };

export interface LogisticTraining {
  /** L2 penalty on the standardized weights. */
  readonly l2: number;
  readonly epochs: number;
  readonly batch: number;
  readonly learningRate: number;
  /** Deals the rows into batches: the same seed and rows give the same model. */
  readonly seed: number;
}

/**
 * Measured on the stool photos (held out by source photo): these reach the cell AUC that a
 * full L-BFGS fit reached (0.965), in seconds. The penalty was the best of 0.001, 0.01, 0.1 and 1
 * at telling photos with stool from lawns without.
 */
export const LOCALIZER_TRAINING: LogisticTraining = { l2: 0.1, epochs: 12, batch: 512, learningRate: 0.002, seed: 1 };

/** A standard deviation under this is a feature that never varies: left out (scale 0). */
const CONSTANT = 1e-6;

/** Rows of `d` values, `n` of them, in one flat array: what a localizer is trained on. */
export interface Rows {
  readonly values: Float32Array;
  readonly n: number;
  readonly d: number;
}

function standardization({ values, n, d }: Rows): { mean: Float32Array; scale: Float32Array } {
  const sum = new Float64Array(d);
  const squares = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    for (let j = 0, at = i * d; j < d; j++, at++) {
      const value = values[at]!;
      sum[j]! += value;
      squares[j]! += value * value;
    }
  }
  const mean = new Float32Array(d);
  const scale = new Float32Array(d);
  for (let j = 0; j < d; j++) {
    mean[j] = sum[j]! / n;
    const deviation = Math.sqrt(Math.max(0, squares[j]! / n - (sum[j]! / n) ** 2));
    scale[j] = deviation < CONSTANT ? 0 : 1 / deviation;
  }
  return { mean, scale };
}

/**
 * Fits the regression to rows labelled 1 or 0 by minibatch Adam from zero weights. The rows are
 * standardized as they are read (no standardized copy: the stool set is 400 MB of rows).
 */
export function fitLogisticRegression(rows: Rows, labels: Uint8Array, options: LogisticTraining): LogisticRegression {
  const { values, n, d } = rows;
  if (n === 0 || d === 0 || labels.length !== n) throw new Error('a localizer needs labelled rows with features');
  const { mean, scale } = standardization(rows);
  const weights = new Float32Array(d);
  let bias = 0;
  const m = new Float64Array(d + 1);
  const v = new Float64Array(d + 1);
  const effective = new Float64Array(d);
  const sums = new Float64Array(d);
  const order = Uint32Array.from({ length: n }, (_, i) => i);
  const random = seededRandom(options.seed);
  let step = 0;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    shuffleInPlace(order, random);
    for (let start = 0; start < n; start += options.batch) {
      const end = Math.min(n, start + options.batch);
      // z = Σ w·s·(x − mean) + b = Σ (w·s)·x + (b − Σ w·s·mean)
      let offset = bias;
      for (let j = 0; j < d; j++) {
        effective[j] = weights[j]! * scale[j]!;
        offset -= effective[j]! * mean[j]!;
      }
      sums.fill(0);
      let errors = 0;
      for (let k = start; k < end; k++) {
        const row = order[k]! * d;
        let z = offset;
        for (let j = 0; j < d; j++) z += effective[j]! * values[row + j]!;
        const error = 1 / (1 + Math.exp(-z)) - labels[order[k]!]!;
        errors += error;
        for (let j = 0; j < d; j++) sums[j]! += error * values[row + j]!;
      }
      const count = end - start;
      step++;
      const correction1 = 1 - 0.9 ** step;
      const correction2 = 1 - 0.999 ** step;
      for (let j = 0; j <= d; j++) {
        const gradient =
          j < d ? (scale[j]! * (sums[j]! - mean[j]! * errors)) / count + options.l2 * weights[j]! : errors / count;
        m[j] = 0.9 * m[j]! + 0.1 * gradient;
        v[j] = 0.999 * v[j]! + 0.001 * gradient * gradient;
        const update = (options.learningRate * (m[j]! / correction1)) / (Math.sqrt(v[j]! / correction2) + 1e-8);
        if (j < d) weights[j]! -= update;
        else bias -= update;
      }
    }
  }
  return { features: d, mean, scale, weights, bias };
}

/** The model's probability for each row. */
export function logisticProbabilities(model: LogisticRegression, { values, n, d }: Rows): Float32Array {
  if (d !== model.features) throw new Error(`the model reads ${model.features} features, not ${d}`);
  let offset = model.bias;
  const effective = new Float64Array(d);
  for (let j = 0; j < d; j++) {
    effective[j] = model.weights[j]! * model.scale[j]!;
    offset -= effective[j]! * model.mean[j]!;
  }
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let z = offset;
    for (let j = 0, at = i * d; j < d; j++, at++) z += effective[j]! * values[at]!;
    out[i] = 1 / (1 + Math.exp(-z));
  }
  return out;
}
