/**
 * The cost floor the service is measured against (npm run bench runs it as its own process): for
 * one operation, only what its answer cannot do without, written without any of pawlens' code.
 * Decode once with shrink-on-load straight to the largest model input; derive each other input
 * with one resize; run only the operation's models, in worker threads with one onnxruntime thread
 * and one session per model each, as the service does. No HTTP, no JSON, no Base64, no store, no
 * gate, no words: the bytes come from disk. Reads a FloorJob as JSON on stdin, writes a LoadResult.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import type { LoadResult } from './load-client.js';
import { cpuMsSince } from './stats.js';

export interface FloorJob {
  /** stool: detector and classifier on the whole frame (if any) + colour analyser + severity head; breed: detector + classifier on the largest animal's crop, or the classifier alone on the whole frame. */
  readonly operation: 'stool' | 'breed';
  readonly photo: string;
  /** Model folders (each with its manifest.json). */
  readonly models: {
    readonly colour?: string;
    readonly head?: string;
    readonly detector?: string;
    readonly classifier?: string;
  };
  /** Long side the classifier's crops are cut from; the detector's input size when not given. */
  readonly cropSourceLongSide?: number;
  readonly threads: number;
  readonly clients: number;
  readonly total: number;
}

interface Input {
  readonly name: string;
  readonly dtype: 'float32' | 'float16';
  readonly width: number;
  readonly height: number;
  readonly resize: 'fill' | 'cover' | 'contain' | 'letterbox';
  readonly channelOrder: 'RGB' | 'BGR';
  readonly scale: number;
  readonly mean: number[];
  readonly std: number[];
  readonly pad?: number;
}
interface Model {
  readonly key: string;
  readonly input: Input;
}
interface Raw {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
}

// libvips' operation cache is off, as in pawlens serve: with a new image every time it never hits.
sharp.cache(false);

const manifestOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));

/** float32 → IEEE 754 half precision bits (round to nearest), as onnxruntime takes a float16 tensor. */
function toHalf(values: Float32Array): Uint16Array {
  const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
  const half = new Uint16Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const x = bits[i]!;
    const sign = (x >>> 16) & 0x8000;
    const exponent = ((x >>> 23) & 0xff) - 127 + 15;
    if (exponent >= 31) half[i] = sign | 0x7c00;
    else if (exponent <= 0)
      half[i] = sign; // the models' inputs never need subnormals
    // Rounded by adding the first dropped bit: a carry out of the mantissa rightly bumps the exponent.
    else half[i] = sign | ((exponent << 10) + ((x >>> 13) & 0x3ff) + ((x >>> 12) & 1));
  }
  return half;
}

/** RGB bytes → the model's NCHW tensor (float32, or float16 where the model takes it); a smaller image is placed top-left on the letterbox padding. */
function tensor(
  image: Raw,
  input: Input,
): { type: 'float32' | 'float16'; data: Float32Array | Uint16Array; dims: number[] } {
  const plane = input.width * input.height;
  const values = new Float32Array(3 * plane);
  const order = input.channelOrder === 'RGB' ? [0, 1, 2] : [2, 1, 0];
  for (let c = 0; c < 3; c++) {
    const from = order[c]!;
    // A byte has 256 values: normalise each once.
    const table = Float32Array.from(
      { length: 256 },
      (_, byte) => (byte * input.scale - input.mean[c]!) / input.std[c]!,
    );
    if (image.width < input.width || image.height < input.height)
      values.fill(table[input.pad ?? 0]!, c * plane, (c + 1) * plane);
    for (let y = 0; y < image.height; y++) {
      const row = c * plane + y * input.width;
      for (let x = 0, p = y * image.width * 3 + from; x < image.width; x++, p += 3)
        values[row + x] = table[image.data[p]!]!;
    }
  }
  const dims = [1, 3, input.height, input.width];
  return input.dtype === 'float16'
    ? { type: 'float16', data: toHalf(values), dims }
    : { type: 'float32', data: values, dims };
}

const resize = async (image: Raw, width: number, height: number, fit: 'fill' | 'cover' | 'inside'): Promise<Raw> => {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height, { fit })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** The model's input from `image`: letterboxed (resized only if it does not fit already), or resized to fill. */
async function inputFor(image: Raw, input: Input): Promise<Raw> {
  if (input.resize === 'letterbox' || input.resize === 'contain') {
    return image.width <= input.width &&
      image.height <= input.height &&
      Math.max(image.width, image.height) === Math.max(input.width, input.height)
      ? image
      : resize(image, input.width, input.height, 'inside');
  }
  return resize(image, input.width, input.height, input.resize === 'cover' ? 'cover' : 'fill');
}

/** COCO animals: bird to giraffe. */
const ANIMALS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);

/** YOLOX rows (dx, dy, log w, log h, objectness, 80 classes) per grid cell: the surest animal's box, in input pixels. */
function surestAnimal(data: Float32Array, size: number): [number, number, number, number] | undefined {
  let best: [number, number, number, number] | undefined;
  let bestScore = 0.3;
  let row = 0;
  for (const stride of [8, 16, 32]) {
    const cells = Math.floor(size / stride);
    for (let gy = 0; gy < cells; gy++) {
      for (let gx = 0; gx < cells; gx++, row++) {
        const at = row * 85;
        for (const c of ANIMALS) {
          const score = data[at + 4]! * data[at + 5 + c]!;
          if (score <= bestScore) continue;
          bestScore = score;
          const [cx, cy, w, h] = [
            (data[at]! + gx) * stride,
            (data[at + 1]! + gy) * stride,
            Math.exp(data[at + 2]!) * stride,
            Math.exp(data[at + 3]!) * stride,
          ];
          best = [cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2];
        }
      }
    }
  }
  return best;
}

async function main(job: FloorJob) {
  const photo = readFileSync(job.photo);
  const models: Record<string, Model & { file: string }> = {};
  for (const [key, dir] of Object.entries(job.models)) {
    if (!dir) continue;
    const manifest = manifestOf(dir);
    models[key] = { key, input: manifest.input, file: join(dir, manifest.file) };
  }
  const files = Object.fromEntries(Object.values(models).map(({ key, file }) => [key, file]));
  const workers = await Promise.all(
    Array.from(
      { length: job.threads },
      () =>
        new Promise<Worker>((resolve) => {
          const worker = new Worker(new URL('./floor-worker.mjs', import.meta.url), { workerData: { models: files } });
          worker.once('message', () => resolve(worker));
        }),
    ),
  );
  // One FIFO of runs over the threads, each taking the next when it comes free, as the service's pool does.
  const idle = [...workers];
  const waiting: Array<() => void> = [];
  let nextId = 0;
  const pending = new Map<number, (result: { data: Float32Array; dims: number[] }) => void>();
  for (const worker of workers) {
    worker.on('message', ({ id, data, dims }) => {
      pending.get(id)!({ data, dims });
      pending.delete(id);
      idle.push(worker);
      waiting.shift()?.();
    });
  }
  const run = async (model: Model, feed: ReturnType<typeof tensor>) => {
    while (idle.length === 0) await new Promise<void>((resolve) => waiting.push(resolve));
    const worker = idle.shift()!;
    const id = nextId++;
    return new Promise<{ data: Float32Array; dims: number[] }>((resolve) => {
      pending.set(id, resolve);
      worker.postMessage({ id, model: model.key, input: model.input.name, ...feed }, [feed.data.buffer as ArrayBuffer]);
    });
  };
  const { detector, classifier, colour, head } = models;

  // The decode's size: the detector's long side, the colour analyser's short side, or the crops' source, whichever is largest.
  // (The photo's aspect is read once here; the service reads its header on every request, 0.3 ms.)
  const { width = 1, height = 1 } = await sharp(photo).metadata();
  const aspect = Math.max(width, height) / Math.min(width, height);
  // Breed with a classifier only: it reads the whole frame, so the decode goes straight to its input.
  const wholeFrame = job.operation === 'breed' && !detector;
  const side = Math.max(
    detector?.input.width ?? 0,
    colour ? Math.ceil(colour.input.width * aspect) : 0,
    job.operation === 'breed' ? (job.cropSourceLongSide ?? 0) : 0,
  );

  const analyse = async () => {
    if (wholeFrame) {
      const input = classifier!.input;
      const data = await sharp(photo)
        .autoOrient()
        .resize(input.width, input.height, { fit: 'cover' })
        .removeAlpha()
        .raw()
        .toBuffer();
      await run(classifier!, tensor({ data, width: input.width, height: input.height }, input));
      return;
    }
    // The decode: shrink-on-load to that size, upright, RGB.
    const { data, info } = await sharp(photo)
      .autoOrient()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const image: Raw = { data, width: info.width, height: info.height };
    if (job.operation === 'stool') {
      const colourRun = (async () => {
        const features = await run(colour!, tensor(await inputFor(image, colour!.input), colour!.input));
        await run(head!, { type: 'float32', data: Float32Array.from(features.data), dims: [1, features.data.length] });
      })();
      const detectorRun = detector
        ? run(detector, tensor(await inputFor(image, detector.input), detector.input))
        : undefined;
      // The photo gate asks an installed classifier what the whole frame shows (a vehicle, a screen, a pet).
      const frameRun = classifier
        ? run(classifier, tensor(await inputFor(image, classifier.input), classifier.input))
        : undefined;
      await Promise.all([colourRun, detectorRun, frameRun]);
      return;
    }
    const detectorInput = await inputFor(image, detector!.input);
    const found = surestAnimal(
      (await run(detector!, tensor(detectorInput, detector!.input))).data,
      detector!.input.width,
    );
    if (!found || !classifier) return;
    // The crop the answer is read on: the box widened by a tenth on each side, as pawlens' classifier was validated with.
    const toImage = image.width / detectorInput.width;
    const [x1, y1, x2, y2] = found.map((v) => v * toImage) as [number, number, number, number];
    const [dx, dy] = [(x2 - x1) * 0.1, (y2 - y1) * 0.1];
    const left = Math.max(0, Math.floor(x1 - dx));
    const top = Math.max(0, Math.floor(y1 - dy));
    const width = Math.max(1, Math.min(image.width, Math.ceil(x2 + dx)) - left);
    const height = Math.max(1, Math.min(image.height, Math.ceil(y2 + dy)) - top);
    const crop = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
      .extract({ left, top, width, height })
      .resize(classifier.input.width, classifier.input.height, { fit: 'cover' })
      .raw()
      .toBuffer();
    await run(
      classifier,
      tensor({ data: crop, width: classifier.input.width, height: classifier.input.height }, classifier.input),
    );
  };

  for (let i = 0; i < 10; i++) await analyse(); // warm-up: sessions' first runs, JIT, libvips caches
  const latenciesMs: number[] = [];
  let sent = 0;
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: job.clients }, async () => {
      while (sent < job.total) {
        sent++;
        const t0 = performance.now();
        await analyse();
        latenciesMs.push(performance.now() - t0);
      }
    }),
  );
  const result: LoadResult = {
    latenciesMs,
    wallMs: performance.now() - started,
    failures: 0,
    cpuMs: cpuMsSince(cpuStart),
  };
  await Promise.all(workers.map((worker) => worker.terminate()));
  return result;
}

if (import.meta.filename === process.argv[1]) {
  process.stdout.write(JSON.stringify(await main(JSON.parse(await text(process.stdin)) as FloorJob)));
}
