import type { ColourName } from '../../vision/tables/colour-palette.js';
import { type ColourNaming, labShares } from '../../vision/pixels/colour-reading.js';
import type { SubjectPixels } from '../../vision/localizer/subject-pixels.js';

/**
 * Grass on and around a located stool on a lawn: seen from above, blades lie over its edges and
 * between its pieces, and the blocks there read green. Where the ground around it is green over
 * `groundFrom` of its blocks, green is the stool's own only where it covers `ownFrom` of it; less,
 * and its green blocks are the lawn's. Measured (2026-11-28) on the 586 real stool photos, all
 * ordinary stools: of the 484 found and judged, the 121 on ground green over 0.4 read green over
 * up to 0.70 of their blocks, and 8 of them were "green stool" (mild); on ground less green, 2
 * (one olive stool on concrete and its noised copy, green 0.66–0.68) keep that finding. No photo
 * of a green stool on a lawn was at hand: it rests on one being green nearly all over.
 */
export const GRASS_ON_SUBJECT = { groundFrom: 0.4, ownFrom: 0.8 } as const;

/** How an operation reads a located subject's own blocks. */
export interface LocatedReading {
  readonly naming: ColourNaming;
  /** Name only the blocks a camera did not crush to black (PhotoNeeds.blackIsAFinding). */
  readonly litOnly: boolean;
  /** Take green blocks on a green ground for grass (GRASS_ON_SUBJECT): a stool on a lawn. */
  readonly grassOnIt: boolean;
  /** The colours its table expects of a healthy subject (its `normal` rules'): a stool's browns. */
  readonly expected: readonly ColourName[];
}

/** The share of each named colour in a located subject's own blocks, as `reading` reads them. */
export function locatedShares(subject: SubjectPixels, reading: LocatedReading): Record<ColourName, number> {
  const shares = labShares(reading.litOnly ? subject.litLab : subject.lab, reading.naming);
  if (!reading.grassOnIt || shares.green === 0 || shares.green >= GRASS_ON_SUBJECT.ownFrom) return shares;
  if (labShares(subject.groundLab, reading.naming).green < GRASS_ON_SUBJECT.groundFrom) return shares;
  // The lawn's blades, set aside: the expected colours (a stool's browns) are measured over the
  // blocks left, while a colour that raises a finding keeps its share of every block read, so that
  // setting grass aside never raises one (all renormalised, 3 more stools were pale clay or blood).
  const own = 1 - shares.green;
  return Object.fromEntries(
    Object.entries(shares).map(([name, share]) => [
      name,
      name === 'green' ? 0 : reading.expected.includes(name as ColourName) ? share / own : share,
    ]),
  ) as Record<ColourName, number>;
}
