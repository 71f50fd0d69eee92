import type { ColourNaming } from '../../vision/pixels/colour-reading.js';

/**
 * How a located stool's own pixels are named (docs/design.md §5, §13): by what real photos show, not by
 * the palette's nearest prototype. On the 565 real photos of ordinary dog stool outdoors, the
 * palette named the inner half of each labelled stool black (melena) 40% of the time and grey
 * (pale clay) 29%: in daylight photos a stool is dark (median L* 29, a quarter under 20) and
 * nearly without colour (median chroma 9, three quarters under 15), with a hue that is noise at
 * that chroma. So colour is named only where it is unmistakable, and everything else of a stool
 * is a shade of brown:
 * - black: very dark and without colour, where only the darkest tenth of ordinary stools' pixels fall;
 * - red: strongly coloured (chroma 35 and up) in the red hues; fresh blood is, a reddish brown is not;
 * - green: coloured (15 and up) in the green hues, where a hue is no longer noise;
 * - yellow or orange: strongly coloured (30 and up), light (45 and up), yellow to orange hues;
 * - grey or white: light (62 and up) and nearly without colour: pale, clay-like;
 * - else dark brown, brown or light brown by lightness.
 * With the stool rules (melena from 60% black, green from half), the service read 408 of the 453
 * real stools it found and judged brown with no red flag (90%), and raised a red flag on 31 (most
 * of them photos whose shadows crush the stool to black, or lit red by a low sun): these limits
 * were read off those photos, a judgement, not a fit; no photo of melena, blood or clay-coloured
 * stool was at hand to measure the other side.
 */
export const STOOL_COLOUR_LIMITS = {
  black: { lightnessBelow: 14, chromaBelow: 6 },
  red: { chromaFrom: 35, huesFrom: 340, huesBelow: 40, darkBelow: 30 },
  green: { chromaFrom: 15, huesFrom: 100, huesBelow: 170 },
  yellow: { chromaFrom: 30, lightnessFrom: 45, huesFrom: 50, huesBelow: 100, orangeBelow: 70 },
  pale: { lightnessFrom: 62, chromaBelow: 15, whiteFrom: 85 },
  brown: { darkBelow: 25, lightFrom: 45 },
} as const;

export const stoolColourNaming: ColourNaming = (lightness, a, b) => {
  const limits = STOOL_COLOUR_LIMITS;
  const chroma = Math.hypot(a, b);
  const hue = ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360;
  if (lightness < limits.black.lightnessBelow && chroma < limits.black.chromaBelow) return 'black';
  if (chroma >= limits.red.chromaFrom && (hue >= limits.red.huesFrom || hue < limits.red.huesBelow))
    return lightness < limits.red.darkBelow ? 'dark_red' : 'red';
  if (chroma >= limits.green.chromaFrom && hue >= limits.green.huesFrom && hue < limits.green.huesBelow) return 'green';
  const { yellow } = limits;
  if (
    chroma >= yellow.chromaFrom &&
    lightness >= yellow.lightnessFrom &&
    hue >= yellow.huesFrom &&
    hue < yellow.huesBelow
  )
    return hue < yellow.orangeBelow ? 'orange' : 'yellow';
  if (lightness >= limits.pale.lightnessFrom && chroma < limits.pale.chromaBelow)
    return lightness >= limits.pale.whiteFrom ? 'white' : 'grey';
  return lightness < limits.brown.darkBelow
    ? 'dark_brown'
    : lightness < limits.brown.lightFrom
      ? 'brown'
      : 'light_brown';
};
