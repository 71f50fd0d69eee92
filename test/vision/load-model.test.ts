import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OnnxGraph } from '../../src/vision/onnx/onnx-graph.js';
import { HEALTH_OPERATION_KEYS } from '../../src/operations/registry.js';
import { RULE_SEVERITIES } from '../../src/operations/health/rule-table.js';
import { OPERATIONS } from '../../src/operations/registry.js';
import { COLOUR_QUALITY_FEATURES } from '../../src/vision/pixels/colour-quality-features.js';
import { fromHalf, halvesToFloats, toHalf } from '../../src/vision/runtime/float16.js';
import { pixelsToTensor } from '../../src/vision/runtime/image-tensor.js';
import { loadModel, ModelLoadError, sha256Of } from '../../src/vision/runtime/load-model.js';
import { MANIFEST_FILE, type ImageInputSpec } from '../../src/vision/runtime/model-manifest.js';
import { loadAnalysisModels } from '../../src/analysis/load-analysis-models.js';
import { tempDir } from '../fixtures/temp-dir.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const BUILTIN = join(ROOT, 'models', 'builtin');
const BUILTIN_NAMES = readdirSync(BUILTIN, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

// Manifests are edited as plain JSON here, including into shapes the schema must refuse.
// biome-ignore lint/suspicious/noExplicitAny: manifests edited as plain JSON, into shapes the schema must refuse
type Json = Record<string, any>;

const readJson = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;
const writeJson = (path: string, value: unknown) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);

/** A copy of models/builtin/<name> in a fresh folder (or under `parent` as `as`), its manifest edited. */
function copyBuiltin(name: string, edit?: (manifest: Json) => void, parent = tempDir(), as = name): string {
  const dir = join(parent, as);
  cpSync(join(BUILTIN, name), dir, { recursive: true });
  if (edit) {
    const manifest = readJson(join(dir, MANIFEST_FILE));
    edit(manifest);
    writeJson(join(dir, MANIFEST_FILE), manifest);
  }
  return dir;
}

async function loadError(dir: string): Promise<ModelLoadError> {
  const outcome = await loadModel(dir).then(
    async (model) => {
      await model.release();
      return undefined;
    },
    (error: unknown) => error,
  );
  expect(outcome, `loadModel(${dir}) should have failed`).toBeInstanceOf(ModelLoadError);
  return outcome as ModelLoadError;
}

describe('loadModel refuses a broken model directory with a message naming the file and the fix', () => {
  it('a folder without manifest.json', async () => {
    const dir = tempDir();
    const error = await loadError(dir);
    expect(error.message).toContain(join(dir, MANIFEST_FILE));
    expect(error.message).toMatch(/missing.*needs a manifest\.json/);
  });

  it('a manifest.json that is not JSON', async () => {
    const dir = copyBuiltin('severity-stool');
    writeFileSync(join(dir, MANIFEST_FILE), '{ "name": "severity-stool", ');
    const error = await loadError(dir);
    expect(error.message).toContain(join(dir, MANIFEST_FILE));
    expect(error.message).toContain('not valid JSON');
  });

  const SCHEMA_CASES: ReadonlyArray<[string, string, (manifest: Json) => void, RegExp]> = [
    [
      'a name with capitals and spaces',
      'severity-stool',
      (m) => (m.name = 'Severity Stool!'),
      /name: name must be lower-case letters, digits/,
    ],
    [
      'a sha256 that is not hex',
      'severity-stool',
      (m) => (m.sha256 = 'z'.repeat(64)),
      /sha256: sha256 must be 64 lower-case hex digits/,
    ],
    [
      'a sha256 in upper case',
      'severity-stool',
      (m) => (m.sha256 = (m.sha256 as string).toUpperCase()),
      /sha256: sha256 must be 64 lower-case hex digits/,
    ],
    [
      'a sha256 too short',
      'severity-stool',
      (m) => (m.sha256 = (m.sha256 as string).slice(0, 40)),
      /sha256: sha256 must be 64/,
    ],
    ['an unknown dtype', 'severity-stool', (m) => (m.input.dtype = 'float64'), /input\.dtype: /],
    ['an unknown layout', 'colour-quality', (m) => (m.input.layout = 'CHW'), /input\.layout: /],
    ['a std of 0', 'colour-quality', (m) => (m.input.std = [1, 0, 1]), /input\.std: std values must be positive/],
    [
      'a file that is not an .onnx name',
      'severity-stool',
      (m) => (m.file = '../model.onnx'),
      /file: file must be an \.onnx file name/,
    ],
    ['an unknown field (a typo)', 'severity-stool', (m) => (m.sha265 = m.sha256), /sha265/],
    ['no outputs', 'severity-stool', (m) => (m.outputs = []), /outputs: /],
  ];

  it.each(SCHEMA_CASES)('a manifest with %s', async (_, builtin, edit, problem) => {
    const dir = copyBuiltin(builtin, edit);
    const error = await loadError(dir);
    expect(error.message).toContain(join(dir, MANIFEST_FILE));
    expect(error.message).toContain('is not a valid model manifest');
    expect(error.message).toMatch(problem);
  });

  it('lists every schema problem at once, one per line', async () => {
    const dir = copyBuiltin('colour-quality', (m) => {
      m.name = 'Bad Name';
      m.input.std = [0, 0, 0];
    });
    const error = await loadError(dir);
    expect(error.message).toMatch(/\n {2}- name: /);
    expect(error.message).toMatch(/\n {2}- input\.std: /);
  });

  it('a model file the manifest names but the folder lacks', async () => {
    const dir = copyBuiltin('severity-stool');
    rmSync(join(dir, 'model.onnx'));
    const error = await loadError(dir);
    expect(error.message).toContain(join(dir, 'model.onnx'));
    expect(error.message).toMatch(/missing/);
  });

  it('a model file with one byte changed (sha256 mismatch)', async () => {
    const dir = copyBuiltin('severity-stool');
    const file = join(dir, 'model.onnx');
    const bytes = readFileSync(file);
    const expected = sha256Of(bytes);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0x01;
    writeFileSync(file, bytes);
    const error = await loadError(dir);
    expect(error.message).toContain(file);
    expect(error.message).toContain(sha256Of(bytes));
    expect(error.message).toContain(`expects ${expected}`);
    expect(error.message).toMatch(/corrupt or not the model the manifest describes/);
  });

  it('a manifest whose sha256 is not the file’s', async () => {
    const other = 'a'.repeat(64);
    const dir = copyBuiltin('severity-stool', (m) => (m.sha256 = other));
    const error = await loadError(dir);
    expect(error.message).toContain(join(dir, 'model.onnx'));
    expect(error.message).toContain(`expects ${other}`);
  });

  it('a file that is not an ONNX model, even with a matching hash', async () => {
    const garbage = Buffer.from('this is not a protobuf model, just text');
    const dir = copyBuiltin('severity-stool', (m) => (m.sha256 = sha256Of(garbage)));
    writeFileSync(join(dir, 'model.onnx'), garbage);
    const error = await loadError(dir);
    expect(error.message).toContain(`onnxruntime cannot open ${join(dir, 'model.onnx')}`);
  });

  it('an input name the graph does not have', async () => {
    const dir = copyBuiltin('severity-stool', (m) => (m.input.name = 'pixels'));
    const error = await loadError(dir);
    expect(error.message).toContain(join(dir, 'model.onnx'));
    expect(error.message).toContain('no tensor input "pixels"');
    expect(error.message).toContain('its inputs are: features');
  });

  it('a dtype the graph does not take (float16 for a float32 model)', async () => {
    const dir = copyBuiltin('severity-stool', (m) => (m.input.dtype = 'float16'));
    const error = await loadError(dir);
    expect(error.message).toContain(join(dir, 'model.onnx'));
    expect(error.message).toContain('input "features" is float32, but the manifest says float16');
  });

  it('a features list of the wrong length (wrong input shape)', async () => {
    const dir = copyBuiltin('severity-stool', (m) => (m.input.features = (m.input.features as string[]).slice(1)));
    const error = await loadError(dir);
    expect(error.message).toContain(join(dir, 'model.onnx'));
    const length = COLOUR_QUALITY_FEATURES.length;
    expect(error.message).toContain(`has shape [1, ${length}], but the manifest describes [1, ${length - 1}]`);
  });

  it('an image size or layout the graph does not take', async () => {
    const wide = await loadError(copyBuiltin('colour-quality', (m) => (m.input.width = 224)));
    expect(wide.message).toContain('has shape [1, 3, 192, 192], but the manifest describes [1, 3, 192, 224]');
    const nhwc = await loadError(copyBuiltin('colour-quality', (m) => (m.input.layout = 'NHWC')));
    expect(nhwc.message).toContain('but the manifest describes [1, 192, 192, 3]');
  });

  it('an output name the graph does not have', async () => {
    const dir = copyBuiltin('severity-stool', (m) => (m.outputs[0].name = 'scores'));
    const error = await loadError(dir);
    expect(error.message).toContain(join(dir, 'model.onnx'));
    expect(error.message).toContain('no tensor output "scores"');
    expect(error.message).toContain('its outputs are: rule_scores, severity_scores');
  });

  it('a labels list whose length is not the output’s', async () => {
    const dir = copyBuiltin(
      'severity-stool',
      (m) => (m.outputs[0].labels = (m.outputs[0].labels as string[]).slice(0, 6)),
    );
    const error = await loadError(dir);
    expect(error.message).toContain(join(dir, 'model.onnx'));
    expect(error.message).toContain('output "rule_scores" has 7 values but 6 labels');
  });

  it('reads labels from a JSON file beside the manifest', async () => {
    let labels: string[] = [];
    const dir = copyBuiltin('severity-stool', (m) => {
      labels = m.outputs[0].labels as string[];
      m.outputs[0].labels = 'rules.json';
    });
    writeJson(join(dir, 'rules.json'), labels);
    const model = await loadModel(dir);
    try {
      expect(model.labels.get('rule_scores')).toEqual(labels);
      expect(model.labels.get('severity_scores')).toEqual([...RULE_SEVERITIES]);
    } finally {
      await model.release();
    }
  });

  it('a labels file that is missing', async () => {
    const dir = copyBuiltin('severity-stool', (m) => (m.outputs[0].labels = 'rules.json'));
    const error = await loadError(dir);
    expect(error.message).toContain(join(dir, 'rules.json'));
    expect(error.message).toMatch(/missing/);
  });

  it.each([
    ['an object', { melena: 0 }],
    ['an array of numbers', [1, 2, 3, 4, 5, 6, 7]],
    [
      'an array mixing strings and numbers',
      ['melena', 2, 'fresh_blood', 'pale_clay', 'yellow_orange', 'green', 'brown'],
    ],
  ])('a labels file holding %s', async (_, content) => {
    const dir = copyBuiltin('severity-stool', (m) => (m.outputs[0].labels = 'rules.json'));
    writeJson(join(dir, 'rules.json'), content);
    const error = await loadError(dir);
    expect(error.message).toContain(join(dir, 'rules.json'));
    expect(error.message).toContain('must be a JSON array of strings');
  });

  it('a labels file that is not JSON at all (ModelLoadError naming the file, not a bare SyntaxError)', async () => {
    const dir = copyBuiltin('severity-stool', (m) => (m.outputs[0].labels = 'rules.json'));
    writeFileSync(join(dir, 'rules.json'), 'melena, heavy_blood, fresh_blood\n');
    const error = await loadError(dir);
    expect(error.message).toContain(join(dir, 'rules.json'));
  });
});

describe('loadModel on the built-in models', () => {
  it('finds the colour analyser and one severity head per health operation', () => {
    expect(BUILTIN_NAMES).toEqual(['colour-quality', ...HEALTH_OPERATION_KEYS.map((op) => `severity-${op}`)].sort());
  });

  it.each(BUILTIN_NAMES)('%s loads, verified, with labels for every output', async (name) => {
    const model = await loadModel(join(BUILTIN, name));
    try {
      expect(model.manifest.name).toBe(name);
      expect(model.dir).toBe(join(BUILTIN, name));
      expect(sha256Of(readFileSync(join(BUILTIN, name, model.manifest.file)))).toBe(model.manifest.sha256);
      expect([...model.labels.keys()]).toEqual(model.manifest.outputs.map((output) => output.name));
      for (const labels of model.labels.values()) expect(labels.length).toBeGreaterThan(0);
      expect(model.inputNames).toEqual(['name' in model.manifest.input ? model.manifest.input.name : '']);
    } finally {
      await model.release();
    }
  });
});

const FEATURE_COUNT = COLOUR_QUALITY_FEATURES.length;
const STOOL_RULES = OPERATIONS.stool.rules.rules;
const TRAINED_RULE_SCORES = STOOL_RULES.map((_, i) => 0.125 * (i + 1));
const TRAINED_SEVERITY_SCORES = [0.5, 0.25, 0.75, 0.125];

/**
 * A "trained" stool head in a folder of `parent`: the builtin's manifest and outputs, but a graph
 * that ignores its input and answers constants, so the tests can tell which head answered. Its
 * batch dimension is symbolic, as exported trained models often have.
 */
function writeTrainedStoolHead(parent: string, name = 'trained-stool-head'): string {
  const g = new OnnxGraph('trained-stool');
  const features = g.input('features', ['batch', FEATURE_COUNT]);
  const rules = TRAINED_RULE_SCORES.length;
  const zeros = (columns: number) =>
    g.constant(new Float32Array(FEATURE_COUNT * columns), [FEATURE_COUNT, columns], 'zeros');
  g.op(
    'Add',
    [g.op('MatMul', [features, zeros(rules)]), g.constant(TRAINED_RULE_SCORES, [1, rules], 'rules')],
    {},
    'rule_scores',
  );
  g.op(
    'Add',
    [g.op('MatMul', [features, zeros(4)]), g.constant(TRAINED_SEVERITY_SCORES, [1, 4], 'severities')],
    {},
    'severity_scores',
  );
  g.output('rule_scores', ['batch', rules]);
  g.output('severity_scores', ['batch', 4]);
  const bytes = g.toBytes({ name: 'pawlens-tests', version: '1' });
  const dir = join(parent, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'model.onnx'), bytes);
  const manifest = readJson(join(BUILTIN, 'severity-stool', MANIFEST_FILE));
  writeJson(join(dir, MANIFEST_FILE), {
    ...manifest,
    name,
    description: 'A trained stool head (test double).',
    sha256: sha256Of(bytes),
  });
  return dir;
}

describe('loadVisionModels', () => {
  const someFeatures = () => Float32Array.from({ length: FEATURE_COUNT }, (_, i) => (i % 5) / 10);

  it('with nothing installed: the built-ins, every head, no classifier', async () => {
    const vision = await loadAnalysisModels({ modelsDir: join(tempDir(), 'does-not-exist') });
    expect(vision.loaded.map((model) => model.manifest.name)).toEqual(BUILTIN_NAMES);
    expect([...vision.heads.keys()].sort()).toEqual([...HEALTH_OPERATION_KEYS].sort());
    for (const op of HEALTH_OPERATION_KEYS) expect(vision.heads.get(op)!.operation).toBe(op);
    expect(vision.classifier).toBeUndefined();
  });

  it('a broken installed model stops the start with ModelLoadError', async () => {
    const modelsDir = tempDir();
    mkdirSync(join(modelsDir, 'half-copied'));
    writeFileSync(join(modelsDir, 'half-copied', MANIFEST_FILE), '{"name": "half-copied",');
    const error = await loadAnalysisModels({ modelsDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelLoadError);
    expect((error as Error).message).toContain(join(modelsDir, 'half-copied', MANIFEST_FILE));
  });

  it('an installed model with a corrupted file stops the start', async () => {
    const modelsDir = tempDir();
    const dir = copyBuiltin('severity-stool', (m) => (m.name = 'trained-stool-head'), modelsDir, 'trained-stool-head');
    const file = join(dir, 'model.onnx');
    const bytes = readFileSync(file);
    bytes[10] = bytes[10]! ^ 0xff;
    writeFileSync(file, bytes);
    const error = await loadAnalysisModels({ modelsDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelLoadError);
    expect((error as Error).message).toContain(file);
  });

  it('PAWLENS_BREED_MODEL naming a classifier that is not installed is refused', async () => {
    const error = await loadAnalysisModels({ modelsDir: tempDir(), breedModel: 'resnet50' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelLoadError);
    expect((error as Error).message).toContain('PAWLENS_BREED_MODEL=resnet50');
    expect((error as Error).message).toContain('pawlens models list');
  });

  it('PAWLENS_BREED_MODEL naming an installed model that is not a classifier is refused', async () => {
    const modelsDir = tempDir();
    copyBuiltin('severity-stool', (m) => (m.name = 'trained-stool-head'), modelsDir, 'trained-stool-head');
    const error = await loadAnalysisModels({ modelsDir, breedModel: 'trained-stool-head' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelLoadError);
    expect((error as Error).message).toContain('PAWLENS_BREED_MODEL=trained-stool-head');
  });

  it('an installed copy of the stool head is loaded, listed and used', async () => {
    const modelsDir = tempDir();
    const dir = copyBuiltin('severity-stool', (m) => (m.name = 'trained-stool-head'), modelsDir, 'trained-stool-head');
    const vision = await loadAnalysisModels({ modelsDir });
    const installed = vision.loaded.find((model) => model.manifest.name === 'trained-stool-head');
    expect(installed?.dir).toBe(dir);
    expect(vision.loaded.map((model) => model.manifest.name)).toEqual([...BUILTIN_NAMES, 'trained-stool-head']);
    const scores = await vision.heads.get('stool')!.predict(someFeatures());
    expect([...scores.keys()]).toEqual(STOOL_RULES.map((rule) => rule.id));
    for (const value of scores.values()) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
  });

  it('an installed stool head replaces the generated one for stool only', async () => {
    const modelsDir = tempDir();
    writeTrainedStoolHead(modelsDir);
    const vision = await loadAnalysisModels({ modelsDir });
    expect(vision.loaded.map((model) => model.manifest.name)).toContain('trained-stool-head');

    const stool = await vision.heads.get('stool')!.predict(someFeatures());
    expect([...stool.values()]).toEqual(TRAINED_RULE_SCORES);

    // The generated heads of the other operations still answer, and from the features.
    const builtin = await loadAnalysisModels({ modelsDir: join(modelsDir, 'nothing-here') });
    const generatedStool = await builtin.heads.get('stool')!.predict(someFeatures());
    expect([...generatedStool.values()]).not.toEqual(TRAINED_RULE_SCORES);
    const vomit = await vision.heads.get('vomit')!.predict(someFeatures());
    const generatedVomit = await builtin.heads.get('vomit')!.predict(someFeatures());
    expect([...vomit.values()]).toEqual([...generatedVomit.values()]);
  });

  it('a head installed for stool that speaks of another operation’s rules is refused', async () => {
    const modelsDir = tempDir();
    copyBuiltin(
      'severity-vomit',
      (m) => {
        m.name = 'mislabelled-head';
        m.operation = 'stool';
      },
      modelsDir,
      'mislabelled-head',
    );
    const error = await loadAnalysisModels({ modelsDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelLoadError);
    expect((error as Error).message).toContain('mislabelled-head');
    expect((error as Error).message).toContain(
      `rule_scores must be labelled ${STOOL_RULES.map((r) => r.id).join(', ')}`,
    );
  });

  it('a head installed for an operation that has no rule table is refused at start, not left unused', async () => {
    const modelsDir = tempDir();
    copyBuiltin(
      'severity-stool',
      (m) => {
        m.name = 'stol-head';
        m.operation = 'stol';
      },
      modelsDir,
      'stol-head',
    );
    const error = await loadAnalysisModels({ modelsDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelLoadError);
    expect((error as Error).message).toContain('a severity head for "stol"');
    expect((error as Error).message).toContain(HEALTH_OPERATION_KEYS.join(', '));
  });
});

describe('float16', () => {
  it('round-trips every integer 0..2048 exactly, and their negatives', () => {
    for (let i = 0; i <= 2048; i++) {
      expect(fromHalf(toHalf(i))).toBe(i);
      expect(fromHalf(toHalf(-i))).toBe(-i);
    }
  });

  it('round-trips every pixel value 0..255 times scale 1, and the bit patterns are the IEEE ones', () => {
    for (let pixel = 0; pixel <= 255; pixel++) expect(fromHalf(toHalf(pixel * 1))).toBe(pixel);
    expect(toHalf(0)).toBe(0x0000);
    expect(toHalf(1)).toBe(0x3c00);
    expect(toHalf(2)).toBe(0x4000);
    expect(toHalf(255)).toBe(0x5bf8);
    expect(toHalf(0.5)).toBe(0x3800);
    expect(toHalf(-2)).toBe(0xc000);
    expect(toHalf(65504)).toBe(0x7bff);
  });

  it('fromHalf then toHalf gives back every one of the 65536 bit patterns but NaNs', () => {
    for (let bits = 0; bits <= 0xffff; bits++) {
      const value = fromHalf(bits);
      if (Number.isNaN(value)) {
        expect((bits & 0x7c00) === 0x7c00 && (bits & 0x3ff) !== 0, `bits ${bits.toString(16)}`).toBe(true);
        continue;
      }
      expect(toHalf(value), `bits ${bits.toString(16)}`).toBe(bits);
    }
  });

  it('halvesToFloats reads a tensor of bit patterns as fromHalf reads each', () => {
    const halves = Uint16Array.from({ length: 0x10000 }, (_, bits) => bits);
    const floats = halvesToFloats(halves);
    expect(floats).toBeInstanceOf(Float32Array);
    expect(floats).toEqual(Float32Array.from(halves, fromHalf));
  });

  it('handles Infinity, NaN and -0', () => {
    expect(toHalf(Number.POSITIVE_INFINITY)).toBe(0x7c00);
    expect(toHalf(Number.NEGATIVE_INFINITY)).toBe(0xfc00);
    expect(fromHalf(0x7c00)).toBe(Number.POSITIVE_INFINITY);
    expect(fromHalf(0xfc00)).toBe(Number.NEGATIVE_INFINITY);
    const nan = toHalf(Number.NaN);
    expect(nan & 0x7c00).toBe(0x7c00);
    expect(nan & 0x3ff).not.toBe(0);
    expect(fromHalf(nan)).toBeNaN();
    expect(toHalf(-0)).toBe(0x8000);
    expect(Object.is(fromHalf(0x8000), -0)).toBe(true);
    expect(Object.is(fromHalf(toHalf(-0)), -0)).toBe(true);
  });

  it('overflows to Infinity past the largest half, rounding first', () => {
    expect(toHalf(65519)).toBe(0x7bff); // rounds down to 65504
    expect(toHalf(65520)).toBe(0x7c00); // halfway to 65536: rounds to even, i.e. overflows
    expect(toHalf(1e6)).toBe(0x7c00);
    expect(toHalf(-1e6)).toBe(0xfc00);
  });

  it('handles subnormals and underflow', () => {
    expect(toHalf(2 ** -24)).toBe(0x0001); // smallest subnormal
    expect(fromHalf(0x0001)).toBe(2 ** -24);
    expect(toHalf(2 ** -15)).toBe(0x0200);
    expect(toHalf(1023 * 2 ** -24)).toBe(0x03ff); // largest subnormal
    expect(fromHalf(0x03ff)).toBe(1023 * 2 ** -24);
    expect(toHalf(2 ** -14)).toBe(0x0400); // smallest normal
    expect(toHalf(1023.5 * 2 ** -24)).toBe(0x0400); // rounds up out of the subnormals
    expect(toHalf(2 ** -25)).toBe(0x0000); // halfway to the smallest subnormal: ties to even (0)
    expect(toHalf(3 * 2 ** -25)).toBe(0x0002); // halfway between 1 and 2 ulps: ties to even (2)
    expect(toHalf(1.5 * 2 ** -25)).toBe(0x0001);
    expect(toHalf(2 ** -30)).toBe(0x0000);
    expect(toHalf(-(2 ** -30))).toBe(0x8000); // underflow keeps the sign
    expect(toHalf(-(2 ** -24))).toBe(0x8001);
  });

  it('rounds to nearest, ties to even', () => {
    // Above 2048 halves are 2 apart.
    expect(fromHalf(toHalf(2049))).toBe(2048);
    expect(fromHalf(toHalf(2050))).toBe(2050);
    expect(fromHalf(toHalf(2051))).toBe(2052);
    expect(fromHalf(toHalf(2053))).toBe(2052);
    expect(fromHalf(toHalf(2049.5))).toBe(2050);
    expect(fromHalf(toHalf(1 + 2 ** -11))).toBe(1); // tie, 1 is even
    expect(fromHalf(toHalf(1 + 3 * 2 ** -11))).toBe(1 + 2 ** -9); // tie, rounds up to even
    expect(fromHalf(toHalf(1 + 1.01 * 2 ** -11))).toBe(1 + 2 ** -10);
  });

  it('rounds the double itself, not a float32 rounding of it (no double rounding)', () => {
    // Just above a tie between two halves, but within float32's rounding of the tie: the nearest
    // half is the upper one. Going through a Float32Array first lands on the tie, then on even.
    expect(fromHalf(toHalf(2049 + 2 ** -20))).toBe(2050);
    expect(fromHalf(toHalf(1 + 2 ** -11 + 2 ** -30))).toBe(1 + 2 ** -10);
    expect(toHalf(65520 - 2 ** -20)).toBe(0x7bff); // 65504, not Infinity
  });

  it('keeps 0..1 pixel values within half an ulp', () => {
    for (let pixel = 0; pixel <= 255; pixel++) {
      const value = pixel / 255;
      expect(Math.abs(fromHalf(toHalf(value)) - value)).toBeLessThanOrEqual(value * 2 ** -11 + 1e-12);
    }
  });
});

describe('pixelsToTensor', () => {
  // 2×2 RGB, row-major: (10,20,30) (40,50,60) / (70,80,90) (100,110,120).
  const RGB = Buffer.from([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120]);
  const TWO_BY_TWO = { width: 2, height: 2, pixels: RGB };
  const spec = (overrides: Partial<ImageInputSpec>): ImageInputSpec => ({
    kind: 'image',
    name: 'x',
    dtype: 'float32',
    layout: 'NCHW',
    width: 2,
    height: 2,
    resize: 'fill',
    channelOrder: 'RGB',
    scale: 1,
    mean: [0, 0, 0],
    std: [1, 1, 1],
    ...overrides,
  });
  const values = (tensor: { type: string; data: unknown }) =>
    tensor.type === 'float16'
      ? Array.from(tensor.data as Uint16Array, fromHalf)
      : Array.from(tensor.data as Float32Array);

  it('NCHW RGB: one plane per channel', () => {
    const tensor = pixelsToTensor(TWO_BY_TWO, spec({}));
    expect(tensor.type).toBe('float32');
    expect(tensor.dims).toEqual([1, 3, 2, 2]);
    expect(tensor.data).toBeInstanceOf(Float32Array);
    expect(values(tensor)).toEqual([10, 40, 70, 100, 20, 50, 80, 110, 30, 60, 90, 120]);
  });

  it('NHWC RGB: the pixels as they are', () => {
    const tensor = pixelsToTensor(TWO_BY_TWO, spec({ layout: 'NHWC' }));
    expect(tensor.dims).toEqual([1, 2, 2, 3]);
    expect(values(tensor)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120]);
  });

  it('NCHW BGR: the blue plane first', () => {
    const tensor = pixelsToTensor(TWO_BY_TWO, spec({ channelOrder: 'BGR' }));
    expect(values(tensor)).toEqual([30, 60, 90, 120, 20, 50, 80, 110, 10, 40, 70, 100]);
  });

  it('NHWC BGR: each pixel reversed', () => {
    const tensor = pixelsToTensor(TWO_BY_TWO, spec({ layout: 'NHWC', channelOrder: 'BGR' }));
    expect(values(tensor)).toEqual([30, 20, 10, 60, 50, 40, 90, 80, 70, 120, 110, 100]);
  });

  it('applies (pixel × scale − mean) / std per channel (ImageNet normalisation)', () => {
    const mean = [0.485, 0.456, 0.406] as [number, number, number];
    const std = [0.229, 0.224, 0.225] as [number, number, number];
    const tensor = pixelsToTensor(TWO_BY_TWO, spec({ scale: 1 / 255, mean, std }));
    const expected = [0, 1, 2].flatMap((c) => [0, 1, 2, 3].map((i) => (RGB[i * 3 + c]! / 255 - mean[c]!) / std[c]!));
    values(tensor).forEach((value, i) => {
      expect(value).toBeCloseTo(expected[i]!, 5);
    });
  });

  it('mean and std follow channelOrder: with BGR, mean[0] and std[0] apply to blue', () => {
    const tensor = pixelsToTensor(
      TWO_BY_TWO,
      spec({ layout: 'NHWC', channelOrder: 'BGR', scale: 2, mean: [1, 2, 3], std: [1, 2, 4] }),
    );
    // Pixel 0 is R=10 G=20 B=30 → [(30×2−1)/1, (20×2−2)/2, (10×2−3)/4].
    expect(values(tensor).slice(0, 3)).toEqual([59, 19, 4.25]);
    // Pixel 3 is R=100 G=110 B=120.
    expect(values(tensor).slice(9)).toEqual([239, 109, 49.25]);
  });

  it('float32: every byte value is exactly (byte × scale − mean) / std rounded to float32', () => {
    const every = {
      width: 256,
      height: 1,
      pixels: Buffer.from(Array.from({ length: 256 * 3 }, (_, i) => Math.floor(i / 3))),
    };
    const mean = [0.485, 0.456, 0.406] as [number, number, number];
    const std = [0.229, 0.224, 0.225] as [number, number, number];
    const tensor = pixelsToTensor(every, spec({ width: 256, height: 1, scale: 1 / 255, mean, std }));
    const expected = [0, 1, 2].flatMap((c) =>
      Array.from({ length: 256 }, (_, byte) => Math.fround((byte * (1 / 255) - mean[c]!) / std[c]!)),
    );
    expect(values(tensor)).toEqual(expected);
  });

  it('float16: Uint16Array bit patterns of the same values', () => {
    const tensor = pixelsToTensor(TWO_BY_TWO, spec({ dtype: 'float16', channelOrder: 'BGR' }));
    expect(tensor.type).toBe('float16');
    expect(tensor.data).toBeInstanceOf(Uint16Array);
    expect(tensor.dims).toEqual([1, 3, 2, 2]);
    expect(Array.from(tensor.data as Uint16Array)).toEqual(
      [30, 60, 90, 120, 20, 50, 80, 110, 10, 40, 70, 100].map(toHalf),
    );
    expect(values(tensor)).toEqual([30, 60, 90, 120, 20, 50, 80, 110, 10, 40, 70, 100]);
  });

  it('float16 with normalisation rounds each value to the nearest half', () => {
    const tensor = pixelsToTensor(
      TWO_BY_TWO,
      spec({ dtype: 'float16', layout: 'NHWC', scale: 1 / 255, mean: [0.5, 0.5, 0.5], std: [0.25, 0.25, 0.25] }),
    );
    const expected = [...RGB].map((pixel) => (pixel / 255 - 0.5) / 0.25);
    values(tensor).forEach((value, i) => {
      expect(Math.abs(value - expected[i]!)).toBeLessThanOrEqual(Math.abs(expected[i]!) * 2 ** -11 + 1e-6);
    });
  });
});
