import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseYoloLabels, readBoxFolder } from '../../../src/training/localizer/box-folder.js';
import {
  boxesInTile,
  cellCoverage,
  groundSquare,
  subjectCells,
  zoomedOut,
  zoomedOutBoxes,
} from '../../../src/training/localizer/localizer-rows.js';
import { tempDir } from '../../fixtures/temp-dir.js';

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7a8a3a' } })
    .jpeg()
    .toBuffer();
});

/** An export folder: `files` maps a path inside it to a label file's text, or to a photo (undefined). */
function exportFolder(files: Record<string, string | undefined>): string {
  const dir = tempDir('pawlens-boxes-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text ?? jpeg);
  }
  return dir;
}

describe('parseYoloLabels', () => {
  it('reads one box a line, relative to the image, and skips blank lines', () => {
    expect(parseYoloLabels('0 0.5 0.5 0.2 0.4\n\n0 0.1 0.1 0.2 0.2\r\n', 'a.txt', [0])).toEqual([
      { cx: 0.5, cy: 0.5, w: 0.2, h: 0.4 },
      { cx: 0.1, cy: 0.1, w: 0.2, h: 0.2 },
    ]);
  });

  it.each([
    ['0 0.5 0.5 0.2', /a\.txt, line 1: "0 0\.5 0\.5 0\.2" is not a YOLO box/],
    ['0 0.5 0.5 0.2 0.2\n0 0.1 0.1 0.1 0.1 0.3 0.3', /line 2: .*Polygons and keypoints are not read/],
    ['0 0.5 0.5 two 0.2', /line 1: .* is not a YOLO box/],
    ['3 0.5 0.5 0.2 0.2', /line 1: class 3 is not a class of this subject \(0\)/],
    ['0 0.95 0.5 0.2 0.2', /line 1: the box .* is not inside the image/],
    ['0 120 80 40 40', /line 1: the box .* is not inside the image: YOLO values are shares/],
    ['0 0.5 0.5 0 0.2', /not inside the image/],
  ])('refuses %j naming the file and the line', (text, message) => {
    expect(() => parseYoloLabels(text, 'a.txt', [0])).toThrow(message);
  });
});

describe('readBoxFolder', () => {
  it('reads images/ and labels/ side by side, an empty label file as a photo without the subject', async () => {
    const dir = exportFolder({
      'images/b.jpg': undefined,
      'images/a.png': undefined,
      'labels/a.txt': '0 0.5 0.5 0.5 0.5',
      'labels/b.txt': '',
      'labels/classes.txt': 'stool',
    });
    const photos = await readBoxFolder(dir);
    expect(photos.map((photo) => [photo.path.slice(dir.length), photo.boxes.length])).toEqual([
      ['/images/a.png', 1],
      ['/images/b.jpg', 0],
    ]);
  });

  it('reads a label file beside each photo', async () => {
    const dir = exportFolder({ 'a.jpg': undefined, 'a.txt': '0 0.5 0.5 0.5 0.5' });
    expect(await readBoxFolder(dir)).toHaveLength(1);
  });

  it('refuses a photo without its label file, and a label file without its photo', async () => {
    await expect(readBoxFolder(exportFolder({ 'images/a.jpg': undefined, 'labels/x.txt': '' }))).rejects.toThrow(
      /labels\/x\.txt has no photo: .*images\/x\.jpg .* is missing/,
    );
    await expect(readBoxFolder(exportFolder({ 'images/a.jpg': undefined, 'labels/.keep': '' }))).rejects.toThrow(
      /images\/a\.jpg has no label file .*labels\/a\.txt; a photo that shows no subject needs an empty one/,
    );
  });

  it('refuses a bad line in any label file, naming it', async () => {
    const dir = exportFolder({ 'images/a.jpg': undefined, 'labels/a.txt': '0 0.5 0.5 0.5 0.5\n1 0.5 0.5 0.1 0.1' });
    await expect(readBoxFolder(dir)).rejects.toThrow(/labels\/a\.txt, line 2: class 1/);
    await expect(readBoxFolder(dir, [0, 1])).resolves.toHaveLength(1);
  });

  it('refuses half an export', async () => {
    await expect(readBoxFolder(exportFolder({ 'images/a.jpg': undefined }))).rejects.toThrow(
      /images\/ but no labels\//,
    );
  });
});

describe('what a localizer learns from boxes', () => {
  it('gives each cell the share of it the boxes cover', () => {
    const coverage = cellCoverage([{ cx: 0.25, cy: 0.25, w: 0.5, h: 0.5 }], 2);
    expect([...coverage]).toEqual([1, 0, 0, 0]);
    const half = cellCoverage([{ cx: 0.5, cy: 0.5, w: 0.5, h: 0.5 }], 2);
    expect([...half].map((share) => share.toFixed(2))).toEqual(['0.25', '0.25', '0.25', '0.25']);
  });

  it('crops the ground from the largest square clear of every box, or not at all', () => {
    const square = groundSquare([{ cx: 0.9, cy: 0.9, w: 0.2, h: 0.2 }])!;
    expect(square.x).toBe(0);
    expect(square.y).toBe(0);
    expect(square.side).toBeGreaterThan(0.7);
    expect(groundSquare([{ cx: 0.5, cy: 0.5, w: 0.6, h: 0.6 }])).toBeUndefined();
    expect(groundSquare([])).toBeUndefined();
  });

  it('gives a closer look’s tile the part of each box inside it, in the tile’s own shares', () => {
    const tile = { x: 0.4, y: 0.4, side: 0.6 };
    // A box across the tile's top-left edge keeps its inner part; one wholly outside is gone.
    const inside = boxesInTile(
      [
        { cx: 0.4, cy: 0.5, w: 0.2, h: 0.2 },
        { cx: 0.1, cy: 0.1, w: 0.1, h: 0.1 },
      ],
      tile,
    );
    expect(inside).toHaveLength(1);
    expect(inside[0]!.cx).toBeCloseTo(0.05 / 0.6);
    expect(inside[0]!.w).toBeCloseTo(0.1 / 0.6);
    expect(inside[0]!.cy).toBeCloseTo(0.1 / 0.6);
    expect(inside[0]!.h).toBeCloseTo(0.2 / 0.6);
  });

  it('takes a cell for the subject where boxes cover a quarter of it, and a small box’s most covered cell', () => {
    // A box over two whole cells and half the next; a small one inside the ninth cell (0.09 of it).
    const cells = subjectCells(
      [
        { cx: 0.3125, cy: 0.125, w: 0.625, h: 0.25 },
        { cx: 0.125, cy: 0.625, w: 0.075, h: 0.075 },
      ],
      4,
    );
    expect([...cells.subarray(0, 4)]).toEqual([1, 1, 1, 0]);
    expect(cells[8]).toBe(1);
    // A speck under SMALL_BOX_CELL_COVERAGE of its cell (one of its 64 samples) teaches nothing either way.
    const speck = { cx: 0.14, cy: 0.14, w: 0.03, h: 0.03 };
    expect(Math.max(...cellCoverage([speck], 4))).toBeGreaterThan(0);
    expect([...subjectCells([speck], 4)].every((cell) => cell === 0)).toBe(true);
  });

  it('zooms a photo out into four mirrored quarters, each box in all four', async () => {
    // A 4 × 2 photo whose top-left pixel is red and the rest black.
    const pixels = Buffer.alloc(4 * 2 * 3);
    pixels[0] = 255;
    const zoomed = await zoomedOut({ width: 4, height: 2, pixels });
    expect([zoomed.width, zoomed.height]).toEqual([4, 2]);
    // Each 2 × 1 quarter is the photo halved: its red corner lands at the zoomed photo's four corners.
    const red = [0, 1, 2, 3, 4, 5, 6, 7].filter((at) => zoomed.pixels[at * 3]! > 40);
    expect(red).toEqual([0, 3, 4, 7]);
    const boxes = zoomedOutBoxes([{ cx: 0.2, cy: 0.3, w: 0.1, h: 0.2 }]);
    expect(boxes.map((box) => [box.cx, box.cy])).toEqual([
      [0.1, 0.15],
      [0.9, 0.15],
      [0.1, 0.85],
      [0.9, 0.85],
    ]);
    expect(boxes.every((box) => box.w === 0.05 && box.h === 0.1)).toBe(true);
  });
});
