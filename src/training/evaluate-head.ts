import { extrasUnavailable, poolingUnavailable } from '../vision/runtime/backbone-features.js';
import { scoresOf } from './cross-validation.js';
import { loadModel } from '../vision/runtime/load-model.js';
import { readTrainedHead, TrainedHeadModel } from '../vision/heads/trained-head-model.js';
import { openBackbone, type BackboneOptions } from './backbone.js';
import { HeadFolderError, readLabelledFolder } from './head-folder.js';
import { namingShares, scoresReport, type ScoresReport } from './head-scores.js';
import { recordHeldOut } from './install-head.js';
import { installedOfTask } from './install-trained.js';
import { TRAINED_ON_HEX } from './train-head.js';
import { looksLikeOneOf } from '../vision/heads/photo-look.js';
import { type FeatureReading, readPhotoFeatures } from './photo-features.js';

/**
 * A held-out figure is quoted (recorded in the head) only when every label has this many photos:
 * "right on 100% of 2 photos" told a clinic nothing (issue 40).
 */
export const MIN_EVALUATED_PER_LABEL = 10;

export interface EvaluationReport extends ScoresReport {
  readonly name: string;
  readonly operation: string;
  readonly threshold: number;
  /** At the head's threshold: the share of photos it named rightly, wrongly, or was unsure of. */
  readonly named_right: number;
  readonly named_wrong: number;
  readonly unsure: number;
  readonly unreadable: FeatureReading['unreadable'];
  readonly conflicting: FeatureReading['conflicting'];
  readonly skipped: readonly string[];
  /** Photos the head learnt from (the same bytes, or a copy that looks the same: photo-look.ts), left out: a head judged on its own training photos says nothing. */
  readonly trained_on: number;
  /** Whether the figure was recorded in the head (every label had MIN_EVALUATED_PER_LABEL photos), and the labels that had fewer. */
  readonly recorded: boolean;
  readonly short: ReadonlyArray<{ readonly label: string; readonly n: number }>;
}

/**
 * How an installed head does on a labelled folder it never saw (one sub-folder per label, any of
 * its labels): accuracy, per-label precision and recall, the confusion matrix, and how often it
 * named a label rightly or wrongly at its threshold. With MIN_EVALUATED_PER_LABEL photos of every
 * label, the accuracy is recorded in the head's manifest, and its answers quote it from the next start.
 */
export async function evaluateHead(
  name: string,
  from: string,
  options: BackboneOptions,
  progress?: (done: number, total: number) => void,
): Promise<EvaluationReport> {
  // Only an installed head's name: never a path, which would write a manifest outside the models folder.
  const installed = (await installedOfTask(options.modelsDir, 'trained-head')).find(
    ({ manifest }) => manifest.name === name,
  );
  if (!installed)
    throw new HeadFolderError(
      `No head named ${name} is installed in ${options.modelsDir}; "pawlens heads list" shows them.`,
    );
  const { dir } = installed;
  const model = await loadModel(dir);
  try {
    if (model.manifest.task !== 'trained-head')
      throw new HeadFolderError(`${name} is a ${model.manifest.task}, not a trained head.`);
    const head = new TrainedHeadModel(model);
    const labels = Object.keys(head.spec.labels).sort();
    const folder = await readLabelledFolder(from, labels, false);
    // Every label, or the figure is of another question (a folder of one label is "100% right" of a head that names it always).
    const present = new Set(folder.photos.map((photo) => photo.label));
    const missing = labels.filter((label) => !present.has(label));
    if (missing.length > 0)
      throw new HeadFolderError(
        `${from} has no photos of ${missing.join(', ')}: evaluate ${name} on photos of every one of its labels (${labels.join(', ')}).`,
      );
    const backbone = await openBackbone(options, head.operation);
    let reading: FeatureReading;
    try {
      if (backbone.classifier.sha256 !== head.backbone)
        throw new HeadFolderError(
          `${name} was trained on another classifier's features (sha256 ${head.backbone.slice(0, 12)}…) than ${backbone.classifier.name}: train it again.`,
        );
      const otherUnavailable = extrasUnavailable(head, backbone);
      if (otherUnavailable) throw new HeadFolderError(otherUnavailable);
      const unavailable = poolingUnavailable({ name, pooling: head.pooling }, backbone.classifier);
      if (unavailable) throw new HeadFolderError(unavailable);
      reading = await readPhotoFeatures(folder.photos, backbone, progress);
    } finally {
      await backbone.release();
    }
    const trainedOn = new Set(head.spec.trainedOn ?? []);
    const looksTrainedOn = looksLikeOneOf(head.spec.trainedOnLooks ?? []);
    const unseen = reading.read.filter(
      (photo) => !trainedOn.has(photo.sha256.slice(0, TRAINED_ON_HEX)) && !looksTrainedOn(photo.thumbnail),
    );
    const trained = reading.read.length - unseen.length;
    if (unseen.length === 0)
      throw new HeadFolderError(
        trained > 0
          ? `Every photo in ${from} is one ${name} was trained on, or a copy of one (re-saved, resized, recoloured or turned): evaluate it on photos it never saw.`
          : `${from} has no readable photos to evaluate on.`,
      );
    const answers = [];
    for (const photo of unseen)
      answers.push({ actual: photo.label, said: (await readTrainedHead(head, photo.features))! });
    const actual = answers.map((answer) => labels.indexOf(answer.actual));
    const predicted = answers.map((answer) => labels.indexOf(answer.said.label));
    const scores = scoresReport(scoresOf(actual, predicted, labels.length), labels);
    const short = labels
      .map((label) => ({ label, n: scores.per_label[label]!.n }))
      .filter(({ n }) => n < MIN_EVALUATED_PER_LABEL);
    if (short.length === 0) await recordHeldOut(dir, { accuracy: scores.accuracy, n: scores.n });
    return {
      name,
      operation: head.operation,
      threshold: head.spec.threshold,
      ...scores,
      ...namingShares(answers.map(({ actual: label, said }) => ({ sure: said.sure, right: said.label === label }))),
      unreadable: reading.unreadable,
      conflicting: reading.conflicting,
      skipped: folder.skipped,
      trained_on: trained,
      recorded: short.length === 0,
      short,
    };
  } finally {
    await model.release();
  }
}
