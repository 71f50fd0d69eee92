import { describe, expect, it } from 'vitest';
import type { Pixels } from '../../src/vision/image-tensor.js';
import type { Region } from '../../src/vision/region.js';
import { insideRoundView } from '../../src/vision/round-view.js';

interface Disc {
  readonly x: number;
  readonly y: number;
  readonly radius: number;
}

/** A lit pink disc (a canal through an otoscope) in black, with `specks` lit pixels anywhere. */
function roundView(width: number, height: number, disc: Disc, specks: ReadonlyArray<readonly [number, number]> = []) {
  const pixels = Buffer.alloc(width * height * 3);
  const light = (x: number, y: number) => pixels.set([240, 184, 176], (y * width + x) * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) if (Math.hypot(x - disc.x, y - disc.y) <= disc.radius) light(x, y);
  for (const [x, y] of specks) light(x, y);
  return { width, height, pixels } satisfies Pixels;
}

const corners = ({ left, top, width, height }: Region) => [
  [left, top],
  [left + width, top],
  [left, top + height],
  [left + width, top + height],
];

/** Every corner of the region inside the disc (within a sample's step), so no black is read. */
function expectInside(region: Region | undefined, disc: Disc, step: number) {
  expect(region).toBeDefined();
  for (const [x, y] of corners(region!))
    expect(Math.hypot(x! - disc.x, y! - disc.y)).toBeLessThanOrEqual(disc.radius + step);
}

describe('the part of a round view inside its lit disc', () => {
  it('is the square inscribed in a disc inside the frame', () => {
    const disc = { x: 150, y: 120, radius: 100 };
    const region = insideRoundView(roundView(300, 240, disc));
    expectInside(region, disc, 2);
    // The inscribed square's side is the radius × √2: 141 pixels.
    expect(region!.width).toBeGreaterThanOrEqual(135);
    expect(region!.height).toBeGreaterThanOrEqual(135);
  });

  it('is clipped to the frame when the disc runs off its top and bottom, and stays inside the disc', () => {
    const disc = { x: 200, y: 150, radius: 180 };
    const region = insideRoundView(roundView(400, 300, disc));
    expectInside(region, disc, 2);
    expect(region!.width).toBeGreaterThanOrEqual(245); // 2 × 180 / √2 = 254
    expect(region!.top).toBeGreaterThanOrEqual(0);
    expect(region!.top + region!.height).toBeLessThanOrEqual(300);
  });

  it('is not widened by a stray lit speck in the black', () => {
    const disc = { x: 200, y: 150, radius: 120 };
    const region = insideRoundView(
      roundView(400, 300, disc, [
        [2, 2],
        [396, 296],
        [4, 150],
      ]),
    );
    expectInside(region, disc, 2);
  });

  it('is nothing when nothing is lit', () => {
    expect(insideRoundView(roundView(64, 48, { x: 0, y: 0, radius: -1 }))).toBeUndefined();
  });
});
