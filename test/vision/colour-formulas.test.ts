import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { type Arithmetic, compileFormula } from '../../src/vision/pixels/arithmetic.js';
import {
  hexToLab,
  labCompanded,
  labF,
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

  it('refuses a constant that source text cannot hold', () => {
    const divergent = <T>(m: Arithmetic<T>, x: T) => m.add(x, m.constant(Number.POSITIVE_INFINITY));
    expect(() => compileFormula(divergent)).toThrow(/finite/);
  });
});
