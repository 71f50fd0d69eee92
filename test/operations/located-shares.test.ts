import { describe, expect, it } from 'vitest';
import { GROUND_ON_SUBJECT, locatedShares, WASHED_OUT } from '../../src/operations/health/located-shares.js';
import { stoolColourNaming } from '../../src/operations/stool/stool-colours.js';
import type { SubjectPixels } from '../../src/vision/localizer/subject-pixels.js';

/** CIELAB blocks: `n` of each colour. */
const blocks = (...parts: [number, [number, number, number]][]) =>
  new Float32Array(parts.flatMap(([n, colour]) => Array(n).fill(colour).flat()));
const BROWN: [number, number, number] = [29, 4, 8];
const GRASS: [number, number, number] = [45, -20, 25];
const SAND: [number, number, number] = [60, 3, 14];

const stoolOn = (own: Float32Array, ground: Float32Array): SubjectPixels => ({
  lab: own,
  litLab: own,
  groundLab: ground,
  standsOut: true,
  ownShare: 1,
  crushedShare: 0,
  blackLevel: 10,
});
const reading = {
  naming: stoolColourNaming,
  litOnly: true,
  groundLends: [['green'], ['red', 'dark_red']] as const,
  washedOutPale: 'light_brown' as const,
  expected: ['dark_brown', 'brown', 'light_brown'] as const,
};

describe('a located stool’s colours: the ground’s on it, crushed shadows and a washed-out grey are not its own', () => {
  it('takes green blocks on a lawn for the lawn’s blades, under the share a green stool covers', () => {
    // Six tenths green on a green lawn: "green stool" before; the blades over a brown stool.
    const shares = locatedShares(stoolOn(blocks([6, GRASS], [4, BROWN]), blocks([10, GRASS])), reading);
    expect(shares.green).toBe(0);
    expect(shares.brown).toBeCloseTo(1);
  });

  it('takes red blocks on red ground (mulch, clay, a red cast) for the ground’s, not blood', () => {
    const MULCH: [number, number, number] = [40, 40, 30];
    const shares = locatedShares(stoolOn(blocks([3, MULCH], [7, BROWN]), blocks([10, MULCH])), reading);
    expect(shares.red + shares.dark_red).toBe(0);
    // On a lawn, the same red is the stool's own.
    expect(locatedShares(stoolOn(blocks([3, MULCH], [7, BROWN]), blocks([10, GRASS])), reading).red).toBeCloseTo(0.3);
  });

  it('measures the expected browns over the blocks left, never a colour that raises a finding', () => {
    const CLAY: [number, number, number] = [70, 2, 8];
    const shares = locatedShares(stoolOn(blocks([6, GRASS], [3, BROWN], [1, CLAY]), blocks([10, GRASS])), reading);
    expect(shares.brown).toBeCloseTo(0.75);
    // A tenth of the blocks read, as before: not a quarter of those left, which would be pale clay sooner.
    expect(shares.grey).toBeCloseTo(0.1);
  });

  it('keeps a stool green nearly all over, on a lawn too', () => {
    // Nine tenths green (the limit is GROUND_ON_SUBJECT.ownFrom).
    const green = 9;
    expect(green / 10).toBeGreaterThan(GROUND_ON_SUBJECT.ownFrom);
    const shares = locatedShares(stoolOn(blocks([green, GRASS], [10 - green, BROWN]), blocks([10, GRASS])), reading);
    expect(shares.green).toBeCloseTo(green / 10);
  });

  it('keeps green on ground that is not a lawn, and where the operation sees no grass', () => {
    const own = blocks([6, GRASS], [4, BROWN]);
    expect(locatedShares(stoolOn(own, blocks([10, SAND])), reading).green).toBeCloseTo(0.6);
    expect(locatedShares(stoolOn(own, blocks([10, GRASS])), { ...reading, groundLends: [] }).green).toBeCloseTo(0.6);
  });

  it('reads grey as a pale brown in a washed-out photo, where it cannot be told from one; keeps it where shadows are dark', () => {
    const CLAY: [number, number, number] = [70, 2, 8];
    const own = blocks([5, CLAY], [5, BROWN]);
    const washedOut = { ...stoolOn(own, blocks([10, SAND])), blackLevel: WASHED_OUT.blackFrom };
    expect(locatedShares(washedOut, reading).grey).toBe(0);
    expect(locatedShares(washedOut, reading).light_brown).toBeCloseTo(0.5);
    expect(locatedShares(stoolOn(own, blocks([10, SAND])), reading).grey).toBeCloseTo(0.5);
    expect(locatedShares(washedOut, { ...reading, washedOutPale: undefined }).grey).toBeCloseTo(0.5);
    // Grey all over, washed out: a pale brown, not pale clay.
    const allGrey = { ...stoolOn(blocks([10, CLAY]), blocks([10, SAND])), blackLevel: WASHED_OUT.blackFrom };
    expect(locatedShares(allGrey, reading).light_brown).toBeCloseTo(1);
  });

  it('names only the blocks a camera did not crush to black where black is a finding', () => {
    const crushed = { ...stoolOn(blocks([6, [2, 0, 0]], [4, BROWN]), blocks([10, SAND])), litLab: blocks([4, BROWN]) };
    expect(locatedShares(crushed, reading).black).toBe(0);
    expect(locatedShares(crushed, { ...reading, litOnly: false }).black).toBeCloseTo(0.6);
  });
});
