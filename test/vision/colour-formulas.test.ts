import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { type Arithmetic, compileAffine3, compileFormula, compileKernel3 } from '../../src/vision/pixels/arithmetic.js';
import {
  hexToLab,
  LAB_OF_COMPANDED,
  LAB_OFFSET,
  LAPLACIAN_KERNEL,
  labCompanded,
  labF,
  labOfCompanded,
  linearise,
  linearLight,
  sharpnessOf,
} from '../../src/vision/pixels/colour-science.js';
import { graphArithmetic } from '../../src/vision/builtin/graph-arithmetic.js';
import { OnnxGraph } from '../../src/vision/onnx/onnx-graph.js';

/** `formula` of one value as a graph of its own, run by onnxruntime on `values`. */
async function runAsGraph(formula: <T>(m: Arithmetic<T>, value: T) => T, values: number[]): Promise<Float32Array> {
  const g = new OnnxGraph('formula');
  const input = g.input('x', [values.length]);
  g.op('Identity', [formula(graphArithmetic(g), input)], {}, 'y');
  g.output('y', [values.length]);
  const session = await ort.InferenceSession.create(g.toBytes({ name: 'test', version: '0' }));
  const { y } = await session.run({ x: new ort.Tensor('float32', Float32Array.from(values), [values.length]) });
  return y!.data as Float32Array;
}

describe('the colour formulas, written once', () => {
  it('give the published sRGB and CIELAB values when compiled to numbers', () => {
    // IEC 61966-2-1: linear below the knee, the 2.4 power above it.
    expect(linearise(0.04)).toBeCloseTo(0.04 / 12.92, 12);
    expect(linearise(0.5)).toBeCloseTo(0.214041, 6);
    expect(linearise(1)).toBeCloseTo(1, 12);
    // Pure sRGB red and a mid grey in CIELAB (D65), as colour tables give them.
    const red = hexToLab('#ff0000');
    expect(red[0]).toBeCloseTo(53.24, 2);
    expect(red[1]).toBeCloseTo(80.09, 1);
    expect(red[2]).toBeCloseTo(67.2, 1);
    const grey = hexToLab('#808080');
    expect(grey[0]).toBeCloseTo(53.59, 2);
    expect(Math.abs(grey[1]) + Math.abs(grey[2])).toBeLessThan(0.01);
    expect(compileFormula(sharpnessOf)(3, 5)).toBe(0.5);
  });

  it.each([
    ['linearLight', linearLight, [0, 0.01, 0.04045, 0.05, 0.2, 0.5, 0.8, 1]],
    ['labCompanded', labCompanded, [0, 0.001, 0.008, 0.0089, 0.05, 0.3, 0.7, 1, 1.05]],
  ] as const)('%s gives the same values as ONNX nodes as compiled to numbers', async (_, formula, values) => {
    const compiled = compileFormula(formula);
    const byGraph = await runAsGraph(formula, [...values]);
    values.forEach((value, i) => {
      expect(byGraph[i], `at ${value}`).toBeCloseTo(compiled(value), 6);
    });
    // …and the compiled labF is colour-science's.
    if (formula === labCompanded) for (const value of values) expect(compiled(value)).toBe(labF(value));
  });

  it('computes only the branch a value takes', () => {
    // 1/x is not computed at 0: the branch that would divide by zero is not the one taken.
    const reciprocalAbove = <T>(m: Arithmetic<T>, x: T) =>
      m.where(m.above(x, m.constant(0)), m.div(m.constant(1), x), m.cubeRoot(x));
    const cubeRoots: number[] = [];
    const compiled = compileFormula(reciprocalAbove, (value) => {
      cubeRoots.push(value);
      return Math.cbrt(value);
    });
    expect(compiled(4)).toBe(0.25);
    expect(cubeRoots).toEqual([]);
    expect(compiled(-8)).toBe(-2);
    expect(cubeRoots).toEqual([-8]);
  });

  it('compiles a matrix and a kernel into the sums they stand for, zeros left out', () => {
    const lab = compileAffine3(LAB_OF_COMPANDED, LAB_OFFSET);
    const out = new Float64Array(4);
    for (const [fx, fy, fz] of [
      [0.2, 0.5, 0.9],
      [1, 1, 1],
      [0.14, 0.3, 0.02],
    ] as const) {
      lab(fx, fy, fz, out, 1);
      // CIE 1976: L* = 116 f(Y) − 16, a* = 500 (f(X) − f(Y)), b* = 200 (f(Y) − f(Z)).
      const expected = [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
      for (const [axis, value] of expected.entries()) expect(out[1 + axis]).toBeCloseTo(value, 12);
      // colour-science's own conversion is that compiled matrix.
      const own = new Float64Array(3);
      labOfCompanded(fx, fy, fz, own, 0);
      expect([...own].map((value, axis) => value - expected[axis]!)).toEqual([
        expect.closeTo(0, 12),
        expect.closeTo(0, 12),
        expect.closeTo(0, 12),
      ]);
      expect(out[0]).toBe(0);
    }
    // A 4 × 3 image: the Laplacian at its two inner pixels, by hand.
    const values = Float64Array.from([1, 2, 3, 4, 5, 7, 11, 13, 17, 19, 23, 29]);
    const laplacian = compileKernel3(LAPLACIAN_KERNEL);
    expect(laplacian(values, 5, 4)).toBe(2 + 5 + 11 + 19 - 4 * 7);
    expect(laplacian(values, 6, 4)).toBe(3 + 7 + 13 + 23 - 4 * 11);
  });

  it('refuses a constant that source text cannot hold', () => {
    const divergent = <T>(m: Arithmetic<T>, x: T) => m.add(x, m.constant(Number.POSITIVE_INFINITY));
    expect(() => compileFormula(divergent)).toThrow(/finite/);
  });
});
