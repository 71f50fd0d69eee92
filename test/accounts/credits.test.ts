import { spawn } from 'node:child_process';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Reservation } from '../../src/accounts/account-store.js';
import { issueKey } from '../../src/accounts/issue-key.js';
import { OPEN_CLAIMS, PURGE_IDEMPOTENCY_KEYS } from '../../src/accounts/shared-statements.js';
import { SqliteAccountStore } from '../../src/accounts/sqlite/sqlite-account-store.js';
import type { ErrorCode } from '../../src/contract/error-catalogue.js';
import { OPERATION_KEYS, type OperationKey } from '../../src/operations/registry.js';
import { CREDITS_PER_CALL } from '../../src/contract/price.js';
import { createApp, type AppDeps } from '../../src/http/create-app.js';
import { OPERATION_EXAMPLES } from '../../src/http/openapi/examples.js';
import { OPERATIONS, type OperationData } from '../../src/operations/registry.js';
import { expectAccepted, expectErrorEnvelope } from '../fixtures/expectations.js';
import { answeringPipeline } from '../../scripts/support/doubles/pipelines.js';
import { GIF_BYTES, photo, toBase64, truncatedPhoto } from '../fixtures/images.js';
import { createTestApp } from '../fixtures/test-app.js';
import { tempDir } from '../fixtures/temp-dir.js';

let image: string;
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  image = toBase64(await photo('jpeg'));
});

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const pathOf = (operation: OperationKey) => `/api/v1/${OPERATIONS[operation].path}`;

/**
 * The real app on a store in a temp file, plus a second, read-only connection to the same file
 * so that the tests see the tables exactly as the next process would.
 */
async function fileApp(options: Partial<AppDeps> & { credits?: number | null } = {}) {
  const dir = tempDir('pawlens-credits-');
  const file = join(dir, 'pawlens.db');
  const store = new SqliteAccountStore(file, options.now);
  const { record, secret } = await issueKey(store, {
    name: 'clinic',
    credits: options.credits === undefined ? 100 : options.credits,
    expiresAt: null,
  });
  const { express } = createApp({ ...options, pipeline: options.pipeline ?? fixedPipeline, store });
  const db = new Database(file, { readonly: true });
  cleanups.push(async () => {
    db.close();
    await store.close();
  });
  const keyId = record.id;
  return {
    http: express,
    store,
    keyId,
    key: secret,
    post: (operation: OperationKey, body: unknown, contentType = 'application/json') =>
      request(express)
        .post(pathOf(operation))
        .set('Authorization', `Bearer ${secret}`)
        .set('Content-Type', contentType)
        .send(typeof body === 'string' ? body : JSON.stringify(body)),
    balance: () =>
      (db.prepare('SELECT credits FROM api_keys WHERE id = ?').get(keyId) as { credits: number | null }).credits,
    ledger: () =>
      db.prepare('SELECT key_id, operation, request_id, credits FROM usage_ledger ORDER BY id').all() as Array<{
        key_id: string;
        operation: string;
        request_id: string;
        credits: number;
      }>,
    openReservations: () => (db.prepare('SELECT COUNT(*) AS n FROM credit_reservations').get() as { n: number }).n,
  };
}

/**
 * A valid answer for every operation, the same each time: these tests are about money, not
 * about what the photo shows, so the analysis is a fake that cannot be the reason a test fails.
 * Each operation's documented example answer (an answer pawlens gives), so a new operation brings its own.
 */
const FIXED_DATA = OPERATION_EXAMPLES as unknown as { [K in OperationKey]: { readonly data: OperationData<K> } };

const fixedPipeline = answeringPipeline(async (operation, input) => {
  // The photo reached the analysis decoded; the fake only checks that much.
  expect(input.image.sourceWidth).toBeGreaterThan(0);
  return FIXED_DATA[operation].data;
});

/** Answers like fixedPipeline, but only once `release()` is called. */
function gatedPipeline() {
  let release!: () => void;
  let markStarted!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  let finished = false;
  const pipeline = answeringPipeline(async (operation) => {
    markStarted();
    await gate;
    finished = true;
    return FIXED_DATA[operation].data;
  });
  return { pipeline, started, release, finished: () => finished };
}

const throwingPipeline = answeringPipeline(async () => {
  throw new Error('model session crashed');
});

/** Returns data that breaks the closed schema: a one-sentence summary. */
const invalidPipeline = answeringPipeline(async (operation) => ({
  ...FIXED_DATA[operation].data,
  summary: 'Too short.',
}));

async function eventually(check: () => void, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe('metered key', () => {
  it('costs exactly 5 credits a call, with the charge and the balance in the headers and the ledger', async () => {
    expect(CREDITS_PER_CALL).toBe(5);
    // One call per operation, so each ledger row can be matched to its response, and credits to spare.
    const credits = CREDITS_PER_CALL * (OPERATION_KEYS.length + 6);
    const app = await fileApp({ credits });
    const answers: Array<{ operation: OperationKey; requestId: string }> = [];
    for (const [i, operation] of OPERATION_KEYS.entries()) {
      const res = await app.post(operation, { image });
      const body = expectAccepted(res, operation);
      expect(res.headers['x-credits-charged']).toBe('5');
      expect(res.headers['x-credits-remaining']).toBe(String(credits - 5 * (i + 1)));
      expect(res.headers['x-request-id']).toBe(body.request_id);
      expect(app.balance()).toBe(credits - 5 * (i + 1));
      answers.push({ operation, requestId: body.request_id });
    }
    expect(app.balance()).toBe(30);
    expect(app.openReservations()).toBe(0);

    const ledger = app.ledger();
    expect(ledger).toHaveLength(OPERATION_KEYS.length);
    expect(ledger).toEqual(
      answers.map(({ operation, requestId }) => ({ key_id: app.keyId, operation, request_id: requestId, credits: 5 })),
    );

    // The store's own view: newest first, the same rows.
    const usage = await app.store.usage(app.keyId);
    expect(usage.map((u) => u.requestId)).toEqual(answers.map((a) => a.requestId).reverse());
    expect((await app.store.getKey(app.keyId))?.lastUsedAt).not.toBeNull();
  });

  it('the /v1 alias is charged the same way', async () => {
    const app = await createTestApp({ keyCredits: 20, pipeline: fixedPipeline });
    const res = await request(app.http)
      .post(`/v1/${OPERATIONS.breed.path}`)
      .set('Authorization', `Bearer ${app.key}`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ image }));
    const body = expectAccepted(res, 'breed');
    expect(res.headers['x-credits-remaining']).toBe('15');
    expect((await app.store.getKey(app.keyId))?.credits).toBe(15);
    expect(await app.store.usage(app.keyId)).toMatchObject([
      { operation: 'breed', requestId: body.request_id, credits: 5 },
    ]);
  });

  it('a balance below 5 → 402 INSUFFICIENT_CREDITS, nothing charged', async () => {
    const app = await fileApp({ credits: 4 });
    const res = await app.post('stool', { image });
    const body = expectErrorEnvelope(res, 402, 'INSUFFICIENT_CREDITS');
    expect(body.error.message).toContain(app.keyId);
    expect(res.headers['x-credits-charged']).toBeUndefined();
    // The balance is stated, as on a charge: a client shows it beside the refusal (issue 42).
    expect(res.headers['x-credits-remaining']).toBe('4');
    expect(app.balance()).toBe(4);
    expect(app.ledger()).toHaveLength(0);
    expect(app.openReservations()).toBe(0);
  });

  it('a balance of exactly 5 pays for one call, then the next is refused', async () => {
    const app = await createTestApp({ keyCredits: 5, pipeline: fixedPipeline });
    const first = await app.post('urine', { image });
    expectAccepted(first, 'urine');
    expect(first.headers['x-credits-remaining']).toBe('0');
    expect((await app.store.getKey(app.keyId))?.credits).toBe(0);
    expectErrorEnvelope(await app.post('urine', { image }), 402, 'INSUFFICIENT_CREDITS');
    expect(await app.store.usage(app.keyId)).toHaveLength(1);
    await app.store.addCredits(app.keyId, 5);
    expectAccepted(await app.post('urine', { image }), 'urine');
  });
});

describe('unlimited key', () => {
  it('reports the charge, never a balance, and still records usage', async () => {
    const app = await fileApp({ credits: null });
    const res = await app.post('emotion', { image });
    const body = expectAccepted(res, 'emotion');
    expect(res.headers['x-credits-charged']).toBe('5');
    expect(res.headers).not.toHaveProperty('x-credits-remaining');
    expect(app.balance()).toBeNull();
    expect(app.ledger()).toEqual([
      { key_id: app.keyId, operation: 'emotion', request_id: body.request_id, credits: 5 },
    ]);
    expect(app.openReservations()).toBe(0);
  });
});

describe('failed calls are free', () => {
  const failures: Array<
    [string, (app: Awaited<ReturnType<typeof fileApp>>) => Promise<request.Response>, number, ErrorCode]
  > = [
    ['an image that is not base64', (app) => app.post('stool', { image: 'not base64 at all!' }), 400, 'INVALID_IMAGE'],
    [
      'a truncated JPEG',
      async (app) => app.post('stool', { image: toBase64(await truncatedPhoto('jpeg')) }),
      400,
      'INVALID_IMAGE',
    ],
    [
      'a photo too small to analyse',
      async (app) => app.post('stool', { image: toBase64(await photo('png', { width: 40, height: 40 })) }),
      400,
      'INVALID_IMAGE',
    ],
    ['a missing image', (app) => app.post('stool', {}), 400, 'MISSING_IMAGE'],
    ['a bad language', (app) => app.post('stool', { image, language: 'fr' }), 400, 'VALIDATION_ERROR'],
    ['a body that is not JSON', (app) => app.post('stool', '{"image": '), 400, 'VALIDATION_ERROR'],
    [
      'a wrong content type',
      (app) => app.post('stool', JSON.stringify({ image }), 'text/plain'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    ['a GIF', (app) => app.post('stool', { image: toBase64(GIF_BYTES) }), 415, 'UNSUPPORTED_IMAGE_FORMAT'],
  ];

  it.each(failures)(
    '%s → %i %s, balance unchanged, no ledger row, no open reservation',
    async (_what, send, status, code) => {
      const app = await fileApp({ credits: 100 });
      const res = await send(app);
      expectErrorEnvelope(res, status, code);
      expect(res.headers['x-credits-charged']).toBeUndefined();
      expect(res.headers['x-credits-remaining']).toBeUndefined();
      expect(app.balance()).toBe(100);
      expect(app.ledger()).toHaveLength(0);
      expect(app.openReservations()).toBe(0);
      // And the key still pays for a good call afterwards, so the failure left the store consistent.
      expectAccepted(await app.post('stool', { image }));
      expect(app.balance()).toBe(95);
    },
  );

  it.each([
    ['throws', throwingPipeline],
    ['returns data that breaks the schema', invalidPipeline],
  ])(
    'an analysis that %s → 500 INTERNAL_ERROR, refunded, no ledger row, no open reservation',
    async (_what, pipeline) => {
      const app = await fileApp({ credits: 100, pipeline });
      const res = await app.post('stool', { image });
      const body = expectErrorEnvelope(res, 500, 'INTERNAL_ERROR');
      expect(body.error.message).not.toMatch(/crashed|sentence|summary/);
      expect(res.headers['x-credits-charged']).toBeUndefined();
      expect(app.balance()).toBe(100);
      expect(app.ledger()).toHaveLength(0);
      expect(app.openReservations()).toBe(0);
    },
  );

  it('an analysis failure on an unlimited key leaves no ledger row and no open reservation', async () => {
    const app = await fileApp({ credits: null, pipeline: throwingPipeline });
    expectErrorEnvelope(await app.post('ear', { image }), 500, 'INTERNAL_ERROR');
    expect(app.ledger()).toHaveLength(0);
    expect(app.openReservations()).toBe(0);
  });

  it('auth failures are free too (a disabled key is not charged)', async () => {
    const app = await fileApp({ credits: 100 });
    await app.store.setStatus(app.keyId, 'disabled');
    expectErrorEnvelope(await app.post('stool', { image }), 403, 'KEY_DISABLED');
    expect(app.balance()).toBe(100);
    expect(app.ledger()).toHaveLength(0);
  });
});

describe('concurrency', () => {
  it('40 concurrent calls on 100 credits: exactly 20 × 200 and 20 × 402, balance 0, 20 ledger rows', async () => {
    const app = await createTestApp({ keyCredits: 100, maxConcurrency: 4, maxQueue: 100, pipeline: fixedPipeline });
    const responses = await Promise.all(Array.from({ length: 40 }, () => app.post('stool', { image })));

    const ok = responses.filter((res) => res.status === 200);
    const refused = responses.filter((res) => res.status === 402);
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(20);
    for (const res of ok) {
      expectAccepted(res);
      expect(res.headers['x-credits-charged']).toBe('5');
    }
    for (const res of refused) expectErrorEnvelope(res, 402, 'INSUFFICIENT_CREDITS');
    // Refused before the reservation or by it (a race the key's check could not see): either way the balance then, 0.
    expect(refused.map((res) => res.headers['x-credits-remaining'])).toEqual(Array(20).fill('0'));

    // Each success saw its own balance: 95, 90, …, 0, each exactly once.
    const remaining = ok.map((res) => Number(res.headers['x-credits-remaining'])).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 20 }, (_, i) => i * 5));

    expect((await app.store.getKey(app.keyId))?.credits).toBe(0);
    const usage = await app.store.usage(app.keyId, 1000);
    expect(usage).toHaveLength(20);
    expect(new Set(usage.map((u) => u.requestId))).toEqual(new Set(ok.map((res) => res.body.request_id as string)));
  });
});

describe('a client that hangs up before the answer', () => {
  async function listen(http: ReturnType<typeof createApp>['express']) {
    const server: Server = http.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const serverSockets: Socket[] = [];
    server.on('connection', (socket) => serverSockets.push(socket));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    return { port: (server.address() as AddressInfo).port, serverSockets };
  }

  /** Sends a stool request and resolves with the client request once its body is written. */
  function send(port: number, key: string) {
    const payload = JSON.stringify({ image });
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: pathOf('stool'),
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(payload),
      },
    });
    const response = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
    });
    req.end(payload);
    return { req, response };
  }

  it('is refunded: balance restored, no ledger row, no open reservation', async () => {
    const gated = gatedPipeline();
    const app = await fileApp({ credits: 100, pipeline: gated.pipeline });
    const { port, serverSockets } = await listen(app.http);

    const { req, response } = send(port, app.key);
    response.catch(() => undefined);
    await gated.started;
    // The credits are held while the analysis runs.
    expect(app.balance()).toBe(95);
    expect(app.openReservations()).toBe(1);

    // Hang up, and wait until the server has seen the connection close.
    expect(serverSockets).toHaveLength(1);
    const serverSocket = serverSockets[0] as Socket;
    const closed = new Promise<void>((resolve) =>
      serverSocket.destroyed ? resolve() : serverSocket.once('close', () => resolve()),
    );
    req.destroy();
    await closed;
    await expect(response).rejects.toThrow();

    gated.release();
    await eventually(() => {
      expect(gated.finished()).toBe(true);
      expect(app.openReservations()).toBe(0);
    });
    expect(app.balance()).toBe(100);
    expect(app.ledger()).toHaveLength(0);
  });

  it('a client that waits is charged (the same setup, without the hang-up)', async () => {
    const gated = gatedPipeline();
    const app = await fileApp({ credits: 100, pipeline: gated.pipeline });
    const { port } = await listen(app.http);
    const { response } = send(port, app.key);
    await gated.started;
    expect(app.openReservations()).toBe(1);
    gated.release();
    expect(await response).toBe(200);
    expect(app.balance()).toBe(95);
    expect(app.ledger()).toHaveLength(1);
    expect(app.openReservations()).toBe(0);
  });
});

/** What only the SQLite store has: its file's older schemas and its query plans. The contract both stores keep is store-contract.test.ts. */
describe('the SQLite store file', () => {
  const LIMITS = { leaseLapseMs: 30_000, ownerlessAfterMs: 10 * 60_000 };

  it('a store written by the version before leases opens, and what it held is swept as ownerless', async () => {
    const file = join(tempDir('pawlens-v2-'), 'pawlens.db');
    const v2 = new Database(file);
    // Schema version 2, as the release before leases wrote it.
    v2.exec(`
      CREATE TABLE api_keys (id TEXT PRIMARY KEY, name TEXT NOT NULL, secret_hash TEXT NOT NULL UNIQUE, prefix TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'disabled', 'revoked')), credits INTEGER CHECK (credits IS NULL OR credits >= 0),
        expires_at TEXT, created_at TEXT NOT NULL, last_used_at TEXT);
      CREATE TABLE credit_reservations (id INTEGER PRIMARY KEY, key_id TEXT NOT NULL REFERENCES api_keys(id), request_id TEXT NOT NULL,
        operation TEXT NOT NULL, credits INTEGER NOT NULL, metered INTEGER NOT NULL, created_at TEXT NOT NULL);
      CREATE TABLE usage_ledger (id INTEGER PRIMARY KEY, key_id TEXT NOT NULL REFERENCES api_keys(id), operation TEXT NOT NULL,
        request_id TEXT NOT NULL, credits INTEGER NOT NULL, created_at TEXT NOT NULL);
      CREATE INDEX usage_ledger_by_key ON usage_ledger (key_id, id);
      CREATE TABLE idempotency_keys (key_id TEXT NOT NULL REFERENCES api_keys(id), idem_key TEXT NOT NULL, request_hash TEXT NOT NULL,
        body TEXT, created_at TEXT NOT NULL, PRIMARY KEY (key_id, idem_key));
      INSERT INTO api_keys VALUES ('key_old0000001', 'old', 'hash', 'pk_old', 'active', 95, NULL, '2029-12-31T00:00:00.000Z', NULL);
      INSERT INTO credit_reservations VALUES (1, 'key_old0000001', 'req_old00001', 'stool', 5, 1, '2029-12-31T23:00:00.000Z');
      INSERT INTO idempotency_keys VALUES ('key_old0000001', 'old-claim', 'hash', NULL, '2029-12-31T23:00:00.000Z');
      PRAGMA user_version = 2;
    `);
    v2.close();
    const store = new SqliteAccountStore(file, () => new Date('2030-01-01T00:00:00.000Z'));
    cleanups.push(() => store.close());
    expect((await store.held(LIMITS)).reservations).toMatchObject([{ id: 1, owner: null, abandoned: true }]);
    expect(await store.sweepAbandoned(LIMITS)).toEqual({ reservations: 1, credits: 5, claims: 1 });
    expect((await store.getKey('key_old0000001'))?.credits).toBe(100);
    // And it is version 3 now: a second open migrates nothing.
    const again = new SqliteAccountStore(file);
    cleanups.push(() => again.close());
    expect(await again.countKeys()).toBe(1);
  });

  it('the purge and the sweep read through their indexes, not a scan of the table', async () => {
    const file = join(tempDir('pawlens-plan-'), 'pawlens.db');
    const store = new SqliteAccountStore(file);
    cleanups.push(() => store.close());
    // Through the index, not a scan of the table (800,000 rows took 708 ms a call that way).
    const db = new Database(file, { readonly: true });
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${PURGE_IDEMPOTENCY_KEYS}`).all('2030', 10) as Array<{
      detail: string;
    }>;
    expect(plan.map((step) => step.detail).join(' ')).toMatch(/USING (COVERING )?INDEX idempotency_keys_by_age/);
    // And the sweep's read of the unanswered claims, every few seconds, through its partial index.
    const sweep = db.prepare(`EXPLAIN QUERY PLAN ${OPEN_CLAIMS}`).all() as Array<{ detail: string }>;
    db.close();
    expect(sweep.map((step) => step.detail).join(' ')).toMatch(/USING INDEX idempotency_keys_open/);
  });
});

/**
 * Several processes may open the same store file: `pawlens serve` and an admin's `pawlens keys …`,
 * or two of either. The class comment promises that this is safe; these tests hold it to that.
 */
describe('SqliteAccountStore with other connections on the same file', () => {
  const ROOT = resolve(import.meta.dirname, '..', '..');

  /** Another process that takes the write lock of `file` (creating it), holds it `ms`, then lets go. */
  async function holdWriteLock(file: string, ms: number): Promise<{ released: Promise<void> }> {
    const script = `
      import Database from 'better-sqlite3';
      const db = new Database(${JSON.stringify(file)});
      db.exec('BEGIN IMMEDIATE');
      process.stdout.write('locked\\n');
      setTimeout(() => { db.exec('COMMIT'); db.close(); }, ${ms});
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((done) => child.on('exit', () => done()));
    await new Promise<void>((locked, failed) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && locked());
      child.on('exit', (code) => failed(new Error(`lock holder exited with ${code}`)));
    });
    return { released: exited };
  }

  it('a store file being created by another process: the constructor waits for the lock instead of failing', async () => {
    const dir = tempDir('pawlens-lock-');
    const file = join(dir, 'pawlens.db');
    // What two pawlens processes starting at once on a new data dir do to each other, slowed down.
    const { released } = await holdWriteLock(file, 300);
    const started = Date.now();
    let store: SqliteAccountStore | undefined;
    try {
      store = new SqliteAccountStore(file);
    } finally {
      await released;
    }
    cleanups.push(() => store?.close());
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    await issueKey(store, { name: 'after the wait', credits: 10, expiresAt: null });
    expect(await store.countKeys()).toBe(1);
  });

  it('commit succeeds when another connection writes between its read and its write', async () => {
    const dir = tempDir('pawlens-snapshot-');
    const file = join(dir, 'pawlens.db');
    // The store reads its clock inside commit's transaction, between the SELECT of the reservation
    // and the DELETE: the one place a test can let another writer in, as another process could.
    let other: Database.Database | undefined;
    let interleave = false;
    const store = new SqliteAccountStore(file, () => {
      if (interleave && other) {
        interleave = false;
        try {
          other.prepare("UPDATE api_keys SET name = 'renamed by an admin'").run();
        } catch {
          // A store that holds the write lock for its whole transaction makes the other writer wait; fine.
        }
      }
      return new Date();
    });
    other = new Database(file, { timeout: 0 });
    cleanups.push(async () => {
      other?.close();
      await store.close();
    });
    const { record } = await issueKey(store, { name: 'clinic', credits: 100, expiresAt: null });
    const reservation = (await store.reserve(record.id, 5, 'req_interleaved1', 'stool')) as Reservation;

    interleave = true;
    await store.commit(reservation);
    expect(interleave).toBe(false);
    expect(await store.usage(record.id)).toMatchObject([{ requestId: 'req_interleaved1', credits: 5 }]);
    expect((await store.getKey(record.id))?.credits).toBe(95);
  });
});
