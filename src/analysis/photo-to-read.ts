import { cropDecodedImage, type DecodedImage } from '../image/decoded-image.js';
import { litAreaOf, type LitArea } from '../vision/pixels/lit-area.js';
import { isRoundView } from './photo-gate.js';

/**
 * A photo inside black is cropped only when its largest lit rectangle is at least this share of the
 * frame: a dark photo with one lit spot (a lamp at night) is not a photo rotated onto black, and is
 * read whole (and refused as too dark where it is). Of 234 real photos with black corners (skin
 * close-ups and stool photos rotated onto black), 4 fell under it (0.11–0.18), the median was 0.75.
 */
const LEAST_FRAMED_SHARE = 0.2;

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
  const framed =
    litArea &&
    !isRoundView(litArea) &&
    litArea.inside.width * litArea.inside.height >= LEAST_FRAMED_SHARE * image.width * image.height;
  return { image: framed ? cropDecodedImage(image, litArea.inside) : image, litArea };
}
