import { HEAD_COMPANION } from '../vision/runtime/model-catalogue.js';
import { parseCommandArgs } from './parse-command-args.js';
import { rm } from 'node:fs/promises';
import { percentText } from '../narration/percent.js';
import { join } from 'node:path';
import { type Backbone, openBackbone, type BackboneOptions } from '../training/backbone.js';
import { evaluateHead, MIN_EVALUATED_PER_LABEL, type EvaluationReport } from '../training/evaluate-head.js';
import { HeadFolderError, readHeadDefinition, readLabelledFolder } from '../training/head-folder.js';
import { confusionLines, type ScoresReport } from '../training/head-scores.js';
import { MIN_SURE_ANSWERS } from '../training/cross-validation.js';
import { everSure } from '../vision/heads/sureness.js';
import { installedHeads, installHead } from '../training/install-head.js';
import { readPhotoFeatures, type FeatureReading } from '../training/photo-features.js';
import {
  DEFAULT_SETTINGS,
  MIN_PHOTOS_PER_LABEL,
  photosPerLabel,
  SURE_PRECISION,
  trainHead,
  type TrainingReport,
} from '../training/train-head.js';
import { MIN_BOXED_PHOTOS, readLocalizerDefinition } from '../training/localizer/localizer-definition.js';
import { installedLocalizers } from '../training/localizer/install-localizer.js';
import { installedOfTask } from '../training/install-trained.js';
import { trainClinicLocalizer } from '../training/localizer/train-clinic-localizer.js';
import type { LocalizerThresholds } from '../training/localizer/localizer-thresholds.js';
import { figuresLine } from '../training/localizer/figures-line.js';
import { progressLine } from './progress-line.js';

/** The other models whose features a head reads, as the report names them: " and squeezenet1.0's (…)". */
function otherFeaturesWords(report: TrainingReport, backbone: Backbone): string {
  const others = [
    report.companion > 0 && backbone.companion && `${backbone.companion.name}'s (their mean)`,
    report.detector > 0 &&
      backbone.detector &&
      `${backbone.detector.name}'s (${mapsWords(backbone.detector.featurePrefixes.indexOf(report.detector) + 1)} over the photo)`,
  ].filter(Boolean);
  // "A's features (…), B's (…) and C's (…)".
  return others.map((words, i) => `${i === others.length - 1 ? ' and' : ','} ${words}`).join('');
}

/** How the CLI names the detector's maps whose means a head reads: "its feature map's mean", "its 3 feature maps' means". */
const mapsWords = (maps: number) => (maps === 1 ? "its feature map's mean" : `its ${maps} feature maps' means`);

/** How the CLI names a head's pooling of the backbone's features (backbone-features.ts). */
const POOLING_WORDS = {
  mean: 'each averaged over the photo',
  peak: 'each at its strongest in the photo, where a small lesion shows',
} as const;

export const HEADS_USAGE = `pawlens heads — classifiers a clinic trains on its own photos (docs/heads.md)

  pawlens heads train --from DIR [--json] [--folds N] [--seed N] [--precision P]
      DIR holds head.json and one sub-folder of photos (JPG, PNG, WEBP) per label, at least
      ${MIN_PHOTOS_PER_LABEL} a label. Trains a head on the installed classifier's features, reports its
      cross-validated accuracy (copies of one photo kept in one fold), and installs it; restart
      pawlens to use it. The head names a label only as sure as its answers had to be to be right
      P of the time out of fold (default ${SURE_PRECISION}); below, it says it is unsure. A head no better
      than chance is not installed.
      A localizer instead, when head.json says "kind": "localizer": DIR is a YOLO export (images/
      and labels/, as Roboflow, Label Studio and CVAT write them) with the subject boxed in at
      least ${MIN_BOXED_PHOTOS} photos; the operation's colour rules then read the boxed region.
  pawlens heads evaluate NAME --from DIR [--json]
      Accuracy on labelled photos the head never saw (one sub-folder per label); with at least
      ${MIN_EVALUATED_PER_LABEL} a label, recorded in the head, whose answers quote it.
  pawlens heads list [--json]
  pawlens heads remove NAME`;

/** The photos left out of a reading, as lines. */
function leftOutLines(
  reading: Pick<FeatureReading, 'unreadable' | 'conflicting'>,
  skipped: readonly string[],
): string[] {
  return [
    ...(reading.unreadable.length > 0
      ? ['Unreadable photos, left out:', ...reading.unreadable.map(({ path, why }) => `  ${path}: ${why}`)]
      : []),
    ...(reading.conflicting.length > 0
      ? [
          'The same photo under more than one label, left out (which label is right?):',
          ...reading.conflicting.map(({ labels, paths }) => `  ${labels.join(' / ')}: ${paths.join(', ')}`),
        ]
      : []),
    ...(skipped.length > 0 ? ['Not JPG, PNG or WEBP, skipped:', ...skipped.map((path) => `  ${path}`)] : []),
  ];
}

/** Per-label precision and recall, then the confusion matrix. */
function scoresLines(scores: ScoresReport): string[] {
  const labels = Object.keys(scores.per_label);
  const width = Math.max(5, ...labels.map((label) => label.length));
  return [
    `  ${'label'.padEnd(width)}  photos  precision  recall`,
    ...labels.map((label) => {
      const { n, precision, recall } = scores.per_label[label]!;
      return `  ${label.padEnd(width)}  ${String(n).padStart(6)}  ${precision.toFixed(2).padStart(9)}  ${recall.toFixed(2).padStart(6)}`;
    }),
    'Confusion (actual label down, what the head called it across):',
    ...confusionLines(scores).map((line) => `  ${line}`),
  ];
}

const namingLine = (report: { threshold: number; named_right: number; named_wrong: number; unsure: number }) =>
  !everSure(report.threshold)
    ? 'The head always says it is unsure (inconclusive, free): it names its two likeliest labels as possibilities, never one as its reading.'
    : `Below ${report.threshold.toFixed(2)} probability the head says it is unsure. At that threshold: ${percentText(report.named_right)} named rightly, ${percentText(report.named_wrong)} named wrongly, ${percentText(report.unsure)} unsure (inconclusive, free).`;

/** How the threshold was chosen, and what to do when none could be. */
const thresholdLine = ({ threshold, precision }: { threshold: number; precision: number }) =>
  !everSure(threshold)
    ? `No threshold made at least ${MIN_SURE_ANSWERS} of its answers, out of fold, right ${percentText(precision)} of the time: rather than lower the bar, the head is installed never sure. More photos a label, or labels the photos tell apart, give it one.`
    : `Its threshold is where its sure answers, out of fold, were right at least ${percentText(precision)} of the time.`;

/**
 * A numeric option: `fallback` when it is absent, else a number from `min` to `max`, whole unless
 * it is a `share` (a precision, 0.9 meaning 90%).
 */
function numberOption(
  value: string | undefined,
  name: string,
  { fallback, min, max, share = false }: { fallback: number; min: number; max: number; share?: boolean },
): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!(share ? Number.isFinite(parsed) : Number.isInteger(parsed)) || parsed < min || parsed > max)
    throw new HeadFolderError(
      share
        ? `--${name} must be a number from ${min} to ${max} (0.9: sure answers right 90% of the time).`
        : `--${name} must be a whole number from ${min} to ${max}.`,
    );
  return parsed;
}

/** The --seed option: a seed the generator takes. */
const seedOption = (value: string | undefined) =>
  numberOption(value, 'seed', { fallback: DEFAULT_SETTINGS.seed, min: 1, max: 2 ** 31 - 2 });

/** `pawlens heads train` for a head.json of kind "localizer": a YOLO export in, a localizer installed. */
async function trainLocalizerFrom(
  from: string,
  options: BackboneOptions,
  values: Record<string, string | boolean | undefined>,
  print: (line: string) => void,
): Promise<boolean> {
  const definition = await readLocalizerDefinition(from);
  if (!definition) return false;
  const seed = seedOption(values.seed as string | undefined);
  const result = await trainClinicLocalizer(from, definition, options, seed, {
    reading: progressLine(process.stderr, 'Reading photos'),
    training: progressLine(process.stderr, 'Training'),
  });
  const { trained, data, installed, backbone } = result;
  if (values.json) {
    print(
      JSON.stringify({
        name: definition.name,
        operation: definition.operation,
        subject: definition.subject,
        backbone,
        threshold: trained.thresholds.threshold,
        closer_look: trained.thresholds.closerLook ?? null,
        held_out: trained.heldOut,
        out_of_fold: trained.outOfFold,
        installed,
        unreadable: data.unreadable,
      }),
    );
    return true;
  }
  print(
    `Trained the localizer ${definition.name} for ${definition.operation} on ${data.photos.length} photos, from ${backbone}'s feature maps; a cell is the ${definition.subject}'s from ${trained.thresholds.threshold}${closerLookWords(trained.thresholds)} (chosen out of fold).`,
  );
  print(figuresLine(trained.outOfFold, definition.subject));
  print(figuresLine(trained.heldOut, definition.subject));
  if (data.unreadable.length > 0)
    print(['Unreadable photos, left out:', ...data.unreadable.map(({ path, why }) => `  ${path}: ${why}`)].join('\n'));
  print(
    `Installed into ${installed}. Restart pawlens to use it: ${definition.operation}'s colour rules then read where it finds the ${definition.subject}.`,
  );
  return true;
}

async function train(
  from: string,
  options: BackboneOptions,
  values: Record<string, string | boolean | undefined>,
  print: (line: string) => void,
) {
  if (await trainLocalizerFrom(from, options, values, print)) return;
  const definition = await readHeadDefinition(from);
  const labels = Object.keys(definition.labels).sort();
  const folder = await readLabelledFolder(from, labels, true);
  // Before the slow part: a label with too few photo files cannot reach the minimum however they read.
  photosPerLabel(labels, folder.photos, 'photos');
  const settings = {
    folds: numberOption(values.folds as string | undefined, 'folds', {
      fallback: DEFAULT_SETTINGS.folds,
      min: 2,
      max: MIN_PHOTOS_PER_LABEL,
    }),
    seed: seedOption(values.seed as string | undefined),
    precision: numberOption(values.precision as string | undefined, 'precision', {
      fallback: DEFAULT_SETTINGS.precision,
      min: 0.5,
      max: 0.99,
      share: true,
    }),
  };
  const backbone = await openBackbone(options, definition.operation);
  let reading: FeatureReading;
  try {
    reading = await readPhotoFeatures(folder.photos, backbone, progressLine(process.stderr, 'Reading photos'));
  } finally {
    await backbone.release();
  }
  const trained = trainHead(definition, reading.read, settings, progressLine(process.stderr, 'Cross-validating'));
  const { sha256, name: backboneName } = backbone.classifier;
  const dir = await installHead(options.modelsDir, definition, trained, {
    backbone: sha256,
    companion: backbone.companion?.sha256,
    detector: backbone.detector?.sha256,
  });
  const { report } = trained;
  if (values.json) {
    print(
      JSON.stringify({
        ...report,
        backbone: backboneName,
        companion_model: report.companion > 0 ? backbone.companion?.name : undefined,
        detector_model: report.detector > 0 ? backbone.detector?.name : undefined,
        installed: dir,
        unreadable: reading.unreadable,
        conflicting: reading.conflicting,
        repeated: reading.repeated,
        skipped: folder.skipped,
      }),
    );
    return;
  }
  print(
    `Trained ${report.name} for ${report.operation} on ${report.n} photos of ${report.labels.length} labels, from ${backboneName}'s features (${POOLING_WORDS[report.pooling]})${otherFeaturesWords(report, backbone)}.`,
  );
  print(
    `Cross-validated accuracy (${report.folds} folds, seed ${report.seed}): ${percentText(report.accuracy)} of ${report.n} photos, each judged by a head that never saw it nor a copy of it (the pooling and an L2 penalty of ${report.penalty} chosen by the same folds).`,
  );
  if (report.scenes < report.n)
    print(
      `${report.n - report.scenes} photos are copies, crops or edits of others, or of the same scene (${report.scenes} scenes, the largest of ${report.largest_scene} photos): each scene was kept in one fold, so no copy validated its twin.`,
    );
  for (const line of [
    ...scoresLines(report),
    thresholdLine(report),
    namingLine(report),
    ...leftOutLines(reading, folder.skipped),
  ])
    print(line);
  if (reading.repeated.length > 0)
    print(`${reading.repeated.length} copies of photos already in the same label were read once.`);
  const missing = [!backbone.companion && HEAD_COMPANION, !backbone.detector?.featureSize && 'yolox-nano'].filter(
    Boolean,
  );
  if (missing.length > 0)
    print(
      `This head reads no features of ${missing.join(' or ')}: ${missing.length > 1 ? 'they are among' : 'it is one of'} the recommended models, not installed or installed by an older pawlens ("pawlens models install recommended --from DIR" again). On real skin close-ups, heads that read them too were right 5–12 points more often (docs/heads.md).`,
    );
  print(
    `Installed into ${dir}. Restart pawlens to use it; "pawlens heads evaluate ${report.name} --from DIR" measures it on photos it never saw.`,
  );
}

function printEvaluation(report: EvaluationReport, json: boolean, print: (line: string) => void) {
  if (json) {
    print(JSON.stringify(report));
    return;
  }
  print(
    `${report.name} (${report.operation}) on ${report.n} photos it never saw: accuracy ${percentText(report.accuracy)}.`,
  );
  for (const line of [...scoresLines(report), namingLine(report), ...leftOutLines(report, report.skipped)]) print(line);
  if (report.trained_on > 0)
    print(
      `Left out: ${report.trained_on} photo(s) ${report.name} was trained on (the same files, or copies that look the same).`,
    );
  print(
    report.recorded
      ? 'Recorded in the head: its answers quote this accuracy after the next restart.'
      : `Not recorded: a figure worth quoting needs at least ${MIN_EVALUATED_PER_LABEL} photos of every label (${report.short.map(({ label, n }) => `${label} has ${n}`).join(', ')}).`,
  );
}

export async function runHeadsCommand(
  args: string[],
  options: BackboneOptions,
  print: (line: string) => void,
): Promise<void> {
  const { values, positionals } = parseCommandArgs('heads', args, {
    from: { type: 'string' },
    json: { type: 'boolean', default: false },
    folds: { type: 'string' },
    seed: { type: 'string' },
    precision: { type: 'string' },
  });
  const [verb, name] = positionals;
  const needFrom = (usage: string) => {
    if (!values.from) throw new HeadFolderError(`Usage: ${usage}\n\n${HEADS_USAGE}`);
    return values.from;
  };
  switch (verb) {
    case 'train':
      return train(needFrom('pawlens heads train --from DIR [--json]'), options, values, print);
    case 'evaluate': {
      if (!name) throw new HeadFolderError(`Usage: pawlens heads evaluate NAME --from DIR [--json]\n\n${HEADS_USAGE}`);
      const from = needFrom('pawlens heads evaluate NAME --from DIR [--json]');
      printEvaluation(
        await evaluateHead(name, from, options, progressLine(process.stderr, 'Reading photos')),
        values.json,
        print,
      );
      return;
    }
    case 'list': {
      const heads = (await installedHeads(options.modelsDir)).map(({ dir, manifest }) => ({
        name: manifest.name,
        operation: manifest.operation,
        labels: Object.keys(manifest.head?.labels ?? {}),
        threshold: manifest.head?.threshold,
        cross_validated: manifest.head?.crossValidation.accuracy,
        held_out: manifest.head?.heldOut?.accuracy ?? null,
        held_out_photos: manifest.head?.heldOut?.n ?? null,
        photos: manifest.head?.crossValidation.n,
        dir,
      }));
      // A localizer on a detector's maps is asked only where the one on the classifier's finds nothing.
      const detectors = new Set((await installedOfTask(options.modelsDir, 'detector')).map((m) => m.manifest.sha256));
      const localizers = (await installedLocalizers(options.modelsDir)).map(({ dir, manifest }) => ({
        name: manifest.name,
        kind: 'localizer',
        reads:
          manifest.input.kind === 'feature-maps' && detectors.has(manifest.input.backbone) ? 'detector' : 'classifier',
        operation: manifest.operation,
        subject: manifest.localizer?.subject,
        threshold: manifest.localizer?.threshold,
        held_out: manifest.localizer?.figures ?? null,
        dir,
      }));
      if (values.json) print(JSON.stringify([...heads, ...localizers]));
      else if (heads.length + localizers.length === 0)
        print('No heads installed; "pawlens heads train --from DIR" trains one.');
      else {
        for (const head of heads)
          print(
            `${head.name}  ${head.operation}  ${head.labels.join(', ')}  cross-validated ${percentText(head.cross_validated ?? 0)} of ${head.photos}${head.held_out === null ? ', not evaluated on photos it never saw' : `, held out ${percentText(head.held_out)} of ${head.held_out_photos}`}${everSure(head.threshold ?? 0) ? '' : ', never sure'}`,
          );
        for (const localizer of localizers)
          print(
            `${localizer.name}  ${localizer.operation}  localizer of ${localizer.subject}${localizer.reads === 'detector' ? ' where the first finds none (reads the detector)' : ''}${localizer.held_out ? `, held out: found ${percentText(localizer.held_out.recall)}, cell AUC ${localizer.held_out.cellAuc.toFixed(3)}` : ''}`,
          );
      }
      return;
    }
    case 'remove': {
      if (!name) throw new HeadFolderError(`Usage: pawlens heads remove NAME\n\n${HEADS_USAGE}`);
      const removable = [
        ...(await installedHeads(options.modelsDir)),
        ...(await installedLocalizers(options.modelsDir)),
      ];
      const head = removable.find((installed) => installed.manifest.name === name);
      if (!head)
        throw new HeadFolderError(
          `No head named ${name} is installed in ${options.modelsDir}; "pawlens heads list" shows them.`,
        );
      await rm(head.dir, { recursive: true, force: true });
      print(`Removed ${name} from ${join(options.modelsDir, name)}. Restart pawlens to stop using it.`);
      return;
    }
    default:
      throw new HeadFolderError(verb ? `Unknown heads command "${verb}".\n\n${HEADS_USAGE}` : HEADS_USAGE);
  }
}

/** What the closer look adds to a trained localizer's threshold, in words for the report line. */
const closerLookWords = ({ closerLook }: LocalizerThresholds) =>
  closerLook
    ? `, and where the whole photo shows none but a cell reaches ${closerLook.from}, a cell of a closer look at the tile round it from ${closerLook.threshold}`
    : ' (the whole photo only: a closer look at a tile found no more without taking too many photos without it for it)';
