/**
 * Writes the built-in models into models/builtin/<name>/: model.onnx and manifest.json.
 * Deterministic: the same tables give the same bytes (a test regenerates and compares).
 *   npm run models:generate            write them
 *   npm run models:generate -- --check exit 1 if the committed files differ from a fresh build
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256Of } from '../src/vision/runtime/load-model.js';
import { MANIFEST_FILE, type ModelManifest } from '../src/vision/runtime/model-manifest.js';
import { builtinModels } from './builtin-models/index.js';

export const BUILTIN_DIR = join(import.meta.dirname, '..', 'models', 'builtin');
const PRODUCER = { name: 'pawlens-generate-models', version: '1' };
const MODEL_FILE = 'model.onnx';

export interface GeneratedFile {
  readonly path: string;
  readonly bytes: Uint8Array;
}

export function generateBuiltinFiles(root = BUILTIN_DIR): GeneratedFile[] {
  return builtinModels().flatMap(({ graph, manifest }) => {
    const bytes = graph.toBytes(PRODUCER);
    const full: ModelManifest = { ...manifest, file: MODEL_FILE, sha256: sha256Of(bytes) };
    const dir = join(root, manifest.name);
    return [
      { path: join(dir, MODEL_FILE), bytes },
      { path: join(dir, MANIFEST_FILE), bytes: new TextEncoder().encode(`${JSON.stringify(full, null, 2)}\n`) },
    ];
  });
}

async function main(check: boolean): Promise<void> {
  const files = generateBuiltinFiles();
  const stale: string[] = [];
  for (const file of files) {
    if (check) {
      const current = await readFile(file.path).catch(() => undefined);
      if (!current?.equals(file.bytes)) stale.push(file.path);
    } else {
      await mkdir(join(file.path, '..'), { recursive: true });
      await writeFile(file.path, file.bytes);
      process.stdout.write(`wrote ${file.path} (${file.bytes.length} bytes)\n`);
    }
  }
  if (stale.length > 0) {
    process.stderr.write(`out of date, run "npm run models:generate":\n  ${stale.join('\n  ')}\n`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  await main(process.argv.includes('--check'));
}
