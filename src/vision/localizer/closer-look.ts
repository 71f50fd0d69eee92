import type { Region } from '../pixels/region.js';

/**
 * A localizer's second look (docs/design.md §13). At the backbone's 224 px and 7 × 7 cells, a stool
 * under 3% of the frame covers less than a cell: on the stool photos held out by source photo the
 * whole frame found 8 of 29 such stools (and 79 of 84 larger ones). When the whole photo shows
 * nothing but a cell comes near (the manifest's closerLook.from, chosen in training), one of four
 * overlapping tiles, each CLOSER_LOOK.side of the frame's width and height, is read again: the
 * subject is then 1.7 times as wide to the backbone. The tile is the one whose
 * centre is nearest the whole frame's surest cell, which lies on the stool even when it is under
 * the threshold: on the held-out photos it found all but one of what all four found, at a quarter
 * of the cost (one classifier run, about 20 ms of CPU here, against 65), with fewer false finds.
 * Overlapping, so that a subject on the frame's middle lines is whole in one tile (measured: halves
 * without overlap found 4 of 113 fewer at the same false finds).
 */
export const CLOSER_LOOK = {
  side: 0.6,
  /** Where each tile's top-left corner lies, in shares of the frame's width and height. */
  corners: [
    [0, 0],
    [0.4, 0],
    [0, 0.4],
    [0.4, 0.4],
  ] as ReadonlyArray<readonly [number, number]>,
  /** The frame's grid the tiles' cells are put back on: as many cells as the tiles have, frame-wide. */
  gridScale: 2,
} as const;

/** A tile of the frame, in shares of its width and height. */
export interface Tile {
  readonly x: number;
  readonly y: number;
  readonly side: number;
}

/** The closer look's tiles of a frame, or of a part of one (`within`, as a tile itself). */
export function closerLookTiles(within: Tile = { x: 0, y: 0, side: 1 }): Tile[] {
  return CLOSER_LOOK.corners.map(([x, y]) => ({
    x: within.x + x * within.side,
    y: within.y + y * within.side,
    side: CLOSER_LOOK.side * within.side,
  }));
}

/** Which of closerLookTiles() to look at again: the one whose centre is nearest the surest of a whole frame's cells. */
export function nearestTile(probabilities: Float32Array, grid: number): number {
  const surest = probabilities.indexOf(Math.max(...probabilities));
  const [u, v] = [((surest % grid) + 0.5) / grid, (Math.floor(surest / grid) + 0.5) / grid];
  const distances = closerLookTiles().map(
    (tile) => (tile.x + tile.side / 2 - u) ** 2 + (tile.y + tile.side / 2 - v) ** 2,
  );
  return distances.indexOf(Math.min(...distances));
}

/** A tile's pixels in a `width` × `height` photo, clipped to it. */
export function tileRegion({ width, height }: { readonly width: number; readonly height: number }, tile: Tile): Region {
  const left = Math.min(width - 1, Math.round(tile.x * width));
  const top = Math.min(height - 1, Math.round(tile.y * height));
  return {
    left,
    top,
    width: Math.max(1, Math.min(width - left, Math.round(tile.side * width))),
    height: Math.max(1, Math.min(height - top, Math.round(tile.side * height))),
  };
}

/** A grid's probability at a point of what it covers (0–1 across, 0–1 down), bilinear between cell centres. */
export function probabilityAt(probabilities: Float32Array, grid: number, u: number, v: number): number {
  const x = Math.min(grid - 1, Math.max(0, u * grid - 0.5));
  const y = Math.min(grid - 1, Math.max(0, v * grid - 0.5));
  const [x0, y0] = [Math.floor(x), Math.floor(y)];
  const [x1, y1] = [Math.min(grid - 1, x0 + 1), Math.min(grid - 1, y0 + 1)];
  const [fx, fy] = [x - x0, y - y0];
  const at = (cx: number, cy: number) => probabilities[cy * grid + cx]!;
  return (at(x0, y0) * (1 - fx) + at(x1, y0) * fx) * (1 - fy) + (at(x0, y1) * (1 - fx) + at(x1, y1) * fx) * fy;
}

/**
 * The tiles' cell probabilities put back on one grid over the whole frame, `grid` ×
 * CLOSER_LOOK.gridScale cells a side: each cell takes the most that the tile cells holding its
 * centre give. Every tile cell is wider than a frame cell, so holds a frame cell's centre: the
 * frame's surest cell is the tiles' surest, the figure the closer look's threshold was chosen on.
 * What the closer look found is then located, and its pixels read, like a whole frame's (Location).
 */
export function tilesOnFrame(
  tiles: readonly Tile[],
  probabilities: readonly Float32Array[],
  grid: number,
): Float32Array {
  const fine = grid * CLOSER_LOOK.gridScale;
  const out = new Float32Array(fine * fine);
  for (let cy = 0; cy < fine; cy++)
    for (let cx = 0; cx < fine; cx++) {
      const [u, v] = [(cx + 0.5) / fine, (cy + 0.5) / fine];
      let most = 0;
      tiles.forEach((tile, index) => {
        const [tu, tv] = [(u - tile.x) / tile.side, (v - tile.y) / tile.side];
        if (tu < 0 || tv < 0 || tu > 1 || tv > 1) return;
        const [x, y] = [Math.min(grid - 1, Math.floor(tu * grid)), Math.min(grid - 1, Math.floor(tv * grid))];
        most = Math.max(most, probabilities[index]![y * grid + x]!);
      });
      out[cy * fine + cx] = most;
    }
  return out;
}
