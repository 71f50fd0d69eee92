import { argmax, outOfFoldByPenalty, scoresOf, unsureBelow } from './cross-validation.js';
import { isSure } from '../vision/heads/sureness.js';
import { fitSoftmaxRegression, type SoftmaxRegression } from './softmax-regression.js';
import { distanceFrom } from '../vision/heads/head-graph.js';
import { HeadFolderError, type HeadDefinition } from './head-folder.js';
import { namingShares, rounded, scoresReport, type ScoresReport } from './head-scores.js';
import { SAME_PHOTO, sameSceneGroups } from './near-duplicates.js';
import { lookOf, looksByLabel } from '../vision/heads/photo-look.js';
import type { PhotoFeatures } from './photo-features.js';
import { EXTRA_FEATURES, type ExtraFeature, type FeaturePooling, joined } from '../vision/runtime/backbone-features.js';

/**
 * Fewer photos than this per label cannot be cross-validated into a figure worth trusting: a
 * dog skin head of 105 photos (4 labels, 14–40 each) cross-validated at 67% and was right on 45%
 * of photos it never saw (issue 40).
 */
export const MIN_PHOTOS_PER_LABEL = 20;
/**
 * …and those photos must be this many distinct scenes: copies, crops and edits of one photo
 * (near-duplicates.ts) teach one photo, and validate each other in any fold that parts them
 * (issue 40: crops of four photos cross-validated at 100%).
 */
export const MIN_SCENES_PER_LABEL = 10;
/** The confident answers must be right this often (out of fold) by default: the head's threshold is where they are (`--precision`). */
export const SURE_PRECISION = 0.9;

/**
 * How many of `photos` each label has, refusing a label with fewer than MIN_PHOTOS_PER_LABEL;
 * `what` says which photos were counted (files before reading them, or the readable ones).
 */
export function photosPerLabel(
  labels: readonly string[],
  photos: ReadonlyArray<{ readonly label: string }>,
  what: string,
): Record<string, number> {
  const counts = Object.fromEntries(labels.map((label) => [label, photos.filter((p) => p.label === label).length]));
  const short = labels.filter((label) => counts[label]! < MIN_PHOTOS_PER_LABEL);
  if (short.length > 0)
    throw new HeadFolderError(
      `Each label needs at least ${MIN_PHOTOS_PER_LABEL} ${what}; ${short.map((label) => `${label} has ${counts[label]}`).join(', ')}.`,
    );
  return counts;
}

/** Refuses a head any of whose labels has fewer than MIN_SCENES_PER_LABEL distinct scenes, naming them. */
function requireScenes(labels: readonly string[], groups: readonly number[], targets: readonly number[]): void {
  const short = labels.flatMap((label, index) => {
    const scenes = new Set(groups.filter((_, i) => targets[i] === index)).size;
    return scenes < MIN_SCENES_PER_LABEL ? [`${label} has ${scenes}`] : [];
  });
  if (short.length > 0)
    throw new HeadFolderError(
      `Each label needs at least ${MIN_SCENES_PER_LABEL} distinct photos, not copies, crops or edits of one another; ${short.join(', ')}. Nothing was installed: add photos of other patients or other visits.`,
    );
}

export interface TrainingSettings {
  readonly folds: number;
  readonly seed: number;
  /** How often its sure answers must be right out of fold (unsureBelow). */
  readonly precision: number;
}

export const DEFAULT_SETTINGS: TrainingSettings = { folds: 5, seed: 1, precision: SURE_PRECISION };

/**
 * Whether a cross-validated accuracy is no better than naming the commonest label every time:
 * within two standard errors of that share, on `n` photos. Such a head has learnt nothing the
 * photos show, and its answers would be guesses with probabilities attached.
 */
export function nearChance(accuracy: number, counts: Readonly<Record<string, number>>): boolean {
  const n = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const commonest = Math.max(...Object.values(counts)) / n;
  return accuracy <= commonest + 2 * Math.sqrt((commonest * (1 - commonest)) / n);
}

/**
 * The L2 penalties cross-validation chooses among, strongest first: the one whose out-of-fold
 * probabilities have the lowest log loss wins (a tie keeps the stronger). Log loss, not accuracy,
 * because the threshold is read from those probabilities: a penalty too weak makes a head sure
 * of its mistakes. On generated features with overlapping classes the best was 0.1, where the
 * fixed 0.01 had given a worse loss at the same accuracy.
 */
export const PENALTIES = [1, 0.3, 0.1, 0.03, 0.01] as const;

/** Mean negative log probability given to each photo's own label. */
const logLoss = (probabilities: readonly Float32Array[], targets: readonly number[]) =>
  -probabilities.reduce((sum, p, i) => sum + Math.log(Math.max(1e-12, p[targets[i]!]!)), 0) / probabilities.length;

export interface TrainingReport extends ScoresReport {
  readonly name: string;
  readonly operation: string;
  readonly labels: readonly string[];
  readonly counts: Readonly<Record<string, number>>;
  readonly folds: number;
  readonly seed: number;
  /** The pooling of the backbone's features and the L2 penalty (PENALTIES) cross-validation chose, and their out-of-fold log loss. */
  readonly pooling: FeaturePooling;
  /** How many of the head companion's features follow the backbone's, then of the detector's (0: none; backbone.ts). */
  readonly companion: number;
  readonly detector: number;
  readonly penalty: number;
  readonly log_loss: number;
  /** The farthest a training photo lies from the others (head-graph.ts HEAD_DISTANCE): a photo farther is unlike them all. */
  readonly farthest: number;
  /**
   * The median training photo's distance from the others: a photo this near is as like the photos
   * the clinic chose as the typical one of them, so the photo gate does not refuse it as the wrong
   * kind of close-up (head-vouches.ts).
   */
  readonly typical: number;
  /** Below this probability the head says it is unsure; NEVER_SURE when no threshold met `precision`. */
  readonly threshold: number;
  readonly precision: number;
  /** Copies of one photo, or one scene, found among the photos (near-duplicates.ts) and kept in one fold. */
  readonly scenes: number;
  readonly largest_scene: number;
  /** At that threshold, out of fold: the share of photos named rightly, wrongly, or left unsure. */
  readonly named_right: number;
  readonly named_wrong: number;
  readonly unsure: number;
}

export interface TrainedHead {
  readonly model: SoftmaxRegression;
  readonly report: TrainingReport;
  /** The photos it learnt from, by the first TRAINED_ON_HEX of their bytes' sha256: an evaluation leaves them out. */
  readonly trainedOn: readonly string[];
  /** Their looks (photo-look.ts): an evaluation leaves out copies that are not the same bytes too. */
  readonly trainedLooks: readonly string[];
  /** Their looks by label, less any of two labels: a copy of one is named by its label (photo-look.ts, looksByLabel). */
  readonly recall: Readonly<Record<string, readonly string[]>>;
}

/** How much of a photo's sha256 a head keeps of each photo it learnt from: 64 bits tell photos apart. */
export const TRAINED_ON_HEX = 16;

/**
 * Trains a head on the photos' features: first `folds`-fold cross-validation (each photo judged by
 * a head that never saw it, nor a copy of it) for each pooling of the features (the mean, and the
 * peak where the backbone gives it) at each penalty, which chooses both and gives the accuracy,
 * the per-label figures and the threshold; then the head itself, on every photo, so pooled and
 * with that penalty. A head cross-validated near chance is refused (HeadFolderError), so nothing
 * is installed. Deterministic: the same photos and seed give the same head. `progress` hears
 * after each fold of each pooling.
 */
export function trainHead(
  definition: HeadDefinition,
  photos: readonly PhotoFeatures[],
  settings: TrainingSettings = DEFAULT_SETTINGS,
  progress: (done: number, total: number) => void = () => {},
): TrainedHead {
  const labels = Object.keys(definition.labels).sort();
  const counts = photosPerLabel(labels, photos, 'readable photos');
  // Features in label order, so the same folder always gives the same head however it was listed.
  const ordered = [...photos].sort(
    (a, b) => labels.indexOf(a.label) - labels.indexOf(b.label) || a.sha256.localeCompare(b.sha256),
  );
  const targets = ordered.map((photo) => labels.indexOf(photo.label));
  // Copies are found by the mean features, whichever pooling the head reads: the whole frame's likeness.
  const groups = sameSceneGroups(
    ordered.map((photo) => photo.features.mean),
    ordered.map((photo) => photo.thumbnail),
    SAME_PHOTO,
    ordered.map((photo) => photo.label),
  );
  requireScenes(labels, groups, targets);
  const poolings: FeaturePooling[] = ordered.every((photo) => photo.features.peak) ? ['mean', 'peak'] : ['mean'];
  // Other models' features follow the backbone's, whichever pooling: on the real lesion photos
  // they lowered the log loss with either (docs/heads.md), so they are not a choice of their own.
  // Where one photo lacks them, no photo's are read.
  const extras = EXTRA_FEATURES.filter((extra) => ordered.every((photo) => photo.features[extra]));
  const sizeOf = (extra: ExtraFeature) => (extras.includes(extra) ? ordered[0]!.features[extra]!.length : 0);
  const samplesOf = (pooling: FeaturePooling) =>
    ordered.map(({ features }) => joined(features[pooling]!, ...extras.map((extra) => features[extra]!)));
  let chosen: { pooling: FeaturePooling; l2: number; outOfFold: Float32Array[]; loss: number } | undefined;
  let done = 0;
  for (const pooling of poolings) {
    const byPenalty = outOfFoldByPenalty(samplesOf(pooling), targets, labels.length, {
      ...settings,
      groups,
      penalties: PENALTIES,
      foldDone: () => progress(++done, settings.folds * poolings.length),
    });
    PENALTIES.forEach((l2, p) => {
      const outOfFold = byPenalty[p]!;
      const loss = logLoss(outOfFold, targets);
      if (!chosen || loss < chosen.loss - 1e-9) chosen = { pooling, l2, outOfFold, loss };
    });
  }
  const { pooling, l2, outOfFold, loss } = chosen!;
  const scores = scoresOf(targets, outOfFold.map(argmax), labels.length);
  if (nearChance(scores.accuracy, counts))
    throw new HeadFolderError(
      `Cross-validated, the head named ${Math.round(scores.accuracy * 100)}% of ${scores.n} photos rightly: no better than naming the commonest label every time, so nothing was installed. It needs more photos a label (${MIN_PHOTOS_PER_LABEL} is the least; a few dozen do better), photos in which the labels differ visibly, or fewer labels.`,
    );
  const threshold = unsureBelow(outOfFold, targets, settings.precision);
  const answers = outOfFold.map((p, i) => ({
    sure: isSure(Math.max(...p), threshold),
    right: argmax(p) === targets[i],
  }));
  const sizes = new Map<number, number>();
  for (const group of groups) sizes.set(group, (sizes.get(group) ?? 0) + 1);
  const samples = samplesOf(pooling);
  const model = fitSoftmaxRegression(samples, targets, labels.length, { l2 });
  const distances = samples.map((sample) => distanceFrom(model, sample)).sort((a, b) => a - b);
  return {
    model,
    trainedOn: [...new Set(photos.map((photo) => photo.sha256.slice(0, TRAINED_ON_HEX)))].sort(),
    trainedLooks: [...new Set(photos.map((photo) => lookOf(photo.thumbnail)))].sort(),
    recall: looksByLabel(ordered),
    report: {
      name: definition.name,
      operation: definition.operation,
      labels,
      counts,
      folds: settings.folds,
      seed: settings.seed,
      pooling,
      companion: sizeOf('companion'),
      detector: sizeOf('detector'),
      penalty: l2,
      log_loss: rounded(loss),
      threshold,
      precision: settings.precision,
      // Rounded up: no training photo lies beyond it.
      farthest: Math.ceil(Math.max(...distances) * 1000) / 1000,
      // Rounded down: half of them at least lie within it.
      typical: Math.floor(distances[Math.floor((distances.length - 1) / 2)]! * 1000) / 1000,
      scenes: sizes.size,
      largest_scene: Math.max(...sizes.values()),
      ...scoresReport(scores, labels),
      ...namingShares(answers),
    },
  };
}
