/**
 * `npm run openapi:examples`: writes src/http/openapi/examples.ts, the photo and the answer of
 * each operation's example in /openapi.json (scripts/support/openapi-examples.ts says how they are
 * made). Run it when the built-in answers change; test/http/openapi-examples.test.ts says when.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EXAMPLE_REQUEST_ID, operationExamples } from './support/openapi-examples.js';

const modelsDir = mkdtempSync(join(tmpdir(), 'pawlens-examples-'));
try {
  const examples = await operationExamples(modelsDir);
  const file = resolve(import.meta.dirname, '..', 'src', 'http', 'openapi', 'examples.ts');
  writeFileSync(
    file,
    `// Written by \`npm run openapi:examples\` (scripts/openapi-examples.ts): do not edit by hand.
import type { OperationKey } from '../../operations/registry.js';

/** The request id of the examples' envelopes. */
export const EXAMPLE_REQUEST_ID = ${JSON.stringify(EXAMPLE_REQUEST_ID)};

/**
 * Each operation's example: a 128 × 96 generated scene as Base64, and the data pawlens answers it
 * with on its built-in models (language en).
 */
export const OPERATION_EXAMPLES: Readonly<Record<OperationKey, { readonly image: string; readonly data: unknown }>> = ${JSON.stringify(examples, null, 2)};
`,
  );
  // In the repository's style (Biome: single quotes), so that the lint passes on what was written.
  const root = resolve(import.meta.dirname, '..');
  execFileSync(join(root, 'node_modules', '.bin', 'biome'), ['check', '--write', file], {
    cwd: root,
    stdio: 'inherit',
  });
  console.log(`wrote ${file}`);
} finally {
  rmSync(modelsDir, { recursive: true, force: true });
}
