import { randomBytes } from 'node:crypto';
import { lstat, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type LoadedModel, loadModel, readManifest } from '../vision/runtime/load-model.js';
import { MANIFEST_FILE, MODEL_NAME, type ModelManifest } from '../vision/runtime/model-manifest.js';
import { BUILTIN_SUBDIR, RESERVED_MODEL_NAMES } from '../vision/runtime/models-location.js';
import { removeStaleStaging } from '../vision/runtime/staging.js';
import { listModelDirs } from '../vision/vision-models.js';
import { HeadFolderError } from './head-folder.js';

/** The installed models of one task, each with its folder; a folder that is not a readable model of it is left out. */
export async function installedOfTask(
  modelsDir: string,
  task: ModelManifest['task'],
): Promise<Array<{ dir: string; manifest: ModelManifest }>> {
  const found = [];
  for (const dir of await listModelDirs(modelsDir, BUILTIN_SUBDIR)) {
    const manifest = await readManifest(dir).catch(() => undefined);
    if (manifest?.task === task) found.push({ dir, manifest });
  }
  return found;
}

/**
 * Installs a model trained on this host (a head, a localizer: `noun`) into <modelsDir>/<name>:
 * refused when that name is an installed model of another task; else written into a hidden
 * staging folder, opened with onnxruntime and put through `check` (the checks the service makes
 * when it starts), and only then put in place of one of that name. A failure leaves nothing
 * behind and the old one as it was.
 */
export async function installTrained(
  modelsDir: string,
  bytes: Uint8Array,
  manifest: ModelManifest,
  { noun, check }: { readonly noun: string; readonly check: (model: LoadedModel) => void },
): Promise<string> {
  // Nothing is touched unless the name is free or is a model of the same task: never one of
  // pawlens' own files, never a folder or file of the operator's that happens to have the name.
  if (!MODEL_NAME.test(manifest.name) || RESERVED_MODEL_NAMES.has(manifest.name))
    throw new HeadFolderError(`"${manifest.name}" cannot name a ${noun}: give it another name in head.json.`);
  const occupied = await lstat(join(modelsDir, manifest.name)).catch(() => undefined);
  const existing = occupied && (await readManifest(join(modelsDir, manifest.name)).catch(() => undefined));
  if (occupied && !existing)
    throw new HeadFolderError(
      `${join(modelsDir, manifest.name)} exists and is not an installed model: give the ${noun} another name in head.json, or move it away.`,
    );
  if (existing && existing.task !== manifest.task)
    throw new HeadFolderError(
      `${manifest.name} is an installed ${existing.task}, not a ${noun}: give the ${noun} another name in head.json.`,
    );
  await mkdir(modelsDir, { recursive: true });
  await removeStaleStaging(modelsDir);
  const target = join(modelsDir, manifest.name);
  const staging = join(modelsDir, `.${manifest.name}.installing-${randomBytes(4).toString('hex')}`);
  await mkdir(staging);
  try {
    await writeFile(join(staging, manifest.file), bytes);
    await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const model = await loadModel(staging);
    try {
      check(model);
    } finally {
      await model.release();
    }
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return target;
}
