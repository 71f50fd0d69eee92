import type { FeatureMap } from '../classifier-model.js';

/**
 * What a localizer reads in each cell of its grid (the coarsest map's): the coarsest map's
 * channels as they are, then, for each finer map, the mean and the maximum of the cells it puts
 * in that one (a 14 × 14 map over a 7 × 7 grid: 2 × 2 each). The finer map sees small things the
 * coarse one averages away (measured on the stool photos: 89% → 98% of found stools pointed at);
 * its maximum keeps a small thing that fills one of the four. The localizer's graph
 * (localizer-graph.ts) computes the same values in the same order: a test holds them together.
 */
export interface CellLayout {
  /** Cells a side of the localizer's grid. */
  readonly grid: number;
  /** Values per cell. */
  readonly size: number;
}

/** The layout of `maps` (coarsest first); a finer map's grid must be a whole multiple of the coarsest's. */
export function cellLayout(maps: ReadonlyArray<Pick<FeatureMap, 'channels' | 'grid'>>): CellLayout {
  const [coarse, ...finer] = maps;
  if (!coarse) throw new Error('a localizer reads at least one feature map');
  for (const map of finer)
    if (map.grid % coarse.grid !== 0 || map.grid < coarse.grid)
      throw new Error(`a ${map.grid} × ${map.grid} map cannot be read over a ${coarse.grid} × ${coarse.grid} grid`);
  return { grid: coarse.grid, size: coarse.channels + finer.reduce((sum, map) => sum + 2 * map.channels, 0) };
}

/**
 * One photo's cell features, a row per cell (row-major over the grid), written into `out` from
 * row `at` on: `out` holds rows of layout.size values.
 */
export function writeCellFeatures(maps: readonly FeatureMap[], out: Float32Array, at = 0): CellLayout {
  const layout = cellLayout(maps);
  const { grid, size } = layout;
  let offset = 0;
  for (const [index, map] of maps.entries()) {
    const step = map.grid / grid;
    const plane = map.grid * map.grid;
    for (let cy = 0; cy < grid; cy++) {
      for (let cx = 0; cx < grid; cx++) {
        const row = (at + cy * grid + cx) * size + offset;
        for (let c = 0; c < map.channels; c++) {
          let sum = 0;
          let most = Number.NEGATIVE_INFINITY;
          for (let dy = 0; dy < step; dy++) {
            for (let dx = 0, i = c * plane + (cy * step + dy) * map.grid + cx * step; dx < step; dx++, i++) {
              const value = map.data[i]!;
              sum += value;
              if (value > most) most = value;
            }
          }
          if (index === 0) out[row + c] = sum;
          else {
            out[row + c] = sum / (step * step);
            out[row + map.channels + c] = most;
          }
        }
      }
    }
    offset += index === 0 ? map.channels : 2 * map.channels;
  }
  return layout;
}
