import { COLOUR_PALETTE } from '../tables/colour-palette.js';
import {
  LAB_AXIS_WEIGHTS,
  LAB_OF_COMPANDED,
  LAB_OFFSET,
  LAPLACIAN_KERNEL,
  labCompanded,
  linearLight,
  SRGB_TO_XYZ_NORMALISED,
  sharpnessOf,
} from '../pixels/colour-science.js';
import { graphArithmetic } from './graph-arithmetic.js';
import { WEIGHTED_PROTOTYPES } from '../pixels/colour-reading.js';
import {
  ANALYSER_SIZE,
  BACKGROUND,
  COLOUR_QUALITY_FEATURES,
  GRAIN,
  PATCHES,
  RELATIVE_REDNESS,
  SUBJECT_INTERIOR,
} from '../pixels/colour-quality-features.js';
import { DataType, OnnxGraph } from '../onnx/onnx-graph.js';

/**
 * The colour-and-quality analyser as an ONNX graph. Input: one RGB image, 0..1, NCHW, fixed size.
 * Output: one feature vector whose names are COLOUR_QUALITY_FEATURES:
 *  - subject.<colour>: share of the subject's pixels nearest to each named colour;
 *  - frame.<colour>:   the same over the whole frame (close-ups of skin and ears);
 *  - patch.<colour>:   the share of the frame in small windows that colour mostly fills (PATCHES);
 *  - quality.*:        subject coverage, brightness and contrast (L*), sharpness (Laplacian variance of
 *                      L* over L* variance), the subject's mean lightness and chroma, its grain
 *                      (GRAIN) and its solidity (SUBJECT_INTERIOR).
 * The subject is what the frame's edges do not show: cells of the frame that no more than a few
 * cells of the border ring match in colour (BACKGROUND).
 */
export function buildColourQualityAnalyser(): OnnxGraph {
  const S = ANALYSER_SIZE;
  const N = S * S;
  const g = new OnnxGraph('pawlens-colour-quality');
  const image = g.input('image', [1, 3, S, S]);
  const c = (value: number) => g.scalar(value);

  // sRGB → linear → XYZ/white → f(t) → Lab, on a [3, N] matrix of pixels: colour-science's formulas.
  const m = graphArithmetic(g);
  const rgb = g.op('Reshape', [image, g.int64s([3, N])]);
  const linear = linearLight(m, rgb);
  const xyz = g.op('MatMul', [g.constant(SRGB_TO_XYZ_NORMALISED.flat(), [3, 3], 'srgb_to_xyz'), linear]);
  const f = labCompanded(m, xyz);
  const lab = g.op('Add', [
    g.op('MatMul', [g.constant(LAB_OF_COMPANDED.flat(), [3, 3], 'f_to_lab'), f]),
    g.constant(LAB_OFFSET, [3, 1], 'lab_offset'),
  ]);

  // Nearest prototype in lightness-weighted Lab: ‖x‖² − 2·p·x + ‖p‖², one-hot, then summed per name.
  const prototypes = WEIGHTED_PROTOTYPES.map(({ lab }) => lab);
  const P = prototypes.length;
  const labWeighted = g.op('Mul', [lab, g.constant(LAB_AXIS_WEIGHTS, [3, 1], 'lab_weights')]);
  const pixelNorm = g.op('ReduceSum', [g.op('Mul', [labWeighted, labWeighted]), g.int64s([0])], { keepdims: 1 });
  const protoTimesPixel = g.op('MatMul', [
    g.constant(
      prototypes.flat().map((v) => -2 * v),
      [P, 3],
      'prototypes_x_minus2',
    ),
    labWeighted,
  ]);
  const protoNorm = g.constant(
    prototypes.map((p) => p.reduce((sum, v) => sum + v * v, 0)),
    [P, 1],
    'prototype_norms',
  );
  const distance = g.op('Add', [g.op('Add', [protoTimesPixel, pixelNorm]), protoNorm]);
  const nearest = g.op('Cast', [g.op('Equal', [distance, g.op('ReduceMin', [distance], { axes: [0], keepdims: 1 })])], {
    to: DataType.FLOAT,
  });
  const assignment = g.op('Div', [nearest, g.op('ReduceSum', [nearest, g.int64s([0])], { keepdims: 1 })]);
  const membership = COLOUR_PALETTE.flatMap((_, group) =>
    WEIGHTED_PROTOTYPES.map(({ name }) => (name === group ? 1 : 0)),
  );
  const named = g.op('MatMul', [g.constant(membership, [COLOUR_PALETTE.length, P], 'palette_groups'), assignment]);

  const cells = cellMeansOf(g, lab);
  const mask = subjectMaskOf(g, cells);
  const maskColumn = g.op('Transpose', [mask], { perm: [1, 0] });
  const maskSum = g.op('Add', [g.op('ReduceSum', [mask, g.int64s([0, 1])], { keepdims: 1 }), c(1e-6)]);

  const subjectShares = g.op('Div', [g.op('MatMul', [named, maskColumn]), maskSum]);
  const frameShares = g.op('ReduceMean', [named], { axes: [1], keepdims: 1 });
  const patchShares = patchSharesOf(g, named, COLOUR_PALETTE.length);

  // Quality: lightness statistics, sharpness as the variance of the Laplacian of lightness.
  const lightness = g.op('MatMul', [g.constant([1, 0, 0], [1, 3], 'pick_l'), lab]);
  const mean = (x: string) => g.op('ReduceMean', [x], { axes: [0, 1], keepdims: 1 });
  const brightness = mean(lightness);
  const contrast = g.op('Sqrt', [
    g.op('Max', [
      g.op('Sub', [mean(g.op('Mul', [lightness, lightness])), g.op('Mul', [brightness, brightness])]),
      c(0),
    ]),
  ]);
  const laplacian = g.op('Conv', [
    g.op('Reshape', [lightness, g.int64s([1, 1, S, S])]),
    g.constant(LAPLACIAN_KERNEL, [1, 1, 3, 3], 'laplacian'),
  ]);
  const lap2d = g.op('Reshape', [laplacian, g.int64s([1, (S - 2) * (S - 2)])]);
  const lapMean = mean(lap2d);
  const laplacianVariance = g.op('Sub', [mean(g.op('Mul', [lap2d, lap2d])), g.op('Mul', [lapMean, lapMean])]);
  const sharpness = sharpnessOf(m, laplacianVariance, g.op('Mul', [contrast, contrast]));
  const subjectLab = g.op('Div', [g.op('MatMul', [lab, maskColumn]), maskSum]);
  const subjectAb = g.op('MatMul', [g.constant([0, 1, 0, 0, 0, 1], [2, 3], 'pick_ab'), subjectLab]);
  const subjectChroma = g.op('Sqrt', [
    g.op('ReduceSum', [g.op('Mul', [subjectAb, subjectAb]), g.int64s([0])], { keepdims: 1 }),
  ]);
  const subjectLightness = g.op('MatMul', [g.constant([1, 0, 0], [1, 3], 'pick_subject_l'), subjectLab]);
  const coverage = mean(mask);

  const interior = interiorOf(g, mask);
  const grain = grainOf(g, lightness, interior);
  const solidity = g.op('Div', [
    g.op('Reshape', [g.op('ReduceSum', [interior, g.int64s([0, 1, 2, 3])], { keepdims: 0 }), g.int64s([1, 1])]),
    maskSum,
  ]);

  const quality = [coverage, brightness, contrast, sharpness, subjectLightness, subjectChroma, grain, solidity];
  const redderPatches = patchSharesOf(g, redderThanFrameOf(g, lab, lightness, cells), 1);
  const column = g.op('Concat', [subjectShares, frameShares, patchShares, ...quality, redderPatches], { axis: 0 });
  g.op('Reshape', [column, g.int64s([1, COLOUR_QUALITY_FEATURES.length])], {}, 'features');
  g.output('features', [1, COLOUR_QUALITY_FEATURES.length]);
  return g;
}

/**
 * Lab [3, N] averaged in BACKGROUND.cell × BACKGROUND.cell cells → [3, G²]: what the subject mask
 * and the relative redness's median read.
 */
function cellMeansOf(g: OnnxGraph, lab: string): string {
  const S = ANALYSER_SIZE;
  const { cell } = BACKGROUND;
  const G = S / cell;
  return g.op('Reshape', [
    g.op('AveragePool', [g.op('Reshape', [lab, g.int64s([1, 3, S, S])])], {
      kernel_shape: [cell, cell],
      strides: [cell, cell],
    }),
    g.int64s([3, G * G]),
  ]);
}

/**
 * The soft subject mask [1, N] from the cells' mean Lab [3, G²] (BACKGROUND, cellMeansOf): a
 * cell is background when at least `matches` cells of the border ring lie within `minDeltaE` of
 * it, so every colour the background shows along the frame's edge (light and dark blades of
 * grass, stones, tiles and their grout) stays background, while a colour found nowhere on the
 * border (the stool on that lawn) is subject. The mask is scaled back up to the analyser's size.
 */
function subjectMaskOf(g: OnnxGraph, cells: string): string {
  const S = ANALYSER_SIZE;
  const { cell, ring, matches, minDeltaE, softness } = BACKGROUND;
  const G = S / cell;
  const ringCells: number[] = [];
  for (let y = 0; y < G; y++)
    for (let x = 0; x < G; x++) if (x < ring || y < ring || x >= G - ring || y >= G - ring) ringCells.push(y * G + x);
  const border = g.op('Gather', [cells, g.int64s(ringCells, 'border_cells')], { axis: 1 });
  // ‖p − b‖² = ‖p‖² − 2·p·b + ‖b‖², for every cell p (rows) and border cell b (columns): rows,
  // so that TopK reads each cell's distances from contiguous memory.
  const squaredNorm = (x: string) => g.op('ReduceSum', [g.op('Mul', [x, x]), g.int64s([0])], { keepdims: 1 });
  const crossTerms = g.op('MatMul', [
    g.op('Transpose', [cells], { perm: [1, 0] }),
    g.op('Mul', [border, g.scalar(-2)]),
  ]);
  const squaredDistance = g.op('Add', [
    g.op('Add', [crossTerms, g.op('Transpose', [squaredNorm(cells)], { perm: [1, 0] })]),
    squaredNorm(border),
  ]);
  const [nearest] = g.ops('TopK', [squaredDistance, g.int64s([matches])], { axis: 1, largest: 0, sorted: 0 }, 2);
  const farthestMatch = g.op('ReduceMax', [nearest!], { axes: [1], keepdims: 1 });
  const deltaE = g.op('Sqrt', [g.op('Max', [farthestMatch, g.scalar(0)])]);
  const cellMask = g.op('Sigmoid', [g.op('Div', [g.op('Sub', [deltaE, g.scalar(minDeltaE)]), g.scalar(softness)])]);
  const cellGrid = g.op('Reshape', [cellMask, g.int64s([1, 1, G, G])]);
  const scaled = g.op('Resize', [cellGrid, '', g.constant([1, 1, cell, cell], [4], 'mask_scale')], { mode: 'linear' });
  return g.op('Reshape', [scaled, g.int64s([1, S * S])]);
}

/**
 * `patch.<colour>` from the one-hot colour names [colours, N] (or any [colours, N] of 0/1 pixels):
 * each one's share of every overlapping window, ramped from PATCHES.from to PATCHES.to, averaged
 * over the windows → [colours, 1].
 */
function patchSharesOf(g: OnnxGraph, named: string, colours: number): string {
  const S = ANALYSER_SIZE;
  const windows = g.op('AveragePool', [g.op('Reshape', [named, g.int64s([1, colours, S, S])])], {
    kernel_shape: [PATCHES.window, PATCHES.window],
    strides: [PATCHES.stride, PATCHES.stride],
  });
  const counted = g.op('Clip', [
    g.op('Div', [g.op('Sub', [windows, g.scalar(PATCHES.from)]), g.scalar(PATCHES.to - PATCHES.from)]),
    g.scalar(0),
    g.scalar(1),
  ]);
  return g.op('Reshape', [g.op('ReduceMean', [counted], { axes: [2, 3], keepdims: 0 }), g.int64s([colours, 1])]);
}

/**
 * The pixels redder than the photo's own median (RELATIVE_REDNESS) from Lab [3, N], its L* [1, N]
 * and the cells' mean Lab [3, G²] (cellMeansOf) → [1, N] of 0/1: a* at least `delta` above the
 * median of the cells' a* (the median of 2,304 cells, not of every pixel, for a TopK a sixteenth
 * the size), a hue between `minHue` and `maxHue` (b* within a*·tan of each), lightness above
 * `minLightness`.
 */
function redderThanFrameOf(g: OnnxGraph, lab: string, lightness: string, cells: string): string {
  const G = ANALYSER_SIZE / BACKGROUND.cell;
  const { delta, minHue, maxHue, minLightness, leastMedian } = RELATIVE_REDNESS;
  const pick = (of: string, row: number, name: string) =>
    g.op('MatMul', [
      g.constant(
        [0, 1, 2].map((i) => (i === row ? 1 : 0)),
        [1, 3],
        name,
      ),
      of,
    ]);
  const a = pick(lab, 1, 'pick_relative_a');
  const b = pick(lab, 2, 'pick_relative_b');
  const cellA = pick(cells, 1, 'pick_cell_a');
  const [upperHalf] = g.ops('TopK', [cellA, g.int64s([(G * G) / 2])], { axis: 1, largest: 1, sorted: 0 }, 2);
  const median = g.op('ReduceMin', [upperHalf!], { axes: [1], keepdims: 1 });
  const tan = (degrees: number) => g.scalar(Math.tan((degrees * Math.PI) / 180));
  const holds = (comparison: 'Greater' | 'Less', x: string, y: string) =>
    g.op('Cast', [g.op(comparison, [x, y])], { to: DataType.FLOAT });
  const all = (...masks: string[]) => masks.reduce((product, mask) => g.op('Mul', [product, mask]));
  return all(
    holds('Greater', g.op('Sub', [a, median]), g.scalar(delta)),
    holds('Greater', a, g.scalar(0)),
    holds('Less', b, g.op('Mul', [a, tan(maxHue)])),
    holds('Greater', b, g.op('Mul', [a, tan(minHue)])),
    holds('Greater', lightness, g.scalar(minLightness)),
    holds('Greater', median, g.scalar(leastMedian)),
  );
}

/**
 * The subject's interior from the soft subject mask [1, N]: the mask eroded by SUBJECT_INTERIOR.inset
 * (a pixel is inside when no pixel within the inset is background) → [1, 1, S, S]. The frame's
 * edge does not erode it: a subject cut off by the frame is still solid there.
 */
function interiorOf(g: OnnxGraph, mask: string): string {
  const S = ANALYSER_SIZE;
  const { inset } = SUBJECT_INTERIOR;
  const background = g.op('Sub', [g.scalar(1), g.op('Reshape', [mask, g.int64s([1, 1, S, S])])]);
  const nearBackground = g.op('MaxPool', [background], {
    kernel_shape: [2 * inset + 1, 2 * inset + 1],
    pads: [inset, inset, inset, inset],
  });
  return g.op('Sub', [g.scalar(1), nearBackground]);
}

/**
 * `quality.subject_grain` from L* [1, N] and the subject's interior [1, 1, S, S]: the mean |L* −
 * its neighbourhood's mean| over the interior away from the frame's edge, where the neighbourhood
 * would run off the picture → [1, 1].
 */
function grainOf(g: OnnxGraph, lightness: string, interior: string): string {
  const S = ANALYSER_SIZE;
  const n = GRAIN.neighbourhood;
  const square = g.op('Reshape', [lightness, g.int64s([1, 1, S, S])]);
  const half = (n - 1) / 2;
  const neighbourhoodMean = g.op('AveragePool', [square], {
    kernel_shape: [n, n],
    pads: [half, half, half, half],
    count_include_pad: 0,
  });
  const residual = g.op('Abs', [g.op('Sub', [square, neighbourhoodMean])]);
  const awayFromEdge = new Float32Array(S * S);
  for (let y = half; y < S - half; y++) for (let x = half; x < S - half; x++) awayFromEdge[y * S + x] = 1;
  const inside = g.op('Mul', [interior, g.constant(awayFromEdge, [1, 1, S, S], 'away_from_edge')]);
  const sum = (x: string) => g.op('ReduceSum', [x, g.int64s([0, 1, 2, 3])], { keepdims: 0 });
  const grain = g.op('Div', [sum(g.op('Mul', [residual, inside])), g.op('Add', [sum(inside), g.scalar(1e-6)])]);
  return g.op('Reshape', [grain, g.int64s([1, 1])]);
}
