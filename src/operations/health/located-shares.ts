import type { ColourName } from '../../vision/tables/colour-palette.js';
import { type ColourNaming, labShares } from '../../vision/pixels/colour-reading.js';
import type { SubjectPixels } from '../../vision/localizer/subject-pixels.js';

/**
 * The ground on and around a located stool: seen from above, a lawn's blades lie over its edges and
 * between its pieces, and the blocks there read green; on red mulch or clay, or in a red cast, they
 * read red. Where the ground around it shows a colour the operation names as one it lends
 * (`groundLends`) over `groundFrom` of its blocks, that colour is the stool's own only where it
 * covers `ownFrom` of it; less, and those blocks are the ground's. Measured (2026-11-28) on the 586
 * real stool photos, all ordinary stools: of the 484 found and judged, the 121 on ground green
 * over 0.4 read green over up to 0.70 of their blocks, and 8 of them were "green stool" (mild); on
 * ground less green, 2 (one olive stool on concrete and its noised copy, green 0.66–0.68) keep that
 * finding. One lay on ground red over 0.4 (0.71, a red-cast copy): "fresh blood", severe; the 5
 * other stools read partly red (6–19%) lie on ground red under 0.2, and keep their finding. No
 * photo of a green or bloody stool was at hand: this rests on one being that colour nearly all over.
 */
export const GROUND_ON_SUBJECT = { groundFrom: 0.4, ownFrom: 0.8 } as const;

/**
 * A photo washed out by haze, glare or a brightening edit: the darkest of a located subject's and
 * its ground's blocks (SubjectPixels.blackLevel) at `blackFrom` or lighter. Its colours are lifted
 * toward grey, and grey or white (pale clay) cannot be told from a pale brown there: they are read
 * as the operation's `washedOutPale` (a stool's light brown). Measured
 * (2026-11-28) on the 484 real stools found and judged: the black level lies near 13 at the median
 * and 34 at the 95th percentile; all 7 read as pale clay (moderate) lie at 29–53, and 63 at 25 or
 * more. No photo of a clay-coloured stool was at hand: in a photo with shadows it is still read.
 */
export const WASHED_OUT = { blackFrom: 25 } as const;

/** How an operation reads a located subject's own blocks. */
export interface LocatedReading {
  readonly naming: ColourNaming;
  /** Name only the blocks a camera did not crush to black (PhotoNeeds.blackIsAFinding). */
  readonly litOnly: boolean;
  /** The colours (groups of names) its ground lends it, where the ground shows them (GROUND_ON_SUBJECT): a lawn's green. */
  readonly groundLends: readonly (readonly ColourName[])[];
  /** What grey and white are read as in a washed-out photo (WASHED_OUT), where pale is a finding it cannot show: a stool's light brown. */
  readonly washedOutPale: ColourName | undefined;
  /** The colours its table expects of a healthy subject (its `normal` rules'): a stool's browns. */
  readonly expected: readonly ColourName[];
}

/** The share of each named colour in a located subject's own blocks, as `reading` reads them. */
export function locatedShares(subject: SubjectPixels, reading: LocatedReading): Record<ColourName, number> {
  const shares = labShares(reading.litOnly ? subject.litLab : subject.lab, reading.naming);
  const aside: ColourName[] = [];
  const ground = reading.groundLends.length > 0 ? labShares(subject.groundLab, reading.naming) : undefined;
  for (const colours of reading.groundLends) {
    const share = (of: Record<ColourName, number>) => colours.reduce((sum, name) => sum + of[name], 0);
    const own = share(shares);
    if (own > 0 && own < GROUND_ON_SUBJECT.ownFrom && share(ground!) >= GROUND_ON_SUBJECT.groundFrom)
      aside.push(...colours);
  }
  const read = setAside(shares, aside, reading.expected);
  const pale = reading.washedOutPale;
  if (!pale || subject.blackLevel < WASHED_OUT.blackFrom) return read;
  return { ...read, [pale]: read[pale] + read.grey + read.white, grey: 0, white: 0 };
}

/**
 * `shares` with the colours `aside` set aside as the ground's (the lawn's blades, red mulch): the
 * expected colours are measured over the blocks left, while a colour that raises a finding keeps
 * its share of every block read, so that setting blocks aside never raises one (measured over the
 * blocks left, 3 more stools were pale clay or blood).
 */
function setAside(
  shares: Record<ColourName, number>,
  aside: readonly ColourName[],
  expected: readonly ColourName[],
): Record<ColourName, number> {
  if (aside.length === 0) return shares;
  const left = 1 - aside.reduce((sum, name) => sum + shares[name], 0);
  return Object.fromEntries(
    Object.entries(shares).map(([name, share]) => {
      const colour = name as ColourName;
      if (aside.includes(colour)) return [name, 0];
      return [name, expected.includes(colour) && left > 0 ? share / left : share];
    }),
  ) as Record<ColourName, number>;
}
