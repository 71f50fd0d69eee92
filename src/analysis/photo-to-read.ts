import { cropDecodedImage, type DecodedImage } from '../image/decoded-image.js';
import { litAreaOf, type LitArea } from '../vision/lit-area.js';
import { isRoundView } from './photo-gate.js';

/**
 * The photo as every model reads it, in a request and in a clinic's training alike: a photo
 * rotated or letterboxed onto black is the photo inside the black (no model sees the black
 * triangles, and no colour reading counts them); any other photo, a round view among them (its
 * operation reads the colours inside the disc, another refuses it), is read whole. With the lit
 * area, undefined where a corner is not black.
 */
export function photoToRead(image: DecodedImage): {
  readonly image: DecodedImage;
  readonly litArea: LitArea | undefined;
} {
  const litArea = litAreaOf(image);
  return { image: litArea && !isRoundView(litArea) ? cropDecodedImage(image, litArea.inside) : image, litArea };
}
