import { COLOUR_QUALITY_FEATURES, type FeatureName } from './pixels/colour-quality-features.js';
import { exposureOf, type Exposure } from './pixels/colour-reading.js';
import { halvePixels } from './pixels/halve-pixels.js';
import { resizeFor } from './runtime/image-tensor.js';
import type { Pixels } from './pixels/pixels.js';
import type { PlainTensor } from './runtime/inference-pool.js';
import type { LoadedModel } from './runtime/load-model.js';
import { ImageModel } from './runtime/onnx-model.js';
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
  /** Share of the frame in small patches redder than the photo's own median (RELATIVE_REDNESS): redness a grey cast hides from the names. */
  readonly redderPatches: number;
  readonly quality: Quality;
  /** The raw vector, in COLOUR_QUALITY_FEATURES order: the severity heads' input. */
  readonly features: Float32Array;
}

/**
 * Up to this many times the analyser's input pixels, an image's exposure is read on the image
 * itself; a larger one is halved (means of 2 × 2 blocks) until it is within, so a reading is
 * always taken on 0.75–3× the input's pixels. A libvips resize of a small image costs about 1 ms
 * of CPU whatever its kernel (most of it the pipeline's set-up), as much as reading some 80,000
 * more pixels; halving the detector's 416² view in TypeScript costs 0.35 ms (measured on the 2-core
 * development machine). So a 224² decode is read at 224², a 16:9 one at 398 × 224, the detector's
 * square view at 208² and a 3:2 one at 208 × 138. Read so, the shared photos' sharpness is
 * 0.78–1.5× what the input's 192² gives at 224², and 0.68–1.19× halved (in focus or blurred with
 * σ up to 8), their brightness within 0.2; the gate's limit (0.008) sits far below in-focus photos
 * (0.05 and up), so only photos at the edge of blurred can be judged differently.
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
   * as it is, whole, and a larger one halved until it is near: a resize would cost more than
   * reading the extra pixels (EXPOSURE_AS_IS).
   */
  async exposure(image: Pixels): Promise<Exposure> {
    const most = EXPOSURE_AS_IS * this.input.width * this.input.height;
    let reading = image;
    while (reading.width * reading.height > most && Math.min(reading.width, reading.height) >= 2)
      reading = halvePixels(reading);
    // Only a strip too thin to halve is left too large: resized to the input, as the analyser sees it.
    return exposureOf(reading.width * reading.height <= most ? reading : await resizeFor(reading, this.input));
  }

  /**
   * Whether the analyser's input enlarges `image` (a side smaller than its input's): then its
   * `quality.sharpness` reads the enlargement's soft edges, not the photo's, and focus is read on
   * the photo itself (`exposure`). Enlarged to 192² from 96², in-focus photos read 0.10–0.19 of
   * their sharpness at 192², from 128² 0.19–0.32 (measured on the shared photos, stool photos and
   * skin close-ups): a sharp 96 px avatar of a puppy (cinnamon-common's) read 0.0077,
   * under the gate's 0.008, and was refused as blurred; as it is, 0.093.
   */
  enlarges(image: Pixels): boolean {
    return image.width < this.input.width || image.height < this.input.height;
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
      redderPatches: value('relative.redder_patches'),
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

/**
 * `measurement` with the colour shares of `scope` replaced, in its feature vector too (what the
 * severity heads read): a located subject's own colours in place of what the analyser took for
 * the subject. For the frame (a close-up's lesion or debris a clinic's localizer found), the
 * patches are replaced too: the located region is the patch the rules look for, read as if it
 * filled the close-up. The relative redness stays the frame's: it is read against the frame's own
 * median, which the region alone does not have.
 */
export function withScopeShares(
  measurement: ColourMeasurement,
  scope: 'subject' | 'frame',
  shares: Readonly<Record<ColourName, number>>,
): ColourMeasurement {
  const features = Float32Array.from(measurement.features);
  const scopes = scope === 'frame' ? (['frame', 'patch'] as const) : ([scope] as const);
  for (const replaced of scopes)
    for (const [name, share] of Object.entries(shares))
      features[COLOUR_QUALITY_FEATURES.indexOf(`${replaced}.${name}` as FeatureName)] = share;
  return { ...measurement, ...Object.fromEntries(scopes.map((replaced) => [replaced, { ...shares }])), features };
}
