import { cropDecodedImage, type DecodedImage } from '../image/decoded-image.js';
import { turnDecodedImage } from '../image/turn-decoded-image.js';
import { litAreaOf, type LitArea } from '../vision/pixels/lit-area.js';
import type { Region } from '../vision/pixels/region.js';
import { uprightRegion } from '../vision/pixels/upright-region.js';
import { isFramed } from './gate/picture-character.js';

/**
 * A photo turned onto its surround by this many degrees or more, and no more than MOST_TILT, is
 * turned back upright before it is read (LitArea.turn). Under a degree, the upright rectangle
 * inside loses little. Over 30°, the straight edges are an octagonal mask's cut corners (45°: 11
 * of the 405 real skin close-ups of shared/photos-real are cut so, the photo inside upright), not a
 * turn: of those close-ups and the 586 stool photos, the 85 turned onto black are turned by 18° at
 * most.
 */
const LEAST_TILT = 1;
const MOST_TILT = 30;

/**
 * The photo as every model reads it, in a request and in a clinic's training alike: a photo
 * rotated, letterboxed or framed on black or white is the photo inside (no model sees the
 * triangles or the bands, and no colour reading counts them), turned back upright where it was
 * turned (the detector boxes animals upright, and the upright photo's rectangle holds more of it);
 * any other photo is read whole: a round view (its operation reads the colours inside the disc,
 * another refuses it), and white corners around any other outline (something cut out and set on
 * white, seen whole; a close-up in front of a white wall). With the lit area, undefined where the
 * four corners are neither black nor white.
 */
export async function photoToRead(image: DecodedImage): Promise<{
  readonly image: DecodedImage;
  readonly litArea: LitArea | undefined;
}> {
  const litArea = litAreaOf(image, 'black') ?? litAreaOf(image, 'white');
  if (!litArea || !isFramed(litArea, image.transparency)) return { image, litArea };
  return { image: (await turnedUpright(image, litArea)) ?? cropDecodedImage(image, litArea.inside), litArea };
}

/**
 * The photo inside `image` turned back upright and cropped to its largest lit rectangle, or
 * undefined where it is not turned (or no more of it would be read upright than as it is).
 */
async function turnedUpright(
  image: DecodedImage,
  { turn, surround, inside }: LitArea,
): Promise<DecodedImage | undefined> {
  const tilt = Math.abs(turn?.degrees ?? 0);
  if (!turn || tilt < LEAST_TILT || tilt > MOST_TILT) return undefined;
  const region = uprightRegion(turn, image);
  if (!region || areaOf(region) <= areaOf(inside)) return undefined;
  const turned = await turnDecodedImage(image, -turn.degrees, surround);
  return cropDecodedImage(turned, {
    ...region,
    width: Math.min(region.width, turned.width - region.left),
    height: Math.min(region.height, turned.height - region.top),
  });
}

const areaOf = (region: Region) => region.width * region.height;
