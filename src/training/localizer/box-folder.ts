import { readdir, readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { HeadFolderError } from '../head-folder.js';

/** One box of a YOLO label line, relative to the image (0–1): centre, width and height. */
export interface RelativeBox {
  readonly cx: number;
  readonly cy: number;
  readonly w: number;
  readonly h: number;
}

/** One photo of a box folder and its subject's boxes (none: the photo shows no subject). */
export interface BoxedPhoto {
  readonly path: string;
  readonly labelPath: string;
  readonly boxes: readonly RelativeBox[];
}

const PHOTO_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp']);

/**
 * Where an export keeps its photos and labels: `images/` and `labels/` side by side (Roboflow's
 * and CVAT's YOLO exports, Label Studio's), or each `.txt` beside its photo in one folder.
 */
async function layoutOf(dir: string): Promise<{ images: string; labels: string }> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => {
    throw new HeadFolderError(`${dir} cannot be read: give the folder of a YOLO export (images/ and labels/).`);
  });
  const folders = new Set(entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name));
  if (folders.has('images') && folders.has('labels'))
    return { images: join(dir, 'images'), labels: join(dir, 'labels') };
  if (folders.has('images') || folders.has('labels'))
    throw new HeadFolderError(
      `${dir} has ${folders.has('images') ? 'images/ but no labels/' : 'labels/ but no images/'}.`,
    );
  return { images: dir, labels: dir };
}

/**
 * One label file's boxes, each line `class cx cy w h` with every value relative to the image.
 * `classes` are the class ids that mean the subject; any other id is refused, as is a line that is
 * not five numbers, a box outside the image, or one with no area, each named by file and line.
 */
export function parseYoloLabels(text: string, path: string, classes: readonly number[]): RelativeBox[] {
  const boxes: RelativeBox[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const where = `${path}, line ${index + 1}`;
    const fields = line.split(/\s+/);
    const numbers = fields.map(Number);
    if (fields.length !== 5 || numbers.some((value) => !Number.isFinite(value)))
      throw new HeadFolderError(
        `${where}: "${line.slice(0, 80)}" is not a YOLO box (five numbers: class, centre x, centre y, width, height).${
          fields.length > 5 ? ' Polygons and keypoints are not read: export boxes.' : ''
        }`,
      );
    const [id, cx, cy, w, h] = numbers as [number, number, number, number, number];
    if (!Number.isInteger(id) || !classes.includes(id))
      throw new HeadFolderError(
        `${where}: class ${fields[0]} is not a class of this subject (${classes.join(', ')}); give the class ids that mean it.`,
      );
    const tolerance = 1e-6;
    const outside =
      [cx - w / 2, cy - h / 2].some((edge) => edge < -tolerance) ||
      [cx + w / 2, cy + h / 2].some((edge) => edge > 1 + tolerance);
    if (w <= 0 || h <= 0 || outside)
      throw new HeadFolderError(
        `${where}: the box (centre ${cx}, ${cy}, size ${w} × ${h}) is not inside the image: YOLO values are shares of the image, 0 to 1.`,
      );
    boxes.push({ cx, cy, w, h });
  });
  return boxes;
}

/**
 * Every photo of a YOLO export with its boxes. A photo needs its label file (an empty one when it
 * shows no subject: a missing file is more often a photo nobody labelled than one with nothing on
 * it), and a label file needs its photo; either gap is refused with both names.
 */
export async function readBoxFolder(dir: string, classes: readonly number[] = [0]): Promise<BoxedPhoto[]> {
  const { images, labels } = await layoutOf(dir);
  const names = (await readdir(images)).filter((name) => !name.startsWith('.')).sort();
  const photos = names.filter((name) => PHOTO_EXTENSIONS.has(extname(name).toLowerCase()));
  const stem = (name: string) => basename(name, extname(name));
  const labelFiles = (await readdir(labels))
    .filter((name) => extname(name) === '.txt' && !/^(classes|notes)\.txt$/i.test(name))
    .sort();
  const photoStems = new Set(photos.map(stem));
  const orphan = labelFiles.find((name) => !photoStems.has(stem(name)));
  if (orphan)
    throw new HeadFolderError(
      `${join(labels, orphan)} has no photo: ${join(images, `${stem(orphan)}.jpg`)} (or .png, .webp) is missing.`,
    );
  if (photos.length === 0) throw new HeadFolderError(`${images} has no photos (JPG, PNG or WEBP).`);
  const boxed: BoxedPhoto[] = [];
  for (const name of photos) {
    const labelPath = join(labels, `${stem(name)}.txt`);
    const text = await readFile(labelPath, 'utf8').catch(() => {
      throw new HeadFolderError(
        `${join(images, name)} has no label file ${labelPath}; a photo that shows no subject needs an empty one.`,
      );
    });
    boxed.push({ path: join(images, name), labelPath, boxes: parseYoloLabels(text, labelPath, classes) });
  }
  return boxed;
}
