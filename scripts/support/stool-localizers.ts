/**
 * The two stool localizers pawlens trains from the public-domain dog-stool photos
 * (scripts/train-stool-localizer.ts), and how each is written into the project: its graph in
 * models/trained/NAME/ and its catalogue entry, so that `pawlens models install recommended`
 * installs it from the package.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  type LocalizerAbout,
  localizerArtifact,
  LOCALIZER_MODEL_FILE,
} from '../../src/training/localizer/localizer-manifest.js';
import type { FittedGround } from '../../src/training/localizer/fit-ground-subspace.js';
import type { LocalizerData } from '../../src/training/localizer/localizer-rows.js';
import type { MapReader } from '../../src/training/localizer/map-reader.js';
import type { TrainedLocalizer } from '../../src/training/localizer/train-localizer.js';
import { PACKAGE_MODELS_DIR } from '../../src/vision/runtime/models-location.js';

/** The photos held out, by name (names only: the photos stay in ../shared), for tests and the evaluation. */
export const HELD_OUT_FILE = 'held-out.json';

const COMMON = {
  operation: 'stool',
  subject: 'stool',
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
} as const;

export interface StoolLocalizer extends LocalizerAbout {
  /** The catalogue's one line about it. */
  readonly about: string;
}

/** The classifier's localizer first (its split is the second's), then the detector's. */
export const STOOL_LOCALIZERS: readonly [StoolLocalizer, StoolLocalizer] = [
  {
    ...COMMON,
    name: 'stool-localizer',
    description:
      'Where the stool is in a photo: a logistic regression per cell of MobileNetV2’s 7 × 7 feature map (and its 14 × 14 one), trained by pawlens on 586 real photos of dog stool outdoors.',
    about:
      'Where the stool is in a photo, and whether there is any: trained by pawlens on 586 real photos of dog stool outdoors (public domain), reading MobileNetV2’s feature maps.',
  },
  {
    ...COMMON,
    name: 'stool-localizer-detector',
    description:
      'Where the stool is in a photo in which the first stool localizer finds none: a logistic regression per cell of YOLOX-Nano’s 26 × 26 neck map (and its 52 × 52 one), trained by pawlens on the same 586 photos.',
    about:
      'A second look for stool where the first localizer finds none: small stools far off, read from the maps YOLOX-Nano computes anyway; trained by pawlens on the same 586 photos.',
  },
];

/**
 * Writes a localizer trained on `reader`'s maps (and, for the first, the held-out photos' names)
 * and its catalogue entry; with `ground`, its graph gives the frame's distance from that ground too.
 */
export async function writePackagedLocalizer(
  about: StoolLocalizer,
  trained: TrainedLocalizer,
  reader: MapReader,
  seed: number,
  data: LocalizerData,
  ground?: FittedGround,
): Promise<void> {
  const backbone = { sha256: reader.sha256, featureMaps: reader.maps };
  const { bytes, manifest } = localizerArtifact(trained, backbone, about, seed, ground);
  const target = join(PACKAGE_MODELS_DIR, 'trained', about.name);
  await mkdir(target, { recursive: true });
  await writeFile(join(target, LOCALIZER_MODEL_FILE), bytes);
  if (about === STOOL_LOCALIZERS[0]) {
    const heldOut = data.photos.filter((_, photo) => trained.split.heldOut[photo]).map((photo) => basename(photo.path));
    await writeFile(join(target, HELD_OUT_FILE), `${JSON.stringify(heldOut, null, 1)}\n`);
  }
  const cataloguePath = join(PACKAGE_MODELS_DIR, 'catalogue.json');
  const catalogue = JSON.parse(await readFile(cataloguePath, 'utf8'));
  catalogue.models[about.name] = {
    about: about.about,
    bytes: bytes.length,
    packaged: `trained/${about.name}`,
    manifest,
    extraFiles: {},
    urls: {},
  };
  await writeFile(cataloguePath, `${JSON.stringify(catalogue, null, 2)}\n`);
  console.log(
    `Wrote ${join(target, LOCALIZER_MODEL_FILE)} (${bytes.length} bytes, sha256 ${manifest.sha256}) and its catalogue entry.`,
  );
}
