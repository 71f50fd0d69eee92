import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { boundedDownload, DEFAULT_READ_BOUNDS, type ReadBounds, readRegularFile } from './bounded-read.js';
import { loadModel, ModelLoadError, sha256Of } from './load-model.js';
import { removeStaleStaging } from './staging.js';
import { MODEL_CATALOGUE, type CatalogueEntry } from './model-catalogue.js';
import { PACKAGE_MODELS_DIR } from './models-location.js';
import { cocoLabelsFile } from '../tables/coco-names.js';
import { MANIFEST_FILE, type ModelManifest } from './model-manifest.js';

export interface InstallOptions {
  /**
   * A folder holding the files (or holding a folder named after the model that does), or an
   * http(s) URL of such a folder (a mirror). Without it, the catalogue's upstream addresses.
   */
  readonly from?: string;
  readonly modelsDir: string;
  readonly fetch?: typeof fetch;
  /** How long and how much a download or a file may be read (DEFAULT_READ_BOUNDS). */
  readonly bounds?: ReadBounds;
}

const isUrl = (from: string) => /^https?:\/\//i.test(from);
const LABELS_FILE = 'labels.json';

/** A file of a mirror folder's address. */
const inMirror = (base: string, file: string) => new URL(file, base.endsWith('/') ? base : `${base}/`);

/** A labels file is a list of names: a megabyte is far more than 1000 of them. */
const LABELS_MAX_BYTES = 1 << 20;

/**
 * Where one file of a model comes from: a folder, a mirror, or the catalogue's upstream address;
 * a COCO detector's labels, which no upstream publishes as the catalogue pins them, pawlens writes.
 */
/** The model a folder's own manifest names, if it has one (read as readManifest reads one: a FIFO is no manifest). */
async function folderModelName(folder: string): Promise<string | undefined> {
  try {
    const text = (await readRegularFile(join(folder, MANIFEST_FILE), LABELS_MAX_BYTES)).toString('utf8');
    const { name } = JSON.parse(text) as { name?: unknown };
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

async function readSource(
  entry: CatalogueEntry,
  from: string | undefined,
  file: string,
  fetcher: typeof fetch,
  limits: ReadBounds,
): Promise<Uint8Array> {
  const { name } = entry.manifest;
  // The model file is exactly the catalogue's size; anything else is read to a bound, never for ever.
  const bounds = { ...limits, maxBytes: file === entry.manifest.file ? entry.bytes : LABELS_MAX_BYTES };
  const download = (url: URL, upstream = false) => boundedDownload(url, fetcher, bounds, { upstream });
  const readLocal = (path: string) => readRegularFile(path, bounds.maxBytes);
  // A model pawlens ships is read from its own package, on a connected host and an air-gapped one alike.
  if (entry.packaged) {
    const path = join(PACKAGE_MODELS_DIR, entry.packaged, file);
    return readLocal(path).catch((error: Error) => {
      throw new ModelLoadError(
        `${error.message} This copy of pawlens lacks the model it ships as it should be; reinstall pawlens.`,
      );
    });
  }
  if (from === undefined) {
    const upstream = entry.urls[file];
    if (upstream) return download(new URL(upstream), true);
    if (file === LABELS_FILE && entry.manifest.labelSet === 'coco-80') return cocoLabelsFile();
    throw new ModelLoadError(
      `The catalogue has no download address for ${name}'s ${file}; install it with --from a folder.`,
    );
  }
  if (isUrl(from)) return download(inMirror(from, file));
  // A folder of model folders (as ../shared/models, or a USB stick with several) works too.
  const folder = existsSync(join(from, name, file)) && !existsSync(join(from, file)) ? join(from, name) : from;
  // One model's own folder, given for another model (or for "recommended"): its files would be
  // read as the other's, and refused as damaged. Say what the folder is.
  const other = folder === from ? await folderModelName(from) : undefined;
  if (other !== undefined && other !== name)
    throw new ModelLoadError(
      `${from} holds ${other} (its ${MANIFEST_FILE} says so), not ${name}: give --from the folder that holds the models' folders (${name}/, ${other}/…), or install ${other} alone.`,
    );
  return readLocal(join(folder, file)).catch((error: Error) => {
    throw new ModelLoadError(`${error.message.replace(/\.$/, '')}: the folder must hold ${file}.`);
  });
}

/**
 * A labels file as pawlens installs it: the list of labels as compact JSON, read from a JSON
 * array or from an object keyed by index ({"0": "tench", …}). Anything else is returned as it
 * is, to fail the hash check with its own bytes.
 */
export function canonicalLabels(bytes: Uint8Array): Uint8Array {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return bytes;
  }
  const list = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === 'object'
      ? Object.keys(parsed).map((_, index) => (parsed as Record<string, unknown>)[String(index)])
      : undefined;
  return list?.every((label) => typeof label === 'string') ? new TextEncoder().encode(JSON.stringify(list)) : bytes;
}

/**
 * Installs a catalogued model into <modelsDir>/<name>: reads every file from a folder (the
 * air-gapped way), a mirror or upstream, checks each against the catalogue's sha256, writes the manifest,
 * then opens the result with onnxruntime before it replaces anything already installed.
 */
export async function installModel(name: string, options: InstallOptions): Promise<ModelManifest> {
  // An own entry only: "__proto__" or "constructor" are no model, not a crash.
  const entry = Object.hasOwn(MODEL_CATALOGUE, name) ? MODEL_CATALOGUE[name] : undefined;
  if (!entry) {
    throw new ModelLoadError(
      `"${name}" is not in the catalogue; installable models: ${Object.keys(MODEL_CATALOGUE).join(', ')}.`,
    );
  }
  const fetcher = options.fetch ?? fetch;
  const files: Record<string, string> = { [entry.manifest.file]: entry.manifest.sha256, ...entry.extraFiles };
  const contents = new Map<string, Uint8Array>();
  for (const [file, expected] of Object.entries(files)) {
    const read = await readSource(entry, options.from, file, fetcher, options.bounds ?? DEFAULT_READ_BOUNDS);
    const bytes = file === LABELS_FILE ? canonicalLabels(read) : read;
    const actual = sha256Of(bytes);
    if (actual !== expected) {
      throw new ModelLoadError(
        `${file} from ${options.from ?? entry.urls[file] ?? 'pawlens'} has sha256 ${actual}, expected ${expected}: it is not the ${name} the catalogue describes, or it is damaged.`,
      );
    }
    contents.set(file, bytes);
  }

  await mkdir(options.modelsDir, { recursive: true });
  await removeStaleStaging(options.modelsDir);
  const target = join(options.modelsDir, name);
  const staging = join(options.modelsDir, `.${name}.installing-${randomBytes(4).toString('hex')}`);
  await mkdir(staging);
  try {
    for (const [file, bytes] of contents) await writeFile(join(staging, file), bytes);
    await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(entry.manifest, null, 2)}\n`);
    await (await loadModel(staging)).release();
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return entry.manifest;
}
