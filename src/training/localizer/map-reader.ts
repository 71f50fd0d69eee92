import type { ClassifierModel, FeatureMap } from '../../vision/classifier-model.js';
import type { DetectorModel } from '../../vision/detector-model.js';
import type { Pixels } from '../../vision/pixels/pixels.js';
import { type Tile, tileRegion } from '../../vision/localizer/closer-look.js';

/** Where a view lies in its maps' square, from the top left, as shares of its sides. */
export interface MapContent {
  readonly width: number;
  readonly height: number;
}

/**
 * The model a localizer learns to read, as training sees each view through it, the way the service
 * will: the feature maps of a photo or a square part of it (`part`, in shares of the photo's sides),
 * and the share of the maps' square the view fills.
 */
export interface MapReader {
  /** The model's name and sha256, and the shapes of the maps it gives, coarsest first. */
  readonly name: string;
  readonly sha256: string;
  readonly maps: ReadonlyArray<{ readonly channels: number; readonly grid: number }>;
  read(image: Pixels, part: Tile): Promise<{ readonly maps: readonly FeatureMap[]; readonly content: MapContent }>;
  /**
   * Whether training also reads each photo zoomed out, and the closer look's tiles: what the
   * classifier's localizer learns from and is measured with. The detector's localizer is asked only
   * where the classifier's finds nothing, and was measured better without the zoomed views (docs/stool-localizer.md).
   */
  readonly closerLook: boolean;
}

const WHOLE_SQUARE: MapContent = { width: 1, height: 1 };
const isWhole = (part: Tile) => part.x === 0 && part.y === 0 && part.side === 1;

/** The classifier's maps of the photo stretched over its input, as its localizer reads them in the service. */
export const classifierMaps = (classifier: ClassifierModel): MapReader => ({
  name: classifier.name,
  sha256: classifier.sha256,
  maps: classifier.featureMaps,
  closerLook: true,
  async read(image, part) {
    const { maps } = await classifier.predictStretched(
      isWhole(part) ? image : { image, region: tileRegion(image, part) },
    );
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
  read: (image, part) => detector.localizerCells(isWhole(part) ? image : { image, region: tileRegion(image, part) }),
});
