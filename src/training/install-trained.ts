import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type LoadedModel, loadModel } from '../vision/load-model.js';
import { MANIFEST_FILE, type ModelManifest } from '../vision/model-manifest.js';

/**
 * Installs a model trained on this host (a head, a localizer) into <modelsDir>/<name>: written into
 * a hidden staging folder, opened with onnxruntime and put through `check` (the checks the
 * service makes when it starts), and only then put in place of one of that name. A failure
 * leaves nothing behind and the old one as it was.
 */
export async function installTrained(
  modelsDir: string,
  bytes: Uint8Array,
  manifest: ModelManifest,
  check: (model: LoadedModel) => void,
): Promise<string> {
  await mkdir(modelsDir, { recursive: true });
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
