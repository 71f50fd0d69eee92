import { extrasUnavailable, poolingUnavailable } from './runtime/backbone-features.js';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { removeStaleStaging } from './runtime/staging.js';
import { ClassifierModel } from './classifier-model.js';
import { ColourQualityModel } from './colour-quality-model.js';
import { DetectorModel } from './detector-model.js';
import type { InferencePool } from './runtime/inference-pool.js';
import { loadModel, ModelLoadError, type LoadedModel } from './runtime/load-model.js';
import { MODEL_CATALOGUE, RECOMMENDED_MODELS } from './runtime/model-catalogue.js';
import { MANIFEST_FILE } from './runtime/model-manifest.js';
import { BUILTIN_SUBDIR, PACKAGE_MODELS_DIR } from './runtime/models-location.js';
import { SeverityHeadModel, type SeverityHeadSpec } from './severity-head-model.js';
import { TrainedHeadModel } from './heads/trained-head-model.js';
import { LocalizerModel } from './localizer/localizer-model.js';

export interface VisionModels {
  readonly colour: ColourQualityModel;
  /** One per health operation, by its key: the generated head, or a trained one installed in its place. */
  readonly heads: ReadonlyMap<string, SeverityHeadModel>;
  /** Heads a clinic trained on its own photos (docs/design.md §13), by the operation each answers for. */
  readonly trained: ReadonlyMap<string, TrainedHeadModel>;
  /** Localizers (docs/design.md §13), by the operation each finds the subject of: where the colour rules read. */
  readonly localizers: ReadonlyMap<string, LocalizerModel>;
  /**
   * Localizers trained on the detector's finer maps, by operation: asked where the classifier's
   * localizer finds nothing (YOLOX-Nano's neck sees small stools far off that MobileNetV2's 7 × 7
   * grid averages away). They read what the detector computes anyway.
   */
  readonly detectorLocalizers: ReadonlyMap<string, LocalizerModel>;
  /** The second classifier an installed trained head reads the features of (HEAD_COMPANION), when one does. */
  readonly companion?: ClassifierModel;
  /** The ImageNet (or pet-breed) classifier, when one is installed: species and breed, of a photo or an animal's crop. */
  readonly classifier: ClassifierModel | undefined;
  /** The object detector, when one is installed: what is where in the photo. */
  readonly detector: DetectorModel | undefined;
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
  /**
   * The operations a trained head may answer for (those with a label field); undefined to leave
   * installed heads unopened, as training a new one does, whatever the old ones' backbone.
   */
  readonly trainable?: readonly string[];
  /** Which installed classifier to use when several are installed (PAWLENS_BREED_MODEL). */
  readonly breedModel?: string;
  /** Which installed detector to use when several are installed (PAWLENS_DETECTOR_MODEL). */
  readonly detectorModel?: string;
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
    dirs.map(async (dir) =>
      (await readdir(dir).catch(() => [] as string[])).includes(MANIFEST_FILE) ? dir : undefined,
    ),
  );
  return withManifest.filter((dir): dir is string => dir !== undefined).sort();
}

/**
 * The installed model of `task` to use: the one named by `setting` when set, else the catalogue's
 * first recommended one installed, else the first by name.
 */
function choose(
  installed: readonly LoadedModel[],
  task: 'classifier' | 'detector',
  named: string | undefined,
  setting: string,
): LoadedModel | undefined {
  const candidates = installed.filter((model) => model.manifest.task === task);
  if (named) {
    const chosen = candidates.find((model) => model.manifest.name === named);
    if (!chosen)
      throw new ModelLoadError(
        `${setting}=${named}, but no installed ${task} has that name; "pawlens models list" shows them.`,
      );
    return chosen;
  }
  // The recommended set installs two classifiers: the first it names is the one in use.
  const recommended = RECOMMENDED_MODELS.map((name) => candidates.find((model) => model.manifest.name === name));
  return recommended.find((model) => model !== undefined) ?? candidates[0];
}

/** An installed severity head for an operation that has no rule table would never be used: a typo in its manifest, said at start. */
function refuseStrayHeads(installed: readonly LoadedModel[], specs: readonly SeverityHeadSpec[]): void {
  const operations = specs.map((spec) => spec.operation);
  for (const model of installed) {
    const { task, operation } = model.manifest;
    if (task === 'severity' && (operation === undefined || !operations.includes(operation))) {
      throw new ModelLoadError(
        `${model.dir} is a severity head for "${operation ?? ''}", but the health operations are ${operations.join(', ')}.`,
      );
    }
  }
}

/**
 * The installed trained heads, one per operation, each checked against the classifier in use: a
 * head reads its backbone's features and nothing else, so a head whose backbone is not the
 * classifier pawlens runs stops the start rather than answer from features it never learnt.
 */
function trainedHeads(
  installed: readonly LoadedModel[],
  classifier: ClassifierModel | undefined,
  detector: DetectorModel | undefined,
  trainable: readonly string[],
): { heads: Map<string, TrainedHeadModel>; companion: ClassifierModel | undefined } {
  const heads = new Map<string, TrainedHeadModel>();
  let companion: ClassifierModel | undefined;
  for (const model of installed.filter((candidate) => candidate.manifest.task === 'trained-head')) {
    const head = new TrainedHeadModel(model);
    const other = heads.get(head.operation);
    if (!trainable.includes(head.operation))
      throw new ModelLoadError(
        `${model.dir} is a head for "${head.operation}", but heads answer for ${trainable.join(', ')}.`,
      );
    if (other)
      throw new ModelLoadError(
        `${other.name} and ${head.name} are both heads for ${head.operation}; remove one ("pawlens heads remove NAME").`,
      );
    const unavailable = classifier?.sha256 === head.backbone ? poolingUnavailable(head, classifier) : undefined;
    if (unavailable) throw new ModelLoadError(unavailable);
    // Every head reads the same companion: the first head's, else the installed classifier it names.
    const wanted = head.extras.companion?.backbone;
    const found =
      wanted && installed.find(({ manifest }) => manifest.task === 'classifier' && manifest.sha256 === wanted);
    const second = wanted ? (companion ?? (found ? new ClassifierModel(found) : undefined)) : undefined;
    const problem = extrasUnavailable(head, { companion: second, detector });
    if (problem) throw new ModelLoadError(problem);
    if (
      !classifier ||
      classifier.sha256 !== head.backbone ||
      classifier.featureCount(head.pooling) + head.extraSize !== head.featureSize
    )
      throw new ModelLoadError(
        `${head.name} was trained on the features of the classifier with sha256 ${head.backbone.slice(0, 12)}…, but ${
          classifier ? `the classifier in use is ${classifier.name}` : 'no classifier is installed'
        }: install that classifier (and name it in PAWLENS_BREED_MODEL if several are installed), or train the head again.`,
      );
    heads.set(head.operation, head);
    companion = second ?? companion;
  }
  return { heads, companion };
}

/**
 * A model pawlens ships in its package (the stool localizer), installed by an older pawlens: the
 * same graph (its sha256), with the manifest of that day, which may lack what this pawlens knows
 * of it (the closer look's thresholds, newer figures). The package's manifest describes the same
 * bytes and is the one used; any other model is read as installed.
 */
function withPackagedManifest(model: LoadedModel): LoadedModel {
  const entry = MODEL_CATALOGUE[model.manifest.name];
  return entry?.packaged && entry.manifest.sha256 === model.manifest.sha256
    ? { ...model, manifest: entry.manifest }
    : model;
}

/**
 * The installed localizers, one per operation and backbone, each checked against the model whose
 * maps it reads: the classifier's (a localizer that reads nothing else), or the detector's (one a
 * stool request asks where the classifier’s finds nothing: locate-in-photo.ts, withSecondSight).
 */
function localizersOf(
  installed: readonly LoadedModel[],
  classifier: ClassifierModel | undefined,
  detector: DetectorModel | undefined,
) {
  const byBackbone = { classifier: new Map<string, LocalizerModel>(), detector: new Map<string, LocalizerModel>() };
  for (const model of installed.filter((candidate) => candidate.manifest.task === 'localizer')) {
    const onDetector =
      detector !== undefined &&
      model.manifest.input.kind === 'feature-maps' &&
      model.manifest.input.backbone === detector.sha256;
    const localizer = new LocalizerModel(withPackagedManifest(model), onDetector ? 'detector' : 'classifier');
    const localizers = byBackbone[localizer.reads];
    const other = localizers.get(localizer.operation);
    if (other)
      throw new ModelLoadError(
        `${other.name} and ${localizer.name} both find the subject of ${localizer.operation}; remove one ("pawlens heads remove NAME").`,
      );
    const source = onDetector
      ? { name: detector.name, sha256: detector.sha256, maps: detector.localizerMaps }
      : classifier && { name: classifier.name, sha256: classifier.sha256, maps: classifier.featureMaps };
    const mismatch = localizer.mismatchWith(source);
    if (mismatch)
      throw new ModelLoadError(
        `${localizer.name} reads the feature maps of the ${localizer.reads} with sha256 ${localizer.backbone.slice(0, 12)}…, but ${mismatch}: install that ${localizer.reads} (and name it in ${localizer.reads === 'classifier' ? 'PAWLENS_BREED_MODEL' : 'PAWLENS_DETECTOR_MODEL'} if several are installed), or remove ${localizer.name}.`,
      );
    localizers.set(localizer.operation, localizer);
  }
  return { localizers: byBackbone.classifier, detectorLocalizers: byBackbone.detector };
}

/**
 * Opens every model once, at start: the built-ins, then what is installed. An installed severity
 * head for an operation replaces the generated one (a trained head, by installing it); an
 * installed classifier and detector become the scene models; installed trained heads answer for
 * their operations. Any broken model stops the start.
 */
export async function loadVisionModels(options: VisionOptions): Promise<VisionModels> {
  const builtinDir = join(PACKAGE_MODELS_DIR, BUILTIN_SUBDIR);
  const load = (dir: string) => loadModel(dir, options.pool);
  const builtins = await Promise.all((await listModelDirs(builtinDir)).map(load));
  // What a killed install left behind goes when the service starts (or at the next install).
  await removeStaleStaging(options.modelsDir);
  const installed = await Promise.all((await listModelDirs(options.modelsDir, BUILTIN_SUBDIR)).map(load));

  const pick = (models: LoadedModel[], task: string, operation?: string) =>
    models.find(
      (model) => model.manifest.task === task && (operation === undefined || model.manifest.operation === operation),
    );

  const colourModel = pick(installed, 'colour-quality') ?? pick(builtins, 'colour-quality');
  if (!colourModel)
    throw new ModelLoadError(`No colour-quality model in ${builtinDir}; run "npm run models:generate".`);

  refuseStrayHeads(installed, options.heads);
  const heads = new Map<string, SeverityHeadModel>();
  for (const spec of options.heads) {
    const model = pick(installed, 'severity', spec.operation) ?? pick(builtins, 'severity', spec.operation);
    if (!model)
      throw new ModelLoadError(
        `No severity head for ${spec.operation} in ${builtinDir}; run "npm run models:generate".`,
      );
    heads.set(spec.operation, new SeverityHeadModel(model, spec));
  }

  const classifier = choose(installed, 'classifier', options.breedModel, 'PAWLENS_BREED_MODEL');
  const detector = choose(installed, 'detector', options.detectorModel, 'PAWLENS_DETECTOR_MODEL');
  const classifierModel = classifier && new ClassifierModel(classifier);
  const detectorModel = detector && new DetectorModel(detector);
  const trained = options.trainable
    ? trainedHeads(installed, classifierModel, detectorModel, options.trainable)
    : { heads: new Map(), companion: undefined };
  return {
    colour: new ColourQualityModel(colourModel),
    heads,
    trained: trained.heads,
    companion: trained.companion,
    ...localizersOf(installed, classifierModel, detectorModel),
    classifier: classifierModel,
    detector: detectorModel,
    loaded: [...builtins, ...installed],
    pool: options.pool,
  };
}
