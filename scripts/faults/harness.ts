/**
 * What every case of `npm run faults` shares: the real server as its own process (dist/cli.js
 * serve), a store to issue keys and read balances from while it runs, and plain HTTP clients that
 * open a connection each, as separate clients would.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issueKey } from '../../src/accounts/issue-key.js';
import { SqliteAccountStore } from '../../src/accounts/sqlite/sqlite-account-store.js';
import { STORE_FILE } from '../../src/cli/open-store.js';
import { startServeProcess } from '../support/serve-process.js';

/** One line of the table: case, requests, what happened, credits, server RSS. */
export type Row = [string, number, string, string, string];

/** A data directory of a case's own, under the system's temporary folder. */
export const newDataDir = () => mkdtempSync(join(tmpdir(), 'pawlens-faults-'));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const STOOL = '/api/v1/feces-analysis';

export interface Server {
  readonly child: ChildProcess;
  readonly url: string;
  readonly port: number;
  /** The server process's peak resident memory so far, MiB (Linux). */
  peakRssMiB(): number;
}

export async function serve(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  const { child, url } = await startServeProcess(
    { PAWLENS_DATA_DIR: dataDir, PAWLENS_LLM: 'off', PAWLENS_LOG_LEVEL: 'warn', ...env },
    { stderr: 'inherit' },
  );
  const peakRssMiB = () =>
    Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  return { child, url, port: Number(new URL(url).port), peakRssMiB };
}

export async function stop(server: Server, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

/** A case on a server of its own, on a new data directory: both gone afterwards, whether the case ends or throws. */
export async function onFreshServer<T>(
  env: Record<string, string>,
  use: (server: Server, dataDir: string) => Promise<T>,
): Promise<T> {
  const dataDir = newDataDir();
  const server = await serve(dataDir, env);
  try {
    return await use(server, dataDir);
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One POST of `body` (a whole new connection each time, as 300 separate clients would). */
export function post(
  url: string,
  key: string,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve) => {
    const req = request(`${url}${STOOL}`, {
      method: 'POST',
      agent: false,
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        'Content-Length': body.length,
        ...headers,
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    // A server that closes a refused upload's connection mid-send: the answer may still have come.
    req.on('error', () => resolve({ status: 0, headers: {} }));
    req.end(body);
  });
}

export function tally(statuses: number[]): string {
  const counts = new Map<string, number>();
  for (const status of statuses)
    counts.set(String(status || 'reset'), (counts.get(String(status || 'reset')) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count}× ${status}`).join(', ');
}

async function withStore<T>(dataDir: string, use: (store: SqliteAccountStore) => Promise<T>): Promise<T> {
  const store = new SqliteAccountStore(join(dataDir, STORE_FILE));
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

export const balanceOf = (dataDir: string, keyId: string) =>
  withStore(dataDir, async (store) => ({
    credits: (await store.getKey(keyId))?.credits ?? 0,
    ledger: (await store.usage(keyId, 10_000)).length,
  }));

/** A key made in the store under `dataDir` while the server runs. */
export const keyIn = (dataDir: string, name: string, credits: number | null) =>
  withStore(dataDir, (store) => issueKey(store, { name, credits, expiresAt: null }));

/** GET /healthz on a connection of its own: whether it was answered 200, and how long it took. */
export const healthz = (url: string) =>
  new Promise<{ ok: boolean; ms: number }>((resolve) => {
    const started = Date.now();
    const req = request(`${url}/healthz`, { agent: false, timeout: 3000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ok: res.statusCode === 200, ms: Date.now() - started }));
    });
    req.on('error', () => resolve({ ok: false, ms: Date.now() - started }));
    req.on('timeout', () => req.destroy());
    req.end();
  });

/** The p-th percentile of `values` (0 when there are none). */
export const percentile = (values: readonly number[], p: number) =>
  values.length === 0
    ? 0
    : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
