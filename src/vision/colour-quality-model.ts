import { COLOUR_QUALITY_FEATURES, type FeatureName } from './colour-quality-features.js';
import { exposureOf, type Exposure } from './colour-reading.js';
import { resizeFor, type Pixels } from './image-tensor.js';
import type { PlainTensor } from './inference-pool.js';
import type { LoadedModel } from './load-model.js';
import { ImageModel } from './onnx-model.js';
import type { ColourName } from './tables/colour-palette.js';

export interface Quality extends Exposure {
  /** Share of the frame that differs from the border: the subject's size. */
  readonly coverage: number;
  /** Standard deviation of L*, 0–100. */
  readonly contrast: number;
  readonly subjectLightness: number;
  readonly subjectChroma: number;
  /** Mean |L* − its 5 × 5 neighbourhood's mean| inside the subject: granules raise it, smooth matter does not. */
  readonly subjectGrain: number;
  /** The share of the subject more than a few pixels inside its outline: one solid thing, or a pattern of small pieces. */
  readonly subjectSolidity: number;
}

/** What the colour-and-quality analyser measured on one photo. */
export interface ColourMeasurement {
  readonly subject: Readonly<Record<ColourName, number>>;
  readonly frame: Readonly<Record<ColourName, number>>;
  /** Share of the frame in small patches each colour mostly fills (PATCHES): lesions, not scattered pixels. */
  readonly patch: Readonly<Record<ColourName, number>>;
  readonly quality: Quality;
  /** The raw vector, in COLOUR_QUALITY_FEATURES order: the severity heads' input. */
  readonly features: Float32Array;
}

/**
 * Up to this many times the analyser's input pixels, an image's exposure is read on the image
 * itself. A libvips resize of a small image costs about 1 ms of CPU whatever its kernel (most of
 * it the pipeline's set-up), as much as reading some 80,000 more pixels: so a 224² decode is read at
 * 224², a 16:9 one at 398 × 224 (measured on the 2-core development machine). Read so, the shared
 * photos' sharpness is 0.78–1.5× (median 0.97) what the input's 192² gives, and their brightness the
 * same; the gate's limit (0.008) sits far below in-focus photos (0.05 and up), so only photos at the
 * edge of blurred can be judged differently.
 */
export const EXPOSURE_AS_IS = 3;

/** The built-in analyser (or a replacement with the same feature names). */
export class ColourQualityModel extends ImageModel<ColourMeasurement> {
  constructor(model: LoadedModel) {
    super(model);
    if (this.labelsOf(this.firstOutput.name).join() !== COLOUR_QUALITY_FEATURES.join()) {
      throw this.fail(
        'its output features differ from this pawlens version\'s; regenerate it with "npm run models:generate".',
      );
    }
  }

  /**
   * Brightness and sharpness alone, as the network would measure them on the same input, without
   * running it: about a millisecond instead of thirteen, for operations whose rules read no colour.
   * An image already near the input's size (breed's decode for a classifier alone, 224²) is read
   * as it is, whole: resizing it would cost more than reading its extra pixels (EXPOSURE_AS_IS).
   */
  async exposure(image: Pixels): Promise<Exposure> {
    const asIs = image.width * image.height <= EXPOSURE_AS_IS * this.input.width * this.input.height;
    return exposureOf(asIs ? image : await resizeFor(image, this.input));
  }

  protected read(outputs: Record<string, PlainTensor>): ColourMeasurement {
    const features = Float32Array.from(outputs[this.firstOutput.name]!.data as Float32Array);
    const value = (name: FeatureName) => features[COLOUR_QUALITY_FEATURES.indexOf(name)]!;
    const shares = (scope: 'subject' | 'frame' | 'patch') =>
      Object.fromEntries(
        COLOUR_QUALITY_FEATURES.filter((name) => name.startsWith(`${scope}.`)).map((name) => [
          name.slice(scope.length + 1),
          value(name),
        ]),
      ) as Record<ColourName, number>;
    return {
      subject: shares('subject'),
      frame: shares('frame'),
      patch: shares('patch'),
      quality: {
        coverage: value('quality.coverage'),
        brightness: value('quality.brightness'),
        contrast: value('quality.contrast'),
        sharpness: value('quality.sharpness'),
        subjectLightness: value('quality.subject_lightness'),
        subjectChroma: value('quality.subject_chroma'),
        subjectGrain: value('quality.subject_grain'),
        subjectSolidity: value('quality.subject_solidity'),
      },
      features,
    };
  }
}
