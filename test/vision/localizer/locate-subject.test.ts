import { describe, expect, it } from 'vitest';
import { locateSubjects, type Location } from '../../../src/vision/localizer/locate-subject.js';
import { subjectPixels } from '../../../src/vision/localizer/subject-pixels.js';
import { subjectRegion } from '../../../src/vision/localizer/subject-look.js';

const grid = (rows: number[][]) => Float32Array.from(rows.flat());
/** Two subjects at 0.5: cells 0 and 1 at the top left, and 11, 14 and 15 at the bottom right. */
const probabilities = grid([
  [0.9, 0.7, 0, 0],
  [0, 0.2, 0, 0],
  [0, 0, 0, 0.6],
  [0, 0, 0.8, 0.7],
]);

describe('locateSubjects', () => {
  it('groups touching cells (corners too), largest first, with their boxes in the photo’s pixels', () => {
    const found = locateSubjects(probabilities, 4, 0.5, { sourceWidth: 400, sourceHeight: 200 });
    expect(found.map((subject) => subject.cells)).toEqual([
      [11, 14, 15],
      [0, 1],
    ]);
    expect(found[0]).toMatchObject({ box: [200, 100, 400, 200], peak: expect.closeTo(0.8, 5), share: 3 / 16 });
    expect(found[1]!.box).toEqual([0, 0, 200, 50]);
  });

  it('finds nothing under the threshold', () => {
    expect(locateSubjects(probabilities, 4, 0.95, { sourceWidth: 4, sourceHeight: 4 })).toEqual([]);
  });
});

describe('subjectRegion', () => {
  const location = { grid: 4, probabilities, frame: { width: 400, height: 200 } } as unknown as Location;
  const [corner, top] = locateSubjects(probabilities, 4, 0.5, { sourceWidth: 400, sourceHeight: 200 });

  it('is the subject’s cells widened by a quarter of their longer side, clipped to the photo', () => {
    // Cells 11, 14, 15: columns 2–3, rows 2–3 of a 4 × 4 grid, half the side; widened by an eighth.
    expect(subjectRegion({ width: 400, height: 200, sourceWidth: 400 }, location, corner!)).toEqual({
      left: 150,
      top: 75,
      width: 250,
      height: 125,
    });
    // Cells 0, 1: columns 0–1 of row 0; widened by an eighth of the width, clipped at the top and left.
    expect(subjectRegion({ width: 400, height: 200, sourceWidth: 400 }, location, top!)).toEqual({
      left: 0,
      top: 0,
      width: 250,
      height: 75,
    });
  });
});

describe('subjectPixels', () => {
  /** A 64 × 64 photo of `ground` with a square of `subject` from (24, 24) to (`to`, `to`). */
  const photo = (ground: number[], subject: number[], to = 40) => {
    const pixels = Buffer.alloc(64 * 64 * 3);
    for (let y = 0; y < 64; y++)
      for (let x = 0; x < 64; x++)
        pixels.set(x >= 24 && x < to && y >= 24 && y < to ? subject : ground, (y * 64 + x) * 3);
    return { width: 64, height: 64, pixels };
  };
  /** A 4 × 4 grid over the photo: `cells` at `sure`, the others at `rest`. */
  const location = (cells: number[], sure: number, rest: number, threshold: number): Location => {
    const probabilities = new Float32Array(16).fill(rest);
    for (const cell of cells) probabilities[cell] = sure;
    return {
      subject: 'stool',
      localizer: 'test',
      look: 'whole',
      grid: 4,
      probabilities,
      threshold,
      frame: { width: 64, height: 64 },
      found: locateSubjects(probabilities, 4, threshold, { sourceWidth: 64, sourceHeight: 64 }),
    };
  };
  // The middle four cells are the subject's.
  const middle = () => location([5, 6, 9, 10], 0.9, 0.3, 0.5);

  it('reads the subject’s own colour, not the ground between its cells', () => {
    const where = middle();
    const read = subjectPixels(photo([60, 140, 40], [90, 60, 30]), where, where.found[0]!);
    expect(read.standsOut).toBe(true);
    // Every block read is the brown square's (L* about 29), none the grass's (about 52).
    for (let i = 0; i < read.lab.length; i += 3) expect(read.lab[i]).toBeLessThan(35);
  });

  it('says a subject the colour of its ground does not stand out', () => {
    const where = middle();
    expect(subjectPixels(photo([60, 140, 40], [60, 140, 40]), where, where.found[0]!).standsOut).toBe(false);
  });

  it('says a subject stands out whose colour crowds in it though its ground shows some of it too', () => {
    // A dark square on a lawn flecked with the same dark (1 pixel in 18, past the 5% at which the
    // ground shows a colour): its lawn is 5.6% dark, its candidates more than half. The same flecks
    // without the square stand out from nothing.
    const where = middle();
    const fleck = (x: number, y: number) => (x * 7 + y * 13) % 18 === 0;
    const lawn = (square: boolean) => {
      const pixels = Buffer.alloc(64 * 64 * 3);
      for (let y = 0; y < 64; y++)
        for (let x = 0; x < 64; x++) {
          const inSquare = square && x >= 16 && x < 48 && y >= 16 && y < 48;
          pixels.set(inSquare || fleck(x, y) ? [40, 30, 20] : [60, 140, 40], (y * 64 + x) * 3);
        }
      return { width: 64, height: 64, pixels };
    };
    const read = subjectPixels(lawn(true), where, where.found[0]!);
    expect(read.ownShare).toBe(0);
    expect(read.standsOut).toBe(true);
    expect(subjectPixels(lawn(false), where, where.found[0]!).standsOut).toBe(false);
  });

  it('reads a one-cell subject by its cell’s blocks, which the threshold alone would nearly empty', () => {
    // One cell (5) sure, its neighbours far below: between cell centres, the threshold keeps a few
    // blocks at the cell's centre only. The brown square fills the cell's lower-right quarter.
    const where = location([5], 0.8, 0.1, 0.75);
    const read = subjectPixels(photo([60, 140, 40], [90, 60, 30], 32), where, where.found[0]!);
    expect(read.standsOut).toBe(true);
    expect(read.lab.length / 3).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < read.lab.length; i += 3) expect(read.lab[i]).toBeLessThan(35);
  });

  it('tells the blocks crushed to the camera’s black from those whose colour can be read', () => {
    const where = middle();
    // sRGB 8 (L* about 2) is a crushed shadow; sRGB 30 (L* about 11) is a black that still has a colour.
    const crushed = subjectPixels(photo([60, 140, 40], [8, 8, 8]), where, where.found[0]!);
    expect(crushed.crushedShare).toBe(1);
    expect(crushed.litLab.length).toBe(0);
    const dark = subjectPixels(photo([60, 140, 40], [30, 30, 30]), where, where.found[0]!);
    expect(dark.crushedShare).toBe(0);
    expect(dark.litLab).toEqual(dark.lab);
  });

  it('reads the black level of a subject and its ground: their darkest blocks', () => {
    const where = middle();
    // A dark square on grass: its blocks are the darkest. The same photo washed out (nothing under L* 50).
    expect(subjectPixels(photo([60, 140, 40], [30, 30, 30]), where, where.found[0]!).blackLevel).toBeLessThan(15);
    expect(subjectPixels(photo([190, 200, 180], [150, 140, 130]), where, where.found[0]!).blackLevel).toBeGreaterThan(
      50,
    );
  });
});
