import type { Transparency } from '../../image/decoded-image.js';
import type { LitArea } from '../../vision/pixels/lit-area.js';
import type { PaletteReading, ToneReading } from '../../vision/pixels/photo-character.js';
import { CHARACTER_LIMITS } from '../limits/character-limits.js';

/*
 * What kind of picture a photo is, by its character alone (CHARACTER_LIMITS): a graphic, a round
 * view through an instrument, a photo framed in a plain surround, something cut out on white, a
 * photo without colour. The photo gate (photo-gate.ts) decides with these what the operation takes.
 */

/** Whether the photo is a graphic: a drawing, a logo, a screenshot (in few exact colours, or flat fills). */
export function isGraphic(palette: PaletteReading): boolean {
  const limits = CHARACTER_LIMITS;
  if (palette.unclippedShare < limits.graphicUnclipped) return false;
  const fewColours =
    palette.dominantColours <= limits.graphicColours && palette.topColourShare >= limits.graphicTopColour;
  const flatFills =
    palette.flatShare >= limits.graphicFlatShare && palette.dominantColours <= limits.graphicFlatColours;
  return fewColours || flatFills;
}

/**
 * Whether the photo is a round view through an instrument: a lit disc in black, whose edge lies on
 * a circle and not on straight lines (a photo rotated or letterboxed onto black). A disc on white
 * is something round cut out (isFramed).
 */
export const isRoundView = (lit: LitArea | undefined) =>
  lit?.surround === 'black' &&
  lit.onCircle >= CHARACTER_LIMITS.roundViewOnCircle &&
  lit.onLines < CHARACTER_LIMITS.roundViewOnLines;

/**
 * Whether the photo is an eye camera's round view of a retina: a round view whose lit disc is
 * strongly coloured throughout (CHARACTER_LIMITS.eyeCameraChroma), not one of skin or a canal.
 * The measure step reads the tones of every round view an operation takes (measure-plan.ts):
 * without them it cannot be told.
 */
export const isEyeCameraView = (lit: LitArea | undefined, tones: ToneReading | undefined) =>
  isRoundView(lit) && tones !== undefined && tones.litChromaFloor >= CHARACTER_LIMITS.eyeCameraChroma;

/**
 * Whether the photo is a photo inside a plain surround, to be read without it: one rotated or
 * letterboxed onto black (anything in black but a round view), or rotated, letterboxed or framed on
 * white (an outline on straight lines), with a lit rectangle inside that covers enough of the frame
 * to be a photo's (CHARACTER_LIMITS.framedInsideShare). White corners around any other outline are
 * the photo's own: a backdrop, or a white wall behind a close-up. A disc on white (or on
 * transparency, flattened onto white) is something round cut out, no photo cropped round: of 2,055
 * real pictures (the 586 stool photos, the 405 skin close-ups, 1,064 of Debian's), the 63 discs on
 * white were all coins, balls, planets, moons, fruit, letters and wheels, and none was a photo of a
 * pet's skin or of a specimen (CHARACTER_LIMITS.roundViewOnCircle on white, 2026-12-04). A photo an
 * editor rotated or letterboxed onto transparency is told by its alpha channel, exactly
 * (isEditorFramed), whatever the white it is flattened on makes of its outline.
 */
export const isFramed = (lit: LitArea | undefined, transparency?: Transparency) =>
  lit !== undefined &&
  lit.insideShare >= CHARACTER_LIMITS.framedInsideShare &&
  (isEditorFramed(transparency) ||
    (lit.surround === 'black' ? !isRoundView(lit) : lit.onLines >= CHARACTER_LIMITS.cutOutOnLines));

/**
 * Whether a picture's transparency is what an editor leaves round a photo it rotated or
 * letterboxed: its opaque part fills a rectangle (CHARACTER_LIMITS.editorRectangleFill), and less
 * than framedTransparentShare of it is transparent.
 */
const isEditorFramed = (transparency: Transparency | undefined) =>
  transparency !== undefined &&
  transparency.share >= CHARACTER_LIMITS.transparentShare &&
  transparency.share < CHARACTER_LIMITS.framedTransparentShare &&
  transparency.rectangleFill >= CHARACTER_LIMITS.editorRectangleFill;

/**
 * Whether a picture with an alpha channel is clip art, a sticker or a cut-out: transparent over
 * CHARACTER_LIMITS.transparentShare of it, and no photo an editor rotated or letterboxed onto
 * transparency (isEditorFramed). A camera's photo has no transparency at all.
 */
export const isTransparentPicture = (transparency: Transparency | undefined) =>
  transparency !== undefined &&
  transparency.share >= CHARACTER_LIMITS.transparentShare &&
  !isEditorFramed(transparency);

/**
 * Whether the photo is something cut out and set on white (a stock photo's animal on its backdrop,
 * a sticker): white in every corner and nearly all along the frame's edge, around an outline that
 * is not straight (isFramed).
 */
export const isCutOut = (lit: LitArea | undefined, transparency?: Transparency) =>
  lit?.surround === 'white' && !isFramed(lit, transparency) && lit.surroundOnEdge >= CHARACTER_LIMITS.cutOutOnEdge;

/**
 * Whether a specimen's photo is of something cut out and set on blown-out white
 * (CHARACTER_LIMITS.cutOutBlownOnEdge): a drawing shaded too finely for isGraphic, a sticker or a
 * stock picture, not a specimen where it lies.
 */
export const isCutOutOnBlownWhite = (lit: LitArea | undefined, transparency?: Transparency) =>
  isCutOut(lit, transparency) && (lit?.blownOnEdge ?? 0) >= CHARACTER_LIMITS.cutOutBlownOnEdge;

/** Whether a photo has the colour a colour verdict needs: none at all, or one tint that follows its light and shade, is not enough. */
export function lacksColour(tones: ToneReading): boolean {
  const limits = CHARACTER_LIMITS;
  if (tones.chromaP99 <= limits.greyscaleChroma) return true;
  return (
    tones.chromaticShare >= limits.tintedShare &&
    tones.tintResidual < limits.tintResidual &&
    tones.hueSpread < limits.tintHueSpread &&
    tones.hueDrift < limits.tintHueDrift &&
    tones.toneRange >= limits.tintToneRange
  );
}
