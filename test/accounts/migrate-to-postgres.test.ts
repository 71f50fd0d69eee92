import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Reservation } from '../../src/accounts/account-store.js';
import { hashApiKey } from '../../src/accounts/api-key.js';
import { issueKey } from '../../src/accounts/issue-key.js';
import { PostgresAccountStore } from '../../src/accounts/postgres/postgres-account-store.js';
import { SqliteAccountStore } from '../../src/accounts/sqlite/sqlite-account-store.js';
import { STORE_FILE } from '../../src/cli/open-store.js';
import { runProcess } from '../fixtures/run-process.js';
import { cleanEnv, CLI, ROOT } from '../fixtures/served-cli.js';
import { newPostgresDatabase, POSTGRES_AVAILABLE } from '../fixtures/stores.js';
import { tempDir } from '../fixtures/temp-dir.js';

const PHOTO = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

/** A store one clinic has used for a while: keys of each kind, charges, records with a photo, an idempotent answer, and a call that never finished. */
async function usedSqliteStore() {
  const dataDir = tempDir('pawlens-migrate-');
  const earlier = new Date(Date.now() - 3_600_000);
  const sqlite = new SqliteAccountStore(join(dataDir, STORE_FILE), () => earlier);
  const metered = await issueKey(sqlite, { name: 'front desk', credits: 100, expiresAt: null });
  const unlimited = await issueKey(sqlite, { name: 'vet', credits: null, expiresAt: '2031-01-01T00:00:00.000Z' });
  const revoked = await issueKey(sqlite, { name: 'old laptop', credits: 20, expiresAt: null });
  await sqlite.setStatus(revoked.record.id, 'revoked');
  const settle = async (keyId: string, requestId: string, settlement: Parameters<SqliteAccountStore['commit']>[1]) =>
    sqlite.commit((await sqlite.reserve(keyId, 5, requestId, 'skin')) as Reservation, settlement);
  await sqlite.claimIdempotencyKey(metered.record.id, 'visit-1', 'hash-1', 86_400_000, 600_000);
  await settle(metered.record.id, 'req_migrate001', {
    answer: { idempotencyKey: 'visit-1', body: '{"success":true}' },
    record: { petId: 'rex', data: '{"n":1}', photo: { bytes: PHOTO, format: 'jpeg' }, arrivedAt: earlier },
  });
  await settle(metered.record.id, 'req_migrate002', { record: { petId: 'rex', data: '{"n":2}', arrivedAt: earlier } });
  await settle(unlimited.record.id, 'req_migrate003', {});
  // A call that never finished (the server died) and a claim nobody answered.
  await sqlite.reserve(metered.record.id, 5, 'req_migrate004', 'ear');
  await sqlite.claimIdempotencyKey(metered.record.id, 'visit-2', 'hash-2', 86_400_000, 600_000);
  await sqlite.close();
  return { dataDir, metered, unlimited, revoked };
}

describe.skipIf(!POSTGRES_AVAILABLE)('pawlens store migrate --to postgres://…', () => {
  const migrate = (dataDir: string, url: string, env: Record<string, string> = {}) =>
    runProcess(process.execPath, [CLI, 'store', 'migrate', '--to', url], {
      cwd: ROOT,
      env: cleanEnv({ PAWLENS_DATA_DIR: dataDir, ...env }),
    });

  it('copies keys, balances, the ledger, records with photos and stored answers; what an unfinished call held goes back; ids continue', async () => {
    const { dataDir, metered, unlimited, revoked } = await usedSqliteStore();
    const url = new URL(await newPostgresDatabase());
    url.password = 'not-printed';
    const run = await migrate(dataDir, url.toString());
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/3 keys, 3 ledger rows, 2 pets' records, 1 stored idempotent answers/);
    expect(run.stdout).toMatch(/5 credits held by calls that never finished went back/);
    expect(run.stdout + run.stderr).not.toContain('not-printed');

    const store = await PostgresAccountStore.open(url.toString());
    try {
      expect((await store.getKey(metered.record.id))?.credits).toBe(90);
      expect(await store.getKey(unlimited.record.id)).toMatchObject({
        credits: null,
        expiresAt: '2031-01-01T00:00:00.000Z',
        name: 'vet',
      });
      expect((await store.getKey(revoked.record.id))?.status).toBe('revoked');
      // The same secrets still authenticate: only their hashes moved.
      expect((await store.findKeyByHash(hashApiKey(metered.secret)))?.id).toBe(metered.record.id);
      expect((await store.usage(undefined, 10)).map((row) => row.requestId)).toEqual([
        'req_migrate003',
        'req_migrate002',
        'req_migrate001',
      ]);
      const records = (await store.petRecords(metered.record.id, 'rex', 10))!;
      expect(records.map((r) => [r.requestId, r.hasPhoto])).toEqual([
        ['req_migrate002', false],
        ['req_migrate001', true],
      ]);
      expect((await store.petPhoto(metered.record.id, 'rex', 'req_migrate001'))?.bytes).toEqual(PHOTO);
      expect(await store.claimIdempotencyKey(metered.record.id, 'visit-1', 'hash-1', 86_400_000 * 2, 600_000)).toEqual({
        state: 'replay',
        body: '{"success":true}',
      });
      // The unanswered claim was not copied: its retry runs afresh.
      expect(await store.claimIdempotencyKey(metered.record.id, 'visit-2', 'hash-2', 86_400_000, 600_000)).toEqual({
        state: 'claimed',
      });
      expect(await store.held({ leaseLapseMs: 30_000, ownerlessAfterMs: 600_000 })).toMatchObject({ reservations: [] });
      // New rows continue after the copied ids: the new record lists first.
      const next = (await store.reserve(metered.record.id, 5, 'req_migrate005', 'stool')) as Reservation;
      await store.commit(next, { record: { petId: 'rex', data: '{"n":5}', arrivedAt: new Date() } });
      expect((await store.petRecords(metered.record.id, 'rex', 1))![0]!.requestId).toBe('req_migrate005');
      // The copied answer still says which pet it is about: erasing rex takes it too.
      expect(await store.deletePet(metered.record.id, 'rex')).toBe(3);
      expect(await store.claimIdempotencyKey(metered.record.id, 'visit-1', 'hash-1', 86_400_000 * 2, 600_000)).toEqual({
        state: 'claimed',
      });
    } finally {
      await store.close();
    }
  });

  it('refuses a database that already has keys, a server still running on the file, and a bad URL, changing nothing', async () => {
    const { dataDir } = await usedSqliteStore();
    const url = await newPostgresDatabase();
    expect((await migrate(dataDir, url)).code).toBe(0);
    const again = await migrate(dataDir, url);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/already has 3 keys: migrate into an empty database/);

    const running = new SqliteAccountStore(join(dataDir, STORE_FILE));
    await running.startLease();
    const live = await migrate(dataDir, await newPostgresDatabase());
    expect(live.code).not.toBe(0);
    expect(live.stderr).toMatch(/A pawlens server still runs on .*pawlens\.db \(pid \d+ on .*\)\. Stop it first/);
    // A server whose lease is 600 s (PAWLENS_STORE_LEASE_SECONDS) and last renewed 60 s ago still runs.
    const file = new Database(join(dataDir, STORE_FILE));
    file.prepare('UPDATE instances SET heartbeat_at = ?').run(new Date(Date.now() - 60_000).toISOString());
    file.close();
    const longLease = await migrate(dataDir, await newPostgresDatabase(), { PAWLENS_STORE_LEASE_SECONDS: '600' });
    expect(longLease.code).not.toBe(0);
    expect(longLease.stderr).toMatch(/still runs on/);
    await running.endLease();
    await running.close();

    const refused = await migrate(dataDir, 'postgres://pawlens:hunter2@127.0.0.1:1/nowhere');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(
      /PostgreSQL at postgres:\/\/pawlens:\*\*\*@127\.0\.0\.1:1\/nowhere: the connection was refused/,
    );
    expect(refused.stderr).not.toContain('hunter2');
  });
});
