/** An edge point lies on the circle fitted to them within this share of its radius, plus a sample: quantisation and a slightly soft edge. */
const ON_CIRCLE = 0.03;
/** Fewer edge points than this (a sliver of black) tell no shape. */
const FEWEST_EDGE_POINTS = 12;

/**
 * The share of `points` that lie on one circle: the least-squares circle (Kåsa's: x² + y² + Dx + Ey
 * + F = 0, linear in D, E, F), fitted again to the points near the first fit, and its points within
 * ON_CIRCLE of its radius (plus a sample). 0 for fewer than FEWEST_EDGE_POINTS: a sliver of black
 * tells no shape.
 */
export function circleShare(points: ReadonlyArray<readonly [number, number]>): number {
  if (points.length < FEWEST_EDGE_POINTS) return 0;
  let circle = fitCircle(points);
  if (!circle) return 0;
  const near = (c: Circle, tolerance: number) =>
    points.filter(([x, y]) => Math.abs(Math.hypot(x - c.x, y - c.y) - c.radius) <= tolerance);
  const first = near(circle, circle.radius * ON_CIRCLE * 3 + 1);
  circle = first.length >= 3 ? (fitCircle(first) ?? circle) : circle;
  return near(circle, circle.radius * ON_CIRCLE + 1).length / points.length;
}

interface Circle {
  readonly x: number;
  readonly y: number;
  readonly radius: number;
}

/** Kåsa's algebraic circle fit: the normal equations of x² + y² + Dx + Ey + F = 0, solved by Cramer's rule. */
function fitCircle(points: ReadonlyArray<readonly [number, number]>): Circle | undefined {
  let [sx, sy, sxx, syy, sxy, sz, sxz, syz] = [0, 0, 0, 0, 0, 0, 0, 0];
  for (const [x, y] of points) {
    const z = x * x + y * y;
    sx += x;
    sy += y;
    sxx += x * x;
    syy += y * y;
    sxy += x * y;
    sz += z;
    sxz += x * z;
    syz += y * z;
  }
  const n = points.length;
  // [sxx sxy sx; sxy syy sy; sx sy n] · [D E F]ᵀ = −[sxz syz sz]ᵀ
  const m: Matrix3 = [
    [sxx, sxy, sx],
    [sxy, syy, sy],
    [sx, sy, n],
  ];
  const rhs = [-sxz, -syz, -sz] as const;
  const det = determinant(m);
  if (Math.abs(det) < 1e-9) return undefined;
  // Cramer: each unknown's column replaced by the right-hand side.
  const solve = (k: number) =>
    determinant(m.map((row, i) => row.map((v, j) => (j === k ? rhs[i]! : v))) as unknown as Matrix3) / det;
  const [d, e, f] = [solve(0), solve(1), solve(2)];
  const radius = Math.sqrt((d * d) / 4 + (e * e) / 4 - f);
  return Number.isFinite(radius) ? { x: -d / 2, y: -e / 2, radius } : undefined;
}

type Matrix3 = readonly [
  readonly [number, number, number],
  readonly [number, number, number],
  readonly [number, number, number],
];

const determinant = ([[a, b, c], [d, e, f], [g, h, i]]: Matrix3) =>
  a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
