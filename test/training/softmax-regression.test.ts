import { describe, expect, it } from 'vitest';
import {
  argmax,
  outOfFoldByPenalty,
  scoresOf,
  stratifiedFolds,
  unsureBelow,
} from '../../src/training/cross-validation.js';
import { DEFAULT_TRAINING, fitSoftmaxRegression, predictProbabilities } from '../../src/training/softmax-regression.js';
import { seededRandom } from '../../src/vision/runtime/seeded-random.js';

/** Seeded samples of `size` features: each class a centre plus noise (`spread` 0: every class the same centre, pure noise). */
function generated(classes: number, perClass: number, size: number, spread: number, seed = 5) {
  const uniform = seededRandom(seed);
  const gaussian = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const centres = Array.from({ length: classes }, () => Float32Array.from({ length: size }, () => gaussian() * spread));
  const samples: Float32Array[] = [];
  const labels: number[] = [];
  for (let c = 0; c < classes; c++)
    for (let i = 0; i < perClass; i++) {
      // Like ReLU features: non-negative, many of them zero, some never varying at all.
      samples.push(
        Float32Array.from(centres[c]!, (centre, j) => (j % 10 === 0 ? 0 : Math.max(0, 1 + centre + gaussian()))),
      );
      labels.push(c);
    }
  return { samples, labels };
}

const crossValidated = (data: ReturnType<typeof generated>, classes: number) => {
  const probabilities = outOfFoldByPenalty(data.samples, data.labels, classes, {
    folds: 5,
    seed: 7,
    penalties: [DEFAULT_TRAINING.l2],
  })[0]!;
  return { probabilities, scores: scoresOf(data.labels, probabilities.map(argmax), classes) };
};

describe('a head trained by softmax regression', () => {
  it('separable classes reach 100% on the folds it was not trained on, and it is sure of them', () => {
    const data = generated(4, 15, 200, 1.5);
    const { probabilities, scores } = crossValidated(data, 4);
    expect(scores.accuracy).toBe(1);
    expect(scores.confusion).toEqual([0, 1, 2, 3].map((c) => [0, 1, 2, 3].map((p) => (p === c ? 15 : 0))));
    expect(scores.perLabel.every(({ precision, recall, n }) => precision === 1 && recall === 1 && n === 15)).toBe(true);
    expect(unsureBelow(probabilities, data.labels)).toBeLessThanOrEqual(0.5);
  });

  it('noise stays near chance, and the head is unsure of nearly everything', () => {
    const data = generated(3, 30, 200, 0);
    const { probabilities, scores } = crossValidated(data, 3);
    expect(scores.accuracy).toBeGreaterThan(0.15);
    expect(scores.accuracy).toBeLessThan(0.55);
    const threshold = unsureBelow(probabilities, data.labels);
    const sure = probabilities.filter((p) => Math.max(...p) >= threshold).length;
    expect(sure / probabilities.length).toBeLessThan(0.35);
  });

  it('the same photos give the same head, to the bit', () => {
    const data = generated(3, 12, 64, 1);
    const first = fitSoftmaxRegression(data.samples, data.labels, 3);
    const second = fitSoftmaxRegression(data.samples, data.labels, 3);
    expect(second.weights).toEqual(first.weights);
    expect(second.bias).toEqual(first.bias);
    expect(predictProbabilities(first, data.samples[0]!).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
  });

  it('folds keep every label in each fold, the same for the same seed', () => {
    const labels = [...new Array(12).fill(0), ...new Array(10).fill(1)];
    const folds = stratifiedFolds(labels, 5, 3);
    expect(stratifiedFolds(labels, 5, 3)).toEqual(folds);
    for (let k = 0; k < 5; k++) {
      expect(labels.filter((label, i) => label === 0 && folds[i] === k).length).toBeGreaterThanOrEqual(2);
      expect(labels.filter((label, i) => label === 1 && folds[i] === k).length).toBe(2);
    }
  });
});
