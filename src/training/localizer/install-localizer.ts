import { join } from 'node:path';
import { readManifest } from '../../vision/load-model.js';
import { LocalizerModel } from '../../vision/localizer/localizer-model.js';
import type { ModelManifest } from '../../vision/model-manifest.js';
import { installTrained } from '../install-trained.js';
import { listModelDirs } from '../../vision/vision-models.js';
import { BUILTIN_SUBDIR } from '../../vision/models-location.js';
import { HeadFolderError } from '../head-folder.js';

/** The installed localizers, each with its folder. */
export async function installedLocalizers(modelsDir: string): Promise<Array<{ dir: string; manifest: ModelManifest }>> {
  const found = [];
  for (const dir of await listModelDirs(modelsDir, BUILTIN_SUBDIR)) {
    const manifest = await readManifest(dir).catch(() => undefined);
    if (manifest?.task === 'localizer') found.push({ dir, manifest });
  }
  return found;
}

/**
 * Writes a trained localizer (its graph and manifest) into <modelsDir>/<name>, opened and checked
 * as the service will before it replaces one of that name. Another localizer already finding the
 * subject of the same operation (the stool localizer, for stool) is refused: which would say where
 * the colour rules read would be a guess.
 */
export async function installLocalizer(
  modelsDir: string,
  artifact: { readonly bytes: Uint8Array; readonly manifest: ModelManifest },
): Promise<string> {
  const { manifest, bytes } = artifact;
  const rival = (await installedLocalizers(modelsDir)).find(
    (other) => other.manifest.operation === manifest.operation && other.manifest.name !== manifest.name,
  );
  if (rival)
    throw new HeadFolderError(
      `${rival.manifest.name} already finds the subject of ${manifest.operation}; remove it first ("pawlens heads remove ${rival.manifest.name}"), or give this one its name to replace it.`,
    );
  const existing = await readManifest(join(modelsDir, manifest.name)).catch(() => undefined);
  if (existing && existing.task !== 'localizer')
    throw new HeadFolderError(
      `${manifest.name} is an installed ${existing.task}, not a localizer: give the localizer another name in head.json.`,
    );
  return installTrained(modelsDir, bytes, manifest, (model) => void new LocalizerModel(model));
}
