/**
 * Trains pawlens' stool localizers from the public-domain dog-stool photos (docs/design.md §13) and
 * writes them into the project: models/trained/stool-localizer/ (on MobileNetV2's maps) and
 * models/trained/stool-localizer-detector/ (on YOLOX-Nano's, asked where the first finds nothing),
 * each with its catalogue entry, so that `pawlens models install recommended` installs them.
 * Seeded: the same photos give the same bytes. `--evaluate` trains nothing: it measures the
 * committed models on the same held-out split.
 *
 *   npm run train:stool [-- --evaluate] [-- --data DIR --models DIR]
 *
 * DIR defaults: ../shared/datasets/dog-stool and ../shared/models (PAWLENS_SHARED_DIR moves both).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { decodeSizeFor } from '../src/analysis/decode-plan.js';
import { loadModelsForTraining } from '../src/analysis/load-analysis-models.js';
import { OPERATIONS } from '../src/operations/registry.js';
import { installModel } from '../src/vision/runtime/install-model.js';
import { loadModel } from '../src/vision/runtime/load-model.js';
import { LocalizerModel } from '../src/vision/localizer/localizer-model.js';
import { progressLine } from '../src/cli/progress-line.js';
import { figuresLine } from '../src/training/localizer/figures-line.js';
import { readBoxFolder } from '../src/training/localizer/box-folder.js';
import { type LocalizerData, readLocalizerData } from '../src/training/localizer/localizer-rows.js';
import { classifierMaps, detectorMaps } from '../src/training/localizer/map-reader.js';
import { fitGroundSubspace, GROUND_SUBSPACE } from '../src/training/localizer/fit-ground-subspace.js';
import { foundTogether, secondSightChoice } from '../src/training/localizer/second-sight.js';
import { lookedAt, type LocalizerThresholds } from '../src/training/localizer/localizer-thresholds.js';
import {
  figuresFrom,
  type LocalizerSplit,
  splitBySource,
  trainLocalizer,
} from '../src/training/localizer/train-localizer.js';
import type { LocalizerFigures } from '../src/vision/runtime/model-manifest.js';
import { STOOL_LOCALIZERS, writePackagedLocalizer } from './support/stool-localizers.js';

const SEED = 1;
const shared = process.env.PAWLENS_SHARED_DIR ?? resolve('..', 'shared');
const { values } = parseArgs({
  options: {
    evaluate: { type: 'boolean', default: false },
    data: { type: 'string', default: join(shared, 'datasets', 'dog-stool') },
    models: { type: 'string', default: join(shared, 'models') },
  },
});

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const print = (figures: LocalizerFigures) => console.log(`  ${figuresLine(figures, 'stool')}`);
const progress = (what: string) => progressLine(process.stderr, what);
const printTogether = (together: ReturnType<typeof foundTogether>, on: string) =>
  console.log(
    `  both, the detector's asked where the classifier's finds nothing, on ${on}: stool found in ${percent(together.recall)} of photos with stool (precision ${percent(together.precision)}); ${percent(together.falseFound)} of photos and crops without stool taken for it`,
  );

/**
 * The committed localizer `name`, installed from the catalogue as a user gets it, run on the
 * held-out views' maps: the split the first localizer's photos give with its seed, which the
 * second shares (its own maps would group the photos otherwise).
 */
async function evaluate(name: string, data: LocalizerData, scratch: string, split: LocalizerSplit) {
  await installModel(name, { modelsDir: scratch });
  const localizer = new LocalizerModel(await loadModel(join(scratch, name)));
  const probabilities: Array<Float32Array | undefined> = [];
  for (const [view, maps] of data.maps!.entries())
    probabilities.push(split.heldOut[data.views[view]!.photo] ? (await localizer.predict(maps)).cells : undefined);
  const { threshold, closerLook } = localizer.spec;
  const thresholds: LocalizerThresholds = { threshold, ...(closerLook && { closerLook }) };
  console.log(
    `${name} (sha256 ${localizer.sha256.slice(0, 12)}…), threshold ${threshold}${closerLook ? `, closer look ${closerLook.threshold} from ${closerLook.from}` : ''}:`,
  );
  const heldOut = `${split.heldOut.filter(Boolean).length} photos held out by source photo`;
  print(figuresFrom(data, probabilities, thresholds, heldOut));
  if (closerLook) print(figuresFrom(data, probabilities, { threshold }, `the same ${heldOut}, whole photos only`));
  if (localizer.spec.ground) {
    // The ground's reading, as the close-ups' gate asks it, on the held-out photos' ground crops.
    const crops = [...data.maps!.entries()].filter(
      ([view]) => data.views[view]!.kind === 'ground' && split.heldOut[data.views[view]!.photo],
    );
    let within = 0;
    for (const [, maps] of crops) if (localizer.showsTrainingGround(await localizer.predict(maps))) within++;
    console.log(
      `  the ground: ${percent(within / crops.length)} of the ${crops.length} held-out photos' ground crops lie within ${localizer.spec.ground.limit} of it`,
    );
  }
  return { data, looked: lookedAt(data, probabilities), thresholds, heldOut };
}

// The backbones as the service runs them: the recommended scene models, installed from the shared copies and checked.
const scratch = await mkdtemp(join(tmpdir(), 'pawlens-train-stool-'));
try {
  for (const model of ['yolox-nano', 'mobilenetv2-12-int8'])
    await installModel(model, { from: values.models, modelsDir: scratch });
  const models = await loadModelsForTraining({ modelsDir: scratch });
  const classifier = models.classifier!;
  const detector = models.detector!;
  const decodeSize = decodeSizeFor(OPERATIONS.stool, models, false);
  const photos = await readBoxFolder(values.data);
  console.log(
    `${photos.length} photos, ${photos.filter((photo) => photo.boxes.length > 0).length} with stool, from ${values.data}.`,
  );
  const keepMaps = { keepMaps: values.evaluate };
  const [onClassifier, onDetectorMaps] = [classifierMaps(classifier), detectorMaps(detector)];
  const data = await readLocalizerData(
    photos,
    { reader: onClassifier, decodeSize },
    progress('Reading photos'),
    keepMaps,
  );
  if (data.unreadable.length > 0)
    console.log(`Unreadable, left out:\n${data.unreadable.map((u) => `  ${u.path}: ${u.why}`).join('\n')}`);
  const detectorData = await readLocalizerData(
    photos,
    { reader: onDetectorMaps, decodeSize },
    progress('Reading photos through the detector'),
    keepMaps,
  );
  if (detectorData.photos.length !== data.photos.length)
    throw new Error('the detector read other photos than the classifier: the two localizers must share their split');
  const [first, second] = STOOL_LOCALIZERS;
  if (values.evaluate) {
    const split = splitBySource(data, SEED);
    const byClassifier = await evaluate(first.name, data, scratch, split);
    const byDetector = await evaluate(second.name, detectorData, scratch, split);
    printTogether(foundTogether(byClassifier, byDetector), byClassifier.heldOut);
  } else {
    const trained = trainLocalizer(data, SEED, progress('Training'));
    // The classifier's localizer also learns the ground its photos show, which the close-ups' gate asks of it.
    const ground = fitGroundSubspace(data, trained.split.heldOut, onClassifier.maps[0]!.channels);
    await writePackagedLocalizer(first, trained, onClassifier, SEED, data, ground);
    console.log(
      ground
        ? `${first.name}: the ground's subspace, ${GROUND_SUBSPACE.components} directions fitted on ${ground.trainedOn} ground crops; ${percent(ground.heldOut.within)} of the ${ground.heldOut.crops} held-out photos' ground crops lie within ${ground.limit} of it`
        : `${first.name}: too few ground crops to fit the ground's subspace on`,
    );
    const answers = (of: LocalizerData, t: typeof trained, which: 'outOfFold' | 'heldOut') => ({
      data: of,
      looked: t.looked[which],
      thresholds: t.thresholds,
    });
    const onDetector = trainLocalizer(detectorData, SEED, progress('Training on the detector’s maps'), undefined, {
      split: trained.split,
      choose: secondSightChoice(answers(data, trained, 'outOfFold'), detectorData),
    });
    await writePackagedLocalizer(second, onDetector, onDetectorMaps, SEED, detectorData);
    const printCurve = (curve: typeof trained.curve) => {
      for (const point of curve)
        console.log(
          `  ${point.threshold.toFixed(2)}: found ${percent(point.recall)} of photos with stool; took for stool ${percent(point.falseOnGround)} of crops of their ground, ${percent(point.falseOnPhotos)} of photos without stool`,
        );
    };
    const { threshold, closerLook } = trained.thresholds;
    console.log(`${first.name}: threshold ${threshold}, chosen out of fold on the training photos from:`);
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
    console.log(
      `${second.name}: threshold ${onDetector.thresholds.threshold}, asked where the first finds nothing, chosen out of fold from the two together:`,
    );
    printCurve(onDetector.curve);
    print(onDetector.outOfFold);
    print(onDetector.heldOut);
    print(onDetector.crossValidated);
    printTogether(
      foundTogether(answers(data, trained, 'heldOut'), answers(detectorData, onDetector, 'heldOut')),
      onDetector.heldOut.on,
    );
  }
  for (const model of models.loaded) await model.release();
} finally {
  await rm(scratch, { recursive: true, force: true });
}
