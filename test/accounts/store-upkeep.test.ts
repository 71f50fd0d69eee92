import { join } from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { Reservation } from '../../src/accounts/account-store.js';
import { issueKey } from '../../src/accounts/issue-key.js';
import { SqliteAccountStore } from '../../src/accounts/sqlite-account-store.js';
import { StoreUpkeep } from '../../src/accounts/store-upkeep.js';
import { createApp } from '../../src/http/create-app.js';
import { silentLogger } from '../../src/logger.js';
import { answeringPipeline } from '../fixtures/pipelines.js';
import { tempDir } from '../fixtures/temp-dir.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** A server's store, its upkeep and /readyz, on a file a second connection can sabotage as a full disk or a corrupt page would. */
async function server(options: { minFreeBytes?: number } = {}) {
  const dir = tempDir('pawlens-upkeep-');
  const file = join(dir, 'pawlens.db');
  const store = new SqliteAccountStore(file);
  const upkeep = new StoreUpkeep(store, { dataDir: dir, idempotencyTtlMs: 86_400_000, ownerlessAfterMs: 600_000, logger: silentLogger, ...options });
  await upkeep.start();
  cleanups.push(() => store.close(), () => upkeep.stop());
  const { express } = createApp({ store, pipeline: answeringPipeline(async () => { throw new Error('no analysis here'); }), readinessChecks: [upkeep.readinessCheck()] });
  const readyz = () => request(express).get('/readyz');
  const saboteur = new Database(file);
  cleanups.push(() => saboteur.close());
  const failWrites = (name: string, on: string) =>
    saboteur.exec(`CREATE TRIGGER ${name} BEFORE ${on} BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
  return { store, upkeep, readyz, failWrites, dropTrigger: (name: string) => saboteur.exec(`DROP TRIGGER ${name}`) };
}

describe('/readyz and the store', () => {
  it('is ready while the store writes, and 503 from the round its write probe fails until one passes', async () => {
    const { upkeep, readyz, failWrites, dropTrigger } = await server();
    expect((await readyz()).status).toBe(200);
    failWrites('lease_fails', 'UPDATE ON instances');
    await upkeep.runRound();
    const down = await readyz();
    expect(down.status).toBe(503);
    expect(down.body.checks.store_writes).toMatchObject({ status: 'error', reason: 'database or disk is full' });
    dropTrigger('lease_fails');
    await upkeep.runRound();
    expect((await readyz()).status).toBe(200);
  });

  it('a paid call whose write failed makes it 503 at once, and only a passing integrity check and free space make it ready again', async () => {
    const { store, upkeep, readyz, failWrites, dropTrigger } = await server();
    const { record } = await issueKey(store, { name: 'clinic', credits: 50, expiresAt: null });
    failWrites('ledger_fails', 'INSERT ON usage_ledger');
    const reservation = (await store.reserve(record.id, 5, 'req_ledger001', 'stool')) as Reservation;
    await expect(store.commit(reservation)).rejects.toThrow(/disk is full/);
    // The lease still renews (another table), yet a paid call would fail: not ready.
    expect((await readyz()).body.checks.store_writes).toMatchObject({ status: 'error', reason: 'database or disk is full' });
    dropTrigger('ledger_fails');
    await upkeep.runRound();
    expect((await readyz()).status).toBe(200);
  });

  it('is 503 while the data directory has less free space than paid calls need', async () => {
    const { readyz } = await server({ minFreeBytes: Number.MAX_SAFE_INTEGER });
    const down = await readyz();
    expect(down.status).toBe(503);
    expect(down.body.checks.store_writes.reason).toMatch(/MiB free beside the key store/);
  });
});
