import { describe, expect, it } from 'vitest';
import { MAX_ITERATIONS, solvePenalisedSoftmax } from '../../src/training/penalised-softmax.js';
import { dualDesign, primalDesign } from '../../src/training/softmax-design.js';
import { seededRandom } from '../../src/vision/runtime/seeded-random.js';

/** `n` samples of `d` standardized-looking features in `classes` overlapping classes (each a shifted centre plus noise). */
function problem(n: number, d: number, classes: number, seed = 3) {
  const uniform = seededRandom(seed);
  const labels = Array.from({ length: n }, (_, i) => i % classes);
  const x = new Float64Array(n * d);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < d; j++) x[i * d + j] = uniform() * 2 - 1 + (j % classes === labels[i] ? 0.4 : 0);
  return { x, labels };
}

/** The penalised objective's gradient by the weights, computed the plain way: the optimum's is zero. */
function gradientNorm(
  x: Float64Array,
  labels: number[],
  d: number,
  classes: number,
  weights: Float64Array,
  bias: Float64Array,
  l2: number,
) {
  const n = labels.length;
  const gradient = Float64Array.from(weights, (w) => l2 * w);
  const biasGradient = new Float64Array(classes);
  for (let i = 0; i < n; i++) {
    const logits = Array.from({ length: classes }, (_, k) => {
      let sum = bias[k]!;
      for (let j = 0; j < d; j++) sum += weights[k * d + j]! * x[i * d + j]!;
      return sum;
    });
    const max = Math.max(...logits);
    const total = logits.reduce((sum, z) => sum + Math.exp(z - max), 0);
    for (let k = 0; k < classes; k++) {
      const error = (Math.exp(logits[k]! - max) / total - (labels[i] === k ? 1 : 0)) / n;
      biasGradient[k]! += error;
      for (let j = 0; j < d; j++) gradient[k * d + j]! += error * x[i * d + j]!;
    }
  }
  return Math.hypot(...gradient, ...biasGradient);
}

describe('the penalised softmax regression is solved to its optimum', () => {
  const n = 40;
  const d = 60;
  const classes = 3;
  const { x, labels } = problem(n, d, classes);

  it.each([1, 0.1, 0.01])('written through the samples or feature by feature, the same head (l2 %s)', (l2) => {
    const dual = dualDesign(x, n, d, classes);
    const primal = primalDesign(x, n, d, classes);
    const a = solvePenalisedSoftmax(dual, labels, classes, l2);
    const b = solvePenalisedSoftmax(primal, labels, classes, l2);
    expect(a.converged && b.converged).toBe(true);
    expect(a.iterations).toBeLessThan(MAX_ITERATIONS);
    const weights = [dual.weightsOf(a.theta), primal.weightsOf(b.theta)];
    for (const [j, w] of weights[0]!.entries()) expect(w).toBeCloseTo(weights[1]![j]!, 4);
    for (const [k, bias] of a.bias.entries()) expect(bias).toBeCloseTo(b.bias[k]!, 4);
    // Where the penalised loss is least, its gradient vanishes (SOLVED_GRADIENT, checked the plain way).
    expect(gradientNorm(x, labels, d, classes, weights[0]!, a.bias, l2)).toBeLessThan(1e-4);
  });

  it('starting from the solution at a stronger penalty ends where starting from zero does', () => {
    const design = dualDesign(x, n, d, classes);
    const cold = solvePenalisedSoftmax(design, labels, classes, 0.03);
    const warm = solvePenalisedSoftmax(
      design,
      labels,
      classes,
      0.03,
      solvePenalisedSoftmax(design, labels, classes, 0.3),
    );
    const [a, b] = [design.weightsOf(cold.theta), design.weightsOf(warm.theta)];
    for (const [j, w] of a.entries()) expect(w).toBeCloseTo(b[j]!, 4);
  });

  it('a stronger penalty holds the weights smaller', () => {
    const design = primalDesign(x, n, d, classes);
    const size = (l2: number) =>
      Math.hypot(...design.weightsOf(solvePenalisedSoftmax(design, labels, classes, l2).theta));
    expect(size(1)).toBeLessThan(size(0.1));
    expect(size(0.1)).toBeLessThan(size(0.01));
  });
});
