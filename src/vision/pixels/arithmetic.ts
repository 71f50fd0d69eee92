/** What a formula computes with: numbers (one value) or a graph's nodes (a tensor of them). */
export interface Arithmetic<T> {
  constant(value: number): T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  mul(a: T, b: T): T;
  div(a: T, b: T): T;
  max(a: T, b: T): T;
  /** `base` to a constant power. */
  power(base: T, exponent: T): T;
  /** The cube root of a value ≥ 0 (a power a table can speed up: see compileFormula). */
  cubeRoot(value: T): T;
  /** Whether a > b (a condition for `where`). */
  above(a: T, b: T): T;
  /** Whether a ≤ b. */
  atMost(a: T, b: T): T;
  /** `then` where `condition` holds, else `otherwise`. */
  where(condition: T, then: T, otherwise: T): T;
}

/** A formula written against `Arithmetic`, of the values after `m` (as many as it declares). */
export type Formula = <T>(m: Arithmetic<T>, ...values: T[]) => T;

/**
 * JavaScript source: each value an expression. A condition stays a boolean and `where` a `?:`, so
 * only the branch taken is computed.
 */
const SOURCE: Arithmetic<string> = {
  constant: (value) => {
    if (!Number.isFinite(value)) throw new Error(`a formula's constant must be finite, not ${value}`);
    // String() of a number reads back as the same double.
    return `(${String(value)})`;
  },
  add: (a, b) => `(${a} + ${b})`,
  sub: (a, b) => `(${a} - ${b})`,
  mul: (a, b) => `(${a} * ${b})`,
  div: (a, b) => `(${a} / ${b})`,
  max: (a, b) => `Math.max(${a}, ${b})`,
  power: (base, exponent) => `(${base} ** ${exponent})`,
  cubeRoot: (value) => `cubeRoot(${value})`,
  above: (a, b) => `(${a} > ${b})`,
  atMost: (a, b) => `(${a} <= ${b})`,
  where: (condition, then, otherwise) => `(${condition} ? ${then} : ${otherwise})`,
};

/**
 * `formula` compiled into a plain function of numbers, as fast as one written out by hand: the
 * formula is written once (colour-science.ts) and also emitted as graph nodes, and evaluating it
 * through an arithmetic object costs two to three times as much in the hot loops (measured on the
 * exposure check). Its source is built from the formula's own constants, never from input.
 * `cubeRoot` takes the formula's cube roots (Math.cbrt unless a faster one is given).
 */
export function compileFormula(
  formula: Formula,
  cubeRoot: (value: number) => number = Math.cbrt,
): (...values: number[]) => number {
  const names = Array.from({ length: formula.length - 1 }, (_, i) => `v${i}`);
  const body = formula(SOURCE, ...names);
  return new Function('cubeRoot', `return (${names.join(', ')}) => ${body};`)(cubeRoot);
}
