import { describe, expect, it } from 'vitest';
import { rectangleFill } from '../../src/image/rectangle-fill.js';

/** A 200 × 200 mask whose opaque pixels are those `inside` holds for, at their centres. */
const fillOf = (inside: (x: number, y: number) => boolean) =>
  rectangleFill(200, 200, (x, y) => inside(x + 0.5, y + 0.5));

/** Inside a w × h rectangle centred in the mask and turned by `degrees`. */
const turnedRectangle = (w: number, h: number, degrees: number) => (x: number, y: number) => {
  const [cos, sin] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
  const [u, v] = [(x - 100) * cos + (y - 100) * sin, -(x - 100) * sin + (y - 100) * cos];
  return Math.abs(u) <= w / 2 && Math.abs(v) <= h / 2;
};

describe('how fully an opaque part fills the rectangle around it', () => {
  it('is 1 for an upright block, and nearly 1 for one turned by any angle', () => {
    expect(fillOf(turnedRectangle(150, 90, 0))).toBeCloseTo(1, 5);
    for (const degrees of [3, 17, 30, 45, 72]) expect(fillOf(turnedRectangle(120, 60, degrees))).toBeGreaterThan(0.97);
  });

  it('is π/4 for a disc, and less for an outline that is neither', () => {
    expect(fillOf((x, y) => (x - 100) ** 2 + (y - 100) ** 2 <= 90 ** 2)).toBeCloseTo(Math.PI / 4, 2);
    // An L: three quarters of its square.
    expect(fillOf((x, y) => x < 180 && y < 180 && (x < 90 || y > 90))).toBeCloseTo(0.75, 1);
  });

  it('is undefined where nothing is opaque', () => {
    expect(fillOf(() => false)).toBeUndefined();
  });
});
