import type { DecodedImage } from '../image/decoded-image.js';
import { type FeatureMap, mapOf } from './classifier-model.js';
import { type Crop, letterboxScale, pixelsToTensor, resizeFor } from './runtime/image-tensor.js';
import type { Pixels } from './pixels/pixels.js';
import type { PlainTensor } from './runtime/inference-pool.js';
import type { LoadedModel } from './runtime/load-model.js';
import type { DetectionDecoder, FeatureMapSpec } from './runtime/model-manifest.js';
import { ImageModel } from './runtime/onnx-model.js';

/** What a detector read of a photo. */
export interface DetectorReading {
  readonly detections: Detection[];
  /** Its letterboxed input without the padding: a small copy of the whole frame (undefined for a detector that stretches the photo). */
  readonly view: Pixels | undefined;
  /** Each of its feature maps' means over the photo, one after the other, for heads (undefined when its manifest names none). */
  readonly features: Float32Array | undefined;
  /** The maps a localizer trained on the detector reads, when its manifest names them (DetectorModel.localizerMaps). */
  readonly cells: LetterboxedMaps | undefined;
}

/**
 * A letterboxed input's feature maps, coarsest first, and the share of the input's width and height
 * the photo fills, from the top left (the rest is padding, of which the cells say nothing).
 */
export interface LetterboxedMaps {
  readonly maps: readonly FeatureMap[];
  readonly content: { readonly width: number; readonly height: number };
}

/** One object a detector found: its class, how sure it is, and where, in the photo's own pixels. */
export interface Detection {
  readonly label: string;
  readonly score: number;
  /** [x1, y1, x2, y2] in pixels of the photo as it was sent (after orientation); may reach past its edges. */
  readonly box: readonly [number, number, number, number];
}

/** A box in the units the decoder works in, before it is mapped to the photo. */
interface RawBox {
  readonly classIndex: number;
  readonly score: number;
  readonly cx: number;
  readonly cy: number;
  readonly w: number;
  readonly h: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** YOLOX: rows of (dx, dy, log w, log h, objectness, classes…) over the grid of each stride, in input pixels. */
function decodeYolox(
  data: Float32Array,
  strides: readonly number[],
  width: number,
  height: number,
  classes: number,
  threshold: number,
): RawBox[] {
  const boxes: RawBox[] = [];
  const values = 5 + classes;
  let row = 0;
  for (const stride of strides) {
    const columns = Math.floor(width / stride);
    const rows = Math.floor(height / stride);
    for (let gy = 0; gy < rows; gy++) {
      for (let gx = 0; gx < columns; gx++, row++) {
        const at = row * values;
        const objectness = data[at + 4]!;
        if (objectness < threshold) continue;
        let best = 0;
        for (let c = 1; c < classes; c++) if (data[at + 5 + c]! > data[at + 5 + best]!) best = c;
        const score = objectness * data[at + 5 + best]!;
        if (score < threshold) continue;
        const cx = (data[at]! + gx) * stride;
        const cy = (data[at + 1]! + gy) * stride;
        boxes.push({
          classIndex: best,
          score,
          cx,
          cy,
          w: Math.exp(data[at + 2]!) * stride,
          h: Math.exp(data[at + 3]!) * stride,
        });
      }
    }
  }
  return boxes;
}

/** FastestDet: channels × grid × grid; centres and sizes come out as fractions of the image. */
function decodeFastestDet(data: Float32Array, dims: readonly number[], classes: number, threshold: number): RawBox[] {
  const [, , rows = 0, columns = 0] = dims;
  const plane = rows * columns;
  const boxes: RawBox[] = [];
  for (let gy = 0; gy < rows; gy++) {
    for (let gx = 0; gx < columns; gx++) {
      const cell = gy * columns + gx;
      const objectness = data[cell]!;
      let best = 0;
      for (let c = 1; c < classes; c++) if (data[(5 + c) * plane + cell]! > data[(5 + best) * plane + cell]!) best = c;
      const score = objectness ** 0.6 * data[(5 + best) * plane + cell]! ** 0.4;
      if (!(score >= threshold)) continue;
      boxes.push({
        classIndex: best,
        score,
        cx: (gx + Math.tanh(data[plane + cell]!)) / columns,
        cy: (gy + Math.tanh(data[2 * plane + cell]!)) / rows,
        w: sigmoid(data[3 * plane + cell]!),
        h: sigmoid(data[4 * plane + cell]!),
      });
    }
  }
  return boxes;
}

/** Intersection over union of two boxes, 0–1. */
export const iou = (a: Detection['box'], b: Detection['box']) => {
  const w = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const h = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const overlap = w * h;
  const union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - overlap;
  return union > 0 ? overlap / union : 0;
};

/** Non-maximum suppression within each class: of boxes that overlap past `threshold`, the surest stays. */
export function suppressOverlaps(detections: readonly Detection[], threshold: number): Detection[] {
  const kept: Detection[] = [];
  for (const candidate of [...detections].sort((a, b) => b.score - a.score)) {
    if (!kept.some((other) => other.label === candidate.label && iou(other.box, candidate.box) > threshold))
      kept.push(candidate);
  }
  return kept;
}

/**
 * An object detector described by its manifest (COCO classes): what is where in the photo. Boxes
 * come back in the photo's own pixels, surest first; small detectors confuse animal classes, so
 * callers should trust the box and "an animal is here" more than the class.
 */
export class DetectorModel extends ImageModel<Detection[], DecodedImage> {
  private readonly decoder: DetectionDecoder;
  private readonly scoreThreshold: number;
  private readonly iouThreshold: number;
  /**
   * The maps whose means over the photo heads read, coarsest first: every map its manifest names.
   * A head trained before 2026-12-06 reads the first alone (featurePrefixes).
   */
  private readonly featureMaps: readonly FeatureMapSpec[];
  /**
   * The maps after the first, coarsest first: what a localizer trained on this detector reads cell
   * by cell (YOLOX-Nano's neck at strides 16 and 8, finer than any classifier map: small stools far off).
   */
  readonly localizerMaps: readonly FeatureMapSpec[];
  /**
   * How many features a head may read: those of the first map, of the first two, … of all. A head
   * trained before 2026-12-06 reads the first map's alone; one trained since, every map's: on real
   * skin close-ups, YOLOX-Nano's finer maps (strides 16 and 8) named lesions better (docs/heads.md).
   */
  readonly featurePrefixes: readonly number[];
  /** How many features `detect` gives heads: every map's channels (0 when its manifest names no feature map). */
  readonly featureSize: number;

  constructor(model: LoadedModel) {
    super(model);
    const output = this.firstOutput;
    if (output.kind !== 'detections' || !output.decoder)
      throw this.fail("a detector's first output must be detections, with a decoder.");
    if (model.manifest.labelSet !== 'coco-80' || this.labelsOf(output.name).length !== 80)
      throw this.fail('a detector needs the 80 COCO labels (labelSet coco-80).');
    if (output.decoder.kind === 'yolox' && this.input.resize !== 'letterbox')
      throw this.fail('a YOLOX detector takes a letterboxed input.');
    this.decoder = output.decoder;
    this.scoreThreshold = output.scoreThreshold ?? 0.3;
    this.iouThreshold = output.iouThreshold ?? 0.45;
    this.featureMaps = model.manifest.featureMaps ?? [];
    this.localizerMaps = this.featureMaps.slice(1);
    let size = 0;
    this.featurePrefixes = this.featureMaps.map((map) => (size += map.channels));
    this.featureSize = size;
    if (this.localizerMaps.length > 0 && this.input.resize !== 'letterbox')
      throw this.fail('a detector whose maps a localizer reads takes a letterboxed input.');
  }

  /**
   * What is where, and the photo as the detector saw it: its letterboxed input without the padding,
   * a small copy of the whole frame (undefined for a detector that stretches the photo instead).
   */
  async detect(image: DecodedImage): Promise<DetectorReading> {
    const input = await resizeFor(image, this.input);
    const outputs = await this.model.run({ [this.input.name]: pixelsToTensor(input, this.input) });
    const letterboxed = this.input.resize === 'letterbox';
    return {
      detections: this.read(outputs, image),
      view: letterboxed ? input : undefined,
      features: this.featureMaps.length > 0 && letterboxed ? this.meansOverPhoto(outputs, input) : undefined,
      cells: this.cellsOf(outputs, input),
    };
  }

  /** The maps a localizer reads of a photo or a crop of it, alone: training reads its views so. */
  async localizerCells(source: Pixels | Crop): Promise<LetterboxedMaps> {
    const input = await resizeFor(source, this.input);
    const cells = this.cellsOf(await this.model.run({ [this.input.name]: pixelsToTensor(input, this.input) }), input);
    if (!cells) throw new Error(`${this.name}'s manifest names no maps for a localizer`);
    return cells;
  }

  private cellsOf(outputs: Record<string, PlainTensor>, input: Pixels): LetterboxedMaps | undefined {
    if (this.localizerMaps.length === 0) return undefined;
    return {
      maps: this.localizerMaps.map((spec, index) => mapOf(outputs, spec, index + 1)),
      content: { width: input.width / this.input.width, height: input.height / this.input.height },
    };
  }

  /**
   * Each channel of each feature map averaged over the cells the photo covers, map after map: the
   * letterboxed photo sits at the input's top left, and the padding's cells say nothing of it.
   */
  private meansOverPhoto(outputs: Record<string, PlainTensor>, input: Pixels): Float32Array {
    const means = new Float32Array(this.featureSize);
    let at = 0;
    this.featureMaps.forEach((spec, index) => {
      const { channels, grid, data } = mapOf(outputs, spec, index);
      const across = Math.min(grid, Math.ceil((input.width * grid) / this.input.width));
      const down = Math.min(grid, Math.ceil((input.height * grid) / this.input.height));
      for (let channel = 0; channel < channels; channel++) {
        let sum = 0;
        for (let y = 0; y < down; y++)
          for (let x = 0, cell = channel * grid * grid + y * grid; x < across; x++) sum += data[cell + x]!;
        means[at++] = sum / (across * down);
      }
    });
    return means;
  }

  override async predict(image: DecodedImage): Promise<Detection[]> {
    return (await this.detect(image)).detections;
  }

  protected read(outputs: Record<string, PlainTensor>, image: DecodedImage): Detection[] {
    const output = outputs[this.firstOutput.name]!;
    const labels = this.labelsOf(this.firstOutput.name);
    const data = output.data as Float32Array;
    // The decoded photo may be smaller than the one sent: boxes are given in the photo's own pixels.
    const toPhotoX = image.sourceWidth / image.width;
    const toPhotoY = image.sourceHeight / image.height;
    let raw: RawBox[];
    let toImageX: number;
    let toImageY: number;
    if (this.decoder.kind === 'yolox') {
      raw = decodeYolox(
        data,
        this.decoder.strides,
        this.input.width,
        this.input.height,
        labels.length,
        this.scoreThreshold,
      );
      toImageX = toImageY = 1 / letterboxScale(image, this.input);
    } else {
      raw = decodeFastestDet(data, output.dims, labels.length, this.scoreThreshold);
      toImageX = image.width;
      toImageY = image.height;
    }
    const detections = raw.map(({ classIndex, score, cx, cy, w, h }): Detection => {
      const sx = toImageX * toPhotoX;
      const sy = toImageY * toPhotoY;
      return {
        label: labels[classIndex]!,
        score,
        box: [(cx - w / 2) * sx, (cy - h / 2) * sy, (cx + w / 2) * sx, (cy + h / 2) * sy],
      };
    });
    return suppressOverlaps(detections, this.iouThreshold);
  }
}
