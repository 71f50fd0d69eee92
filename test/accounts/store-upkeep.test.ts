import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { Reservation } from '../../src/accounts/account-store.js';
import { issueKey } from '../../src/accounts/issue-key.js';
import { StoreUpkeep } from '../../src/accounts/store-upkeep.js';
import { createApp } from '../../src/http/create-app.js';
import { silentLogger } from '../../src/logger.js';
import { answeringPipeline } from '../../scripts/support/doubles/pipelines.js';
import { FULL_DISK, STORE_KINDS, type StoreKind } from '../fixtures/stores.js';
import { tempDir } from '../fixtures/temp-dir.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** A server's store, its upkeep and /readyz, on data that triggers can sabotage as a full disk or a corrupt page would. */
async function server(kind: StoreKind, options: { minFreeBytes?: number } = {}) {
  const { store, failWrites } = await kind.create();
  const upkeep = new StoreUpkeep(store, {
    dataDir: tempDir('pawlens-upkeep-'),
    idempotencyTtlMs: 86_400_000,
    ownerlessAfterMs: 600_000,
    logger: silentLogger,
    ...options,
  });
  await upkeep.start();
  cleanups.push(() => upkeep.stop());
  const { express } = createApp({
    store,
    pipeline: answeringPipeline(async () => {
      throw new Error('no analysis here');
    }),
    readinessChecks: [upkeep.readinessCheck()],
  });
  const readyz = () => request(express).get('/readyz');
  return { store, upkeep, readyz, failWrites };
}

describe.each(STORE_KINDS)('/readyz and the $name store', (kind) => {
  it('is ready while the store writes, names the store (never a password), and is 503 from the round its write probe fails until one passes', async () => {
    const { upkeep, readyz, failWrites } = await server(kind);
    const up = await readyz();
    expect(up.status).toBe(200);
    expect(up.body.checks.store_writes).toMatchObject({ status: 'ok', store: kind.name.toLowerCase() });
    if (kind.name === 'PostgreSQL')
      expect(up.body.checks.store_writes.location).toMatch(/^postgres:\/\/pawlens@127\.0\.0\.1:\d+\/pawlens_test_/);
    // The lease's renewal: an UPDATE on SQLite, an upsert on PostgreSQL.
    const writable = await failWrites('instances', kind.name === 'SQLite' ? 'UPDATE' : 'INSERT');
    await upkeep.runRound();
    const down = await readyz();
    expect(down.status).toBe(503);
    expect(down.body.checks.store_writes).toMatchObject({ status: 'error', store: kind.name.toLowerCase() });
    expect(down.body.checks.store_writes.reason).toMatch(FULL_DISK);
    await writable();
    await upkeep.runRound();
    expect((await readyz()).status).toBe(200);
  });

  it('a paid call whose write failed makes it 503 at once, and only a passing probe (and free space) make it ready again', async () => {
    const { store, upkeep, readyz, failWrites } = await server(kind);
    const { record } = await issueKey(store, { name: 'clinic', credits: 50, expiresAt: null });
    const writable = await failWrites('usage_ledger', 'INSERT');
    const reservation = (await store.reserve(record.id, 5, 'req_ledger001', 'stool')) as Reservation;
    await expect(store.commit(reservation)).rejects.toThrow(FULL_DISK);
    // The lease still renews (another table), yet a paid call would fail: not ready.
    expect((await readyz()).body.checks.store_writes.reason).toMatch(FULL_DISK);
    await writable();
    await upkeep.runRound();
    expect((await readyz()).status).toBe(200);
    // And the failed commit's credits came back with the sweep: its reservation was this process's, no longer open.
    expect((await store.getKey(record.id))?.credits).toBe(50);
  });
});

describe('/readyz and the SQLite file', () => {
  it('is 503 while the data directory has less free space than paid calls need', async () => {
    const { readyz } = await server(STORE_KINDS[0]!, { minFreeBytes: Number.MAX_SAFE_INTEGER });
    const down = await readyz();
    expect(down.status).toBe(503);
    expect(down.body.checks.store_writes.reason).toMatch(/MiB free beside the key store/);
  });
});
