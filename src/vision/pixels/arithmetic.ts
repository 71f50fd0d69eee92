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

/** A product and sum of constants and named values, as source, leaving out zero weights. */
function weightedSum(terms: ReadonlyArray<readonly [weight: number, value: string]>, offset = 0): string {
  const kept = terms
    .filter(([weight]) => weight !== 0)
    .map(([weight, value]) => `${SOURCE.constant(weight)} * ${value}`);
  return [...kept, ...(offset !== 0 ? [SOURCE.constant(offset)] : [])].join(' + ') || '0';
}

/**
 * `matrix · (x, y, z) + offset` compiled into a function that writes the three results into `out`
 * from `at`, leaving out the matrix's zeros: as fast as the products written out by hand (CIELAB's
 * rows are mostly zeros), where a loop over the matrix cost a third more per colour.
 */
export function compileAffine3(
  matrix: ReadonlyArray<readonly [number, number, number]>,
  offset: readonly [number, number, number],
): (x: number, y: number, z: number, out: Float64Array, at: number) => void {
  const rows = matrix.map(
    (row, axis) =>
      `out[at + ${axis}] = ${weightedSum(
        row.map((weight, i) => [weight, 'xyz'[i]!] as const),
        offset[axis],
      )};`,
  );
  return new Function('x', 'y', 'z', 'out', 'at', rows.join('\n')) as never;
}

/**
 * A 3 × 3 kernel (row by row) compiled into a function of a one-channel image `values`, `width`
 * wide, at pixel `i`: the kernel's sum there, leaving out its zero taps. A loop over the taps cost
 * twice as much as the sum written out (the exposure check's Laplacian).
 */
export function compileKernel3(kernel: readonly number[]): (values: Float64Array, i: number, width: number) => number {
  const terms = kernel.map((weight, at) => {
    const shift = Math.floor(at / 3) - 1 + ' * width + ' + ((at % 3) - 1);
    return [weight, `values[i + ${shift}]`] as const;
  });
  return new Function('values', 'i', 'width', `return ${weightedSum(terms)};`) as never;
}
