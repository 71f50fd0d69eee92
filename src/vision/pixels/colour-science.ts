/**
 * sRGB → CIELAB (D65), the perceptual space the colour analyser measures in. The generated ONNX
 * graph implements these same formulas; this module is their readable reference, used to build
 * the palette and to check the graph.
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

export const linearise = (channel: number) =>
  channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
export const labF = (t: number) => (t > LAB_EPSILON ? Math.cbrt(t) : (LAB_KAPPA * t + 16) / 116);

/** sRGB channels in 0..1 → [L, a, b]. */
export function srgbToLab(r: number, g: number, b: number): [number, number, number] {
  const lin = [linearise(r), linearise(g), linearise(b)];
  const [fx, fy, fz] = SRGB_TO_XYZ_NORMALISED.map((row) =>
    labF(row[0]! * lin[0]! + row[1]! * lin[1]! + row[2]! * lin[2]!),
  ) as [number, number, number];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

export function hexToLab(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return srgbToLab(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}
