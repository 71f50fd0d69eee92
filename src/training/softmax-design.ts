/**
 * How a penalised softmax regression's weights are written while it is solved (penalised-softmax.ts).
 * The optimum of an L2-penalised regression lies in the span of its training samples (the
 * representer theorem), so with fewer samples than features, a clinic's few hundred photos of
 * 2,048 features, each class's weights are written as a combination of the samples: n numbers a
 * class, read through their Gram matrix, instead of d (the dual design). With more samples than
 * features, feature by feature (the primal design). Either way the solver works in the weights'
 * own geometry: its inner product is the weights' dot product, whatever the coordinates.
 */
export interface SoftmaxDesign {
  readonly samples: number;
  /** Coordinates a class: samples (dual) or features (primal). */
  readonly size: number;
  /** Each sample's logit for each class of coordinates `theta` (classes × size), bias left out, into `out` (samples × classes). */
  logitsOf(theta: Float64Array, out: Float64Array): void;
  /**
   * `theta`'s image under the inner product (classes × size): dot(u, imageOf(v)) is the dot
   * product of the weights u and v stand for. The dual's image is logitsOf(theta): pass them where
   * they are at hand, or it computes them; the primal's is theta itself, and reads no logits.
   */
  imageOf(theta: Float64Array, out: Float64Array, logits?: Float64Array): void;
  /** The penalised loss's gradient in the weights' geometry, from each sample's errors (samples × classes, already divided by the count). */
  gradientOf(errors: Float64Array, theta: Float64Array, l2: number, out: Float64Array): void;
  /** The weights themselves (classes × features) of coordinates `theta`. */
  weightsOf(theta: Float64Array): Float64Array;
}

/** The design for `x` (samples × features, standardized, row by row): dual when samples are no more than features. */
export function designFor(x: Float64Array, samples: number, features: number, classes: number): SoftmaxDesign {
  return samples <= features ? dualDesign(x, samples, features, classes) : primalDesign(x, samples, features, classes);
}

export function dualDesign(x: Float64Array, n: number, d: number, classes: number): SoftmaxDesign {
  // The Gram matrix once: n²/2 dot products of d, then every iteration costs classes × n² not × n × d.
  const gram = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let l = i; l < n; l++) {
      let sum = 0;
      for (let j = 0; j < d; j++) sum += x[i * d + j]! * x[l * d + j]!;
      gram[i * n + l] = sum;
      gram[l * n + i] = sum;
    }
  // Where imageOf is given no logits (a gradient's, every iteration), it computes them here, not
  // in a new array each time.
  const scratchLogits = new Float64Array(n * classes);
  return {
    samples: n,
    size: n,
    // The Gram matrix is symmetric: its rows are its columns.
    logitsOf: (theta, out) => rowsTimes(gram, n, n, theta, classes, out),
    imageOf(theta, out, logits) {
      const read = logits ?? scratchLogits;
      if (!logits) rowsTimes(gram, n, n, theta, classes, read);
      for (let k = 0; k < classes; k++) for (let i = 0; i < n; i++) out[k * n + i] = read[i * classes + k]!;
    },
    gradientOf(errors, theta, l2, out) {
      for (let k = 0; k < classes; k++)
        for (let i = 0; i < n; i++) out[k * n + i] = errors[i * classes + k]! + l2 * theta[k * n + i]!;
    },
    weightsOf(theta) {
      const weights = new Float64Array(classes * d);
      for (let k = 0; k < classes; k++)
        for (let l = 0; l < n; l++) {
          const coefficient = theta[k * n + l]!;
          if (coefficient !== 0) for (let j = 0; j < d; j++) weights[k * d + j]! += coefficient * x[l * d + j]!;
        }
      return weights;
    },
  };
}

export function primalDesign(x: Float64Array, n: number, d: number, classes: number): SoftmaxDesign {
  return {
    samples: n,
    size: d,
    logitsOf: (theta, out) => rowsTimes(x, n, d, theta, classes, out),
    imageOf(theta, out) {
      out.set(theta);
    },
    gradientOf(errors, theta, l2, out) {
      for (let k = 0; k < classes * d; k++) out[k] = l2 * theta[k]!;
      for (let i = 0; i < n; i++)
        for (let k = 0; k < classes; k++) {
          const error = errors[i * classes + k]!;
          for (let j = 0; j < d; j++) out[k * d + j]! += error * x[i * d + j]!;
        }
    },
    weightsOf: (theta) => Float64Array.from(theta),
  };
}

/** out[i × classes + k] = row i of `matrix` (rows × columns) · class k's coordinates in `theta` (classes × columns). */
function rowsTimes(
  matrix: Float64Array,
  rows: number,
  columns: number,
  theta: Float64Array,
  classes: number,
  out: Float64Array,
): void {
  for (let i = 0; i < rows; i++)
    for (let k = 0; k < classes; k++) {
      let sum = 0;
      for (let j = 0; j < columns; j++) sum += theta[k * columns + j]! * matrix[i * columns + j]!;
      out[i * classes + k] = sum;
    }
}
