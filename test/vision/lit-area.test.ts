import { describe, expect, it } from 'vitest';
import { isCutOut, isFramed, isRoundView } from '../../src/analysis/gate/picture-character.js';
import type { Pixels } from '../../src/vision/pixels/pixels.js';
import { litAreaOf, type Surround } from '../../src/vision/pixels/lit-area.js';
import type { Region } from '../../src/vision/pixels/region.js';

/** A frame, black (or white) where `lit` says not, a textured pink (a canal, skin) where it says so, with `specks` lit pixels anywhere. */
function framed(
  width: number,
  height: number,
  lit: (x: number, y: number) => boolean,
  specks: ReadonlyArray<readonly [number, number]> = [],
  surround: Surround = 'black',
): Pixels {
  const pixels = Buffer.alloc(width * height * 3, surround === 'white' ? 255 : 0);
  const light = (x: number, y: number) =>
    pixels.set([220 + ((x * 7 + y * 13) % 30), 150 + ((x * 3) % 40), 150 + ((y * 5) % 30)], (y * width + x) * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (lit(x, y)) light(x, y);
  for (const [x, y] of specks) light(x, y);
  return { width, height, pixels };
}

interface Disc {
  readonly x: number;
  readonly y: number;
  readonly radius: number;
}

const disc =
  ({ x, y, radius }: Disc) =>
  (px: number, py: number) =>
    Math.hypot(px - x, py - y) <= radius;

/** A width × height photo rotated by `degrees` about the frame's centre, onto black. */
const rotated =
  (frameWidth: number, frameHeight: number, width: number, height: number, degrees: number) =>
  (px: number, py: number) => {
    const angle = (degrees * Math.PI) / 180;
    const [dx, dy] = [px - frameWidth / 2, py - frameHeight / 2];
    const u = dx * Math.cos(angle) + dy * Math.sin(angle);
    const v = -dx * Math.sin(angle) + dy * Math.cos(angle);
    return Math.abs(u) <= width / 2 && Math.abs(v) <= height / 2;
  };

const corners = ({ left, top, width, height }: Region) => [
  [left, top],
  [left + width - 1, top],
  [left, top + height - 1],
  [left + width - 1, top + height - 1],
];

/** Every corner of the region lit (within a sample's step of the edge), so no black is read. */
function expectInside(region: Region, lit: (x: number, y: number) => boolean, step: number) {
  for (const [x, y] of corners(region)) {
    const near = [-step, 0, step].flatMap((dx) => [-step, 0, step].map((dy) => lit(x! + dx, y! + dy)));
    expect(near.some(Boolean), `corner ${x},${y}`).toBe(true);
  }
}

describe('a photo inside black: a round view, or a photo rotated or letterboxed onto black', () => {
  it('a lit disc inside the frame is a round view, read in the square inscribed in it', () => {
    const shape = { x: 150, y: 120, radius: 100 };
    const area = litAreaOf(framed(300, 240, disc(shape)))!;
    expect(isRoundView(area)).toBe(true);
    expect(area.turn?.degrees).toBeUndefined();
    expectInside(area.inside, disc(shape), 2);
    // The inscribed square's side is the radius × √2: 141 pixels.
    expect(area.inside.width).toBeGreaterThanOrEqual(135);
    expect(area.inside.height).toBeGreaterThanOrEqual(135);
  });

  it('a disc cut off by the frame at its top and bottom is a round view, read inside it', () => {
    const shape = { x: 200, y: 150, radius: 180 };
    const area = litAreaOf(framed(400, 300, disc(shape)))!;
    expect(isRoundView(area)).toBe(true);
    expectInside(area.inside, disc(shape), 2);
    expect(area.inside.width).toBeGreaterThanOrEqual(245);
  });

  it('a stray lit speck in the black neither widens the part read nor unmakes the disc', () => {
    const shape = { x: 200, y: 150, radius: 120 };
    const specks = [
      [2, 2],
      [396, 296],
      [4, 150],
    ] as const;
    const area = litAreaOf(framed(400, 300, disc(shape), specks))!;
    expect(isRoundView(area)).toBe(true);
    expectInside(area.inside, disc(shape), 2);
  });

  it.each([10, 20, 30, -4, -17])(
    'a photo rotated by %i° onto black is a photo, read without its black corners',
    (degrees) => {
      const lit = rotated(400, 300, 380, 280, degrees);
      const area = litAreaOf(framed(400, 300, lit))!;
      expect(area).toBeDefined();
      expect(isRoundView(area)).toBe(false);
      expectInside(area.inside, lit, 2);
      expect(area.inside.width * area.inside.height).toBeGreaterThan(400 * 300 * 0.3);
      // …and how far it is turned, from its straight edges: what photo-to-read.ts turns back.
      expect(area.turn?.degrees).toBeCloseTo(degrees, 0);
    },
  );

  it('a photo on a canvas grown to hold it whole (its corners touch the frame) is turned as far as its edges say', () => {
    // 300 × 200 turned by 12° needs a 335 × 258 canvas.
    const lit = rotated(336, 260, 300, 200, 12);
    expect(litAreaOf(framed(336, 260, lit))!.turn?.degrees).toBeCloseTo(12, 0);
  });

  it('a square photo rotated by 45° (an octagon in the frame, which a circle nearly fits) is a photo', () => {
    const lit = rotated(300, 300, 360, 360, 45);
    const area = litAreaOf(framed(300, 300, lit))!;
    expect(area.onCircle).toBeGreaterThan(0.6);
    expect(isRoundView(area)).toBe(false);
    expectInside(area.inside, lit, 2);
    expect(Math.abs(area.turn!.degrees)).toBeCloseTo(45, 0);
  });

  it('a letterboxed photo (black bands above and below) is a photo, read between the bands', () => {
    const area = litAreaOf(framed(400, 300, (_, y) => y >= 50 && y < 250))!;
    expect(isRoundView(area)).toBe(false);
    expect(area.inside).toMatchObject({ left: 0, width: 400 });
    expect(area.inside.top).toBeGreaterThanOrEqual(50);
    expect(area.inside.top + area.inside.height).toBeLessThanOrEqual(252);
    expect(area.inside.height).toBeGreaterThanOrEqual(190);
    expect(area.turn?.degrees).toBeCloseTo(0, 1);
  });

  it('is nothing when a corner is not black (the photo is read whole), or when nothing is lit', () => {
    expect(litAreaOf(framed(300, 200, () => true))).toBeUndefined();
    expect(litAreaOf(framed(300, 200, (x, y) => x > 20 || y > 20))).toBeUndefined();
    expect(litAreaOf(framed(64, 48, () => false))).toBeUndefined();
  });
});

/**
 * An animal's outline: a body (an ellipse), four legs standing on the frame's bottom, a head
 * touching its top and a tail touching its left side, as a stock photo's animal cut out tightly
 * touches the frame.
 */
const animalOutline = (x: number, y: number) =>
  ((x - 200) / 150) ** 2 + ((y - 150) / 80) ** 2 <= 1 ||
  [110, 160, 240, 290].some((leg) => Math.abs(x - leg) <= 12 && y >= 150) ||
  Math.hypot(x - 330, y - 60) <= 60 ||
  (x <= 60 && Math.abs(y - (130 - (60 - x) * 0.6)) <= 8);

describe('a photo on white: rotated, letterboxed or framed on white, or something cut out and set on white', () => {
  it.each([10, 20, 45])('a photo rotated by %i° onto white is a photo, read without its white corners', (degrees) => {
    const lit = rotated(400, 300, 380, 280, degrees);
    const area = litAreaOf(framed(400, 300, lit, [], 'white'), 'white')!;
    expect(area.surround).toBe('white');
    expect(isCutOut(area) || isRoundView(area)).toBe(false);
    expect(isFramed(area)).toBe(true);
    expectInside(area.inside, lit, 2);
  });

  it('a letterboxed photo (white bands above and below) is a photo, read between the bands', () => {
    const area = litAreaOf(
      framed(400, 300, (_, y) => y >= 50 && y < 250, [], 'white'),
      'white',
    )!;
    expect(isCutOut(area)).toBe(false);
    expect(isFramed(area)).toBe(true);
    expect(area.inside).toMatchObject({ left: 0, width: 400 });
    expect(area.inside.height).toBeGreaterThanOrEqual(190);
  });

  it('an animal cut out and set on white, touching three sides of the frame, is a cut-out', () => {
    const area = litAreaOf(framed(400, 300, animalOutline, [], 'white'), 'white')!;
    expect(area.onLines).toBeLessThan(0.5);
    expect(area.surroundOnEdge).toBeGreaterThan(0.85);
    expect(isCutOut(area)).toBe(true);
    expect(isRoundView(area)).toBe(false);
    // Its backdrop is pure white: blown out all along the edge.
    expect(area.blownOnEdge).toBeGreaterThan(0.85);
  });

  it('white paper photographed round a subject is white to the surround, but not blown out', () => {
    const photo = framed(400, 300, animalOutline, [], 'white');
    // Paper’s shading and grain, 235–249, with the corners darker (vignetting): no sample at 250.
    for (let y = 0; y < 300; y++)
      for (let x = 0; x < 400; x++) {
        const at = (y * 400 + x) * 3;
        if (photo.pixels[at] !== 255) continue;
        const shade = 249 - Math.round(5 * Math.hypot((x - 200) / 200, (y - 150) / 150) ** 2) - ((x * 7 + y * 3) % 5);
        photo.pixels.set([shade, shade, shade - 2], at);
      }
    const area = litAreaOf(photo, 'white')!;
    expect(isCutOut(area)).toBe(true);
    expect(area.blownOnEdge).toBe(0);
  });

  it('a long bar cut out and set on white (a tool, a syringe) is a cut-out: its straight edges hold too small a rectangle to be a photo’s', () => {
    const area = litAreaOf(framed(400, 300, rotated(400, 300, 300, 40, 25), [], 'white'), 'white')!;
    expect(area.onLines).toBeGreaterThan(0.5);
    expect(area.insideShare).toBeLessThan(0.2);
    expect(isFramed(area)).toBe(false);
    expect(isCutOut(area)).toBe(true);
  });

  it('something cut out on blown-out white that touches a corner of the frame (a flag’s pole) is still on white', () => {
    // A pole from the bottom left corner, and a flag on it.
    const flag = (x: number, y: number) =>
      (Math.abs(y - (300 - 0.75 * x)) < 6 && x < 180) || (x > 170 && x < 330 && y > 30 && y < 130);
    const area = litAreaOf(framed(400, 300, flag, [], 'white'), 'white')!;
    expect(area.surround).toBe('white');
    expect(area.blownOnEdge).toBeGreaterThan(0.85);
    expect(isCutOut(area)).toBe(true);
    // …but not where the white is paper's, shaded under blown out: a corner then reads the photo whole.
    const photo = framed(400, 300, flag, [], 'white');
    for (let at = 0; at < photo.pixels.length; at += 3)
      if (photo.pixels[at] === 255) photo.pixels.set([246, 246, 244], at);
    expect(litAreaOf(photo, 'white')).toBeUndefined();
  });

  it('a black surround is never blown out', () => {
    expect(litAreaOf(framed(300, 240, disc({ x: 150, y: 120, radius: 100 })))!.blownOnEdge).toBe(0);
  });

  it('a furry face filling the frame on white, running off its four sides, is no cut-out and no framed photo', () => {
    // An ellipse with a wavy edge, as fur is: a smooth one's short arcs in the corners fit lines.
    const face = (x: number, y: number) => {
      const fur = 1 + 0.08 * Math.sin(14 * Math.atan2(y - 150, x - 200));
      return ((x - 200) / (230 * fur)) ** 2 + ((y - 150) / (170 * fur)) ** 2 <= 1;
    };
    const area = litAreaOf(framed(400, 300, face, [], 'white'), 'white')!;
    expect(area.surroundOnEdge).toBeLessThan(0.6);
    expect(isCutOut(area)).toBe(false);
    // Its white corners are the photo's own (a wall behind it): it is read whole.
    expect(isFramed(area)).toBe(false);
  });

  it('a disc on white is something round cut out (a coin, a ball): no instrument’s view, and no photo cropped round', () => {
    const area = litAreaOf(framed(300, 240, disc({ x: 150, y: 120, radius: 100 }), [], 'white'), 'white')!;
    expect(area.onCircle).toBeGreaterThan(0.6);
    expect(isRoundView(area)).toBe(false);
    expect(isFramed(area)).toBe(false);
    expect(isCutOut(area)).toBe(true);
  });

  it('is nothing on black, nor on a pale photo: pale pink skin is no white', () => {
    expect(litAreaOf(framed(400, 300, animalOutline), 'white')).toBeUndefined();
    expect(
      litAreaOf(
        framed(400, 300, () => true, [], 'white'),
        'white',
      ),
    ).toBeUndefined();
  });
});
