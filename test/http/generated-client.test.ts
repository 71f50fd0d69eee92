/**
 * A client generated from /openapi.json, as a client developer makes one: openapi-typescript
 * writes the types, openapi-fetch calls the running server with them. The generated program must
 * type-check (its error bodies are the envelope, not `never`; its headers are declared), then run
 * against the server: an analysis, a refusal read as the envelope, the pets' records.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../src/http/transport/http-server-limits.js';
import { silentLogger } from '../../src/logger.js';
import { photo, toBase64 } from '../fixtures/images.js';
import { createTestApp, type TestApp } from '../fixtures/test-app.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..', '..');
// Inside the checkout, so that the program finds openapi-fetch in node_modules as a client's would.
const DIR = join(ROOT, 'node_modules', '.cache', `pawlens-generated-client-${process.pid}`);

/** What the generated client does; each step's outcome is printed as one JSON line for the test to read. */
const PROGRAM = `import createClient from 'openapi-fetch';
import type { paths } from './api.js';

const [baseUrl, key, emptyKey, image] = process.argv.slice(2) as [string, string, string, string];
const client = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${key}\` } });
const out = (step: string, value: unknown) => console.log(JSON.stringify({ step, value }));

const analysed = await client.POST('/api/v1/feces-analysis', {
  body: { image, language: 'es' },
  params: { header: { 'X-Pet-Id': 'chart-1042' } },
});
if (analysed.data) {
  const { severity, health_score, health_score_max } = analysed.data.data;
  const score: number = health_score_max;
  out('analysis', { severity, health_score, score, charged: analysed.response.headers.get('X-Credits-Charged') });
}

// A refusal is the error envelope, typed: its code can be read without a cast.
const refused = await client.POST('/api/v1/breed-identification', { body: { image: 'not a photo' } });
if (refused.error) out('refusal', { status: refused.response.status, code: refused.error.error.code });

const broke = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${emptyKey}\` } });
const unpaid = await broke.POST('/v1/skin-analysis', { body: { image } });
if (unpaid.error)
  out('unpaid', {
    status: unpaid.response.status,
    code: unpaid.error.error.code,
    remaining: unpaid.response.headers.get('X-Credits-Remaining'),
  });

const history = await client.GET('/api/v1/pets/{petId}/analyses', {
  params: { path: { petId: 'chart-1042' }, query: { limit: 5 } },
});
if (history.data) out('history', history.data.data.analyses.map((record) => record.operation));

const badPet = await client.DELETE('/api/v1/pets/{petId}', { params: { path: { petId: '../etc' } } });
if (badPet.error) out('badPet', { status: badPet.response.status, code: badPet.error.error.code });
`;

let app: TestApp;
let server: Server;

beforeAll(async () => {
  app = await createTestApp({ keyCredits: 100 });
  server = createHttpServer(app.http, silentLogger).listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  mkdirSync(DIR, { recursive: true });
});

afterAll(async () => {
  rmSync(DIR, { recursive: true, force: true });
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done));
});

describe('a TypeScript client generated from /openapi.json (openapi-typescript + openapi-fetch)', () => {
  it('type-checks, then calls the running server: an analysis, refusals as the envelope, the records', async () => {
    const document = (await request(app.http).get('/openapi.json')).body;
    writeFileSync(join(DIR, 'api.ts'), astToString(await openapiTS(document)));
    writeFileSync(join(DIR, 'client.ts'), PROGRAM);
    writeFileSync(
      join(DIR, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules', '@types')],
        },
        files: ['client.ts'],
      }),
    );
    writeFileSync(join(DIR, 'package.json'), '{ "type": "module" }');
    await run(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', join(DIR, 'tsconfig.json')]).catch(
      (error: { stdout?: string }) => {
        throw new Error(`the generated client does not type-check:\n${error.stdout}`);
      },
    );

    const empty = await app.issue({ credits: 0 });
    const { port } = server.address() as AddressInfo;
    const image = toBase64(await photo('jpeg'));
    const { stdout } = await run(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      [join(DIR, 'client.ts'), `http://127.0.0.1:${port}`, app.key, empty.secret, image],
      { maxBuffer: 1 << 20 },
    );
    const steps = Object.fromEntries(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { step: string; value: unknown })
        .map(({ step, value }) => [step, value]),
    );
    expect(steps.analysis).toMatchObject({ score: 10, charged: expect.stringMatching(/^[05]$/) });
    expect(steps.refusal).toEqual({ status: 400, code: 'INVALID_IMAGE' });
    expect(steps.unpaid).toEqual({ status: 402, code: 'INSUFFICIENT_CREDITS', remaining: '0' });
    expect(steps.history).toEqual(['stool']);
    expect(steps.badPet).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
  }, 60_000);
});
