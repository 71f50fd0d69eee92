import { argmax, outOfFoldProbabilities, scoresOf, unsureBelow } from '../vision/heads/cross-validation.js';
import { DEFAULT_TRAINING, fitSoftmaxRegression, type SoftmaxRegression } from '../vision/heads/softmax-regression.js';
import { HeadFolderError, type HeadDefinition } from './head-folder.js';
import { namingShares, scoresReport, type ScoresReport } from './head-scores.js';
import type { PhotoFeatures } from './photo-features.js';

/** Fewer photos than this per label cannot be cross-validated into a figure worth trusting. */
export const MIN_PHOTOS_PER_LABEL = 10;
/** The confident answers must be right this often (out of fold): the head's threshold is where they are. */
export const SURE_PRECISION = 0.9;

export interface TrainingSettings {
  readonly folds: number;
  readonly seed: number;
}

export const DEFAULT_SETTINGS: TrainingSettings = { folds: 5, seed: 1 };

export interface TrainingReport extends ScoresReport {
  readonly name: string;
  readonly operation: string;
  readonly labels: readonly string[];
  readonly counts: Readonly<Record<string, number>>;
  readonly folds: number;
  readonly seed: number;
  /** Below this probability the head says it is unsure. */
  readonly threshold: number;
  /** At that threshold, out of fold: the share of photos named rightly, wrongly, or left unsure. */
  readonly named_right: number;
  readonly named_wrong: number;
  readonly unsure: number;
}

export interface TrainedHead {
  readonly model: SoftmaxRegression;
  readonly report: TrainingReport;
}

/**
 * Trains a head on the photos' features: first `folds`-fold cross-validation (each photo judged by
 * a head that never saw it), which gives the accuracy, the per-label figures and the threshold;
 * then the head itself, on every photo. Deterministic: the same photos and seed give the same head.
 */
export function trainHead(
  definition: HeadDefinition,
  photos: readonly PhotoFeatures[],
  settings: TrainingSettings = DEFAULT_SETTINGS,
): TrainedHead {
  const labels = Object.keys(definition.labels).sort();
  const counts = Object.fromEntries(labels.map((label) => [label, photos.filter((p) => p.label === label).length]));
  const short = labels.filter((label) => counts[label]! < MIN_PHOTOS_PER_LABEL);
  if (short.length > 0)
    throw new HeadFolderError(
      `Each label needs at least ${MIN_PHOTOS_PER_LABEL} readable photos; ${short.map((label) => `${label} has ${counts[label]}`).join(', ')}.`,
    );
  // Features in label order, so the same folder always gives the same head however it was listed.
  const ordered = [...photos].sort(
    (a, b) => labels.indexOf(a.label) - labels.indexOf(b.label) || a.sha256.localeCompare(b.sha256),
  );
  const samples = ordered.map((photo) => photo.features);
  const targets = ordered.map((photo) => labels.indexOf(photo.label));
  const outOfFold = outOfFoldProbabilities(samples, targets, labels.length, settings);
  const scores = scoresOf(targets, outOfFold.map(argmax), labels.length);
  const threshold = unsureBelow(outOfFold, targets, SURE_PRECISION);
  const answers = outOfFold.map((p, i) => ({ sure: Math.max(...p) >= threshold, right: argmax(p) === targets[i] }));
  return {
    model: fitSoftmaxRegression(samples, targets, labels.length, DEFAULT_TRAINING),
    report: {
      name: definition.name,
      operation: definition.operation,
      labels,
      counts,
      folds: settings.folds,
      seed: settings.seed,
      threshold,
      ...scoresReport(scores, labels),
      ...namingShares(answers),
    },
  };
}
