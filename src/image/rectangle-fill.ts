/**
 * How fully the opaque part of an alpha mask fills the smallest rectangle, turned to any angle, that
 * holds it: 1 for a photo an editor rotated or letterboxed onto transparency (its opaque part is
 * that rectangle), π/4 for a disc, less for a cut-out's outline. Undefined where nothing is opaque.
 *
 * `opaque(x, y)` says whether the mask's pixel is opaque. The rectangle is found around the pixels'
 * centres (the convex hull's edges, rotating calipers) and grown by half a pixel on every side, so
 * that an upright block of pixels fills its rectangle exactly.
 */
export function rectangleFill(
  width: number,
  height: number,
  opaque: (x: number, y: number) => boolean,
): number | undefined {
  // Each row's first and last opaque pixel: enough for the hull, which no pixel between them can widen.
  const ends: Point[] = [];
  let count = 0;
  for (let y = 0; y < height; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++) {
      if (!opaque(x, y)) continue;
      count++;
      if (first < 0) first = x;
      last = x;
    }
    if (first >= 0) ends.push([first, y], [last, y]);
  }
  if (count === 0) return undefined;
  const hull = convexHull(ends);
  let smallest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < hull.length; i++) {
    const [ax, ay] = hull[i]!;
    const [bx, by] = hull[(i + 1) % hull.length]!;
    const length = Math.hypot(bx - ax, by - ay);
    const [ux, uy] = length > 0 ? [(bx - ax) / length, (by - ay) / length] : [1, 0];
    let [minU, maxU, minV, maxV] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const [x, y] of hull) {
      const u = x * ux + y * uy;
      const v = -x * uy + y * ux;
      [minU, maxU, minV, maxV] = [Math.min(minU, u), Math.max(maxU, u), Math.min(minV, v), Math.max(maxV, v)];
    }
    smallest = Math.min(smallest, (maxU - minU + 1) * (maxV - minV + 1));
  }
  return Math.min(1, count / smallest);
}

type Point = readonly [number, number];

/** Andrew's monotone chain: the convex hull of `points`, counter-clockwise, without collinear points. */
function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (ordered: readonly Point[]) => {
    const chain: Point[] = [];
    for (const point of ordered) {
      while (chain.length >= 2 && cross(chain[chain.length - 2]!, chain[chain.length - 1]!, point) <= 0) chain.pop();
      chain.push(point);
    }
    chain.pop();
    return chain;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}
