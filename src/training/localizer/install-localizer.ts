import { LocalizerModel } from '../../vision/localizer/localizer-model.js';
import type { ModelManifest } from '../../vision/runtime/model-manifest.js';
import { installedOfTask, installTrained } from '../install-trained.js';
import { HeadFolderError } from '../head-folder.js';

/** The installed localizers, each with its folder. */
export const installedLocalizers = (modelsDir: string) => installedOfTask(modelsDir, 'localizer');

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
  return installTrained(modelsDir, bytes, manifest, {
    noun: 'localizer',
    check: (model) => void new LocalizerModel(model),
  });
}
