import { describe, expect, it } from 'vitest';
import { labF } from '../../src/vision/pixels/colour-science.js';
import { labFByTable } from '../../src/vision/pixels/colour-reading.js';

describe("the exposure check's cube root", () => {
  it("is colour-science's labF within 1e-9 from black to past white", () => {
    let worst = 0;
    for (let i = 0; i <= 1_100_000; i++) {
      const t = i / 1_000_000;
      worst = Math.max(worst, Math.abs(labFByTable(t) - labF(t)));
    }
    expect(worst).toBeLessThan(1e-9);
  });
});
