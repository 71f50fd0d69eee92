import { dot, eightWays, THUMBNAIL_SIDE as SIDE, unit } from '../pixels/thumbnail.js';

/**
 * A photo's look: its grey 32 × 32 thumbnail (pixels/thumbnail.ts) averaged to a 16 × 16 grid, each
 * cell in 16 levels of standard deviations from the mean (±2.5), a hex digit each (256). A head keeps
 * the looks of the photos it learnt from, so `heads evaluate` can leave out a copy of one that is
 * not the same bytes (re-saved, resized, lightened, recoloured, greyed, blurred, turned or
 * mirrored), and a request's copy of one is named by the label the clinic gave it (recallByLook).
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
  const keptUnits = kept.map(unitOfLook);
  return (thumbnail) => {
    const turned = turnsOf(thumbnail);
    return keptUnits.some((one) => sameLook(turned, one));
  };
}

/**
 * The label whose kept looks a thumbnail, in any turn or mirror, looks like (correlation
 * SAME_LOOK or more): a copy of a photo a head learnt from (TrainedHeadSpec.recall), re-saved,
 * resized, recoloured or turned. Undefined when it looks like none, or like photos of two labels.
 */
export function recallByLook(
  byLabel: Readonly<Record<string, readonly string[]>>,
): (thumbnail: Uint8Array) => string | undefined {
  const kept = Object.entries(byLabel).map(([label, looks]) => ({ label, units: looks.map(unitOfLook) }));
  return (thumbnail) => {
    const turned = turnsOf(thumbnail);
    const matched = kept.filter(({ units }) => units.some((one) => sameLook(turned, one)));
    return matched.length === 1 ? matched[0]!.label : undefined;
  };
}

const unitOfLook = (look: string) => unit(Float32Array.from(gridFromLook(look)));
const turnsOf = (thumbnail: Uint8Array) => eightWays(gridOf(thumbnail), GRID).map(unit);
const sameLook = (turned: readonly Float32Array[], one: Float32Array) =>
  turned.some((turn) => dot(turn, one) >= SAME_LOOK);

/**
 * The looks of photos of each label, less any that look like a photo of another label (one photo
 * filed under two, or an edited copy filed under another): what a head recalls.
 */
export function looksByLabel(
  photos: readonly { readonly label: string; readonly thumbnail: Uint8Array }[],
): Record<string, string[]> {
  const looks = photos.map((photo) => lookOf(photo.thumbnail));
  const units = looks.map(unitOfLook);
  const byLabel: Record<string, Set<string>> = {};
  for (const [i, photo] of photos.entries()) {
    const turned = turnsOf(photo.thumbnail);
    const elsewhere = photos.some((other, j) => other.label !== photo.label && sameLook(turned, units[j]!));
    if (elsewhere) continue;
    byLabel[photo.label] ??= new Set();
    byLabel[photo.label]!.add(looks[i]!);
  }
  return Object.fromEntries(Object.entries(byLabel).map(([label, kept]) => [label, [...kept].sort()]));
}
