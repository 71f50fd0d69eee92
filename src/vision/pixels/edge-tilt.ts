/** A point (x, y) in samples, y down. */
export type EdgePoint = readonly [number, number];

/**
 * How a photo rotated onto a plain surround is turned, read from the straight edges of its lit
 * part: each run of edge points is split where it bends (Douglas–Peucker, SPLIT_OFF samples: a
 * rotated photo's corner joins two edges in one run), each straight piece of at least
 * FEWEST_ON_PIECE points is fitted a line, and the pieces' angles (modulo 90°: the four sides of
 * one rectangle agree) vote, weighted by their points. The tilt is their weighted median where at
 * least AGREEING of the points lie on pieces within AGREE_DEGREES of it, else undefined: a disc, an
 * outline cut out, or edges too short to tell.
 */
export function tiltOfEdges(runs: ReadonlyArray<ReadonlyArray<EdgePoint>>): number | undefined {
  const pieces = runs.flatMap((run) => straightPieces(run)).filter((piece) => piece.length >= FEWEST_ON_PIECE);
  const votes = pieces.map((piece) => ({ angle: quarterTurnAngle(fitLine(piece).degrees), weight: piece.length }));
  const total = votes.reduce((sum, vote) => sum + vote.weight, 0);
  if (total === 0) return undefined;
  votes.sort((a, b) => a.angle - b.angle);
  // The weighted median: the vote at which half the weight is reached.
  let seen = 0;
  let median = votes[0]!.angle;
  for (const vote of votes) {
    seen += vote.weight;
    median = vote.angle;
    if (seen >= total / 2) break;
  }
  const agreeing = votes.filter((vote) => Math.abs(quarterTurnAngle(vote.angle - median)) <= AGREE_DEGREES);
  const weight = agreeing.reduce((sum, vote) => sum + vote.weight, 0);
  if (weight < AGREEING * total) return undefined;
  // The agreeing pieces' weighted mean, taken round the median (angles near ±45° wrap).
  return median + agreeing.reduce((sum, vote) => sum + quarterTurnAngle(vote.angle - median) * vote.weight, 0) / weight;
}

/** A run bends where a point lies this many samples or more off the chord between its ends. */
const SPLIT_OFF = 2;
/** A straight piece of fewer points than this tells no angle: quantisation to a sample is a degree or more over it. */
const FEWEST_ON_PIECE = 16;
/** Pieces within this many degrees of the median agree with it. */
const AGREE_DEGREES = 1.5;
/** …and at least this share of the pieces' points must: the edges are one rectangle's. */
const AGREEING = 0.6;

/** `run` split where it bends, recursively at the point farthest off the chord (Douglas–Peucker). */
function straightPieces(run: ReadonlyArray<EdgePoint>): Array<ReadonlyArray<EdgePoint>> {
  if (run.length < 3) return [run];
  const [ax, ay] = run[0]!;
  const [bx, by] = run[run.length - 1]!;
  const length = Math.hypot(bx - ax, by - ay) || 1;
  let farthest = 0;
  let at = 0;
  for (let i = 1; i < run.length - 1; i++) {
    const [x, y] = run[i]!;
    const off = Math.abs((bx - ax) * (ay - y) - (ax - x) * (by - ay)) / length;
    if (off > farthest) [farthest, at] = [off, i];
  }
  if (farthest < SPLIT_OFF) return [run];
  return [...straightPieces(run.slice(0, at + 1)), ...straightPieces(run.slice(at))];
}

/**
 * The total-least-squares line through `points`: through their mean, along their scatter's larger
 * axis. Its direction in degrees (y down: clockwise), and each point's distance from it.
 */
export function fitLine(points: ReadonlyArray<EdgePoint>) {
  const n = points.length;
  const [mx, my] = [points.reduce((s, [x]) => s + x, 0) / n, points.reduce((s, [, y]) => s + y, 0) / n];
  let [sxx, syy, sxy] = [0, 0, 0];
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
    sxy += (x - mx) * (y - my);
  }
  // The scatter's larger axis is at half the angle of (sxx − syy, 2 sxy); the normal to the line, 90° on.
  const along = Math.atan2(2 * sxy, sxx - syy) / 2;
  const [nx, ny] = [Math.cos(along + Math.PI / 2), Math.sin(along + Math.PI / 2)];
  return {
    degrees: (along * 180) / Math.PI,
    distance: ([x, y]: EdgePoint) => Math.abs((x - mx) * nx + (y - my) * ny),
  };
}

/** An angle brought into (−45°, 45°]: a rectangle's sides, 90° apart, give one tilt. */
function quarterTurnAngle(degrees: number): number {
  const reduced = ((degrees % 90) + 90) % 90;
  return reduced > 45 ? reduced - 90 : reduced;
}
