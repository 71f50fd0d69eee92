import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { HealthOperationKey } from '../contract/operation-keys.js';
import { ClassifierModel } from './classifier-model.js';
import { ColourQualityModel } from './colour-quality-model.js';
import type { InferencePool } from './inference-pool.js';
import { loadModel, ModelLoadError, type LoadedModel } from './load-model.js';
import { MANIFEST_FILE } from './model-manifest.js';
import { BUILTIN_SUBDIR, PACKAGE_MODELS_DIR } from './models-location.js';
import { SeverityHeadModel, type SeverityHeadSpec } from './severity-head-model.js';

export interface VisionModels {
  readonly colour: ColourQualityModel;
  readonly heads: Readonly<Record<HealthOperationKey, SeverityHeadModel>>;
  /** The breed classifier, when one is installed. */
  readonly classifier: ClassifierModel | undefined;
  /** Every model loaded, for /readyz and `pawlens models list`. */
  readonly loaded: readonly LoadedModel[];
  /** The worker threads that run them; undefined when they run on the calling thread. */
  readonly pool: InferencePool | undefined;
}

export interface VisionOptions {
  /** Where installed models live (PAWLENS_MODELS_DIR). */
  readonly modelsDir: string;
  /** The severity heads to open: one per health operation, checked against its rule ids. */
  readonly heads: readonly SeverityHeadSpec[];
  /** Which installed classifier to use for breed when several are installed. */
  readonly breedModel?: string;
  /** Run inference in these worker threads; without one it runs on the calling thread. */
  readonly pool?: InferencePool;
}

/** Subfolders of `root` that hold a manifest, sorted; `skip` leaves one out (builtin/). */
export async function listModelDirs(root: string, skip?: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  // Hidden folders are an install's staging area (or a crashed one's leftovers), never a model.
  const dirs = entries
    .filter((entry) => entry.isDirectory() && entry.name !== skip && !entry.name.startsWith('.'))
    .map((entry) => join(root, entry.name));
  const withManifest = await Promise.all(
    dirs.map(async (dir) => ((await readdir(dir).catch(() => [] as string[])).includes(MANIFEST_FILE) ? dir : undefined)),
  );
  return withManifest.filter((dir): dir is string => dir !== undefined).sort();
}

/**
 * Opens every model once, at start: the built-ins, then what is installed. An installed severity
 * head for an operation replaces the generated one (a trained head, by installing it); an
 * installed classifier becomes the breed model. Any broken model stops the start.
 */
export async function loadVisionModels(options: VisionOptions): Promise<VisionModels> {
  const builtinDir = join(PACKAGE_MODELS_DIR, BUILTIN_SUBDIR);
  const load = (dir: string) => loadModel(dir, options.pool);
  const builtins = await Promise.all((await listModelDirs(builtinDir)).map(load));
  const installed = await Promise.all((await listModelDirs(options.modelsDir, BUILTIN_SUBDIR)).map(load));

  const pick = (models: LoadedModel[], task: string, operation?: string) =>
    models.find((model) => model.manifest.task === task && (operation === undefined || model.manifest.operation === operation));

  const colourModel = pick(installed, 'colour-quality') ?? pick(builtins, 'colour-quality');
  if (!colourModel) throw new ModelLoadError(`No colour-quality model in ${builtinDir}; run "npm run models:generate".`);

  const heads = {} as Record<HealthOperationKey, SeverityHeadModel>;
  for (const spec of options.heads) {
    const model = pick(installed, 'severity', spec.operation) ?? pick(builtins, 'severity', spec.operation);
    if (!model) throw new ModelLoadError(`No severity head for ${spec.operation} in ${builtinDir}; run "npm run models:generate".`);
    heads[spec.operation] = new SeverityHeadModel(model, spec);
  }

  const classifiers = installed.filter((model) => model.manifest.task === 'classifier');
  const chosen = options.breedModel ? classifiers.find((model) => model.manifest.name === options.breedModel) : classifiers[0];
  if (options.breedModel && !chosen) {
    throw new ModelLoadError(`PAWLENS_BREED_MODEL=${options.breedModel}, but no installed classifier has that name; "pawlens models list" shows them.`);
  }

  return {
    colour: new ColourQualityModel(colourModel),
    heads,
    classifier: chosen && new ClassifierModel(chosen),
    loaded: [...builtins, ...installed],
    pool: options.pool,
  };
}
