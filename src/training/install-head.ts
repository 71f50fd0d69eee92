import { randomBytes } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readManifest, sha256Of } from '../vision/runtime/load-model.js';
import { installedOfTask, installTrained } from './install-trained.js';
import { HEAD_INPUT, HEAD_OUTPUT, headGraphBytes } from '../vision/heads/head-graph.js';
import { MANIFEST_FILE, type ModelManifest } from '../vision/runtime/model-manifest.js';
import { TrainedHeadModel } from '../vision/heads/trained-head-model.js';
import { HeadFolderError, type HeadDefinition } from './head-folder.js';
import type { TrainedHead } from './train-head.js';

const HEAD_MODEL_FILE = 'head.onnx';

/** The sha256 of the classifier whose features a head was trained on, and of the companion and the detector when it read theirs too. */
export interface HeadBackbones {
  readonly backbone: string;
  readonly companion?: string;
  readonly detector?: string;
}

/** The installed trained heads, each with its folder; a folder that is not a readable head is left out. */
export const installedHeads = (modelsDir: string) => installedOfTask(modelsDir, 'trained-head');

/** The manifest that describes a trained head: its backbone, labels, threshold, counts and cross-validated scores. */
function headManifest(
  definition: HeadDefinition,
  { model, report, trainedOn, trainedLooks, recall }: TrainedHead,
  bytes: Uint8Array,
  { backbone, companion, detector }: HeadBackbones,
): ModelManifest {
  const other = (what: string, sha256: string | undefined, size: number) => {
    if (size > 0 && !sha256) throw new Error(`${definition.name} read the ${what}'s features, but none was named`);
    return size > 0 ? { backbone: sha256!, size } : undefined;
  };
  return {
    name: definition.name,
    task: 'trained-head',
    operation: definition.operation,
    description:
      definition.description ??
      `Trained by "pawlens heads train" on ${report.n} photos of ${report.labels.length} labels for ${definition.operation}.`,
    source: 'trained on this host from the clinic’s own photos',
    file: HEAD_MODEL_FILE,
    sha256: sha256Of(bytes),
    input: {
      kind: 'penultimate',
      pooling: report.pooling,
      name: HEAD_INPUT,
      dtype: 'float32',
      size: model.features,
      backbone,
      companion: other('companion', companion, report.companion),
      detector: other('detector', detector, report.detector),
    },
    outputs: [{ name: HEAD_OUTPUT, kind: 'probabilities', labels: [...report.labels] }],
    head: {
      labels: definition.labels,
      threshold: report.threshold,
      precision: report.precision,
      farthest: report.farthest,
      typical: report.typical,
      counts: report.counts,
      crossValidation: {
        accuracy: report.accuracy,
        n: report.n,
        folds: report.folds,
        seed: report.seed,
        penalty: report.penalty,
      },
      trainedAt: new Date().toISOString(),
      trainedOn: [...trainedOn],
      trainedOnLooks: [...trainedLooks],
      recall: Object.fromEntries(Object.entries(recall).map(([label, looks]) => [label, [...looks]])),
    },
  };
}

/**
 * Writes a trained head as an ONNX model with its manifest into <modelsDir>/<name>, opened and
 * checked before it replaces a head of that name. Another head already answering for the same
 * operation is refused: which of two heads answers would be a guess.
 */
export async function installHead(
  modelsDir: string,
  definition: HeadDefinition,
  trained: TrainedHead,
  backbones: HeadBackbones,
): Promise<string> {
  const rival = (await installedHeads(modelsDir)).find(
    (head) => head.manifest.operation === definition.operation && head.manifest.name !== definition.name,
  );
  if (rival)
    throw new HeadFolderError(
      `${rival.manifest.name} already answers for ${definition.operation}; remove it first ("pawlens heads remove ${rival.manifest.name}"), or give this head its name to replace it.`,
    );
  const bytes = headGraphBytes(trained.model);
  const manifest = headManifest(definition, trained, bytes, backbones);
  // The checks the service makes when it starts: labels, input and output as a head needs them.
  return installTrained(modelsDir, bytes, manifest, {
    noun: 'head',
    check: (model) => void new TrainedHeadModel(model),
  });
}

/** Records a head's accuracy on a held-out folder in its manifest: the figure its answers then quote. */
export async function recordHeldOut(dir: string, heldOut: { accuracy: number; n: number }): Promise<void> {
  const manifest = await readManifest(dir);
  if (!manifest.head) throw new HeadFolderError(`${dir} is not a trained head.`);
  const updated = { ...manifest, head: { ...manifest.head, heldOut } };
  const staging = join(dir, `.${MANIFEST_FILE}.${randomBytes(4).toString('hex')}`);
  await writeFile(staging, `${JSON.stringify(updated, null, 2)}\n`);
  await rename(staging, join(dir, MANIFEST_FILE));
}
