import { NEVER_SURE } from '../vision/heads/sureness.js';
import { seededRandom, shuffleInPlace } from '../vision/runtime/seeded-random.js';
import { fitSoftmaxRegressions, predictProbabilities } from './softmax-regression.js';

/** How a head did on photos it was not trained on: out-of-fold or a held-out folder. */
export interface HeadScores {
  readonly n: number;
  readonly accuracy: number;
  /** Per label: of the photos the head called this label, how many were (precision); of this label's photos, how many it found (recall). */
  readonly perLabel: ReadonlyArray<{ readonly precision: number; readonly recall: number; readonly n: number }>;
  /** confusion[actual][predicted]: counts. */
  readonly confusion: readonly (readonly number[])[];
}

/** Scores of `predicted` against `actual` labels (indices below `classes`). */
export function scoresOf(actual: readonly number[], predicted: readonly number[], classes: number): HeadScores {
  const confusion = Array.from({ length: classes }, () => new Array<number>(classes).fill(0));
  actual.forEach((label, i) => {
    confusion[label]![predicted[i]!]!++;
  });
  const right = actual.filter((label, i) => label === predicted[i]).length;
  const perLabel = confusion.map((row, c) => {
    const called = confusion.reduce((sum, other) => sum + other[c]!, 0);
    const n = row.reduce((sum, count) => sum + count, 0);
    return { precision: called > 0 ? row[c]! / called : 0, recall: n > 0 ? row[c]! / n : 0, n };
  });
  return { n: actual.length, accuracy: actual.length > 0 ? right / actual.length : 0, perLabel, confusion };
}

/**
 * Folds that keep each label's share and never part a group (copies of one photo, one scene:
 * near-duplicates.ts): each label's groups, in an order shuffled by a seeded generator, go one by
 * one to the fold that holds fewest of that label's samples so far. A group is dealt by its first
 * sample's label. Without groups, every sample is its own. Returns each sample's fold.
 */
export function stratifiedFolds(
  labels: readonly number[],
  folds: number,
  seed: number,
  groups: readonly number[] = labels.map((_, i) => i),
): number[] {
  const random = seededRandom(seed);
  const members = new Map<number, number[]>();
  for (const [i, group] of groups.entries()) members.set(group, [...(members.get(group) ?? []), i]);
  const fold = new Array<number>(labels.length).fill(0);
  for (const label of new Set(labels)) {
    const ofLabel = [...members.values()].filter((group) => labels[group[0]!] === label);
    shuffleInPlace(ofLabel, random);
    const held = new Array<number>(folds).fill(0);
    for (const group of ofLabel) {
      const smallest = held.indexOf(Math.min(...held));
      for (const member of group) fold[member] = smallest;
      held[smallest]! += group.length;
    }
  }
  return fold;
}

interface FoldOptions {
  readonly folds: number;
  readonly seed: number;
  /** Each sample's group of copies (near-duplicates.ts): a copy never validates its twin. */
  readonly groups?: readonly number[];
}

/**
 * For each of `penalties` (strongest first), each sample's probabilities from a head trained on
 * the other folds at that penalty: a fold's heads share its standardization and design
 * (fitSoftmaxRegressions).
 */
export function outOfFoldByPenalty(
  samples: readonly Float32Array[],
  labels: readonly number[],
  classes: number,
  options: FoldOptions & { readonly penalties: readonly number[]; readonly foldDone?: () => void },
): Float32Array[][] {
  const fold = stratifiedFolds(labels, options.folds, options.seed, options.groups);
  const out = options.penalties.map(() => new Array<Float32Array>(samples.length));
  for (let k = 0; k < options.folds; k++) {
    const train = samples.flatMap((_, i) => (fold[i] === k ? [] : [i]));
    const models = fitSoftmaxRegressions(
      train.map((i) => samples[i]!),
      train.map((i) => labels[i]!),
      classes,
      options.penalties,
    );
    models.forEach((model, p) => {
      samples.forEach((sample, i) => {
        if (fold[i] === k) out[p]![i] = predictProbabilities(model, sample);
      });
    });
    options.foldDone?.();
  }
  return out;
}

/** The index of the largest value. */
export const argmax = (values: Float32Array) => values.indexOf(Math.max(...values));

/**
 * The lowest threshold a head may have: its label must be more likely than all the others
 * together (0.5), and with two labels clearly more than a coin's toss (0.6). Without it, a head
 * right on every photo it was cross-validated on would name a label at barely above chance, and so
 * would name one for a photo unlike any it learnt from. A guess, not a measurement.
 */
export const minimumThreshold = (classes: number) => Math.max(0.5, 1 / classes + 0.1);

/**
 * At least this many out-of-fold answers must be as confident as a threshold for their precision
 * to choose it: three right of three is no 90%.
 */
export const MIN_SURE_ANSWERS = 10;

/**
 * The confidence below which the head says it is unsure: the lowest at which the out-of-fold
 * answers at least that confident (MIN_SURE_ANSWERS or more of them) were right `precision` of
 * the time, tried in steps of 0.05 from minimumThreshold upwards. Where none is, NEVER_SURE: the
 * bar is not lowered, the head answers "unsure" (naming its likeliest labels as possibilities).
 */
export function unsureBelow(
  probabilities: readonly Float32Array[],
  labels: readonly number[],
  precision = 0.9,
): number {
  const classes = probabilities[0]?.length ?? 2;
  for (let threshold = Math.ceil(minimumThreshold(classes) * 20 - 1e-9) / 20; threshold <= 0.951; threshold += 0.05) {
    const sure = probabilities.flatMap((p, i) => (Math.max(...p) >= threshold ? [argmax(p) === labels[i]] : []));
    if (sure.length < MIN_SURE_ANSWERS) break;
    if (sure.filter(Boolean).length / sure.length >= precision) return Number(threshold.toFixed(2));
  }
  return NEVER_SURE;
}
