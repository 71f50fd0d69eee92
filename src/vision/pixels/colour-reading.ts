import type { Pixels } from './pixels.js';
import type { Region } from './region.js';
import { compileFormula, compileKernel3 } from './arithmetic.js';
import {
  hexToLab,
  LAB_AXIS_WEIGHTS,
  LAB_OF_COMPANDED,
  LAB_OFFSET,
  LAPLACIAN_KERNEL,
  labCompanded,
  labOfCompanded,
  linearise,
  SRGB_TO_XYZ_NORMALISED,
  sharpnessOf,
} from './colour-science.js';
import { COLOUR_NAMES, COLOUR_PALETTE, type ColourName } from '../tables/colour-palette.js';

/**
 * colour-science's formulas evaluated in plain TypeScript, for readings too small to be worth a
 * network run: a photo's exposure and focus (the gate of an operation that reads no colours), the
 * colours of a region (an animal's coat) and of a localizer's blocks. The generated graph applies
 * the same formulas to every pixel; a test holds the two to the same answers. A colour-quality
 * model installed in place of the built-in one is not followed here: these readings stay the
 * built-in palette's.
 */

/** Every palette prototype in lightness-weighted Lab, with its name's index: what a pixel is matched against. */
export const WEIGHTED_PROTOTYPES: ReadonlyArray<{
  readonly lab: readonly [number, number, number];
  readonly name: number;
}> = COLOUR_PALETTE.flatMap((entry, name) =>
  entry.prototypes.map((hex) => ({
    lab: hexToLab(hex).map((value, axis) => value * LAB_AXIS_WEIGHTS[axis]!) as [number, number, number],
    name,
  })),
);

/** sRGB byte → linear light: 256 values, computed once. */
const LINEAR = Float64Array.from({ length: 256 }, (_, byte) => linearise(byte / 255));
const [ROW_X, ROW_Y, ROW_Z] = SRGB_TO_XYZ_NORMALISED as unknown as [number[], number[], number[]];
/** Each byte's share of Y (relative luminance) per channel: the same products the matrix row takes, computed once. */
const [Y_OF_RED, Y_OF_GREEN, Y_OF_BLUE] = [0, 1, 2].map((channel) =>
  LINEAR.map((linear) => ROW_Y[channel]! * linear),
) as [Float64Array, Float64Array, Float64Array];
const [L_OF_F] = LAB_OF_COMPANDED;
const [L_OFFSET] = LAB_OFFSET;

/** Cube roots at 4096 steps over 0–1 (and one past it), the starting guess of `cubeRootByTable`. */
const CUBE_ROOT_STEPS = 4096;
const CUBE_ROOTS = Float64Array.from({ length: CUBE_ROOT_STEPS + 2 }, (_, i) => Math.cbrt(i / CUBE_ROOT_STEPS));

/**
 * Math.cbrt for the hot loops: it costs about 22 ns, four fifths of the exposure check on a 416 px
 * frame, so the cube root starts from the table and takes one Newton step, which leaves it within
 * 1e-9 of Math.cbrt (a test holds it there).
 */
function cubeRootByTable(t: number): number {
  const at = t * CUBE_ROOT_STEPS;
  const step = at | 0;
  if (step >= CUBE_ROOT_STEPS) return Math.cbrt(t);
  const guess = CUBE_ROOTS[step]! + (CUBE_ROOTS[step + 1]! - CUBE_ROOTS[step]!) * (at - step);
  return (2 * guess + t / (guess * guess)) / 3;
}

/** colour-science's labF with the table's cube root: what the hot loops call. */
export const labFByTable = compileFormula(labCompanded, cubeRootByTable);
const sharpness = compileFormula(sharpnessOf);

/** Reused between calls (each runs to its end on the event loop): a 416 px frame's L* is 1.4 MB. */
let lightnessScratch = new Float64Array(0);

/**
 * CIELAB L* of each pixel, in a buffer that the next call overwrites. L* reads f(Y) alone (its
 * row of LAB_OF_COMPANDED is 0 for X and Z), so only Y is converted.
 */
function lightness({ pixels, width, height }: Pixels): Float64Array {
  const count = width * height;
  if (lightnessScratch.length < count) lightnessScratch = new Float64Array(count);
  const out = lightnessScratch.subarray(0, count);
  for (let i = 0, p = 0; i < count; i++, p += 3) {
    const y = Y_OF_RED[pixels[p]!]! + Y_OF_GREEN[pixels[p + 1]!]! + Y_OF_BLUE[pixels[p + 2]!]!;
    out[i] = L_OF_F[1] * labFByTable(y) + L_OFFSET;
  }
  return out;
}

/** colour-science's Laplacian at one pixel of a lightness image. */
const laplacianAt = compileKernel3(LAPLACIAN_KERNEL);

/** What the gate reads before anything else: how light the frame is, and whether it is in focus. */
export interface Exposure {
  /** Mean L* of the frame, 0–100. */
  readonly brightness: number;
  /** colour-science's sharpnessOf: about 0.05 and up when in focus. */
  readonly sharpness: number;
}

/** Brightness and sharpness of the analyser's input, as its graph measures them (`quality.brightness`, `quality.sharpness`). */
export function exposureOf(image: Pixels): Exposure {
  const { width, height } = image;
  const l = lightness(image);
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < l.length; i++) {
    sum += l[i]!;
    squares += l[i]! * l[i]!;
  }
  const brightness = sum / l.length;
  const variance = Math.max(squares / l.length - brightness * brightness, 0);
  // The Laplacian over the pixels that have all its neighbours, as the graph's unpadded Conv.
  let lapSum = 0;
  let lapSquares = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1, i = y * width + 1; x < width - 1; x++, i++) {
      const lap = laplacianAt(l, i, width);
      lapSum += lap;
      lapSquares += lap * lap;
    }
  }
  const count = (width - 2) * (height - 2);
  const lapMean = lapSum / count;
  return { brightness, sharpness: sharpness(lapSquares / count - lapMean * lapMean, variance) };
}

/**
 * One sRGB colour (bytes) in CIELAB, written into `out` at `at` (L*, a*, b*): the hot loops'
 * conversion, with no allocation (a Float64Array holds doubles unboxed; an array may not).
 */
export function labOfBytes(r: number, g: number, b: number, out: Float64Array, at = 0): Float64Array {
  const lr = LINEAR[r]!;
  const lg = LINEAR[g]!;
  const lb = LINEAR[b]!;
  const fx = labFByTable(ROW_X[0]! * lr + ROW_X[1]! * lg + ROW_X[2]! * lb);
  const fy = labFByTable(ROW_Y[0]! * lr + ROW_Y[1]! * lg + ROW_Y[2]! * lb);
  const fz = labFByTable(ROW_Z[0]! * lr + ROW_Z[1]! * lg + ROW_Z[2]! * lb);
  labOfCompanded(fx, fy, fz, out, at);
  return out;
}

const nearestScratch = new Float64Array(3);

/** The name of the palette prototype nearest to one sRGB colour, in lightness-weighted Lab. */
function nearestName(r: number, g: number, b: number): number {
  labOfBytes(r, g, b, nearestScratch);
  return nearestNameOfLab(nearestScratch[0]!, nearestScratch[1]!, nearestScratch[2]!);
}

/** The index (in COLOUR_NAMES) of the palette prototype nearest to one CIELAB colour, in lightness-weighted Lab. */
export function nearestNameOfLab(lightness: number, a: number, b: number): number {
  const lab0 = lightness * LAB_AXIS_WEIGHTS[0];
  const lab1 = a * LAB_AXIS_WEIGHTS[1];
  const lab2 = b * LAB_AXIS_WEIGHTS[2];
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const { lab, name } of WEIGHTED_PROTOTYPES) {
    const d = (lab0 - lab[0]) ** 2 + (lab1 - lab[1]) ** 2 + (lab2 - lab[2]) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = name;
    }
  }
  return best;
}

/** Cells a side, at most, that a region is averaged into before its colours are named. */
const REGION_CELLS = 32;

/**
 * The share of each named colour in a region of the photo (`frame.<colour>` of the analyser, for
 * that region). The region is averaged into at most `cells` × `cells` cells (32 × 32 unless given) first, as the analyser
 * sees a photo resized to its input, so JPEG noise does not name colours that are not there.
 */
export function regionColours(image: Pixels, region: Region, cells = REGION_CELLS): Record<ColourName, number> {
  const columns = Math.min(cells, region.width);
  const rows = Math.min(cells, region.height);
  const counts = new Array<number>(COLOUR_NAMES.length).fill(0);
  const { pixels } = image;
  const stride = image.width * 3;
  for (let row = 0; row < rows; row++) {
    const y0 = region.top + Math.floor((row * region.height) / rows);
    const y1 = region.top + Math.floor(((row + 1) * region.height) / rows);
    for (let column = 0; column < columns; column++) {
      const x0 = region.left + Math.floor((column * region.width) / columns);
      const x1 = region.left + Math.floor(((column + 1) * region.width) / columns);
      let r = 0;
      let g = 0;
      let b = 0;
      for (let y = y0; y < y1; y++) {
        for (let p = y * stride + x0 * 3, end = y * stride + x1 * 3; p < end; p += 3) {
          r += pixels[p]!;
          g += pixels[p + 1]!;
          b += pixels[p + 2]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      counts[nearestName(Math.round(r / n), Math.round(g / n), Math.round(b / n))]!++;
    }
  }
  return Object.fromEntries(COLOUR_NAMES.map((name, i) => [name, counts[i]! / (rows * columns)])) as Record<
    ColourName,
    number
  >;
}

/** A way to name a colour: CIELAB in, a palette name out. */
export type ColourNaming = (lightness: number, a: number, b: number) => ColourName;

/** The palette's own naming: the nearest prototype. */
export const paletteNaming: ColourNaming = (lightness, a, b) => COLOUR_NAMES[nearestNameOfLab(lightness, a, b)]!;

/** The share of each named colour among blocks of CIELAB colours (three values a block), named by `naming`. */
export function labShares(lab: Float32Array, naming: ColourNaming): Record<ColourName, number> {
  const counts = Object.fromEntries(COLOUR_NAMES.map((name) => [name, 0])) as Record<ColourName, number>;
  const blocks = lab.length / 3;
  for (let i = 0; i < lab.length; i += 3) counts[naming(lab[i]!, lab[i + 1]!, lab[i + 2]!)] += 1 / blocks;
  return counts;
}
