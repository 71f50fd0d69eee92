import { LIGHTNESS_WEIGHT } from '../tables/colour-palette.js';
import { type Arithmetic, compileAffine3, compileFormula } from './arithmetic.js';

/**
 * The colour analyser's formulas, each written once: sRGB → CIELAB (D65), how colours are
 * compared, and how focus is measured. They are written against `Arithmetic`, so the same
 * formula is compiled into a function of numbers here (the palette, and the readings in
 * colour-reading.ts too small to be worth a network run) and emitted as ONNX nodes by the graph
 * builder (builtin/colour-quality-graph.ts), which applies it to every pixel at once.
 */

const D65 = [0.95047, 1.0, 1.08883] as const;
/** Linear sRGB → XYZ, rows X, Y, Z (IEC 61966-2-1). */
export const SRGB_TO_XYZ = [
  [0.4124564, 0.3575761, 0.1804375],
  [0.2126729, 0.7151522, 0.072175],
  [0.0193339, 0.119192, 0.9503041],
] as const;
/** XYZ normalised by the white point, rows pre-divided so one matrix does both steps. */
export const SRGB_TO_XYZ_NORMALISED = SRGB_TO_XYZ.map((row, i) => row.map((v) => v / D65[i]!));
export const LAB_EPSILON = 216 / 24389;
export const LAB_KAPPA = 24389 / 27;
/** The companded XYZ (f(X), f(Y), f(Z)) → L*, a*, b*: `LAB_OF_COMPANDED · f + LAB_OFFSET`. */
export const LAB_OF_COMPANDED = [
  [0, 116, 0],
  [500, -500, 0],
  [0, 200, -200],
] as const;
export const LAB_OFFSET = [-16, 0, 0] as const;

/** An sRGB channel, 0–1, in linear light. */
export function linearLight<T>(m: Arithmetic<T>, channel: T): T {
  return m.where(
    m.atMost(channel, m.constant(0.04045)),
    m.div(channel, m.constant(12.92)),
    m.power(m.div(m.add(channel, m.constant(0.055)), m.constant(1.055)), m.constant(2.4)),
  );
}

/** CIELAB's f(t) of one white-normalised XYZ value: a cube root, linear near black. */
export function labCompanded<T>(m: Arithmetic<T>, t: T): T {
  return m.where(
    m.above(t, m.constant(LAB_EPSILON)),
    m.cubeRoot(m.max(t, m.constant(LAB_EPSILON))),
    m.div(m.add(m.mul(t, m.constant(LAB_KAPPA)), m.constant(16)), m.constant(116)),
  );
}

/**
 * How much a colour's lightness counts against its hue when colours are matched (colour-palette's
 * LIGHTNESS_WEIGHT on squared distances): L*, a*, b* are scaled by these before a Euclidean distance.
 */
export const LAB_AXIS_WEIGHTS = [Math.sqrt(LIGHTNESS_WEIGHT), 1, 1] as const;

/**
 * The 4-neighbour Laplacian, applied where a pixel has all four neighbours: its variance over the
 * lightness's is the analyser's sharpness (`sharpnessOf`).
 */
export const LAPLACIAN_KERNEL = [0, 1, 0, 1, -4, 1, 0, 1, 0] as const;

/**
 * Focus: the Laplacian's variance over the lightness's (+1), so a low-contrast subject with crisp
 * edges is still sharp. About 0.05 and up in focus.
 */
export function sharpnessOf<T>(m: Arithmetic<T>, laplacianVariance: T, lightnessVariance: T): T {
  return m.div(laplacianVariance, m.add(lightnessVariance, m.constant(1)));
}

export const linearise = compileFormula(linearLight);
export const labF = compileFormula(labCompanded);

/** A companded XYZ triple (f(X), f(Y), f(Z)) → L*, a*, b*, written into `out` from `at`. */
export const labOfCompanded = compileAffine3(LAB_OF_COMPANDED, LAB_OFFSET);

/** sRGB channels in 0..1 → [L, a, b]. */
export function srgbToLab(r: number, g: number, b: number): [number, number, number] {
  const lin = [linearise(r), linearise(g), linearise(b)];
  const [fx, fy, fz] = SRGB_TO_XYZ_NORMALISED.map((row) =>
    labF(row[0]! * lin[0]! + row[1]! * lin[1]! + row[2]! * lin[2]!),
  ) as [number, number, number];
  const lab = new Float64Array(3);
  labOfCompanded(fx, fy, fz, lab, 0);
  return [lab[0]!, lab[1]!, lab[2]!];
}

export function hexToLab(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return srgbToLab(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}
