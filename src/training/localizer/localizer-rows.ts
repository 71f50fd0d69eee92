import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { DecodeSize } from '../../image/decode-image.js';
import { decodeImageBytes } from '../../image/decode-image.js';
import type { FeatureMap } from '../../vision/classifier-model.js';
import type { Pixels } from '../../vision/pixels/pixels.js';
import { cellLayout, type CellLayout, writeCellFeatures } from '../../vision/localizer/cell-features.js';
import { CLOSER_LOOK, closerLookTiles, type Tile } from '../../vision/localizer/closer-look.js';
import type { LetterboxedMaps } from '../../vision/detector-model.js';
import type { MapReader } from './map-reader.js';
import type { Rows } from './logistic-regression.js';
import { TRAINING_LIMITS } from '../photo-features.js';
import { thumbnailOf } from '../../vision/pixels/thumbnail.js';
import type { BoxedPhoto, RelativeBox } from './box-folder.js';

/**
 * How a training photo is seen: as it is, mirrored (a stool or a lesion has no left and right, and
 * the mirror doubles what is learnt from each photo), zoomed out (zoomedOut: owners' photos show
 * the subject smaller than the training photos do), and as a crop of its ground away from every
 * box, a photo of the same lawn with no subject on it. The ground crops teach what the subject is
 * not: the stool set has only 21 photos without stool, and its lawns, gravel and soil are the
 * backgrounds that matter. The photo and its ground crop are also seen as the service's closer
 * look sees them, in four tiles (closer-look.ts): those are only judged, never learnt from, to
 * choose the closer look's threshold and measure it; the mirrored and zoomed views are only learnt
 * from (learntOnly), a photo counting once where it is judged.
 */
export type ViewKind = 'photo' | 'mirrored' | 'zoomed' | 'ground' | 'tile';

/** Views made from a photo only to learn from: never judged, where the photo itself is. */
export const learntOnly = (kind: ViewKind): boolean => kind === 'mirrored' || kind === 'zoomed';

export interface TrainingView {
  /** The photo's index among those read (LocalizerData.photos). */
  readonly photo: number;
  readonly kind: ViewKind;
  /** Its boxes in the view's own coordinates (none for a ground crop). */
  readonly boxes: readonly RelativeBox[];
  /** A tile's: the index of the view (photo or ground crop) it is a tile of. */
  readonly of?: number;
}

/** The parts of `boxes` inside `tile`, in the tile's own coordinates. */
export function boxesInTile(boxes: readonly RelativeBox[], tile: Tile): RelativeBox[] {
  return boxes.flatMap((b) => {
    const [x0, x1] = [Math.max(tile.x, b.cx - b.w / 2), Math.min(tile.x + tile.side, b.cx + b.w / 2)];
    const [y0, y1] = [Math.max(tile.y, b.cy - b.h / 2), Math.min(tile.y + tile.side, b.cy + b.h / 2)];
    if (x1 <= x0 || y1 <= y0) return [];
    const at = (from: number, to: number, origin: number) => ({
      centre: ((from + to) / 2 - origin) / tile.side,
      size: (to - from) / tile.side,
    });
    const [x, y] = [at(x0, x1, tile.x), at(y0, y1, tile.y)];
    return [{ ...b, cx: x.centre, cy: y.centre, w: x.size, h: y.size }];
  });
}

/** A cell counts as the subject's when its boxes cover at least this share of it (measured: 0.1 and 0.5 did no better). */
export const SUBJECT_CELL_COVERAGE = 0.25;

/**
 * …and so does the cell a smaller box covers most, when it covers at least this share of it: a
 * stool under a quarter of a cell otherwise taught the localizer that its cell is ground, and the
 * small stools are those it missed. Measured with the zoomed views (docs/stool-localizer.md): any
 * share (no minimum) found about as many held-out stools (88.5% against 89.4%), and took a few
 * more photos without stool for stool (9.0% against 8.7%, cross-validated).
 */
export const SMALL_BOX_CELL_COVERAGE = 0.05;

/**
 * A ground crop is the largest square (as a share of the photo's sides) that keeps this far from
 * every box, and at least `minSide` of the photo's sides: smaller, it is a close-up of a few blades.
 */
const GROUND = { margin: 0.03, minSide: 0.4, steps: 64 } as const;

/** Every view's cell features (one row a cell), what each cell is, and the photo's own readings for grouping copies. */
export interface LocalizerData {
  readonly layout: CellLayout;
  readonly rows: Rows;
  /** 1 where a row's cell is the subject's (subjectCells), else 0. */
  readonly targets: Uint8Array;
  /** The share of each row's cell its boxes cover. */
  readonly coverage: Float32Array;
  readonly views: readonly TrainingView[];
  /** The photos that could be read, in order. */
  readonly photos: readonly BoxedPhoto[];
  /** Per photo: the coarsest map's mean over its cells, and a 32 × 32 grey thumbnail, to find copies by. */
  readonly pooled: readonly Float32Array[];
  readonly thumbnails: readonly Uint8Array[];
  readonly unreadable: ReadonlyArray<{ readonly path: string; readonly why: string }>;
  /** Each view's feature maps as the backbone gave them, when asked for (to run a localizer's own graph on them). */
  readonly maps?: ReadonlyArray<readonly FeatureMap[]>;
}

/** The share of each cell of a grid × grid view that the union of `boxes` covers, on 8 × 8 samples a cell. */
export function cellCoverage(boxes: readonly RelativeBox[], grid: number): Float32Array {
  const samples = 8;
  const side = grid * samples;
  const out = new Float32Array(grid * grid);
  if (boxes.length === 0) return out;
  for (let y = 0; y < side; y++) {
    const v = (y + 0.5) / side;
    for (let x = 0; x < side; x++) {
      const u = (x + 0.5) / side;
      if (boxes.some((b) => Math.abs(u - b.cx) <= b.w / 2 && Math.abs(v - b.cy) <= b.h / 2))
        out[Math.floor(y / samples) * grid + Math.floor(x / samples)]! += 1 / (samples * samples);
    }
  }
  return out;
}

/**
 * Which cells of a grid × grid view are the subject's: those its boxes cover at least
 * SUBJECT_CELL_COVERAGE of, and each smaller box's most covered cell (SMALL_BOX_CELL_COVERAGE).
 * `covered`: the boxes' cellCoverage, where the caller has it already.
 */
export function subjectCells(
  boxes: readonly RelativeBox[],
  grid: number,
  covered: Float32Array = cellCoverage(boxes, grid),
): Uint8Array {
  const cells = covered.map((share) => (share >= SUBJECT_CELL_COVERAGE ? 1 : 0));
  for (const box of boxes) {
    const own = cellCoverage([box], grid);
    const most = Math.max(...own);
    if (most >= SMALL_BOX_CELL_COVERAGE) cells[own.indexOf(most)] = 1;
  }
  return Uint8Array.from(cells);
}

/** The photo mirrored left to right. */
function mirrored(image: Pixels): Pixels {
  const { width, height, pixels } = image;
  const out = Buffer.alloc(pixels.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      pixels.copy(out, (y * width + (width - 1 - x)) * 3, (y * width + x) * 3, (y * width + x) * 3 + 3);
  return { width, height, pixels: out };
}

const WHOLE: Tile = { x: 0, y: 0, side: 1 };

/**
 * The photo at half its width and height, four times over: as it is at the top left, mirrored
 * across at the top right, down at the bottom left, and both at the bottom right, so that the
 * quarters meet seamlessly, like a lawn seen from twice as far. The training photos' stools then
 * have the size of the small stools of owners' photos (a stool under 3% of the frame, less than
 * one of the backbone's cells), which the photos as they are rarely show: with these views (and
 * subjectCells' small boxes) the localizer found 89% of the held-out photos' stools, 82% without.
 */
export async function zoomedOut(image: Pixels): Promise<Pixels> {
  const width = Math.max(1, Math.floor(image.width / 2));
  const height = Math.max(1, Math.floor(image.height / 2));
  const half = await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  const out = Buffer.alloc(width * 2 * height * 2 * 3);
  for (let y = 0; y < height * 2; y++) {
    const from = y < height ? y : 2 * height - 1 - y;
    for (let x = 0; x < width * 2; x++) {
      const at = (from * width + (x < width ? x : 2 * width - 1 - x)) * 3;
      half.copy(out, (y * width * 2 + x) * 3, at, at + 3);
    }
  }
  return { width: width * 2, height: height * 2, pixels: out };
}

/** `boxes` in zoomedOut()'s four quarters. */
export const zoomedOutBoxes = (boxes: readonly RelativeBox[]): RelativeBox[] =>
  boxes.flatMap((box) =>
    [
      [box.cx / 2, box.cy / 2],
      [1 - box.cx / 2, box.cy / 2],
      [box.cx / 2, 1 - box.cy / 2],
      [1 - box.cx / 2, 1 - box.cy / 2],
    ].map(([cx, cy]) => ({ ...box, cx: cx!, cy: cy!, w: box.w / 2, h: box.h / 2 })),
  );

/** The largest square of the photo (in shares of its sides) clear of every box, or undefined when it would be too small. */
export function groundSquare(boxes: readonly RelativeBox[]): Tile | undefined {
  if (boxes.length === 0) return undefined;
  const n = GROUND.steps;
  const taken = new Uint8Array(n * n);
  for (const b of boxes) {
    const [x0, x1] = [
      Math.floor((b.cx - b.w / 2 - GROUND.margin) * n),
      Math.ceil((b.cx + b.w / 2 + GROUND.margin) * n),
    ];
    const [y0, y1] = [
      Math.floor((b.cy - b.h / 2 - GROUND.margin) * n),
      Math.ceil((b.cy + b.h / 2 + GROUND.margin) * n),
    ];
    for (let y = Math.max(0, y0); y < Math.min(n, y1); y++)
      for (let x = Math.max(0, x0); x < Math.min(n, x1); x++) taken[y * n + x] = 1;
  }
  // The largest free square ending at each cell (dynamic programming), and the largest of all.
  const size = new Uint16Array((n + 1) * (n + 1));
  let best = { side: 0, x: 0, y: 0 };
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      if (taken[y * n + x]) continue;
      const at = (y + 1) * (n + 1) + x + 1;
      size[at] = 1 + Math.min(size[at - 1]!, size[at - n - 1]!, size[at - n - 2]!);
      if (size[at]! > best.side) best = { side: size[at]!, x: x + 1 - size[at]!, y: y + 1 - size[at]! };
    }
  return best.side / n >= GROUND.minSide ? { x: best.x / n, y: best.y / n, side: best.side / n } : undefined;
}

/** The mean of the coarsest map over its cells: a photo's overall look, to find its copies by. */
export function pooledOf(map: FeatureMap): Float32Array {
  const cells = map.grid * map.grid;
  const out = new Float32Array(map.channels);
  for (let c = 0; c < map.channels; c++) {
    let sum = 0;
    for (let i = 0; i < cells; i++) sum += map.data[c * cells + i]!;
    out[c] = sum / cells;
  }
  return out;
}

/** `boxes` (shares of a view's sides) in its maps' square, where the view fills `content` of it. */
const inSquare = (boxes: readonly RelativeBox[], content: LetterboxedMaps['content']): RelativeBox[] =>
  boxes.map((b) => ({
    cx: b.cx * content.width,
    cy: b.cy * content.height,
    w: b.w * content.width,
    h: b.h * content.height,
  }));

/**
 * Reads every photo's views through `backbone.reader` as the service will (decoded at
 * `decodeSize`, then the reader's view: the classifier's stretched, the detector's letterboxed)
 * into cell rows. A letterboxed view's padding cells are rows too: ground, never the subject.
 * `progress` hears after each photo.
 */
export async function readLocalizerData(
  photos: readonly BoxedPhoto[],
  backbone: { readonly reader: MapReader; readonly decodeSize: DecodeSize },
  progress: (done: number, total: number) => void = () => {},
  options: { readonly keepMaps?: boolean } = {},
): Promise<LocalizerData> {
  const { reader, decodeSize } = backbone;
  const layout = cellLayout(reader.maps);
  const cells = layout.grid * layout.grid;
  // Each photo: itself, mirrored, zoomed out, its ground crop, and the closer look's tiles of the photo and of the crop.
  const capacity = photos.length * (4 + 2 * CLOSER_LOOK.corners.length) * cells;
  const values = new Float32Array(capacity * layout.size);
  const coverage = new Float32Array(capacity);
  const targets = new Uint8Array(capacity);
  const views: TrainingView[] = [];
  const read: BoxedPhoto[] = [];
  const pooled: Float32Array[] = [];
  const thumbnails: Uint8Array[] = [];
  const unreadable: Array<{ path: string; why: string }> = [];
  const kept: Array<readonly FeatureMap[]> = [];
  const add = ({ maps, content }: LetterboxedMaps, view: TrainingView) => {
    const at = views.length * cells;
    if (options.keepMaps) kept.push(maps);
    writeCellFeatures(maps, values, at);
    const boxes = inSquare(view.boxes, content);
    const covered = cellCoverage(boxes, layout.grid);
    coverage.set(covered, at);
    targets.set(subjectCells(boxes, layout.grid, covered), at);
    views.push(view);
    return views.length - 1;
  };
  // A view (`within` is its part of the photo, `read` what the backbone made of it), and the closer look's tiles of it.
  const addLooked = async (image: Pixels, within: Tile, seen: LetterboxedMaps, view: TrainingView) => {
    const of = add(seen, view);
    if (!reader.closerLook) return;
    for (const tile of closerLookTiles(within)) {
      const local = {
        x: (tile.x - within.x) / within.side,
        y: (tile.y - within.y) / within.side,
        side: tile.side / within.side,
      };
      add(await reader.read(image, tile), {
        photo: view.photo,
        kind: 'tile',
        boxes: boxesInTile(view.boxes, local),
        of,
      });
    }
  };
  for (const [index, photo] of photos.entries()) {
    try {
      const image = await decodeImageBytes(await readFile(photo.path), TRAINING_LIMITS, decodeSize);
      const seen = await reader.read(image, WHOLE);
      const photoIndex = read.length;
      read.push(photo);
      pooled.push(pooledOf(seen.maps[0]!));
      thumbnails.push(await thumbnailOf(image));
      await addLooked(image, WHOLE, seen, { photo: photoIndex, kind: 'photo', boxes: photo.boxes });
      const flipped = photo.boxes.map((b) => ({ ...b, cx: 1 - b.cx }));
      add(await reader.read(mirrored(image), WHOLE), { photo: photoIndex, kind: 'mirrored', boxes: flipped });
      if (reader.closerLook)
        add(await reader.read(await zoomedOut(image), WHOLE), {
          photo: photoIndex,
          kind: 'zoomed',
          boxes: zoomedOutBoxes(photo.boxes),
        });
      const square = groundSquare(photo.boxes);
      if (square)
        await addLooked(image, square, await reader.read(image, square), {
          photo: photoIndex,
          kind: 'ground',
          boxes: [],
        });
    } catch (error) {
      unreadable.push({ path: photo.path, why: (error as Error).message });
    }
    progress(index + 1, photos.length);
  }
  const n = views.length * cells;
  return {
    layout,
    rows: { values: values.subarray(0, n * layout.size), n, d: layout.size },
    targets: targets.subarray(0, n),
    coverage: coverage.subarray(0, n),
    views,
    photos: read,
    pooled,
    thumbnails,
    unreadable,
    ...(options.keepMaps && { maps: kept }),
  };
}
