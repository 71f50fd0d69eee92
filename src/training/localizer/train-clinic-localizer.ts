import { openBackbone, type BackboneOptions } from '../backbone.js';
import { HeadFolderError } from '../head-folder.js';
import { readBoxFolder } from './box-folder.js';
import { type LocalizerDefinition, MIN_BOXED_PHOTOS } from './localizer-definition.js';
import { localizerArtifact } from './localizer-manifest.js';
import { type LocalizerData, readLocalizerData } from './localizer-rows.js';
import { classifierMaps } from './map-reader.js';
import { type TrainedLocalizer, trainLocalizer } from './train-localizer.js';
import { installLocalizer } from './install-localizer.js';

/**
 * Below this cell AUC on its held-out photos a localizer has learnt too little of where the
 * subject is to be trusted with where the colour rules read (0.5 is a coin's toss; the stool
 * localizer measured 0.97). A guess at the line between "some" and "enough".
 */
export const MIN_CELL_AUC = 0.75;

export interface ClinicLocalizer {
  readonly trained: TrainedLocalizer;
  readonly data: Pick<LocalizerData, 'photos' | 'unreadable'>;
  readonly backbone: string;
  readonly installed: string;
}

/**
 * Trains a localizer on a clinic's YOLO export and installs it (docs/design.md §13): the same training
 * as the stool localizer's (held out by source photo, threshold out of fold), on the installed
 * classifier's feature maps. Refused, with what it needs, when it has too few boxed photos or
 * learnt too little to be trusted; nothing is installed then.
 */
export async function trainClinicLocalizer(
  from: string,
  definition: LocalizerDefinition,
  options: BackboneOptions,
  seed: number,
  progress: { reading?: (done: number, total: number) => void; training?: (done: number, total: number) => void } = {},
): Promise<ClinicLocalizer> {
  const photos = await readBoxFolder(from, definition.classes);
  const boxed = photos.filter((photo) => photo.boxes.length > 0).length;
  if (boxed < MIN_BOXED_PHOTOS)
    throw new HeadFolderError(
      `${from} has ${boxed} photos with a ${definition.subject} boxed; a localizer needs at least ${MIN_BOXED_PHOTOS}, and some without one.`,
    );
  const backbone = await openBackbone(options, definition.operation, 'maps');
  let data: LocalizerData;
  try {
    data = await readLocalizerData(
      photos,
      { reader: classifierMaps(backbone.classifier), decodeSize: backbone.decodeSize },
      progress.reading,
    );
  } finally {
    await backbone.release();
  }
  const trained = trainLocalizer(data, seed, progress.training);
  if (trained.heldOut.cellAuc < MIN_CELL_AUC)
    throw new HeadFolderError(
      `The localizer learnt too little of where the ${definition.subject} is: on the ${trained.heldOut.photos} photos held out, its cells scored an AUC of ${trained.heldOut.cellAuc.toFixed(2)} (at least ${MIN_CELL_AUC} is needed). Box more photos, tightly, and include photos without it; nothing was installed.`,
    );
  const artifact = localizerArtifact(
    trained,
    backbone.classifier,
    {
      name: definition.name,
      operation: definition.operation,
      subject: definition.subject,
      description:
        definition.description ??
        `Where the ${definition.subject} is, for ${definition.operation}: trained by "pawlens heads train" on ${data.photos.length} boxed photos.`,
      source: 'trained on this host from the clinic’s own boxed photos',
      license: 'the clinic’s own',
      data: { source: `the clinic’s YOLO export in ${from}`, license: 'the clinic’s own photos' },
      neverSaw: [],
      producer: { name: 'pawlens heads train', version: '1' },
      trainedAt: new Date().toISOString(),
    },
    seed,
  );
  const installed = await installLocalizer(options.modelsDir, artifact);
  return { trained, data, backbone: backbone.classifier.name, installed };
}
