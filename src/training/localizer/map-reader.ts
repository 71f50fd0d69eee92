import type { ClassifierModel } from '../../vision/classifier-model.js';
import type { DetectorModel, LetterboxedMaps } from '../../vision/detector-model.js';
import type { Pixels } from '../../vision/pixels/pixels.js';
import { type Tile, tileRegion } from '../../vision/localizer/closer-look.js';
import type { MapSource } from '../../vision/localizer/localizer-model.js';
import type { Crop } from '../../vision/runtime/image-tensor.js';

/**
 * The model a localizer learns to read, as training sees each view through it, the way the service
 * will: the feature maps of a photo or a square part of it (`part`, in shares of the photo's sides),
 * and the share of the maps' square the view fills (all of it, stretched; less, letterboxed).
 */
export interface MapReader extends MapSource {
  read(image: Pixels, part: Tile): Promise<LetterboxedMaps>;
  /**
   * Whether training also reads each photo zoomed out, and the closer look's tiles: what the
   * classifier's localizer learns from and is measured with. The detector's localizer is asked only
   * where the classifier's finds nothing, and was measured better without the zoomed views (docs/stool-localizer.md).
   */
  readonly closerLook: boolean;
}

const WHOLE_SQUARE = { width: 1, height: 1 } as const;

/** The photo itself where `part` is all of it, else the crop of it `part` says. */
const viewOf = (image: Pixels, part: Tile): Pixels | Crop =>
  part.x === 0 && part.y === 0 && part.side === 1 ? image : { image, region: tileRegion(image, part) };

/** The classifier's maps of the photo stretched over its input, as its localizer reads them in the service. */
export const classifierMaps = (classifier: ClassifierModel): MapReader => ({
  name: classifier.name,
  sha256: classifier.sha256,
  maps: classifier.featureMaps,
  closerLook: true,
  async read(image, part) {
    const { maps } = await classifier.predictStretched(viewOf(image, part));
    if (!maps) throw new Error(`${classifier.name} gave no feature maps`);
    return { maps, content: WHOLE_SQUARE };
  },
});

/** The detector's localizer maps of the photo letterboxed, as it computes them for every request it reads. */
export const detectorMaps = (detector: DetectorModel): MapReader => ({
  name: detector.name,
  sha256: detector.sha256,
  maps: detector.localizerMaps,
  closerLook: false,
  read: (image, part) => detector.localizerCells(viewOf(image, part)),
});
