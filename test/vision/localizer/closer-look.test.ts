import { describe, expect, it } from 'vitest';
import {
  CLOSER_LOOK,
  closerLookTiles,
  nearestTile,
  probabilityAt,
  tileRegion,
  tilesOnFrame,
} from '../../../src/vision/localizer/closer-look.js';

describe('closerLookTiles', () => {
  it('covers the whole frame with four overlapping tiles', () => {
    const tiles = closerLookTiles();
    expect(tiles).toHaveLength(4);
    for (const tile of tiles) expect(tile.side).toBe(CLOSER_LOOK.side);
    // Every point of the frame lies in a tile, and the middle lines in all of them.
    for (const [u, v] of [
      [0.01, 0.99],
      [0.99, 0.01],
      [0.5, 0.5],
      [0.99, 0.99],
    ] as const)
      expect(tiles.some((t) => u >= t.x && u <= t.x + t.side && v >= t.y && v <= t.y + t.side)).toBe(true);
    expect(tiles.every((t) => 0.5 >= t.x && 0.5 <= t.x + t.side)).toBe(true);
  });

  it('tiles a part of the frame in its own shares', () => {
    const [first, , , last] = closerLookTiles({ x: 0.5, y: 0.25, side: 0.5 });
    expect(first).toEqual({ x: 0.5, y: 0.25, side: 0.3 });
    expect(last!.x).toBeCloseTo(0.7);
    expect(last!.y).toBeCloseTo(0.45);
  });
});

describe('nearestTile', () => {
  it('picks the tile centred nearest the whole frame’s surest cell, even a cell under the threshold', () => {
    const grid = 7;
    const at = (x: number, y: number) => {
      const cells = new Float32Array(grid * grid).fill(0.05);
      cells[y * grid + x] = 0.3;
      return nearestTile(cells, grid);
    };
    expect(at(0, 0)).toBe(0);
    expect(at(6, 0)).toBe(1);
    expect(at(1, 5)).toBe(2);
    expect(at(5, 6)).toBe(3);
  });
});

describe('tileRegion', () => {
  it('gives a tile’s pixels, never past the photo’s edge', () => {
    expect(tileRegion({ width: 416, height: 312 }, { x: 0, y: 0, side: 0.6 })).toEqual({
      left: 0,
      top: 0,
      width: 250,
      height: 187,
    });
    const last = tileRegion({ width: 101, height: 33 }, { x: 0.4, y: 0.4, side: 0.6 });
    expect(last.left + last.width).toBeLessThanOrEqual(101);
    expect(last.top + last.height).toBeLessThanOrEqual(33);
  });
});

describe('tilesOnFrame', () => {
  const grid = 7;
  const quiet = () => new Float32Array(grid * grid).fill(0.1);

  it('puts a tile’s sure cell back where it lies in the frame, as sure as the tile said', () => {
    const tiles = closerLookTiles();
    const probabilities = tiles.map(quiet);
    // The last tile's bottom-right cell: the frame's bottom-right corner.
    probabilities[3]![grid * grid - 1] = 0.93;
    const frame = tilesOnFrame(tiles, probabilities, grid);
    const fine = grid * CLOSER_LOOK.gridScale;
    expect(frame).toHaveLength(fine * fine);
    expect(Math.max(...frame)).toBeCloseTo(0.93, 5);
    expect(frame.indexOf(Math.max(...frame))).toBe(fine * fine - 1);
    // Nowhere else is that sure: the top-left corner keeps the quiet tiles' reading.
    expect(frame[0]).toBeCloseTo(0.1, 5);
  });

  it('keeps the surest of the tiles that overlap', () => {
    const tiles = closerLookTiles();
    // The top-left tile reads 0.4 everywhere, the top-right 0.8, the bottom two 0.1.
    const probabilities = [0.4, 0.8, 0.1, 0.1].map((p) => new Float32Array(grid * grid).fill(p));
    const frame = tilesOnFrame(tiles, probabilities, grid);
    const fine = grid * CLOSER_LOOK.gridScale;
    const at = (u: number, v: number) => frame[Math.floor(v * fine) * fine + Math.floor(u * fine)]!;
    expect(at(0.5, 0.3)).toBeCloseTo(0.8, 5); // in both top tiles
    expect(at(0.2, 0.3)).toBeCloseTo(0.4, 5); // in the top-left one only
    expect(at(0.2, 0.9)).toBeCloseTo(0.1, 5);
    expect(probabilityAt(frame, fine, 0.9, 0.2)).toBeCloseTo(0.8, 5);
  });
});
