import type { Pixels } from './pixels.js';
import type { Region } from './region.js';
import { circleShare } from './circle-fit.js';
import { type EdgePoint, fitLine, tiltOfEdges } from './edge-tilt.js';

/**
 * A photo inside a plain surround: a round view through an instrument (an otoscope's or a
 * microscope's lit disc in black), a photo rotated or letterboxed onto a black or white canvas
 * (triangles in its corners, bands along two sides), or something cut out and set on white (a
 * stock photo's animal, a sticker), and the part of it that shows only the photo.
 */
export interface LitArea {
  /** What surrounds the photo: black, or a light, neutral backdrop. */
  readonly surround: Surround;
  /** The largest upright rectangle of samples that are not the surround: what is read instead of the whole frame. */
  readonly inside: Region;
  /** …and the share of the frame it covers, 0–1. */
  readonly insideShare: number;
  /**
   * The share of the lit part's edge (where it is not the frame's) that lies on one circle, and the
   * share that lies on straight lines: a round view's disc, a photo rotated or letterboxed onto
   * the surround, or neither, the outline of something cut out (picture-character.ts tells which).
   */
  readonly onCircle: number;
  readonly onLines: number;
  /**
   * How the photo inside is turned, where its lit part's straight edges agree on it (edge-tilt.ts):
   * undefined for a disc or an outline.
   */
  readonly turn?: Turn | undefined;
  /**
   * The share of the frame's edge that is the surround: nearly all of it where something cut out
   * touches the frame only here and there, less where a subject runs off the frame.
   */
  readonly surroundOnEdge: number;
  /**
   * The share of the frame's edge that is blown-out white (every channel at BLOWN or more): a
   * drawing's or a stock photo's backdrop, flat 255 but for JPEG's ringing along the outline,
   * where a camera's photo of white paper or a white floor keeps its shading, its texture and its
   * noise under it, and its vignetting in the corners. 0 round a black surround.
   */
  readonly blownOnEdge: number;
}

export type Surround = 'black' | 'white';

/**
 * A photo turned onto its surround: by how many degrees (clockwise; within ±45°), and where its lit
 * part reaches along the turned axes, in pixels: `across` along its own rows (x cos + y sin) and
 * `down` along its columns (−x sin + y cos), each [least, most].
 */
export interface Turn {
  readonly degrees: number;
  readonly across: readonly [number, number];
  readonly down: readonly [number, number];
}

/**
 * Turning back by `degrees`: (x, y) onto the turned photo's own axes, (x cos + y sin, −x sin + y
 * cos). What Turn's reach is read along, and where turnDecodedImage's turn by −degrees puts a pixel.
 */
export function turnBack(degrees: number) {
  const [cos, sin] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
  return { cos, sin, map: (x: number, y: number) => [x * cos + y * sin, -x * sin + y * cos] as const };
}

/** Samples along the long side at most: the lit part's edge is found to within half a percent of the frame. */
const SAMPLES_ALONG = 200;
/**
 * A sample is lit above this luma (0–255): a round view's black surround measures a mean L* of 8
 * or less (luma about 20), its lit disc 25 and up at the centre (luma about 60); a rotated photo's
 * black fill is 0 but for JPEG's ringing along its edge.
 */
const LIT_LUMA = 40;
// Not taken (2026-12-03): where the corners are an editor's fill (luma 8 or less), a lower limit
// (16), so that a black coat along a rotated photo's edge is the photo, not the fill. A black dog's
// face rotated onto black (shared/photos-real, ringworm) reads 0.19 of the frame with 40, is read
// whole and refused as too dark; with 16 it is judged. But a dark floor along an edge is then the
// photo too: a spotted flank's rectangle reached the floor below it and was refused as the ground;
// one more lesion close-up sent to stool was judged; 7 ear answers changed either way. Taken only
// where it grew the rectangle by a quarter, it changed a net of nothing on 1,100 real photos.
/**
 * A sample is part of a white surround when every channel is at least this (0–255) and they differ
 * by no more than WHITE_SPREAD: white and light grey canvases, transparency flattened onto white
 * (decode-image.ts), a stock photo's blown-out backdrop, JPEG's ringing included; pale fur and
 * skin in daylight are darker or tinted (of the 405 real skin close-ups of shared/photos-real, the
 * 5 with white in all four corners owe it to a frame, a studio backdrop or a white wall behind the
 * pet, none to its fur).
 */
const WHITE_LEAST = 225;
const WHITE_SPREAD = 20;
/** A sample is blown-out white when every channel is at least this (0–255). */
const BLOWN = 250;
/**
 * A white surround need not reach every corner where this much of the frame's edge is blown-out
 * white: something cut out on white that touches a corner (a flag's pole, a brush's handle, a
 * beaver's tail; Tux Paint's stamps flattened onto white, 21 of 440), where a camera's photo keeps
 * its shading and noise under BLOWN. Of the real photos at hand (2026-12-06: the 586 stool photos,
 * the 405 skin close-ups, the shared photos, Debian's), none with a corner that is not white
 * reaches 0.75 (a cat on a white sheet, GNOME Taquin's).
 */
const BLOWN_ALL_ROUND = 0.85;
/** A row's lit part starts at the first of this many lit samples in a row: a stray bright speck in the black does not start it. */
const LIT_RUN = 3;
/**
 * Each corner's square of this many samples a side is the surround, but for a stray speck or two:
 * the surround reaches every corner (but where BLOWN_ALL_ROUND says otherwise).
 */
const CORNER_SAMPLES = 3;
const CORNER_LIT_SAMPLES = 2;
/** An edge point lies on its run's line within this many samples (quantisation), once points over OFF_LINE are left out of the fit. */
const ON_LINE = 1.5;
const OFF_LINE = 4;

/** Whether the sample at byte offset `i` shows the photo rather than the surround. */
const LIT: Record<Surround, (pixels: Pixels['pixels'], i: number) => boolean> = {
  // Rec. 601 luma in integers: a byte loop, no colour science.
  black: (pixels, i) => (pixels[i]! * 77 + pixels[i + 1]! * 150 + pixels[i + 2]! * 29) >> 8 > LIT_LUMA,
  white: (pixels, i) => {
    const [r, g, b] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
    return Math.min(r, g, b) < WHITE_LEAST || Math.max(r, g, b) - Math.min(r, g, b) > WHITE_SPREAD;
  },
};

/**
 * The lit area of a photo whose four corners are the surround (black unless told), or on white whose
 * edge is blown out nearly all round (BLOWN_ALL_ROUND), or undefined otherwise (the photo is read
 * whole). Samples a grid of at most SAMPLES_ALONG a side.
 */
export function litAreaOf({ pixels, width, height }: Pixels, surround: Surround = 'black'): LitArea | undefined {
  const step = Math.max(1, Math.floor(Math.max(width, height) / SAMPLES_ALONG));
  const columns = Math.ceil(width / step);
  const rows = Math.ceil(height / step);
  if (columns < 4 * CORNER_SAMPLES || rows < 4 * CORNER_SAMPLES) return undefined;
  const shows = LIT[surround];
  /** The byte offset of the sample at (row, column). */
  const sampleAt = (row: number, column: number) => (row * step * width + column * step) * 3;
  const litAt = (row: number, column: number) => (shows(pixels, sampleAt(row, column)) ? 1 : 0);
  // Read once, and only where asked: a white surround's reading, or its corners' stand-in.
  let blown: number | undefined;
  const blownOnEdge = () =>
    (blown ??= edgeShare(columns, rows, (row, column) => isBlown(pixels, sampleAt(row, column))));
  // The corners first: most photos have a lit one, and are read whole at the cost of 36 samples.
  if (!cornersSurround(litAt, columns, rows) && !(surround === 'white' && blownOnEdge() >= BLOWN_ALL_ROUND))
    return undefined;
  const lit = new Uint8Array(columns * rows);
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++) lit[row * columns + column] = litAt(row, column);
  const across = Array.from({ length: rows }, (_, row) => litSpan(lit, row * columns, 1, columns));
  const down = Array.from({ length: columns }, (_, column) => litSpan(lit, column, columns, rows));
  const inside = largestLitRectangle(across);
  if (!inside) return undefined;
  const region = {
    left: inside.left * step,
    top: inside.top * step,
    width: Math.min(width - inside.left * step, inside.width * step),
    height: Math.min(height - inside.top * step, inside.height * step),
  };
  const edge = edgeChains(across, down, columns, rows);
  const runs = edgeRuns(edge);
  return {
    surround,
    inside: region,
    insideShare: (region.width * region.height) / (width * height),
    onCircle: circleShare(runs.flat()),
    turn: turnOf(tiltOfEdges(runs), across, down, step),
    onLines: straightShare(edge),
    surroundOnEdge: surroundOnEdge(lit, columns, rows),
    blownOnEdge: surround === 'white' ? blownOnEdge() : 0,
  };
}

/**
 * The turn `degrees` says, with the lit part's reach along its axes: the spans' ends (rows' and
 * columns') are the lit part's outline, and no point inside it reaches further. A dark patch along
 * one edge does not shorten the reach while some of that edge is lit.
 */
function turnOf(
  degrees: number | undefined,
  rowSpans: ReadonlyArray<Span | undefined>,
  columnSpans: ReadonlyArray<Span | undefined>,
  step: number,
): Turn | undefined {
  if (degrees === undefined) return undefined;
  const { map } = turnBack(degrees);
  const across: [number, number] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  const down: [number, number] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  const reach = (x: number, y: number) => {
    const [u, v] = map(x * step, y * step);
    [across[0], across[1]] = [Math.min(across[0], u), Math.max(across[1], u)];
    [down[0], down[1]] = [Math.min(down[0], v), Math.max(down[1], v)];
  };
  rowSpans.forEach((span, row) => {
    if (span) for (const column of [span.start, span.end - 1]) reach(column, row);
  });
  columnSpans.forEach((span, column) => {
    if (span) for (const row of [span.start, span.end - 1]) reach(column, row);
  });
  return { degrees, across, down };
}

/** Whether the pixel at byte offset `i` is blown-out white. */
const isBlown = (pixels: Pixels['pixels'], i: number) => Math.min(pixels[i]!, pixels[i + 1]!, pixels[i + 2]!) >= BLOWN;

/** The share of the frame's edge samples (its outer rows and columns) for which `holds` is true. */
function edgeShare(columns: number, rows: number, holds: (row: number, column: number) => boolean): number {
  let count = 0;
  const add = (row: number, column: number) => {
    if (holds(row, column)) count++;
  };
  for (let column = 0; column < columns; column++) {
    add(0, column);
    add(rows - 1, column);
  }
  for (let row = 1; row < rows - 1; row++) {
    add(row, 0);
    add(row, columns - 1);
  }
  return count / (2 * columns + 2 * (rows - 2));
}

/** The share of the frame's edge samples that are the surround, not lit. */
const surroundOnEdge = (lit: Uint8Array, columns: number, rows: number) =>
  edgeShare(columns, rows, (row, column) => lit[row * columns + column] === 0);

/** Where lit samples run along one row or column: the first and one past the last of LIT_RUN lit samples in a row. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

function litSpan(lit: Uint8Array, first: number, stride: number, length: number): Span | undefined {
  const litRunAt = (at: number) => {
    for (let k = 0; k < LIT_RUN; k++) if (at + k >= length || !lit[first + (at + k) * stride]) return false;
    return true;
  };
  let start = 0;
  while (start < length && !litRunAt(start)) start++;
  if (start >= length) return undefined;
  let end = length - LIT_RUN;
  while (!litRunAt(end)) end--;
  return { start, end: end + LIT_RUN };
}

function cornersSurround(litAt: (row: number, column: number) => number, columns: number, rows: number): boolean {
  return [
    [0, 0],
    [columns - CORNER_SAMPLES, 0],
    [0, rows - CORNER_SAMPLES],
    [columns - CORNER_SAMPLES, rows - CORNER_SAMPLES],
  ].every(([c0, r0]) => {
    let litSamples = 0;
    for (let r = r0!; r < r0! + CORNER_SAMPLES; r++)
      for (let c = c0!; c < c0! + CORNER_SAMPLES; c++) litSamples += litAt(r, c);
    return litSamples <= CORNER_LIT_SAMPLES;
  });
}

/**
 * The largest upright rectangle (in samples) within the rows' lit spans: every row from its top to
 * its bottom lit from its left to its right. A photo rotated onto black is convex, and so is a disc,
 * so a row's span is its lit part.
 */
export function largestLitRectangle(spans: ReadonlyArray<Span | undefined>): Region | undefined {
  let best: Region | undefined;
  let bestArea = 0;
  for (let top = 0; top < spans.length; top++) {
    let left = 0;
    let right = Number.POSITIVE_INFINITY;
    for (let bottom = top; bottom < spans.length; bottom++) {
      const span = spans[bottom];
      if (!span) break;
      left = Math.max(left, span.start);
      right = Math.min(right, span.end);
      if (right <= left) break;
      const area = (right - left) * (bottom + 1 - top);
      if (area > bestArea) {
        bestArea = area;
        best = { left, top, width: right - left, height: bottom + 1 - top };
      }
    }
  }
  return best;
}

/**
 * The lit part's edge where it is not the frame's, as four chains, one value (or none) a row or
 * column: where each row's span starts and ends, short of the frame's left and right sides, and
 * each column's, short of its top and bottom.
 */
interface EdgeChains {
  readonly alongRows: ReadonlyArray<ReadonlyArray<number | undefined>>;
  readonly alongColumns: ReadonlyArray<ReadonlyArray<number | undefined>>;
}

function edgeChains(
  across: ReadonlyArray<Span | undefined>,
  down: ReadonlyArray<Span | undefined>,
  columns: number,
  rows: number,
): EdgeChains {
  const starts = (spans: ReadonlyArray<Span | undefined>) =>
    spans.map((span) => (span && span.start > 0 ? span.start : undefined));
  const ends = (spans: ReadonlyArray<Span | undefined>, side: number) =>
    spans.map((span) => (span && span.end < side ? span.end : undefined));
  return { alongRows: [starts(across), ends(across, columns)], alongColumns: [starts(down), ends(down, rows)] };
}

/** The chains' runs of points, (x, y) in samples, at the middle of their row or column. */
function edgeRuns({ alongRows, alongColumns }: EdgeChains): EdgePoint[][] {
  return [
    ...alongRows.flatMap(runsOf).map((run) => run.map(([row, x]) => [x, row + 0.5] as const)),
    ...alongColumns.flatMap(runsOf).map((run) => run.map(([column, y]) => [column + 0.5, y] as const)),
  ];
}

/**
 * The share of the lit part's edge points that lie on straight lines: each run of consecutive rows
 * (or columns) of a chain is fitted a line (total least squares, fitted again without the points
 * over OFF_LINE from it: dark fur touching the black breaks an edge), and its points within
 * ON_LINE of it count. Rows catch steep edges, columns shallow ones.
 */
function straightShare({ alongRows, alongColumns }: EdgeChains): number {
  let onLines = 0;
  let points = 0;
  for (const chain of [...alongRows, ...alongColumns]) {
    for (const run of runsOf(chain)) {
      points += run.length;
      if (run.length < 4) continue;
      const first = fitLine(run);
      const kept = run.filter((point) => first.distance(point) <= OFF_LINE);
      const line = kept.length >= 4 ? fitLine(kept) : first;
      onLines += run.filter((point) => line.distance(point) <= ON_LINE).length;
    }
  }
  return points > 0 ? onLines / points : 0;
}

/** The runs of consecutive defined values, as points (index, value). */
function runsOf(chain: ReadonlyArray<number | undefined>): Array<Array<readonly [number, number]>> {
  const runs: Array<Array<readonly [number, number]>> = [];
  let run: Array<readonly [number, number]> = [];
  chain.forEach((value, index) => {
    if (value === undefined) {
      if (run.length > 0) runs.push(run);
      run = [];
    } else run.push([index, value]);
  });
  if (run.length > 0) runs.push(run);
  return runs;
}
