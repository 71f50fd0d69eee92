/**
 * The shared database goes away (a restart, a failover, a pulled cable) and comes back: /readyz
 * says so within a round and recovers by itself, calls meanwhile are answered 503 with Retry-After and cost nothing,
 * and nothing stays held. A PostgreSQL server of this test's own, since it is stopped mid-test.
 */
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../src/accounts/issue-key.js';
import { PostgresAccountStore } from '../../src/accounts/postgres/postgres-account-store.js';
import { StoreUpkeep } from '../../src/accounts/store-upkeep.js';
import { createApp } from '../../src/http/create-app.js';
import { silentLogger } from '../../src/logger.js';
import { expectErrorEnvelope } from '../fixtures/expectations.js';
import { photo, toBase64 } from '../fixtures/images.js';
import { startTemporaryPostgres, type TemporaryPostgres } from '../../scripts/support/temporary-postgres.js';
import { POSTGRES_AVAILABLE } from '../fixtures/stores.js';
import { builtinPipeline } from '../fixtures/test-app.js';

describe.skipIf(!POSTGRES_AVAILABLE)('the database goes away and comes back', () => {
  let server: TemporaryPostgres | undefined;
  beforeAll(async () => {
    // Durable: it is stopped as a crash would stop it, and what it acknowledged must survive that.
    server = await startTemporaryPostgres({ durable: true });
  });
  afterAll(() => server?.stop());

  it('/readyz is 503 with the reason from the next round, paid calls fail uncharged, and both recover by themselves', async () => {
    const url = new URL(server!.adminUrl);
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query('CREATE DATABASE outage');
    await admin.end();
    url.pathname = '/outage';
    const store = await PostgresAccountStore.open(url.toString(), { connectTimeoutMs: 2000 });
    const upkeep = new StoreUpkeep(store, {
      dataDir: undefined,
      idempotencyTtlMs: 86_400_000,
      ownerlessAfterMs: 600_000,
      logger: silentLogger,
    });
    await upkeep.start();
    const { record, secret } = await issueKey(store, { name: 'desk', credits: 50, expiresAt: null });
    const { express } = createApp({
      store,
      pipeline: await builtinPipeline(),
      readinessChecks: [upkeep.readinessCheck()],
    });
    const image = toBase64(await photo('jpeg'));
    const call = () =>
      request(express).post('/api/v1/feces-analysis').set('Authorization', `Bearer ${secret}`).send({ image });
    try {
      expect((await call()).status).toBe(200);

      server!.pause();
      await upkeep.runRound();
      const down = await request(express).get('/readyz');
      expect(down.status).toBe(503);
      expect(down.body.checks.store_writes).toMatchObject({ status: 'error', store: 'postgresql' });
      expect(down.body.checks.store_writes.reason).toMatch(/ECONNREFUSED|terminat|connection/i);
      // Not a bug of pawlens's: 503, and when to retry.
      const refused = await call();
      expectErrorEnvelope(refused, 503, 'SERVICE_BUSY');
      expect(refused.body.error.message).toMatch(/key store cannot be used right now.*nothing was charged/);
      expect(refused.headers['retry-after']).toBe('5');

      server!.resume();
      await upkeep.runRound();
      expect((await request(express).get('/readyz')).status).toBe(200);
      expect((await call()).status).toBe(200);
      // Two calls charged, the one during the outage not; nothing held.
      expect((await store.getKey(record.id))?.credits).toBe(40);
      expect(await store.held({ leaseLapseMs: 30_000, ownerlessAfterMs: 600_000 })).toEqual({
        reservations: [],
        claims: [],
      });
    } finally {
      await upkeep.stop();
      await store.close();
    }
  });
});
