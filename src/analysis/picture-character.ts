import type { LitArea } from '../vision/pixels/lit-area.js';
import type { PaletteReading, ToneReading } from '../vision/pixels/photo-character.js';
import { CHARACTER_LIMITS } from './limits/character-limits.js';

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
 * Whether the photo is a photo inside a plain surround, to be read without it: one rotated or
 * letterboxed onto black (anything in black but a round view), or rotated, letterboxed or framed
 * on white (an outline on straight lines). White corners around any other outline are the photo's
 * own: a backdrop, or a white wall behind a close-up. A disc on white (or on transparency,
 * flattened onto white) is something round cut out, no photo cropped round: of 2,055 real pictures
 * (the 586 stool photos, the 405 skin close-ups, 1,064 of Debian's), the 63 discs on white were all
 * coins, balls, planets, moons, fruit, letters and wheels, and none was a photo of a pet's skin or
 * of a specimen (CHARACTER_LIMITS.roundViewOnCircle on white, 2026-12-04).
 */
export const isFramed = (lit: LitArea | undefined) =>
  lit !== undefined && (lit.surround === 'black' ? !isRoundView(lit) : lit.onLines >= CHARACTER_LIMITS.cutOutOnLines);

/**
 * Whether the photo is something cut out and set on white (a stock photo's animal on its backdrop,
 * a sticker): white in every corner and nearly all along the frame's edge, around an outline that
 * is neither straight lines nor a circle (isFramed).
 */
export const isCutOut = (lit: LitArea | undefined) =>
  lit?.surround === 'white' && !isFramed(lit) && lit.surroundOnEdge >= CHARACTER_LIMITS.cutOutOnEdge;

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
