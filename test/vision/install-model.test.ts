import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalLabels, installModel } from '../../src/vision/runtime/install-model.js';
import { loadModel, ModelLoadError, sha256Of } from '../../src/vision/runtime/load-model.js';
import { PACKAGE_MODELS_DIR } from '../../src/vision/runtime/models-location.js';
import { MODEL_CATALOGUE, RECOMMENDED_MODELS } from '../../src/vision/runtime/model-catalogue.js';
import { cocoLabelsFile } from '../../src/vision/tables/coco-names.js';
import { MANIFEST_FILE } from '../../src/vision/runtime/model-manifest.js';
import { describeWithShared, SHARED_DIR } from '../fixtures/shared-assets.js';
import { runProcess, type Run } from '../fixtures/run-process.js';
import { tempDir } from '../fixtures/temp-dir.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const NAME = 'squeezenet1.0';
const SQUEEZENET = join(SHARED_DIR, 'models', NAME);
const ENTRY = MODEL_CATALOGUE[NAME]!;
/** A real ONNX model that is not SqueezeNet. */
const OTHER_MODEL = join(ROOT, 'models', 'builtin', 'severity-stool', 'model.onnx');

const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

/** An empty models folder, so that whatever an install leaves behind shows. */
function emptyModelsDir(): string {
  const dir = join(tempDir(), 'models');
  mkdirSync(dir);
  return dir;
}

/** A source folder holding the given files, as a user would put them on a USB stick. */
function sourceFolder(files: Record<string, Buffer | string>): string {
  const dir = tempDir();
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

async function installError(name: string, from: string, modelsDir: string): Promise<ModelLoadError> {
  const outcome = await installModel(name, { from, modelsDir }).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome, `installing ${name} from ${from} should have failed`).toBeInstanceOf(ModelLoadError);
  return outcome as ModelLoadError;
}

interface TestServer {
  readonly origin: string;
  readonly requests: string[];
}

/** A local web server: `files` by URL path, 404 for anything else. */
async function serve(files: Record<string, Buffer>): Promise<TestServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '';
    requests.push(path);
    const body = files[path];
    if (!body) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body);
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

/** A port on which nothing listens: bound once, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

describe('installModel refusals (no ../shared needed)', () => {
  it('a name not in the catalogue, listing the installable names, and touching nothing', async () => {
    const modelsDir = join(tempDir(), 'models');
    const error = await installError('resnet-9000', sourceFolder({}), modelsDir);
    expect(error.message).toContain('"resnet-9000" is not in the catalogue');
    expect(error.message).toContain(`installable models: ${Object.keys(MODEL_CATALOGUE).join(', ')}`);
    expect(error.message).toContain(NAME);
    expect(existsSync(modelsDir)).toBe(false);
  });

  it('a folder that does not hold the model', async () => {
    const from = sourceFolder({});
    const modelsDir = emptyModelsDir();
    const error = await installError(NAME, from, modelsDir);
    expect(error.message).toContain(join(from, 'model.onnx'));
    expect(error.message).toContain('the folder must hold model.onnx');
    expect(readdirSync(modelsDir)).toEqual([]);
  });

  it('a folder whose model.onnx is another model: sha256 mismatch, nothing left in modelsDir', async () => {
    const other = readFileSync(OTHER_MODEL);
    const from = sourceFolder({ 'model.onnx': other, 'labels.json': '[]' });
    const modelsDir = emptyModelsDir();
    const error = await installError(NAME, from, modelsDir);
    expect(error.message).toContain('model.onnx');
    expect(error.message).toContain(from);
    expect(error.message).toContain(`sha256 ${sha256Of(other)}, expected ${ENTRY.manifest.sha256}`);
    expect(readdirSync(modelsDir)).toEqual([]); // no target folder, no staging folder
  });

  it('a URL that answers 404', async () => {
    const server = await serve({});
    const modelsDir = emptyModelsDir();
    const error = await installError(NAME, `${server.origin}/squeezenet/`, modelsDir);
    expect(error.message).toContain(`Cannot download ${server.origin}/squeezenet/model.onnx: HTTP 404`);
    expect(server.requests).toEqual(['/squeezenet/model.onnx']);
    expect(readdirSync(modelsDir)).toEqual([]);
  });

  it('a URL that serves other bytes: sha256 mismatch', async () => {
    const other = readFileSync(OTHER_MODEL);
    const server = await serve({ '/squeezenet/model.onnx': other, '/squeezenet/labels.json': Buffer.from('[]') });
    const modelsDir = emptyModelsDir();
    const error = await installError(NAME, `${server.origin}/squeezenet/`, modelsDir);
    expect(error.message).toContain(`sha256 ${sha256Of(other)}, expected ${ENTRY.manifest.sha256}`);
    expect(readdirSync(modelsDir)).toEqual([]);
  });

  it('a URL where nothing listens (connection refused)', async () => {
    const port = await closedPort();
    const modelsDir = emptyModelsDir();
    const error = await installError(NAME, `http://127.0.0.1:${port}/squeezenet/`, modelsDir);
    expect(error.message).toContain(`Cannot download http://127.0.0.1:${port}/squeezenet/model.onnx`);
    // Issue 41: "fetch failed" alone left an air-gapped site guessing.
    expect(error.message).toContain('--from DIR');
    expect(readdirSync(modelsDir)).toEqual([]);
  });

  it("another model's own folder: says which model the folder holds, not that the file is damaged", async () => {
    // Issue 41: --from pointing at one model's folder called the next model's file "damaged".
    const from = sourceFolder({
      'model.onnx': readFileSync(OTHER_MODEL),
      'labels.json': '[]',
      'manifest.json': JSON.stringify({ name: 'yolox-nano' }),
    });
    const modelsDir = emptyModelsDir();
    const error = await installError(NAME, from, modelsDir);
    expect(error.message).toContain(`${from} holds yolox-nano (its manifest.json says so), not ${NAME}`);
    expect(error.message).not.toContain('damaged');
    expect(readdirSync(modelsDir)).toEqual([]);
  });
});

describeWithShared('installModel squeezenet1.0 from ../shared', () => {
  let model: Buffer;
  let labels: Buffer;

  beforeAll(() => {
    model = readFileSync(join(SQUEEZENET, 'model.onnx'));
    labels = readFileSync(join(SQUEEZENET, 'labels.json'));
  });

  /** The installed folder holds exactly the verified files and the catalogue's manifest, and loads. */
  async function expectInstalled(modelsDir: string): Promise<void> {
    expect(readdirSync(modelsDir)).toEqual([NAME]);
    const dir = join(modelsDir, NAME);
    expect(readdirSync(dir).sort()).toEqual(['labels.json', MANIFEST_FILE, 'model.onnx']);
    expect(readFileSync(join(dir, 'model.onnx')).equals(model)).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8'))).toEqual(JSON.parse(labels.toString('utf8')));
    expect(JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'))).toEqual(ENTRY.manifest);
    const loaded = await loadModel(dir);
    try {
      expect(loaded.manifest).toEqual(ENTRY.manifest);
      expect(loaded.labels.get('softmaxout_1')).toHaveLength(1000);
    } finally {
      await loaded.release();
    }
  }

  it('the catalogue’s hashes are those of the shared files, for every catalogued model', () => {
    expect(sha256Of(model)).toBe(ENTRY.manifest.sha256);
    expect(sha256Of(canonicalLabels(labels))).toBe(ENTRY.extraFiles['labels.json']);
    for (const [name, entry] of Object.entries(MODEL_CATALOGUE)) {
      // A model pawlens ships (its stool localizer) is held to its hash where it ships: models/<packaged>.
      if (entry.packaged) {
        expect(sha256Of(readFileSync(join(PACKAGE_MODELS_DIR, entry.packaged, entry.manifest.file))), name).toBe(
          entry.manifest.sha256,
        );
        expect(entry.urls, name).toEqual({});
        continue;
      }
      expect(sha256Of(readFileSync(join(SHARED_DIR, 'models', name, 'model.onnx'))), name).toBe(entry.manifest.sha256);
      // Labels are pinned by their list, whatever the layout of the file.
      for (const [file, sha256] of Object.entries(entry.extraFiles))
        expect(sha256Of(canonicalLabels(readFileSync(join(SHARED_DIR, 'models', name, file)))), `${name} ${file}`).toBe(
          sha256,
        );
      // Every file has an upstream address, but a COCO detector's labels, which pawlens writes itself, byte for byte.
      const written = entry.manifest.labelSet === 'coco-80' ? ['labels.json'] : [];
      expect([...Object.keys(entry.urls), ...written].sort(), name).toEqual(
        [entry.manifest.file, ...Object.keys(entry.extraFiles)].sort(),
      );
      if (written.length > 0) expect(sha256Of(cocoLabelsFile()), name).toBe(entry.extraFiles['labels.json']);
      expect(entry.manifest.license, name).toBeTruthy();
    }
  });

  it('every catalogued model installs from a folder of model folders, and loads', async () => {
    const modelsDir = emptyModelsDir();
    for (const name of Object.keys(MODEL_CATALOGUE))
      await installModel(name, { from: join(SHARED_DIR, 'models'), modelsDir });
    expect(readdirSync(modelsDir).sort()).toEqual(Object.keys(MODEL_CATALOGUE).sort());
  });

  it('without --from, a COCO detector’s model comes from upstream and its labels from pawlens, and it loads', async () => {
    const entry = MODEL_CATALOGUE['yolox-nano']!;
    const requested: string[] = [];
    const upstream: typeof fetch = async (url) => {
      requested.push(String(url));
      return String(url) === entry.urls['model.onnx']
        ? new Response(readFileSync(join(SHARED_DIR, 'models', 'yolox-nano', 'model.onnx')))
        : new Response('', { status: 404 });
    };
    const modelsDir = emptyModelsDir();
    await installModel('yolox-nano', { modelsDir, fetch: upstream });
    expect(requested).toEqual([entry.urls['model.onnx']]);
    expect(JSON.parse(readFileSync(join(modelsDir, 'yolox-nano', 'labels.json'), 'utf8'))).toEqual(
      JSON.parse(readFileSync(join(SHARED_DIR, 'models', 'yolox-nano', 'labels.json'), 'utf8')),
    );
    await (await loadModel(join(modelsDir, 'yolox-nano'))).release();
  });

  it('reads labels published as an object keyed by index, as the classifiers’ upstream has them', async () => {
    const list = JSON.parse(labels.toString('utf8')) as string[];
    const keyed = Buffer.from(
      JSON.stringify(Object.fromEntries(list.map((label, index) => [String(index), label])), null, 2),
    );
    const modelsDir = emptyModelsDir();
    await installModel(NAME, { from: sourceFolder({ 'model.onnx': model, 'labels.json': keyed }), modelsDir });
    await expectInstalled(modelsDir);
  });

  it('without --from, fetches each file from the catalogue’s upstream address and checks it', async () => {
    const requested: string[] = [];
    const upstream: typeof fetch = async (url) => {
      requested.push(String(url));
      const file = Object.entries(ENTRY.urls).find(([, address]) => address === String(url))?.[0];
      return file ? new Response(readFileSync(join(SQUEEZENET, file))) : new Response('not found', { status: 404 });
    };
    const modelsDir = emptyModelsDir();
    await installModel(NAME, { modelsDir, fetch: upstream });
    expect(requested.sort()).toEqual(Object.values(ENTRY.urls).sort());
    await expectInstalled(modelsDir);
  });

  it('installs model.onnx, labels.json and manifest.json from a folder, and the result loads', async () => {
    const modelsDir = join(tempDir(), 'not-yet-created', 'models');
    const manifest = await installModel(NAME, { from: SQUEEZENET, modelsDir });
    expect(manifest).toEqual(ENTRY.manifest);
    await expectInstalled(modelsDir);
  });

  it('refuses a folder without labels.json, leaving nothing behind', async () => {
    const from = sourceFolder({ 'model.onnx': model });
    const modelsDir = emptyModelsDir();
    const error = await installError(NAME, from, modelsDir);
    expect(error.message).toContain(join(from, 'labels.json'));
    expect(error.message).toContain('the folder must hold labels.json');
    expect(readdirSync(modelsDir)).toEqual([]);
  });

  it('refuses an edited labels.json', async () => {
    const edited = Buffer.from(labels.toString('utf8').replace('golden retriever', 'golden doodle'));
    const from = sourceFolder({ 'model.onnx': model, 'labels.json': edited });
    const modelsDir = emptyModelsDir();
    const error = await installError(NAME, from, modelsDir);
    expect(error.message).toContain(`labels.json from ${from} has sha256 ${sha256Of(canonicalLabels(edited))}`);
    expect(readdirSync(modelsDir)).toEqual([]);
  });

  it('installing twice replaces the first install cleanly', async () => {
    const modelsDir = emptyModelsDir();
    await installModel(NAME, { from: SQUEEZENET, modelsDir });
    writeFileSync(join(modelsDir, NAME, 'left-over.txt'), 'from an older version');
    writeFileSync(join(modelsDir, NAME, MANIFEST_FILE), '{ "edited": true }');
    await installModel(NAME, { from: SQUEEZENET, modelsDir });
    await expectInstalled(modelsDir);
  });

  it('a refused install leaves the existing install as it was', async () => {
    const modelsDir = emptyModelsDir();
    await installModel(NAME, { from: SQUEEZENET, modelsDir });
    const from = sourceFolder({ 'model.onnx': readFileSync(OTHER_MODEL), 'labels.json': labels });
    await installError(NAME, from, modelsDir);
    await expectInstalled(modelsDir);
  });

  describe('from a URL', () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await serve({ '/squeezenet/model.onnx': model, '/squeezenet/labels.json': labels });
    });

    it('installs from http://127.0.0.1:PORT/squeezenet/ (and without the trailing slash)', async () => {
      const modelsDir = emptyModelsDir();
      await installModel(NAME, { from: `${server.origin}/squeezenet/`, modelsDir });
      await expectInstalled(modelsDir);
      expect(server.requests).toEqual(['/squeezenet/model.onnx', '/squeezenet/labels.json']);

      const again = emptyModelsDir();
      await installModel(NAME, { from: `${server.origin}/squeezenet`, modelsDir: again });
      await expectInstalled(again);
    });

    it('refuses when one file answers 404', async () => {
      const partial = await serve({ '/squeezenet/model.onnx': model });
      const modelsDir = emptyModelsDir();
      const error = await installError(NAME, `${partial.origin}/squeezenet/`, modelsDir);
      expect(error.message).toContain(`Cannot download ${partial.origin}/squeezenet/labels.json: HTTP 404`);
      expect(readdirSync(modelsDir)).toEqual([]);
    });

    it('refuses corrupted bytes (one byte changed on the way)', async () => {
      const corrupted = Buffer.from(model);
      const middle = corrupted.length >> 1;
      corrupted[middle] = corrupted[middle]! ^ 0x40;
      const bad = await serve({ '/squeezenet/model.onnx': corrupted, '/squeezenet/labels.json': labels });
      const modelsDir = emptyModelsDir();
      const error = await installError(NAME, `${bad.origin}/squeezenet/`, modelsDir);
      expect(error.message).toContain(
        `model.onnx from ${bad.origin}/squeezenet/ has sha256 ${sha256Of(corrupted)}, expected ${ENTRY.manifest.sha256}`,
      );
      expect(error.message).toMatch(/damaged/);
      expect(readdirSync(modelsDir)).toEqual([]);
    });
  });

  describe('the CLI, as a user runs it', () => {
    let modelsDir: string;
    let dataDir: string;

    beforeAll(() => {
      modelsDir = join(tempDir(), 'models');
      dataDir = join(tempDir(), 'data');
    });

    function pawlens(args: string[]): Promise<Run> {
      const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAWLENS_')));
      return runProcess(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'cli.ts'), ...args], {
        cwd: ROOT,
        env: { ...env, PAWLENS_MODELS_DIR: modelsDir, PAWLENS_DATA_DIR: dataDir },
      });
    }

    const show = (run: Run) => `exit ${run.code}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`;

    it('models install, then models list --json; unknown names and a missing name are refused', async () => {
      const [install, unknown, noName] = await Promise.all([
        pawlens(['models', 'install', NAME, '--from', SQUEEZENET]),
        pawlens(['models', 'install', 'nope', '--from', 'x']),
        pawlens(['models', 'install', '--from', SQUEEZENET]),
      ]);

      expect(install.code, show(install)).toBe(0);
      expect(install.stdout).toMatch(
        new RegExp(
          `^Installed ${NAME.replace('.', '\\.')} \\(classifier, sha256 ${ENTRY.manifest.sha256.slice(0, 12)}`,
          'm',
        ),
      );
      expect(install.stdout).toContain(join(modelsDir, NAME));
      expect(readdirSync(join(modelsDir, NAME)).sort()).toEqual(['labels.json', MANIFEST_FILE, 'model.onnx']);

      expect(unknown.code, show(unknown)).not.toBe(0);
      expect(unknown.code).not.toBeNull();
      expect(unknown.stderr).toContain('"nope" is not in the catalogue; installable models: squeezenet1.0');
      expect(unknown.stderr).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m); // an instruction, not a stack trace
      expect(existsSync(join(modelsDir, 'nope'))).toBe(false);

      expect(noName.code, show(noName)).not.toBe(0);
      expect(noName.stderr).toContain('Usage: pawlens models install NAME|recommended [--from DIR|URL]');

      const recommended = await pawlens(['models', 'install', 'recommended', '--from', join(SHARED_DIR, 'models')]);
      expect(recommended.code, show(recommended)).toBe(0);
      for (const name of RECOMMENDED_MODELS) expect(recommended.stdout).toContain(`Installed ${name} `);

      const list = await pawlens(['models', 'list', '--json']);
      expect(list.code, show(list)).toBe(0);
      const rows = JSON.parse(list.stdout.trim()) as Array<Record<string, unknown>>;
      expect(rows).toContainEqual(
        expect.objectContaining({
          name: NAME,
          origin: 'installed',
          task: 'classifier',
          sha256: ENTRY.manifest.sha256,
          dir: join(modelsDir, NAME),
          status: 'ok',
        }),
      );
      const builtins = rows.filter((row) => row.origin === 'built-in');
      expect(builtins.map((row) => row.name)).toContain('colour-quality');
      for (const row of rows) expect(row.status, String(row.name)).toBe('ok');
    });
  });
});
