import { dot, eightWays, unit } from './near-duplicates.js';

/**
 * A photo's look: its grey 32 × 32 thumbnail (near-duplicates.ts) averaged to a 16 × 16 grid, each
 * cell in 16 levels of standard deviations from the mean (±2.5), a hex digit each (256). A head keeps
 * the looks of the photos it learnt from, so `heads evaluate` can leave out a copy of one that is
 * not the same bytes: re-saved, resized, lightened, recoloured, greyed, blurred, turned or mirrored.
 * Two looks are compared by correlation, which a flat background cannot sway (a bit per cell,
 * lighter or darker than the median, flipped with the JPEG noise of flat backgrounds).
 *
 * SAME_LOOK rests on the real photos in shared/photos-real (240 skin close-ups) and 400 of the
 * stool set: copies re-saved at JPEG quality 60, resized to 100 px wide, 20% lighter,
 * resaturated and hue-turned, greyed or blurred correlated 0.968 at the least (95% of them
 * 0.976 or more); of 323,610 pairs of photos, 38 reached 0.95 (the stool set's own edited copies
 * and the skin set's photos filed twice), 6 more 0.9. A copy cropped by 6% correlated a median
 * 0.91, down to 0.49: a cropped copy is not caught (the features' test in near-duplicates.ts needs
 * both photos' features, which a head does not keep).
 */
export const SAME_LOOK = 0.95;

const SIDE = 32;
const GRID = 16;
const LEVELS = 16;
const SPREAD = 2.5;

/** The 16 × 16 grid of a thumbnail, quantised as the look keeps it. */
function gridOf(thumbnail: Uint8Array): number[] {
  const cells = new Array<number>(GRID * GRID).fill(0);
  const per = SIDE / GRID;
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) cells[Math.floor(y / per) * GRID + Math.floor(x / per)]! += thumbnail[y * SIDE + x]!;
  const mean = cells.reduce((sum, value) => sum + value, 0) / cells.length;
  const spread = Math.sqrt(cells.reduce((sum, value) => sum + (value - mean) ** 2, 0) / cells.length) || 1;
  const middle = (LEVELS - 1) / 2;
  return cells.map((value) =>
    Math.max(0, Math.min(LEVELS - 1, Math.round(middle + ((value - mean) / spread) * (middle / SPREAD)))),
  );
}

/** What a head keeps of each photo it learnt from. */
export const lookOf = (thumbnail: Uint8Array) =>
  gridOf(thumbnail)
    .map((level) => level.toString(16))
    .join('');

const gridFromLook = (look: string) => Array.from(look, (digit) => Number.parseInt(digit, 16));

/**
 * Whether a thumbnail, in any turn or mirror, looks like one of `kept` (correlation SAME_LOOK or
 * more). The kept looks are unpacked once, for every photo asked about.
 */
export function looksLikeOneOf(kept: readonly string[]): (thumbnail: Uint8Array) => boolean {
  const keptUnits = kept.map((look) => unit(Float32Array.from(gridFromLook(look))));
  return (thumbnail) => {
    const turned = eightWays(gridOf(thumbnail), GRID).map(unit);
    return keptUnits.some((one) => turned.some((turn) => dot(turn, one) >= SAME_LOOK));
  };
}
