/**
 * Trains pawlens' stool localizer from the public-domain dog-stool photos (docs/design.md §13) and
 * writes it into the project: models/trained/stool-localizer/model.onnx and its catalogue entry,
 * so that `pawlens models install recommended` installs it. Seeded: the same photos give the same
 * bytes. `--evaluate` trains nothing: it measures the committed model on the same held-out split.
 *
 *   npm run train:stool [-- --evaluate] [-- --data DIR --models DIR]
 *
 * DIR defaults: ../shared/datasets/dog-stool and ../shared/models (PAWLENS_SHARED_DIR moves both).
 */
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { decodeSizeFor } from '../src/analysis/decode-plan.js';
import { loadModelsForTraining } from '../src/analysis/load-analysis-models.js';
import { OPERATIONS } from '../src/operations/registry.js';
import { installModel } from '../src/vision/runtime/install-model.js';
import { loadModel, sha256Of } from '../src/vision/runtime/load-model.js';
import { LocalizerModel } from '../src/vision/localizer/localizer-model.js';
import { PACKAGE_MODELS_DIR } from '../src/vision/runtime/models-location.js';
import { progressLine } from '../src/cli/progress-line.js';
import { figuresLine } from '../src/training/localizer/figures-line.js';
import { readBoxFolder } from '../src/training/localizer/box-folder.js';
import { localizerArtifact, LOCALIZER_MODEL_FILE } from '../src/training/localizer/localizer-manifest.js';
import { readLocalizerData } from '../src/training/localizer/localizer-rows.js';
import { figuresFrom, splitBySource, trainLocalizer } from '../src/training/localizer/train-localizer.js';
import type { LocalizerFigures } from '../src/vision/runtime/model-manifest.js';

const NAME = 'stool-localizer';
const HELD_OUT_FILE = 'held-out.json';
const SEED = 1;
const shared = process.env.PAWLENS_SHARED_DIR ?? resolve('..', 'shared');
const { values } = parseArgs({
  options: {
    evaluate: { type: 'boolean', default: false },
    data: { type: 'string', default: join(shared, 'datasets', 'dog-stool') },
    models: { type: 'string', default: join(shared, 'models') },
  },
});

const ABOUT = {
  name: NAME,
  operation: 'stool',
  subject: 'stool',
  description:
    'Where the stool is in a photo: a logistic regression per cell of MobileNetV2’s 7 × 7 feature map (and its 14 × 14 one), trained by pawlens on 586 real photos of dog stool outdoors.',
  source: 'trained by scripts/train-stool-localizer.ts from the dog-stool photo set',
  license: 'Public Domain (the training photos); the model is MIT with pawlens',
  data: {
    source:
      'Roboflow Universe project "dog-poop-qdsbu" version 11 (2024-09-26), exported in the public repository wjayson/Dog-poop-identifier, folder train/, one file per source photo',
    license: 'Public Domain',
    commit: '8b8cfef74d72928c1e9c2a83cc5acbb2a81cea8c',
  },
  neverSaw: ['indoor floors', 'puppy pads', 'cat litter', 'diarrhoea', 'cats’ stool'],
  producer: { name: 'pawlens train:stool', version: '1' },
};

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const print = (figures: LocalizerFigures) => console.log(`  ${figuresLine(figures, 'stool')}`);
const progress = (what: string) => progressLine(process.stderr, what);

// The backbone as the service runs it: the recommended scene models, installed from the shared copies and checked.
const scratch = await mkdtemp(join(tmpdir(), 'pawlens-train-stool-'));
try {
  for (const model of ['yolox-nano', 'mobilenetv2-12-int8'])
    await installModel(model, { from: values.models, modelsDir: scratch });
  const models = await loadModelsForTraining({ modelsDir: scratch });
  const classifier = models.classifier!;
  const backbone = { classifier, decodeSize: decodeSizeFor(OPERATIONS.stool, models, false) };
  const photos = await readBoxFolder(values.data);
  console.log(
    `${photos.length} photos, ${photos.filter((photo) => photo.boxes.length > 0).length} with stool, from ${values.data}.`,
  );
  const data = await readLocalizerData(photos, backbone, progress('Reading photos'), { keepMaps: values.evaluate });
  if (data.unreadable.length > 0)
    console.log(`Unreadable, left out:\n${data.unreadable.map((u) => `  ${u.path}: ${u.why}`).join('\n')}`);
  const target = join(PACKAGE_MODELS_DIR, 'trained', NAME);
  if (values.evaluate) {
    // The committed model as a user gets it: installed from the catalogue, its sha256 checked.
    await installModel(NAME, { modelsDir: scratch });
    const localizer = new LocalizerModel(await loadModel(join(scratch, NAME)));
    const split = splitBySource(data, localizer.spec.data.seed);
    const held = data.views.map((view) => split.heldOut[view.photo]!);
    // The committed graph itself, run by onnxruntime on each held-out view's maps: what the service runs.
    const probabilities: Array<Float32Array | undefined> = [];
    for (const [view, maps] of data.maps!.entries())
      probabilities.push(held[view] ? await localizer.predict(maps) : undefined);
    const sha256 = sha256Of(await readFile(join(target, LOCALIZER_MODEL_FILE)));
    const { threshold, closerLook } = localizer.spec;
    const heldOut = `${split.heldOut.filter(Boolean).length} photos held out by source photo`;
    console.log(
      `${NAME} (sha256 ${sha256.slice(0, 12)}…), threshold ${threshold}${closerLook ? `, closer look ${closerLook.threshold} from ${closerLook.from}` : ''}:`,
    );
    print(figuresFrom(data, probabilities, { threshold, closerLook }, heldOut));
    if (closerLook) print(figuresFrom(data, probabilities, { threshold }, `the same ${heldOut}, whole photos only`));
  } else {
    const trained = trainLocalizer(data, SEED, progress('Training'));
    const { bytes, manifest } = localizerArtifact(trained, classifier, ABOUT, SEED);
    await mkdir(target, { recursive: true });
    await writeFile(join(target, LOCALIZER_MODEL_FILE), bytes);
    // The held-out photos by name (names only: the photos stay in ../shared), for tests and the evaluation.
    const heldOut = data.photos.filter((_, photo) => trained.split.heldOut[photo]).map((photo) => basename(photo.path));
    await writeFile(join(target, HELD_OUT_FILE), `${JSON.stringify(heldOut, null, 1)}\n`);
    const cataloguePath = join(PACKAGE_MODELS_DIR, 'catalogue.json');
    const catalogue = JSON.parse(await readFile(cataloguePath, 'utf8'));
    catalogue.models[NAME] = {
      about:
        'Where the stool is in a photo, and whether there is any: trained by pawlens on 586 real photos of dog stool outdoors (public domain), reading MobileNetV2’s feature maps.',
      bytes: bytes.length,
      packaged: `trained/${NAME}`,
      manifest,
      extraFiles: {},
      urls: {},
    };
    await writeFile(cataloguePath, `${JSON.stringify(catalogue, null, 2)}\n`);
    console.log(
      `Wrote ${join(target, LOCALIZER_MODEL_FILE)} (${bytes.length} bytes, sha256 ${manifest.sha256}) and its catalogue entry.`,
    );
    const { threshold, closerLook } = trained.thresholds;
    const printCurve = (curve: typeof trained.curve) => {
      for (const point of curve)
        console.log(
          `  ${point.threshold.toFixed(2)}: found ${percent(point.recall)} of photos with stool; took for stool ${percent(point.falseOnGround)} of crops of their ground, ${percent(point.falseOnPhotos)} of photos without stool`,
        );
    };
    console.log(`Threshold ${threshold}, chosen out of fold on the training photos from:`);
    printCurve(trained.curve);
    console.log(
      closerLook
        ? `The closer look's threshold ${closerLook.threshold}, where the whole photo showed none at ${threshold} (taken from a surest cell of ${closerLook.from}), chosen from:`
        : 'No closer look: a tile found no more without adding too many false finds, at any threshold of:',
    );
    printCurve(trained.closerCurve);
    print(trained.outOfFold);
    print(trained.heldOut);
    print(trained.crossValidated);
  }
  for (const model of models.loaded) await model.release();
} finally {
  await rm(scratch, { recursive: true, force: true });
}
