/**
 * `npm run lint:openapi`: the OpenAPI document the server serves at /openapi.json, linted by
 * Redocly's CLI with its recommended rules (redocly.yaml), as a client developer's tools read it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildOpenApiDocument } from '../src/http/openapi/document.js';
import { VERSION } from '../src/version.js';

const root = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'pawlens-openapi-'));
const file = join(dir, 'openapi.json');
try {
  writeFileSync(file, JSON.stringify(buildOpenApiDocument(VERSION), null, 2));
  const redocly = join(root, 'node_modules', '.bin', 'redocly');
  const lint = spawnSync(redocly, ['lint', file, '--config', join(root, 'redocly.yaml')], {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  process.exitCode = lint.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
