import type { Arithmetic } from '../pixels/arithmetic.js';
import type { OnnxGraph } from '../onnx/onnx-graph.js';

/**
 * colour-science's formulas as ONNX nodes: each value is a tensor's name, each constant a float
 * scalar, and every operation broadcasts, so one formula applies to every pixel (and channel) at once.
 */
export function graphArithmetic(g: OnnxGraph): Arithmetic<string> {
  const binary = (op: string) => (a: string, b: string) => g.op(op, [a, b]);
  return {
    constant: (value) => g.scalar(value),
    add: binary('Add'),
    sub: binary('Sub'),
    mul: binary('Mul'),
    div: binary('Div'),
    max: binary('Max'),
    power: binary('Pow'),
    cubeRoot: (value) => g.op('Pow', [value, g.scalar(1 / 3)]),
    above: binary('Greater'),
    atMost: binary('LessOrEqual'),
    where: (condition, then, otherwise) => g.op('Where', [condition, then, otherwise]),
  };
}
