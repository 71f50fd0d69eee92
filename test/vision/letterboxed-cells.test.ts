import { describe, expect, it } from 'vitest';
import { letterboxedCellsOnFrame } from '../../src/vision/localizer/letterboxed-cells.js';

describe('a letterboxed grid laid over the photo', () => {
  // A 4 × 4 grid whose photo fills the top half (a photo twice as wide as high): rows 0–1 are the
  // photo, rows 2–3 padding, each cell numbered by its index.
  const square = Float32Array.from({ length: 16 }, (_, i) => i);

  it('stretches the photo’s cells over the frame and never reads the padding', () => {
    const onFrame = letterboxedCellsOnFrame(square, 4, { width: 1, height: 0.5 });
    expect(Array.from(onFrame)).toEqual([0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 4, 5, 6, 7]);
  });

  it('keeps a square photo’s grid as it is', () => {
    expect(Array.from(letterboxedCellsOnFrame(square, 4, { width: 1, height: 1 }))).toEqual(Array.from(square));
  });

  it('reads a portrait photo from the left columns', () => {
    const onFrame = letterboxedCellsOnFrame(square, 4, { width: 0.5, height: 1 });
    expect(Array.from(onFrame)).toEqual([0, 0, 1, 1, 4, 4, 5, 5, 8, 8, 9, 9, 12, 12, 13, 13]);
  });
});
