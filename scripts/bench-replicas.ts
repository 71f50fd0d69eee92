/**
 * npm run bench:replicas [-- --requests N --clients C]
 *
 * What moving to PostgreSQL costs and what a second replica buys, on this machine:
 * 1. The credit path of one call (key lookup, rate bucket, reserve, commit with its ledger row) on
 *    each store, called directly: ms per call one at a time, and calls/s with 8 at once.
 * 2. The service over HTTP (built CLI processes, the load generator a process of its own sending
 *    the same photo round-robin): one replica on SQLite, one on PostgreSQL, two on PostgreSQL.
 *    The load generator, the replicas and PostgreSQL share the machine's cores, so the figures are
 *    ratios between these setups on one machine, not what two hosts would do.
 * PostgreSQL is PAWLENS_DATABASE_URL's server (a database it may create tables in), or a temporary
 * one started from this machine's binaries (Debian's postgresql), durable as a clinic's would be.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { AccountStore } from '../src/accounts/account-store.js';
import { authenticate } from '../src/accounts/authenticate.js';
import { issueKey } from '../src/accounts/issue-key.js';
import { PostgresAccountStore } from '../src/accounts/postgres/postgres-account-store.js';
import { SqliteAccountStore } from '../src/accounts/sqlite/sqlite-account-store.js';
import { STORE_FILE } from '../src/cli/open-store.js';
import { OPERATIONS } from '../src/operations/registry.js';
import { phoneStoolPhoto } from './support/phone-photo.js';
import { startServeProcess, type ServeProcess } from './support/serve-process.js';
import { startTemporaryPostgres } from './support/temporary-postgres.js';
import type { LoadJob, LoadResult } from './bench/load-client.js';
import { cpuMsSince, processCpuMs, summarize } from './bench/stats.js';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '300' }, clients: { type: 'string', default: '8' } },
});
const total = Number(values.requests);
const clients = Number(values.clients);
const ROOT = join(import.meta.dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'pawlens-bench-replicas-'));
const ROUNDS = 3;

/** A new database on the server, as a URL. */
async function newDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The credit path of one paid call, as the HTTP layer runs it, `calls` times, `concurrency` at once. */
async function creditPath(store: AccountStore, calls: number, concurrency: number) {
  const { secret } = await issueKey(store, { name: 'bench', credits: 5 * calls * 4, expiresAt: null });
  const header = `Bearer ${secret}`;
  let next = 0;
  const one = async () => {
    const key = await authenticate(header, store, new Date());
    await store.takeCall(key.id, 1_000_000, new Date());
    const reservation = await store.reserve(key.id, 5, `req_bench${next}`, 'stool');
    await store.commit(reservation!);
  };
  for (let i = 0; i < 50; i++) await one(); // warm-up: statements prepared, connections open
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        next++;
        await one();
      }
    }),
  );
  const wallMs = performance.now() - started;
  return { msPerCall: wallMs / calls, perSecond: (calls / wallMs) * 1000, cpuMsPerCall: cpuMsSince(cpuStart) / calls };
}

type Replica = ServeProcess;

/** `pawlens serve` (the built CLI) on a free port, measured as a clinic would run it but without the LLM or the rate limit. */
const startReplica = (env: Record<string, string>): Promise<Replica> =>
  startServeProcess(
    { PAWLENS_LLM: 'off', PAWLENS_RATE_LIMIT: '0', PAWLENS_MAX_QUEUE: '10000', PAWLENS_LOG_LEVEL: 'warn', ...env },
    { stderr: 'inherit' },
  );

async function load(job: LoadJob): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'bench', 'load-client.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify(job));
  const result = JSON.parse(await text(child.stdout)) as LoadResult;
  if (result.failures > 0) throw new Error(`${result.failures} of ${job.total} requests failed`);
  return result;
}

async function main() {
  const given = process.env.PAWLENS_DATABASE_URL;
  const server = given ? undefined : await startTemporaryPostgres({ durable: true });
  const adminUrl = given ?? server?.adminUrl;
  if (!adminUrl)
    throw new Error(
      'No PostgreSQL: set PAWLENS_DATABASE_URL, or install postgresql (Debian: apt-get install postgresql).',
    );
  const replicas: Replica[] = [];
  try {
    console.log(
      `pawlens bench:replicas on ${process.version}; PostgreSQL ${given ? 'at PAWLENS_DATABASE_URL' : 'started for this run, durable (fsync on) as a clinic runs it'}\n`,
    );
    console.log(
      'The credit path of one call (key lookup, rate bucket, reserve, commit with its ledger row), called directly:\n',
    );
    console.log('| store | one at a time: ms/call | 8 at once: calls/s | CPU ms/call in pawlens |');
    console.log('|---|---|---|---|');
    const sqlite = new SqliteAccountStore(join(tmp, 'credit-path.db'));
    const postgres = await PostgresAccountStore.open(await newDatabase(adminUrl, 'pawlens_bench_credits'));
    for (const [name, store] of [
      ['SQLite (file, WAL)', sqlite],
      ['PostgreSQL (loopback)', postgres],
    ] as const) {
      const serial = await creditPath(store, 1000, 1);
      const parallel = await creditPath(store, 2000, 8);
      console.log(
        `| ${name} | ${serial.msPerCall.toFixed(2)} | ${parallel.perSecond.toFixed(0)} | ${serial.cpuMsPerCall.toFixed(2)} |`,
      );
    }
    await sqlite.close();
    await postgres.close();

    // The service: a small stool photo (built-in models only, so it runs on any clone).
    const body = JSON.stringify({ image: (await phoneStoolPhoto({ width: 800, height: 600 })).toString('base64') });
    const dataDir = join(tmp, 'sqlite-replica');
    const sqliteKeys = new SqliteAccountStore(join(dataDir, STORE_FILE));
    const sqliteKey = (await issueKey(sqliteKeys, { name: 'bench', credits: null, expiresAt: null })).secret;
    await sqliteKeys.close();
    const databaseUrl = await newDatabase(adminUrl, 'pawlens_bench_replicas');
    const pgKeys = await PostgresAccountStore.open(databaseUrl);
    const pgKey = (await issueKey(pgKeys, { name: 'bench', credits: null, expiresAt: null })).secret;
    await pgKeys.close();
    const onSqlite = await startReplica({ PAWLENS_DATA_DIR: dataDir });
    const first = await startReplica({ PAWLENS_DATABASE_URL: databaseUrl, PAWLENS_DATA_DIR: join(tmp, 'a') });
    const second = await startReplica({ PAWLENS_DATABASE_URL: databaseUrl, PAWLENS_DATA_DIR: join(tmp, 'b') });
    replicas.push(onSqlite, first, second);
    const setups = [
      { label: '1 replica, SQLite', replicas: [onSqlite], key: sqliteKey },
      { label: '1 replica, PostgreSQL', replicas: [first], key: pgKey },
      { label: '2 replicas, PostgreSQL', replicas: [first, second], key: pgKey },
    ];
    const path = `/api/v1/${OPERATIONS.stool.path}`;
    const runs = setups.map(() => ({ latencies: [] as number[], wallMs: 0, cpuMs: 0 }));
    for (const setup of setups)
      await load({ url: setup.replicas.map((r) => r.url + path), key: setup.key, body, clients, total: 40 });
    // Interleaved rounds: a machine that slows down mid-run slows every setup alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, setup] of setups.entries()) {
        const cpuBefore = setup.replicas.map((r) => processCpuMs(r.child.pid!));
        const result = await load({
          url: setup.replicas.map((r) => r.url + path),
          key: setup.key,
          body,
          clients,
          total: Math.ceil(total / ROUNDS),
        });
        runs[i]!.latencies.push(...result.latenciesMs);
        runs[i]!.wallMs += result.wallMs;
        runs[i]!.cpuMs += setup.replicas.reduce((sum, r, j) => sum + processCpuMs(r.child.pid!) - cpuBefore[j]!, 0);
      }
    }
    console.log(
      `\nThe service over HTTP: stool, small photo (800×600), ${total} requests a setup, ${clients} clients, each replica with the server's defaults:\n`,
    );
    console.log('| setup | req/s | vs 1 replica on SQLite | p50 / p99 ms | CPU ms/request (replicas) |');
    console.log('|---|---|---|---|---|');
    const baseline = summarize(runs[0]!.latencies, runs[0]!.wallMs, runs[0]!.cpuMs).perSecond;
    for (const [i, setup] of setups.entries()) {
      const s = summarize(runs[i]!.latencies, runs[i]!.wallMs, runs[i]!.cpuMs);
      console.log(
        `| ${setup.label} | ${s.perSecond.toFixed(1)} | ${(s.perSecond / baseline).toFixed(2)}× | ${s.p50.toFixed(0)} / ${s.p99.toFixed(0)} | ${s.cpuMsPerRequest.toFixed(1)} |`,
      );
    }
  } finally {
    for (const replica of replicas) replica.child.kill('SIGTERM');
    server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
