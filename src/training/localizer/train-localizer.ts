import { seededRandom, shuffleInPlace } from '../../vision/runtime/seeded-random.js';
import type { LocalizerFigures } from '../../vision/runtime/model-manifest.js';
import {
  fitLogisticRegression,
  LOCALIZER_TRAINING,
  type LogisticRegression,
  logisticProbabilities,
  type LogisticTraining,
  type Rows,
} from './logistic-regression.js';
import { rounded } from '../head-scores.js';
import { HeadFolderError } from '../head-folder.js';
import { learntOnly, type LocalizerData } from './localizer-rows.js';
import { sameSceneGroups } from '../near-duplicates.js';
import {
  chooseThresholds,
  foundIn,
  type LocalizerThresholds,
  type Looked,
  lookedAt,
  type ThresholdPoint,
} from './localizer-thresholds.js';

/** The share of photos (whole groups of copies at a time) kept apart to measure the localizer on. */
export const HELD_OUT_SHARE = 0.2;
/** Folds of the training photos over which the threshold is chosen, each judged by a model that never saw it. */
const THRESHOLD_FOLDS = 4;

export interface LocalizerSplit {
  /** Each readable photo's group of copies and whether it is held out. */
  readonly groups: readonly number[];
  readonly heldOut: readonly boolean[];
}

/** Deals whole groups of copies to the held-out side, in a seeded order, until it holds HELD_OUT_SHARE of the photos. */
export function splitBySource(data: Pick<LocalizerData, 'pooled' | 'thumbnails'>, seed: number): LocalizerSplit {
  const groups = sameSceneGroups(data.pooled, data.thumbnails);
  const distinct = [...new Set(groups)].sort((a, b) => a - b);
  shuffleInPlace(distinct, seededRandom(seed));
  if (distinct.length < 2)
    throw new HeadFolderError(
      `All ${groups.length} photos look like copies of one scene, so none can be kept apart to measure the localizer on: add photos of other scenes.`,
    );
  const held = new Set<number>();
  let count = 0;
  for (const group of distinct) {
    if (count >= HELD_OUT_SHARE * groups.length) break;
    held.add(group);
    count += groups.filter((other) => other === group).length;
  }
  return { groups, heldOut: groups.map((group) => held.has(group)) };
}

/** The rows of the views `keep` picks, and their targets: a closer look's tiles are judged, never learnt from. */
function rowsOf(data: LocalizerData, keep: (view: number) => boolean): { rows: Rows; targets: Uint8Array } {
  const cells = data.layout.grid ** 2;
  const d = data.layout.size;
  const picked = data.views.flatMap((view, index) => (keep(index) && view.kind !== 'tile' ? [index] : []));
  const values = new Float32Array(picked.length * cells * d);
  const targets = new Uint8Array(picked.length * cells);
  picked.forEach((view, k) => {
    values.set(data.rows.values.subarray(view * cells * d, (view + 1) * cells * d), k * cells * d);
    targets.set(data.targets.subarray(view * cells, (view + 1) * cells), k * cells);
  });
  return { rows: { values, n: picked.length * cells, d }, targets };
}

/** Each view's cell probabilities from `model`, for the views `keep` picks (others undefined). */
function viewProbabilities(
  data: LocalizerData,
  model: LogisticRegression,
  keep: (view: number) => boolean,
): Array<Float32Array | undefined> {
  const cells = data.layout.grid ** 2;
  const d = data.layout.size;
  return data.views.map((_, view) =>
    keep(view)
      ? logisticProbabilities(model, {
          values: data.rows.values.subarray(view * cells * d, (view + 1) * cells * d),
          n: cells,
          d,
        })
      : undefined,
  );
}

/** The area under the ROC curve of `scores` against 0/1 `labels` (ties counted half). */
export function areaUnderCurve(scores: Float32Array, labels: Uint8Array): number {
  const order = Array.from(scores.keys()).sort((a, b) => scores[a]! - scores[b]!);
  let positives = 0;
  let rankSum = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j < order.length && scores[order[j]!] === scores[order[i]!]) j++;
    const rank = (i + j + 1) / 2;
    for (let k = i; k < j; k++)
      if (labels[order[k]!]) {
        positives++;
        rankSum += rank;
      }
    i = j;
  }
  const negatives = order.length - positives;
  return positives && negatives ? (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives) : 0;
}

/**
 * How a localizer did (LocalizerFigures) from its cell probabilities for some views (undefined
 * for the others): found means a cell at `threshold` or more, or when the whole frame has none, a
 * cell of its tiles at the closer look's. The views learnt from only are left out: a photo counts
 * once. The cell AUC is the whole frames'.
 */
export function figuresFrom(
  data: LocalizerData,
  probabilities: ReadonlyArray<Float32Array | undefined>,
  thresholds: LocalizerThresholds,
  on: string,
): LocalizerFigures {
  const cells = data.layout.grid ** 2;
  const scores: number[] = [];
  const labels: number[] = [];
  let [withSubject, found, right, without, falseFound, pointed] = [0, 0, 0, 0, 0, 0];
  const photos = new Set<number>();
  for (const looked of lookedAt(data, probabilities)) {
    photos.add(data.views[looked.view]!.photo);
    const byWhole = looked.peak >= thresholds.threshold;
    const foundHere = foundIn(looked, thresholds.threshold, thresholds.closerLook);
    if (foundHere) found++;
    if (looked.subject) {
      withSubject++;
      if (foundHere) {
        right++;
        // Pointed at: the surest cell of the look that found it is one a box covers.
        const surest = byWhole ? looked.surest : looked.tileSurest!;
        if (data.coverage[surest.view * cells + surest.cell]! > 0) pointed++;
      }
    } else {
      without++;
      if (foundHere) falseFound++;
    }
    const wholeCells = probabilities[looked.view]!;
    for (let c = 0; c < cells; c++) {
      scores.push(wholeCells[c]!);
      labels.push(data.targets[looked.view * cells + c]!);
    }
  }
  return {
    on,
    photos: photos.size,
    recall: rounded(right / Math.max(1, withSubject)),
    precision: rounded(right / Math.max(1, found)),
    falseFound: rounded(falseFound / Math.max(1, without)),
    pointing: rounded(pointed / Math.max(1, right)),
    cellAuc: rounded(areaUnderCurve(Float32Array.from(scores), Uint8Array.from(labels))),
  };
}

export interface TrainedLocalizer {
  readonly model: LogisticRegression;
  readonly thresholds: LocalizerThresholds;
  readonly split: LocalizerSplit;
  /** Out of fold on the training photos (what chose the threshold), and on the held-out photos. */
  readonly outOfFold: LocalizerFigures;
  readonly heldOut: LocalizerFigures;
  /** Every photo judged by a model that saw none of its group (CROSS_VALIDATION_FOLDS): one split is one draw of scenes. */
  readonly crossValidated: LocalizerFigures;
  /** The out-of-fold trade-offs the thresholds were chosen on: the whole frame's, then the closer look's after it. */
  readonly curve: readonly ThresholdPoint[];
  readonly closerCurve: readonly ThresholdPoint[];
  /** How it saw each judged view: out of fold (the training photos), and held out, by the model kept. */
  readonly looked: { readonly outOfFold: readonly Looked[]; readonly heldOut: readonly Looked[] };
}

/** How a localizer's thresholds are chosen from its out-of-fold answers (chooseThresholds unless told). */
export type ThresholdChoice = (looked: readonly Looked[]) => ReturnType<typeof chooseThresholds>;

/** Folds over every photo's group for the figure that does not rest on one split. */
const CROSS_VALIDATION_FOLDS = 5;

/**
 * Each view's cell probabilities from a model that saw no photo of its group, for the views
 * `include` picks (the views learnt from only are judged never): the groups of those views
 * are dealt round `folds` folds in order.
 */
function outOfFoldProbabilities(
  data: LocalizerData,
  groups: readonly number[],
  include: (view: number) => boolean,
  folds: number,
  training: LogisticTraining,
  progress: () => void,
): Array<Float32Array | undefined> {
  const dealt = [...new Set(data.views.flatMap((view, index) => (include(index) ? [groups[view.photo]!] : [])))].sort(
    (a, b) => a - b,
  );
  const foldOf = new Map(dealt.map((group, index) => [group, index % folds]));
  const out = new Array<Float32Array | undefined>(data.views.length);
  for (let fold = 0; fold < folds; fold++) {
    const inFold = (view: number) => include(view) && foldOf.get(groups[data.views[view]!.photo]!) === fold;
    const { rows, targets } = rowsOf(data, (view) => include(view) && !inFold(view));
    const model = fitLogisticRegression(rows, targets, training);
    viewProbabilities(data, model, (view) => inFold(view) && !learntOnly(data.views[view]!.kind)).forEach(
      (cells, view) => {
        if (cells) out[view] = cells;
      },
    );
    progress();
  }
  return out;
}

/**
 * Trains a localizer: photos are split by source (whole groups of copies held out), the threshold
 * is chosen on the training photos' out-of-fold answers (folds by group too), the model is fitted
 * on every training photo, and measured on the held-out ones, which it never saw. The model kept is
 * the one measured. Then every photo is judged once more by grouped cross-validation, a figure
 * less bound to which scenes the split held out. Deterministic: the same photos and seed give the
 * same model.
 */
export function trainLocalizer(
  data: LocalizerData,
  seed: number,
  progress: (done: number, total: number) => void = () => {},
  training: LogisticTraining = { ...LOCALIZER_TRAINING, seed },
  given: { readonly split?: LocalizerSplit; readonly choose?: ThresholdChoice } = {},
): TrainedLocalizer {
  // A second localizer of the same photos is split as the first was, so that neither saw the other's held-out photos.
  const split = given.split ?? splitBySource(data, seed);
  const isTraining = (view: number) => !split.heldOut[data.views[view]!.photo];
  const total = THRESHOLD_FOLDS + 1 + CROSS_VALIDATION_FOLDS;
  let done = 0;
  const step = () => progress(++done, total);
  const outOfFold = outOfFoldProbabilities(data, split.groups, isTraining, THRESHOLD_FOLDS, training, step);
  const outOfFoldLooked = lookedAt(data, outOfFold);
  const { thresholds, curve, closerCurve } = (given.choose ?? chooseThresholds)(outOfFoldLooked);
  const { rows, targets } = rowsOf(data, isTraining);
  const model = fitLogisticRegression(rows, targets, training);
  step();
  const everyPhoto = outOfFoldProbabilities(data, split.groups, () => true, CROSS_VALIDATION_FOLDS, training, step);
  const trainingPhotos = split.heldOut.filter((held) => !held).length;
  const heldOutPhotos = split.heldOut.length - trainingPhotos;
  const heldOut = viewProbabilities(data, model, (view) => !isTraining(view));
  return {
    model,
    thresholds,
    curve,
    closerCurve,
    split,
    looked: { outOfFold: outOfFoldLooked, heldOut: lookedAt(data, heldOut) },
    outOfFold: figuresFrom(data, outOfFold, thresholds, `out of fold, ${trainingPhotos} training photos`),
    heldOut: figuresFrom(data, heldOut, thresholds, `${heldOutPhotos} photos held out by source photo`),
    crossValidated: figuresFrom(
      data,
      everyPhoto,
      thresholds,
      `all ${split.heldOut.length} photos, ${CROSS_VALIDATION_FOLDS}-fold cross-validated by source photo`,
    ),
  };
}
