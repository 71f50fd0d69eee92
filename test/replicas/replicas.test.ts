/**
 * Several pawlens replicas on one PostgreSQL (docs/design.md §12): three `pawlens serve` processes, as
 * a clinic group runs them behind a load balancer, each with its own models and memory, sharing
 * only the database. Money, idempotency and the rate limit must be exact across them, and a
 * replica killed mid-request must leave nothing held once its lease lapses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountStore } from '../../src/accounts/account-store.js';
import { issueKey } from '../../src/accounts/issue-key.js';
import { PostgresAccountStore } from '../../src/accounts/postgres/postgres-account-store.js';
import { OPERATIONS } from '../../src/operations/registry.js';
import { schemaAnswerBehaviour, startFakeOllama, type FakeOllama } from '../../scripts/support/doubles/fake-ollama.js';
import { photo, toBase64 } from '../fixtures/images.js';
import { serve, type Served } from '../fixtures/served-cli.js';
import { newPostgresDatabase, POSTGRES_AVAILABLE } from '../fixtures/stores.js';
import { tempDir } from '../fixtures/temp-dir.js';

const STOOL_PATH = `/api/v1/${OPERATIONS.stool.path}`;
/** Calls a minute per key, shared by the three: well above the spending tests' calls, well below the rate test's. */
const RATE_LIMIT = 90;
const LEASE_SECONDS = 2;

describe.skipIf(!POSTGRES_AVAILABLE)('three replicas on one PostgreSQL', () => {
  let replicas: Served[];
  let store: AccountStore;
  let ollama: FakeOllama;
  let image: string;

  beforeAll(async () => {
    image = toBase64(await photo('jpeg'));
    ollama = await startFakeOllama({ defaultBehaviour: schemaAnswerBehaviour() });
    const url = await newPostgresDatabase();
    // All three start at once on the empty database: one migrates, the others wait for it; one makes the first key.
    const env = {
      PAWLENS_DATABASE_URL: url,
      OLLAMA_HOST: ollama.host,
      PAWLENS_LLM: 'auto',
      PAWLENS_STORE_LEASE_SECONDS: String(LEASE_SECONDS),
      PAWLENS_RATE_LIMIT: String(RATE_LIMIT),
    };
    replicas = await Promise.all([0, 1, 2].map(() => serve(tempDir('pawlens-replica-'), env)));
    store = await PostgresAccountStore.open(url, { poolSize: 2 });
  }, 60_000);

  afterAll(async () => {
    await store?.close();
    await ollama?.close();
  });

  const send = (replica: Served, secret: string, idempotencyKey?: string) =>
    fetch(`${replica.url}${STOOL_PATH}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${secret}`,
        'Content-Type': 'application/json',
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      },
      body: JSON.stringify({ image }),
    });
  const account = async (keyId: string) => ({
    credits: (await store.getKey(keyId))?.credits,
    charged: (await store.usage(keyId, 1000)).length,
  });

  it('started together on an empty database, exactly one printed the first key', () => {
    expect(replicas.filter((replica) => /shown only this once/.test(replica.output()))).toHaveLength(1);
  });

  it('each replica reports the database on /readyz (without a password) and its connection pool on /metrics', async () => {
    for (const replica of replicas) {
      const ready = (await (await fetch(`${replica.url}/readyz`)).json()) as {
        status: string;
        checks: { store_writes: { store: string; location: string } };
      };
      expect(ready.status).not.toBe('not_ready');
      expect(ready.checks.store_writes).toMatchObject({
        store: 'postgresql',
        location: expect.stringMatching(/^postgres:\/\/pawlens@127\.0\.0\.1:\d+\/pawlens_test_/),
      });
      const metrics = await (await fetch(`${replica.url}/metrics`)).text();
      expect(metrics).toMatch(/^pawlens_db_pool_max 10$/m);
      expect(metrics).toMatch(/^pawlens_db_pool_connections [1-9]\d*$/m);
      expect(metrics).toMatch(/^pawlens_db_pool_waiting 0$/m);
    }
  });

  it('60 concurrent calls spread over the three on a 100-credit key: exactly 20 succeed, balance 0, 20 ledger rows', async () => {
    const { record, secret } = await issueKey(store, { name: 'spender', credits: 100, expiresAt: null });
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        send(replicas[i % 3]!, secret).then(async (res) => ({ status: res.status, body: await res.text() })),
      ),
    );
    // Any other answer is shown whole: its code says what went wrong.
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 402)).toEqual([]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(20);
    expect(await account(record.id)).toEqual({ credits: 0, charged: 20 });
    expect((await store.held({ leaseLapseMs: LEASE_SECONDS * 1000, ownerlessAfterMs: 600_000 })).reservations).toEqual(
      [],
    );
  });

  it('one Idempotency-Key sent to all three at once: one analysis, one charge, and every retry replays it', async () => {
    const { record, secret } = await issueKey(store, { name: 'retrier', credits: 100, expiresAt: null });
    const first = await Promise.all(replicas.map((replica) => send(replica, secret, 'visit-42')));
    const answered = first.filter((res) => res.status === 200);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(first.every((res) => res.status === 200 || res.status === 409)).toBe(true);
    expect(answered.filter((res) => res.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    const bodies = new Set(await Promise.all(answered.map((res) => res.text())));
    expect(bodies.size).toBe(1);
    // Later retries, wherever the balancer sends them, replay the same answer.
    for (const replica of replicas) {
      const retry = await send(replica, secret, 'visit-42');
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(bodies.has(await retry.text())).toBe(true);
    }
    expect(await account(record.id)).toEqual({ credits: 95, charged: 1 });
  });

  it("a clinic's patients are one list across the replicas, and no key of another clinic sees or erases them", async () => {
    const vet = await issueKey(store, { name: 'vet', credits: null, expiresAt: null, clinic: 'riverside' });
    const desk = await issueKey(store, { name: 'desk', credits: null, expiresAt: null, clinic: 'riverside' });
    const other = await issueKey(store, { name: 'other', credits: null, expiresAt: null, clinic: 'hillside' });
    const analysed = await fetch(`${replicas[0]!.url}${STOOL_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${vet.secret}`, 'Content-Type': 'application/json', 'X-Pet-Id': 'chart-1042' },
      body: JSON.stringify({ image }),
    });
    expect(analysed.status).toBe(200);
    const history = async (replica: Served, secret: string) => {
      const response = await fetch(`${replica.url}/api/v1/pets/chart-1042/analyses`, {
        headers: { Authorization: `Bearer ${secret}` },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { analyses: unknown[] } }).data.analyses.length;
    };
    const erase = async (replica: Served, secret: string) => {
      const response = await fetch(`${replica.url}/api/v1/pets/chart-1042`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${secret}` },
      });
      return ((await response.json()) as { data: { deleted: number } }).data.deleted;
    };
    expect(await history(replicas[1]!, desk.secret)).toBe(1);
    expect(await history(replicas[2]!, vet.secret)).toBe(1);
    expect(await history(replicas[2]!, other.secret)).toBe(0);
    expect(await erase(replicas[1]!, other.secret)).toBe(0);
    expect(await history(replicas[0]!, desk.secret)).toBe(1);
    expect(await erase(replicas[2]!, desk.secret)).toBe(1);
    expect(await history(replicas[0]!, vet.secret)).toBe(0);
  });

  it('the rate limit holds across replicas: one bucket of 90 a minute, not 90 on each', async () => {
    const { secret } = await issueKey(store, { name: 'busy', credits: null, expiresAt: null });
    const started = Date.now();
    // The pet records list: a keyed, free call, so the limit is all that is measured.
    const statuses = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        fetch(`${replicas[i % 3]!.url}/api/v1/pets/rex/analyses`, {
          headers: { Authorization: `Bearer ${secret}` },
        }).then(async (res) => {
          await res.arrayBuffer();
          return res.status;
        }),
      ),
    );
    const refilled = Math.ceil(((Date.now() - started) / 60_000) * RATE_LIMIT);
    const granted = statuses.filter((status) => status === 200).length;
    expect(granted).toBeGreaterThanOrEqual(RATE_LIMIT);
    expect(granted).toBeLessThanOrEqual(RATE_LIMIT + refilled);
    expect(statuses.filter((status) => status === 429)).toHaveLength(150 - granted);
  });

  it('kill -9 of one replica with paid calls in flight: once its lease lapses, balance = credits − 5 × ledger rows, and the idempotent retry runs elsewhere', async () => {
    const { record, secret } = await issueKey(store, { name: 'crash', credits: 100, expiresAt: null });
    const doomed = replicas[2]!;
    // The language model stops answering: calls hold their credits at it when the replica dies.
    ollama.setDefault({ kind: 'hang' });
    const inFlight = [
      send(doomed, secret, 'crash-retry'),
      send(doomed, secret),
      send(doomed, secret),
      send(doomed, secret),
    ].map((call) => call.catch(() => undefined));
    for (let tries = 0; (await account(record.id)).credits !== 80 && tries < 200; tries++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await account(record.id)).toEqual({ credits: 80, charged: 0 });

    doomed.child.kill('SIGKILL');
    await doomed.exited;
    await Promise.all(inFlight);
    ollama.setDefault(schemaAnswerBehaviour());
    const killedAt = Date.now();
    let after = await account(record.id);
    while ((after.credits !== 100 - 5 * after.charged || after.credits !== 100) && Date.now() - killedAt < 15_000) {
      await new Promise((r) => setTimeout(r, 100));
      after = await account(record.id);
    }
    expect(after).toEqual({ credits: 100, charged: 0 });
    expect(Date.now() - killedAt).toBeLessThan(LEASE_SECONDS * 1000 + 5_000);
    const retry = await send(replicas[0]!, secret, 'crash-retry');
    expect(retry.status, await retry.clone().text()).toBe(200);
    expect(await account(record.id)).toEqual({ credits: 95, charged: 1 });
  });
});
