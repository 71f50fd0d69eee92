import type { BackboneFeatures } from '../vision/runtime/backbone-features.js';
import type { ColourMeasurement } from '../vision/colour-quality-model.js';
import type { Exposure } from '../vision/pixels/colour-reading.js';
import type { Scene } from '../vision/scene/describe-scene.js';
import type { Pixels } from '../vision/pixels/pixels.js';
import type { LitArea } from '../vision/pixels/lit-area.js';
import type { PaletteReading, ToneReading } from '../vision/pixels/photo-character.js';
import type { Location } from '../vision/localizer/locate-subject.js';
import type { SubjectPixels } from '../vision/localizer/subject-pixels.js';
import type { Transparency } from '../image/decoded-image.js';

/** What the measure step saw: exposure, colours where the rules read them, and what the scene models make of the photo. */
export interface Measurement {
  /** How light and how sharp the photo is: every gate reads it first. */
  readonly exposure: Exposure;
  /** What kind of picture it is, from its exact colours: a photograph or a flat graphic. Every gate reads it. */
  readonly palette: PaletteReading;
  /** How the photo as sent was transparent (DecodedImage.transparency); absent for one without alpha. */
  readonly transparency?: Transparency | undefined;
  /**
   * Its colour and light: colour or not, round view or not, one surface at its edges or a scene.
   * Read only where the operation's gate reads it (gateReadsTones); undefined elsewhere.
   */
  readonly tones: ToneReading | undefined;
  /**
   * Where the photo's four corners are black, the lit part inside: a round view's disc, or a photo
   * rotated or letterboxed onto black, which is then measured inside it (every reading here but
   * this one is of that part). Undefined when a corner is not black.
   */
  readonly litArea: LitArea | undefined;
  /** The colour analyser's reading, for operations whose rules read colours; undefined for the others. */
  readonly colour: ColourMeasurement | undefined;
  readonly scene: Scene;
  /** The detector's small copy of the whole frame (its letterbox without the padding), when a detector looked. */
  readonly view: Pixels | undefined;
  /** The classifier's penultimate features of the whole frame, for a head the clinic trained (docs/design.md §13); undefined when none read the frame. */
  readonly features: BackboneFeatures | undefined;
  /**
   * The photo's grey thumbnail (pixels/thumbnail.ts), where the operation's trained head recalls
   * copies of its training photos by their look; undefined elsewhere.
   */
  readonly thumbnail?: Uint8Array;
  /**
   * How much the photo's fine texture runs one way (pixels/strand-coherence.ts): 0 where edges run
   * every way (a lawn's blades), 1 where they lie one way (combed hair). Read for a close-up's gate;
   * undefined elsewhere, and where the photo has no texture.
   */
  readonly strands?: number | undefined;
  /** Where the operation's localizer found its subject (docs/design.md §13); undefined when none is installed for it. */
  readonly location: Location | undefined;
  /** The largest located subject's own pixels: where its colour rules read. */
  readonly subject: SubjectPixels | undefined;
}

/** The tones, which the measure step reads wherever the gate needs them (photo-gate.ts, gateReadsTones). */
export function measuredTones({ tones }: Measurement): ToneReading {
  if (!tones) throw new Error("the photo gate needs the photo's tones, which the measure step did not read");
  return tones;
}
