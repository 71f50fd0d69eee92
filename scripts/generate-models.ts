/**
 * Writes the built-in models (src/analysis/builtin-models.ts) into models/builtin/<name>/:
 * model.onnx and manifest.json. Deterministic: the same tables give the same bytes (a test
 * regenerates and compares).
 *   npm run models:generate            write them
 *   npm run models:generate -- --check exit 1 if the committed files differ from a fresh build
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateBuiltinFiles } from '../src/analysis/builtin-models.js';

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
