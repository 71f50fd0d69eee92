import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { readRegularFile } from './bounded-read.js';
import { ModelLoadError } from './model-load-error.js';
import { join } from 'node:path';
import ort from 'onnxruntime-node';
import './onnxruntime-privacy.js';
import type { InferencePool, PlainTensor } from './inference-pool.js';
import {
  type FeatureMapSpec,
  MANIFEST_FILE,
  ModelManifest,
  type OutputSpec,
  type PenultimateSpec,
} from './model-manifest.js';
import { DataType, OnnxGraph } from '../onnx/onnx-graph.js';
import { SESSION_OPTIONS } from './session-options.js';

/** The output pawlens adds to a classifier whose manifest says where its penultimate features are. */
export const PENULTIMATE_OUTPUT = 'pawlens_penultimate';

/** The output pawlens adds for a classifier's feature map number `index` (FeatureMapSpec). */
export const featureMapOutput = (index: number) => `pawlens_map_${index}`;

/**
 * A tensor of the graph as a float32 output of `addition`: dequantized when it is int8, cast when
 * it is float16 (a cast of float32 is a copy), and averaged over its cells when `meanOfCells`.
 */
function addOutput(
  addition: OnnxGraph,
  {
    tensor,
    dequantize,
    meanOfCells = false,
  }: { tensor: string; dequantize?: PenultimateSpec['dequantize']; meanOfCells?: boolean },
  output: string,
  dims: Array<number | string>,
): void {
  const float = meanOfCells ? `${output}_cells` : output;
  if (dequantize) addition.op('DequantizeLinear', [tensor, dequantize.scale, dequantize.zeroPoint], {}, float);
  else addition.op('Cast', [tensor], { to: DataType.FLOAT }, float);
  if (meanOfCells) addition.op('ReduceMean', [float], { axes: [2, 3], keepdims: 0 }, output);
  addition.output(output, dims);
}

/**
 * `bytes` with the penultimate features as an output named PENULTIMATE_OUTPUT and each feature
 * map as pawlens_map_<index>: tensors the graph computes anyway, so reading them costs a copy.
 */
function withFeatureOutputs(
  bytes: Uint8Array,
  penultimate: PenultimateSpec | undefined,
  maps: readonly FeatureMapSpec[],
): Uint8Array {
  if (!penultimate && maps.length === 0) return bytes;
  const addition = new OnnxGraph('features');
  if (penultimate)
    addOutput(addition, { ...penultimate, meanOfCells: penultimate.mean === 'cells' }, PENULTIMATE_OUTPUT, [
      'N',
      penultimate.size,
    ]);
  for (const [index, map] of maps.entries())
    addOutput(addition, map, featureMapOutput(index), ['N', map.channels, map.grid, map.grid]);
  return addition.extend(bytes);
}

/** A manifest is a page of JSON (a head's lists its training photos' hashes): far below this. */
const MANIFEST_MAX_BYTES = 64 << 20;

export { ModelLoadError };

export interface LoadedModel {
  readonly manifest: ModelManifest;
  readonly dir: string;
  /** The graph's input names, as onnxruntime read them. */
  readonly inputNames: readonly string[];
  /** Labels per output name. */
  readonly labels: ReadonlyMap<string, readonly string[]>;
  /**
   * Runs the model: in the inference pool when it was loaded into one, else on this thread.
   * The feeds may be moved to another thread: the caller must not use them afterwards.
   */
  run(feeds: Record<string, PlainTensor>): Promise<Record<string, PlainTensor>>;
  /** Frees its sessions. */
  release(): Promise<void>;
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function readManifest(dir: string): Promise<ModelManifest> {
  const path = join(dir, MANIFEST_FILE);
  // A regular file of a sane size: a FIFO in its place would hang the start for ever (issue 43).
  const text = await readRegularFile(path, MANIFEST_MAX_BYTES).then(
    (bytes) => bytes.toString('utf8'),
    (error: Error) => {
      throw new ModelLoadError(
        /is missing/.test(error.message)
          ? `${path} is missing: every model directory needs a manifest.json.`
          : `${error.message} Every model directory needs a manifest.json file.`,
      );
    },
  );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ModelLoadError(`${path} is not valid JSON.`);
  }
  const parsed = ModelManifest.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ModelLoadError(`${path} is not a valid model manifest:\n  - ${problems.join('\n  - ')}`);
  }
  return parsed.data;
}

async function readLabels(dir: string, output: OutputSpec): Promise<string[]> {
  if (Array.isArray(output.labels)) return output.labels;
  const path = join(dir, output.labels);
  const text = await readFile(path, 'utf8').catch(() => {
    throw new ModelLoadError(`Labels file ${path} is missing.`);
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ModelLoadError(`Labels file ${path} is not valid JSON: it must be a JSON array of strings.`);
  }
  if (!Array.isArray(json) || !json.every((label) => typeof label === 'string')) {
    throw new ModelLoadError(`Labels file ${path} must be a JSON array of strings.`);
  }
  return json;
}

const ortFeeds = (feeds: Record<string, PlainTensor>) =>
  Object.fromEntries(
    Object.entries(feeds).map(([name, t]) => [
      name,
      t instanceof ort.Tensor ? t : new ort.Tensor(t.type, t.data, t.dims),
    ]),
  );

/** Dimensions agree when equal, or when the model leaves one symbolic. */
const dimsAgree = (actual: readonly (number | string)[], expected: readonly number[]) =>
  actual.length === expected.length &&
  actual.every((dim, i) => typeof dim !== 'number' || dim < 0 || dim === expected[i]);

/** Every input tensor the manifest describes: one, or one per feature map for a localizer. */
function expectedInputs({ input: spec }: ModelManifest): Array<{ name: string; dtype: string; shape: number[] }> {
  switch (spec.kind) {
    case 'features':
      return [{ name: spec.name, dtype: spec.dtype, shape: [1, spec.features.length] }];
    case 'penultimate':
      return [{ name: spec.name, dtype: spec.dtype, shape: [1, spec.size] }];
    case 'feature-maps':
      return spec.maps.map((map) => ({
        name: map.name,
        dtype: 'float32',
        shape: [1, map.channels, map.grid, map.grid],
      }));
    case 'image':
      return [
        {
          name: spec.name,
          dtype: spec.dtype,
          shape: spec.layout === 'NCHW' ? [1, 3, spec.height, spec.width] : [1, spec.height, spec.width, 3],
        },
      ];
    default: {
      const unknown: never = spec;
      throw new Error(`no input check for ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * Reads, verifies and opens one model directory. Any mismatch between manifest, file and graph
 * stops here with a message naming the file and what to fix, so a bad model fails the start,
 * not a patient's request. With a pool, the verified bytes are opened in its threads and the
 * session used to check them is released.
 */
export async function loadModel(dir: string, pool?: InferencePool): Promise<LoadedModel> {
  const manifest = await readManifest(dir);
  const file = join(dir, manifest.file);
  const bytes = await readFile(file).catch(() => {
    throw new ModelLoadError(`Model file ${file} named by the manifest is missing.`);
  });
  const actualHash = sha256Of(bytes);
  if (actualHash !== manifest.sha256) {
    throw new ModelLoadError(
      `${file} has sha256 ${actualHash}, but its manifest expects ${manifest.sha256}: the file is corrupt or not the model the manifest describes.`,
    );
  }
  const graph = withFeatureOutputs(bytes, manifest.penultimate, manifest.featureMaps ?? []);
  let session: ort.InferenceSession;
  try {
    session = await ort.InferenceSession.create(graph, SESSION_OPTIONS);
  } catch (error) {
    throw new ModelLoadError(`onnxruntime cannot open ${file}: ${(error as Error).message}`);
  }

  for (const expected of expectedInputs(manifest)) {
    const input = session.inputMetadata.find((meta) => meta.name === expected.name);
    if (!input?.isTensor) {
      throw new ModelLoadError(
        `${file} has no tensor input "${expected.name}"; its inputs are: ${session.inputNames.join(', ')}.`,
      );
    }
    if (input.type !== expected.dtype) {
      throw new ModelLoadError(
        `${file} input "${input.name}" is ${input.type}, but the manifest says ${expected.dtype}.`,
      );
    }
    if (!dimsAgree(input.shape, expected.shape)) {
      throw new ModelLoadError(
        `${file} input "${input.name}" has shape [${input.shape.join(', ')}], but the manifest describes [${expected.shape.join(', ')}].`,
      );
    }
  }

  const labels = new Map<string, readonly string[]>();
  for (const output of manifest.outputs) {
    const meta = session.outputMetadata.find((m) => m.name === output.name);
    if (!meta?.isTensor) {
      throw new ModelLoadError(
        `${file} has no tensor output "${output.name}"; its outputs are: ${session.outputNames.join(', ')}.`,
      );
    }
    const outputLabels = await readLabels(dir, output);
    if (output.kind === 'detections') {
      if (!output.decoder)
        throw new ModelLoadError(`${file} output "${output.name}" gives detections but the manifest names no decoder.`);
      // Each box carries 4 coordinates, an objectness and one score per label.
      const values = meta.shape[output.decoder.kind === 'yolox' ? 2 : 1];
      if (typeof values === 'number' && values > 0 && values !== 5 + outputLabels.length) {
        throw new ModelLoadError(
          `${file} output "${output.name}" has ${values} values per box, but 5 + ${outputLabels.length} labels need ${5 + outputLabels.length}.`,
        );
      }
    } else {
      const classes = meta.shape[1];
      if (typeof classes === 'number' && classes > 0 && classes !== outputLabels.length) {
        throw new ModelLoadError(
          `${file} output "${output.name}" has ${classes} values but ${outputLabels.length} labels.`,
        );
      }
    }
    labels.set(output.name, outputLabels);
  }
  const common = { manifest, dir, labels, inputNames: session.inputNames };
  if (!pool) {
    return {
      ...common,
      run: (feeds) => session.run(ortFeeds(feeds)),
      release: () => session.release(),
    };
  }
  await session.release();
  const pooled = await pool.open(graph);
  return { ...common, run: (feeds) => pool.run(pooled, feeds), release: () => pool.release(pooled) };
}
