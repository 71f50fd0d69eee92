import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccountStoreError } from '../../src/accounts/account-store.js';
import { generateApiKey, hashApiKey, KEY_PATTERN } from '../../src/accounts/api-key.js';
import { issueKey } from '../../src/accounts/issue-key.js';
import { SqliteAccountStore } from '../../src/accounts/sqlite/sqlite-account-store.js';
import { OPERATIONS } from '../../src/operations/registry.js';
import { createApp } from '../../src/http/create-app.js';
import { expectAccepted, expectErrorEnvelope, expectUncharged } from '../fixtures/expectations.js';
import { photo, toBase64 } from '../fixtures/images.js';
import { builtinPipeline, createTestApp, type TestApp } from '../fixtures/test-app.js';
import { tempDir } from '../fixtures/temp-dir.js';

const STOOL_PATH = `/api/v1/${OPERATIONS.stool.path}`;

let image: string;
let app: TestApp;

beforeAll(async () => {
  image = toBase64(await photo('jpeg'));
  app = await createTestApp();
});

/** A stool request with the given Authorization header, or none when `authorization` is undefined. */
function postWith(authorization: string | undefined, http = app.http) {
  const call = request(http).post(STOOL_PATH).set('Content-Type', 'application/json');
  if (authorization !== undefined) call.set('Authorization', authorization);
  return call.send(JSON.stringify({ image }));
}

describe('Authorization header', () => {
  it('a valid key is accepted (the baseline the refusals below are measured against)', async () => {
    expectAccepted(await postWith(`Bearer ${app.key}`));
  });

  it('no header → 401 UNAUTHORIZED that says how to send the key', async () => {
    const body = expectErrorEnvelope(await postWith(undefined), 401, 'UNAUTHORIZED');
    expect(body.error.message).toMatch(/Bearer/);
  });

  it('Basic auth → 401 UNAUTHORIZED', async () => {
    const basic = `Basic ${Buffer.from(`user:${app.key}`).toString('base64')}`;
    expectErrorEnvelope(await postWith(basic), 401, 'UNAUTHORIZED');
  });

  it('the key without the Bearer scheme → 401 UNAUTHORIZED', async () => {
    expectErrorEnvelope(await postWith(app.key), 401, 'UNAUTHORIZED');
  });

  it.each(['Bearer', 'Bearer ', 'Bearer    '])('%j with no token → 401 UNAUTHORIZED', async (header) => {
    expectErrorEnvelope(await postWith(header), 401, 'UNAUTHORIZED');
  });

  it('two tokens after Bearer → 401 UNAUTHORIZED', async () => {
    expectErrorEnvelope(await postWith(`Bearer ${app.key} ${app.key}`), 401, 'UNAUTHORIZED');
  });

  it('the scheme is case-insensitive and blanks around the key are fine: "bearer pk_…", "BEARER pk_…", "bearer   pk_… "', async () => {
    expectAccepted(await postWith(`bearer ${app.key}`));
    expectAccepted(await postWith(`BEARER ${app.key}`));
    expectAccepted(await postWith(`bearer   ${app.key} `));
  });

  it('a well-formed key the server does not know → 401 INVALID_KEY', async () => {
    let unknown = generateApiKey();
    while (unknown === app.key) unknown = generateApiKey();
    expectErrorEnvelope(await postWith(`Bearer ${unknown}`), 401, 'INVALID_KEY');
  });

  it.each(['pk_short', `sk_${'a'.repeat(32)}`, `pk_${'a'.repeat(33)}`, `pk_${'a'.repeat(31)}!`])(
    'a malformed key %j → 401 INVALID_KEY',
    async (key) => {
      expectErrorEnvelope(await postWith(`Bearer ${key}`), 401, 'INVALID_KEY');
    },
  );

  it('a known key with one character changed → 401 INVALID_KEY, and the real key is not charged', async () => {
    const { id, secret } = await app.issue({ credits: 100 });
    const last = secret.at(-1) === 'a' ? 'b' : 'a';
    expectErrorEnvelope(await postWith(`Bearer ${secret.slice(0, -1)}${last}`), 401, 'INVALID_KEY');
    await expectUncharged(app.store, id, 100);
  });

  it('the /v1 alias applies the same auth', async () => {
    const res = await request(app.http)
      .post(`/v1/${OPERATIONS.stool.path}`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ image }));
    expectErrorEnvelope(res, 401, 'UNAUTHORIZED');
  });
});

describe('key status', () => {
  it('a revoked key → 403 KEY_REVOKED', async () => {
    const { id, secret } = await app.issue();
    expectAccepted(await postWith(`Bearer ${secret}`));
    await app.store.setStatus(id, 'revoked');
    expectErrorEnvelope(await postWith(`Bearer ${secret}`), 403, 'KEY_REVOKED');
    expect(await app.store.usage(id)).toHaveLength(1);
  });

  it('a disabled key → 403 KEY_DISABLED, and works again once re-enabled', async () => {
    const { id, secret } = await app.issue();
    await app.store.setStatus(id, 'disabled');
    expectErrorEnvelope(await postWith(`Bearer ${secret}`), 403, 'KEY_DISABLED');
    await app.store.setStatus(id, 'active');
    expectAccepted(await postWith(`Bearer ${secret}`));
  });

  it('a revoked key cannot be re-enabled or merely disabled', async () => {
    const { id, secret } = await app.issue();
    await app.store.setStatus(id, 'revoked');
    await expect(app.store.setStatus(id, 'active')).rejects.toThrow(AccountStoreError);
    await expect(app.store.setStatus(id, 'disabled')).rejects.toThrow(/revoked/);
    expect((await app.store.getKey(id))?.status).toBe('revoked');
    expectErrorEnvelope(await postWith(`Bearer ${secret}`), 403, 'KEY_REVOKED');
  });

  it('setStatus on an unknown id throws', async () => {
    await expect(app.store.setStatus('key_doesnotexist', 'disabled')).rejects.toThrow(AccountStoreError);
  });

  it('the status of one key does not affect another', async () => {
    const { id } = await app.issue();
    await app.store.setStatus(id, 'disabled');
    expectAccepted(await postWith(`Bearer ${app.key}`));
  });
});

describe('key expiry (with an injected clock)', () => {
  const NOW = new Date('2030-06-15T12:00:00.000Z');
  let clocked: TestApp;

  beforeAll(async () => {
    clocked = await createTestApp({ now: () => NOW });
  });

  it('a key that expired in the past → 403 KEY_EXPIRED naming the instant', async () => {
    const expiresAt = new Date(NOW.getTime() - 60_000).toISOString();
    const { id, secret } = await clocked.issue({ expiresAt, credits: 100 });
    const body = expectErrorEnvelope(await postWith(`Bearer ${secret}`, clocked.http), 403, 'KEY_EXPIRED');
    expect(body.error.message).toContain(expiresAt);
    await expectUncharged(clocked.store, id, 100);
  });

  it('an expiry exactly at "now" counts as expired', async () => {
    const { secret } = await clocked.issue({ expiresAt: NOW.toISOString() });
    expectErrorEnvelope(await postWith(`Bearer ${secret}`, clocked.http), 403, 'KEY_EXPIRED');
  });

  it('an expiry one millisecond after "now" is still valid', async () => {
    const { secret } = await clocked.issue({ expiresAt: new Date(NOW.getTime() + 1).toISOString() });
    expectAccepted(await postWith(`Bearer ${secret}`, clocked.http));
  });

  it('the same key expires when the clock passes its expiry', async () => {
    let now = NOW;
    const moving = await createTestApp({ now: () => now });
    const { secret } = await moving.issue({ expiresAt: new Date(NOW.getTime() + 1000).toISOString() });
    expectAccepted(await postWith(`Bearer ${secret}`, moving.http));
    now = new Date(NOW.getTime() + 1000);
    expectErrorEnvelope(await postWith(`Bearer ${secret}`, moving.http), 403, 'KEY_EXPIRED');
  });

  it('a revoked key reports KEY_REVOKED even when it has also expired', async () => {
    const { id, secret } = await clocked.issue({ expiresAt: new Date(NOW.getTime() - 1).toISOString() });
    await clocked.store.setStatus(id, 'revoked');
    expectErrorEnvelope(await postWith(`Bearer ${secret}`, clocked.http), 403, 'KEY_REVOKED');
  });
});

describe('key storage', () => {
  const dir = tempDir('pawlens-auth-');

  it('only a SHA-256 hash of the secret is stored, in no table and in no file of the store', async () => {
    const file = join(dir, 'keys.db');
    const store = new SqliteAccountStore(file);
    const secrets: string[] = [];
    const ids: string[] = [];
    for (const credits of [null, 100]) {
      const { record, secret } = await issueKey(store, { name: 'clinic', credits, expiresAt: null });
      secrets.push(secret);
      ids.push(record.id);
    }
    // Use one key through the app so that the ledger and reservation tables have rows too.
    const { express } = createApp({ store, pipeline: await builtinPipeline() });
    const res = await request(express)
      .post(STOOL_PATH)
      .set('Authorization', `Bearer ${secrets[1]}`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ image }));
    expectAccepted(res);

    // Read the raw files while the store is still open (the WAL holds recent writes).
    const rawFiles = [file, `${file}-wal`].filter(existsSync).map((path) => readFileSync(path).toString('latin1'));
    expect(rawFiles.length).toBeGreaterThan(0);
    await store.close();

    const db = new Database(file, { readonly: true });
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>;
      expect(tables.map((t) => t.name)).toEqual(
        expect.arrayContaining(['api_keys', 'usage_ledger', 'credit_reservations']),
      );
      const dump = JSON.stringify(tables.map(({ name }) => db.prepare(`SELECT * FROM "${name}"`).all()));
      expect(dump).toContain(ids[0]);
      expect(dump).toContain(ids[1]);
      for (const secret of secrets) {
        expect(dump).not.toContain(secret);
        // Not even the random part of it, e.g. stored without the prefix.
        expect(dump).not.toContain(secret.slice(3));
        for (const raw of rawFiles) expect(raw).not.toContain(secret.slice(3));
      }

      const rows = db.prepare('SELECT id, secret_hash FROM api_keys ORDER BY created_at, id').all() as Array<{
        id: string;
        secret_hash: string;
      }>;
      const byId = new Map(rows.map((row) => [row.id, row.secret_hash]));
      secrets.forEach((secret, i) => {
        expect(byId.get(ids[i] as string)).toBe(hashApiKey(secret));
        expect(byId.get(ids[i] as string)).toMatch(/^[0-9a-f]{64}$/);
      });
    } finally {
      db.close();
    }
  });

  it('the listing shows a short prefix that is useless as a key', async () => {
    const store = new SqliteAccountStore(':memory:');
    const { record, secret } = await issueKey(store, { name: 'front desk', credits: null, expiresAt: null });
    expect(secret.startsWith(record.prefix.replace('…', ''))).toBe(true);
    expect(record.prefix.replace('…', '').length).toBeLessThanOrEqual(8);
    expect(JSON.stringify(await store.listKeys())).not.toContain(secret);
    await store.close();
  });
});

describe('key format', () => {
  it('keys look like pk_ and 32 letters and digits', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^pk_[A-Za-z0-9]{32}$/);
    expect(KEY_PATTERN.source).toBe('^pk_[A-Za-z0-9]{32}$');
  });

  it('1000 generated keys are unique and all well-formed, and use the whole alphabet', () => {
    const keys = Array.from({ length: 1000 }, generateApiKey);
    expect(new Set(keys).size).toBe(1000);
    for (const key of keys) expect(key).toMatch(/^pk_[A-Za-z0-9]{32}$/);
    // 32 000 random characters from 62: every one of them appears (a stuck generator would not).
    const seen = new Set(keys.join('').replaceAll('pk_', ''));
    expect(seen.size).toBe(62);
  });

  it('issued keys are unique too, and each one authenticates as itself', async () => {
    const own = await createTestApp();
    const issued = await Promise.all(Array.from({ length: 20 }, () => own.issue()));
    expect(new Set(issued.map((k) => k.secret)).size).toBe(20);
    expect(new Set(issued.map((k) => k.id)).size).toBe(20);
    const { id, secret } = issued[7] as { id: string; secret: string };
    await own.store.setStatus(id, 'disabled');
    expectErrorEnvelope(await postWith(`Bearer ${secret}`, own.http), 403, 'KEY_DISABLED');
    expectAccepted(await postWith(`Bearer ${(issued[8] as { secret: string }).secret}`, own.http));
  });
});
