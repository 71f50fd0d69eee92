import type { Pixels } from './image-tensor.js';
import type { Region } from './region.js';

/** Samples along the long side at most: the disc's edge is found to within half a percent of the frame. */
const SAMPLES_ALONG = 200;
/**
 * A sample is lit above this luma (0–255): the round view's black surround measures a mean L* of
 * 8 or less (luma about 20), its lit disc 25 and up at the centre (luma about 60).
 */
const LIT_LUMA = 40;
/** A row or column crosses the disc when this share of its samples are lit: a stray bright speck in the black does not. */
const LIT_SHARE = 0.04;

/**
 * The part of a round view (a lit disc in black, as an otoscope or a microscope shows it) that
 * shows only what is seen through the instrument: the square inscribed in the lit disc. Read
 * whole, the black around the disc is a colour of the photo: an otoscope's view of a clean pink
 * canal measured as "dark crumbly debris" from its black corners alone. The disc's diameter is the
 * longer side of the lit rows' and columns' extent (a disc larger than the frame is cut by the
 * frame's sides, never along both axes at once); the square is clipped to the frame, and its
 * corners then stay inside the disc. The ring between the square and the disc's edge, about a
 * third of the disc (the canal's nearest wall, often out of focus), is not read: a change seen only
 * there is missed, where reading the black read every otoscope photo as debris. Undefined when
 * nothing is lit.
 */
export function insideRoundView({ pixels, width, height }: Pixels): Region | undefined {
  const step = Math.max(1, Math.floor(Math.max(width, height) / SAMPLES_ALONG));
  const columns = Math.ceil(width / step);
  const rows = Math.ceil(height / step);
  const litInColumn = new Uint32Array(columns);
  const litInRow = new Uint32Array(rows);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const i = (row * step * width + column * step) * 3;
      // Rec. 601 luma in integers: a byte loop, no colour science.
      const luma = (pixels[i]! * 77 + pixels[i + 1]! * 150 + pixels[i + 2]! * 29) >> 8;
      if (luma > LIT_LUMA) {
        litInColumn[column]!++;
        litInRow[row]!++;
      }
    }
  }
  const across = extent(litInColumn, rows * LIT_SHARE);
  const down = extent(litInRow, columns * LIT_SHARE);
  if (!across || !down) return undefined;
  const diameter = Math.max(across.end - across.start, down.end - down.start) * step;
  const half = diameter / (2 * Math.SQRT2);
  const centreX = ((across.start + across.end) / 2) * step;
  const centreY = ((down.start + down.end) / 2) * step;
  const left = Math.max(0, Math.round(centreX - half));
  const top = Math.max(0, Math.round(centreY - half));
  const right = Math.min(width, Math.round(centreX + half));
  const bottom = Math.min(height, Math.round(centreY + half));
  return right - left >= 2 && bottom - top >= 2 ? { left, top, width: right - left, height: bottom - top } : undefined;
}

/** The first and one past the last index whose count reaches `least`. */
function extent(counts: Uint32Array, least: number): { start: number; end: number } | undefined {
  const start = counts.findIndex((count) => count >= least);
  if (start < 0) return undefined;
  let end = counts.length;
  while (counts[end - 1]! < least) end--;
  return { start, end };
}
