import type { SoftmaxDesign } from './softmax-design.js';

/** A solution: each class's coordinates in the design (classes × size) and its bias. */
export interface SoftmaxSolution {
  readonly theta: Float64Array;
  readonly bias: Float64Array;
  /** How many L-BFGS iterations it took, and whether the gradient fell under SOLVED_GRADIENT before MAX_ITERATIONS. */
  readonly iterations: number;
  readonly converged: boolean;
}

/**
 * Solved when the gradient's norm (in the weights' geometry) is under this: the mean log loss and
 * the penalty then move by less than a millionth for any step the solver would take.
 */
export const SOLVED_GRADIENT = 1e-5;
/** A bound, never reached on the real close-ups (docs/heads.md): the solution so far is the head. */
export const MAX_ITERATIONS = 1000;
/** L-BFGS remembers this many steps: from zero on 240 of the real cat close-ups, 99 iterations where 10 steps took 256. */
const MEMORY = 20;

interface Step {
  readonly s: Float64Array;
  readonly sBias: Float64Array;
  readonly sImage: Float64Array;
  readonly y: Float64Array;
  readonly yBias: Float64Array;
  readonly yImage: Float64Array;
  readonly rho: number;
}

const dot = (a: Float64Array, b: Float64Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};

/**
 * The mean cross-entropy of `logits` + `bias` (+ `t` × the step's) against `labels`, and where
 * `errors` is given, each sample's probabilities less its one-hot label, divided by the count.
 */
function crossEntropy(
  logits: Float64Array,
  bias: Float64Array,
  labels: readonly number[],
  step?: { readonly t: number; readonly logits: Float64Array; readonly bias: Float64Array },
  errors?: Float64Array,
): number {
  const classes = bias.length;
  const n = labels.length;
  let loss = 0;
  const z = new Float64Array(classes);
  for (let i = 0; i < n; i++) {
    let max = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < classes; k++) {
      const at = i * classes + k;
      z[k] = logits[at]! + bias[k]! + (step ? step.t * (step.logits[at]! + step.bias[k]!) : 0);
      if (z[k]! > max) max = z[k]!;
    }
    let sum = 0;
    for (let k = 0; k < classes; k++) sum += Math.exp(z[k]! - max);
    const logSum = max + Math.log(sum);
    loss += logSum - z[labels[i]!]!;
    if (errors)
      for (let k = 0; k < classes; k++)
        errors[i * classes + k] = (Math.exp(z[k]! - logSum) - (labels[i] === k ? 1 : 0)) / n;
  }
  return loss / n;
}

/**
 * The L2-penalised softmax regression's optimum in `design`: mean cross-entropy + l2/2 × the
 * weights' squared norm, the bias unpenalised. L-BFGS from `start` (zero, or the solution at a
 * neighbouring penalty) with a backtracking line search, all in the weights' geometry. No
 * randomness: the same samples and penalty give the same solution, to the bit.
 */
export function solvePenalisedSoftmax(
  design: SoftmaxDesign,
  labels: readonly number[],
  classes: number,
  l2: number,
  start?: SoftmaxSolution,
): SoftmaxSolution {
  const n = design.samples;
  const size = classes * design.size;
  const theta = start ? Float64Array.from(start.theta) : new Float64Array(size);
  const bias = start ? Float64Array.from(start.bias) : new Float64Array(classes);
  const logits = new Float64Array(n * classes);
  const image = new Float64Array(size);
  design.logitsOf(theta, logits);
  design.imageOf(theta, image, logits);
  const errors = new Float64Array(n * classes);
  const objective = (data: number) => data + (l2 / 2) * dot(theta, image);
  let loss = objective(crossEntropy(logits, bias, labels, undefined, errors));
  const gradient = { theta: new Float64Array(size), bias: new Float64Array(classes), image: new Float64Array(size) };
  const gradientAt = (into: typeof gradient) => {
    design.gradientOf(errors, theta, l2, into.theta);
    into.bias.fill(0);
    for (let i = 0; i < n; i++) for (let k = 0; k < classes; k++) into.bias[k]! += errors[i * classes + k]!;
    design.imageOf(into.theta, into.image);
  };
  gradientAt(gradient);
  const history: Step[] = [];
  const direction = new Float64Array(size);
  const directionBias = new Float64Array(classes);
  const directionLogits = new Float64Array(n * classes);
  const directionImage = new Float64Array(size);
  let iterations = 0;
  for (; iterations < MAX_ITERATIONS; iterations++) {
    const norm = Math.sqrt(dot(gradient.theta, gradient.image) + dot(gradient.bias, gradient.bias));
    if (norm < SOLVED_GRADIENT) return { theta, bias, iterations, converged: true };
    twoLoop(gradient, history, direction, directionBias);
    design.logitsOf(direction, directionLogits);
    design.imageOf(direction, directionImage, directionLogits);
    const slope = dot(gradient.theta, directionImage) + dot(gradient.bias, directionBias);
    if (slope >= 0 && history.length > 0) {
      // The remembered curvature points uphill (rounding, near the optimum): forget it, go down the gradient.
      history.length = 0;
      continue;
    }
    // Without history the direction is the gradient's: a first step of unit length.
    let t = history.length === 0 ? 1 / norm : 1;
    const thetaDirection = dot(theta, directionImage);
    const directionSquared = dot(direction, directionImage);
    const thetaSquared = dot(theta, image);
    const step = { t, logits: directionLogits, bias: directionBias };
    let next: number;
    // Halved until the loss falls by a ten-thousandth of what the slope promises (Armijo), 40 times at most.
    for (let halvings = 0; ; halvings++, t /= 2) {
      step.t = t;
      next =
        crossEntropy(logits, bias, labels, step) +
        (l2 / 2) * (thetaSquared + 2 * t * thetaDirection + t * t * directionSquared);
      if (next <= loss + 1e-4 * t * slope || halvings === 40) break;
    }
    if (!(next < loss)) return { theta, bias, iterations, converged: false };
    for (let i = 0; i < size; i++) {
      theta[i]! += t * direction[i]!;
      image[i]! += t * directionImage[i]!;
    }
    for (let k = 0; k < classes; k++) bias[k]! += t * directionBias[k]!;
    for (let i = 0; i < logits.length; i++) logits[i]! += t * directionLogits[i]!;
    loss = objective(crossEntropy(logits, bias, labels, undefined, errors));
    const previous = { theta: gradient.theta.slice(), bias: gradient.bias.slice(), image: gradient.image.slice() };
    gradientAt(gradient);
    remember(history, t, { direction, directionBias, directionImage }, previous, gradient);
  }
  return { theta, bias, iterations, converged: false };
}

/** Adds the step just taken to L-BFGS's memory, when its curvature is positive (otherwise it would mislead the next direction). */
function remember(
  history: Step[],
  t: number,
  taken: { direction: Float64Array; directionBias: Float64Array; directionImage: Float64Array },
  before: { theta: Float64Array; bias: Float64Array; image: Float64Array },
  after: { theta: Float64Array; bias: Float64Array; image: Float64Array },
): void {
  const s = taken.direction.map((value) => t * value);
  const sBias = taken.directionBias.map((value) => t * value);
  const sImage = taken.directionImage.map((value) => t * value);
  const y = after.theta.map((value, i) => value - before.theta[i]!);
  const yBias = after.bias.map((value, i) => value - before.bias[i]!);
  const yImage = after.image.map((value, i) => value - before.image[i]!);
  const curvature = dot(s, yImage) + dot(sBias, yBias);
  if (!(curvature > 1e-12)) return;
  history.push({ s, sBias, sImage, y, yBias, yImage, rho: 1 / curvature });
  if (history.length > MEMORY) history.shift();
}

/** L-BFGS's two-loop recursion: the descent direction, minus the inverse Hessian estimate times the gradient, into `out`. */
function twoLoop(
  gradient: { theta: Float64Array; bias: Float64Array },
  history: readonly Step[],
  out: Float64Array,
  outBias: Float64Array,
): void {
  out.set(gradient.theta);
  outBias.set(gradient.bias);
  const alphas = new Array<number>(history.length);
  for (let h = history.length - 1; h >= 0; h--) {
    const step = history[h]!;
    const alpha = step.rho * (dot(step.sImage, out) + dot(step.sBias, outBias));
    alphas[h] = alpha;
    for (let i = 0; i < out.length; i++) out[i]! -= alpha * step.y[i]!;
    for (let k = 0; k < outBias.length; k++) outBias[k]! -= alpha * step.yBias[k]!;
  }
  const newest = history.at(-1);
  const gamma = newest ? 1 / (newest.rho * (dot(newest.y, newest.yImage) + dot(newest.yBias, newest.yBias))) : 1;
  for (let i = 0; i < out.length; i++) out[i]! *= gamma;
  for (let k = 0; k < outBias.length; k++) outBias[k]! *= gamma;
  for (const [h, step] of history.entries()) {
    const beta = step.rho * (dot(step.yImage, out) + dot(step.yBias, outBias));
    for (let i = 0; i < out.length; i++) out[i]! += (alphas[h]! - beta) * step.s[i]!;
    for (let k = 0; k < outBias.length; k++) outBias[k]! += (alphas[h]! - beta) * step.sBias[k]!;
  }
  for (let i = 0; i < out.length; i++) out[i] = -out[i]!;
  for (let k = 0; k < outBias.length; k++) outBias[k] = -outBias[k]!;
}
