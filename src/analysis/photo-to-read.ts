import { cropDecodedImage, type DecodedImage } from '../image/decoded-image.js';
import { litAreaOf, type LitArea } from '../vision/pixels/lit-area.js';
import { isFramed } from './picture-character.js';

/**
 * A photo inside black (or white) is cropped only when its largest lit rectangle is at least this
 * share of the frame: a dark photo with one lit spot (a lamp at night) is not a photo rotated onto
 * black, and is read whole (and refused as too dark where it is). Of 234 real photos with black
 * corners (skin close-ups and stool photos rotated onto black), 4 fell under it (0.11–0.18), the
 * median was 0.75.
 */
const LEAST_FRAMED_SHARE = 0.2;

/**
 * The photo as every model reads it, in a request and in a clinic's training alike: a photo
 * rotated, letterboxed or framed on black or white is the photo inside (no model sees the
 * triangles or the bands, and no colour reading counts them); any other photo is read whole: a
 * round view (its operation reads the colours inside the disc, another refuses it), and white
 * corners around any other outline (something cut out and set on white, seen whole; a close-up in
 * front of a white wall). With the lit area, undefined where the four corners are neither black nor
 * white.
 */
export function photoToRead(image: DecodedImage): {
  readonly image: DecodedImage;
  readonly litArea: LitArea | undefined;
} {
  const litArea = litAreaOf(image, 'black') ?? litAreaOf(image, 'white');
  const framed =
    litArea &&
    isFramed(litArea) &&
    litArea.inside.width * litArea.inside.height >= LEAST_FRAMED_SHARE * image.width * image.height;
  return { image: framed ? cropDecodedImage(image, litArea.inside) : image, litArea };
}
