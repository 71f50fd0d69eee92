import type { Box } from '../pixels/region.js';

/** One thing a localizer found: a group of touching cells it gave its subject. */
export interface LocatedSubject {
  /** The cells' bounding box, in pixels of the photo as sent. */
  readonly box: Box;
  /** The cells, as indices into the grid (row-major). */
  readonly cells: readonly number[];
  /** Its surest cell's probability. */
  readonly peak: number;
  /** The share of the frame its cells cover. */
  readonly share: number;
}

/** Where a localizer found its subject in one photo: its grid of probabilities, and every subject found, largest first. */
export interface Location {
  /** What it looks for ("stool"), and the localizer's name, for the record. */
  readonly subject: string;
  readonly localizer: string;
  /**
   * Found in the whole frame's cells, or (only when those showed nothing) in the closer look's tiles
   * (closer-look.ts), or by the localizer trained on the detector's maps (describe-scene.ts, withSecondSight).
   */
  readonly look: 'whole' | 'closer' | 'detector';
  readonly grid: number;
  /** One probability per cell, row-major: the photo stretched over the grid. */
  readonly probabilities: Float32Array;
  /** The probability a cell needs to show the subject: the closer look's own, for its grid. */
  readonly threshold: number;
  /** The photo as sent (after orientation), in whose pixels boxes are given. */
  readonly frame: { readonly width: number; readonly height: number };
  readonly found: readonly LocatedSubject[];
}

/**
 * The subjects in a grid of probabilities: groups of cells that touch (sides or corners), each at
 * `threshold` or more, largest first (then surest). The grid covers the whole photo stretched, so
 * a cell is a fixed share of its width and height.
 */
export function locateSubjects(
  probabilities: Float32Array,
  grid: number,
  threshold: number,
  frame: { readonly sourceWidth: number; readonly sourceHeight: number },
): LocatedSubject[] {
  const seen = new Uint8Array(grid * grid);
  const subjects: LocatedSubject[] = [];
  for (let start = 0; start < grid * grid; start++) {
    if (seen[start] || probabilities[start]! < threshold) continue;
    const cells: number[] = [];
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const cell = stack.pop()!;
      cells.push(cell);
      const [x, y] = [cell % grid, Math.floor(cell / grid)];
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          const next = ny * grid + nx;
          if (nx < 0 || ny < 0 || nx >= grid || ny >= grid || seen[next] || probabilities[next]! < threshold) continue;
          seen[next] = 1;
          stack.push(next);
        }
    }
    const peak = Math.max(...cells.map((cell) => probabilities[cell]!));
    const xs = cells.map((cell) => cell % grid);
    const ys = cells.map((cell) => Math.floor(cell / grid));
    const [cw, ch] = [frame.sourceWidth / grid, frame.sourceHeight / grid];
    subjects.push({
      box: [Math.min(...xs) * cw, Math.min(...ys) * ch, (Math.max(...xs) + 1) * cw, (Math.max(...ys) + 1) * ch],
      cells: cells.sort((a, b) => a - b),
      peak,
      share: cells.length / (grid * grid),
    });
  }
  return subjects.sort((a, b) => b.cells.length - a.cells.length || b.peak - a.peak);
}
