/**
 * The bad days of issue 12, against the real server: a crash with paid calls in flight, a full
 * disk, slow bodies, a silent Ollama, and 300 concurrent phone photos. Each returns its row.
 */
import { rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { STORE_FILE } from '../../src/cli/open-store.js';
import { startFakeOllama } from '../support/doubles/fake-ollama.js';
import { phoneStoolPhoto } from '../support/phone-photo.js';
import { balanceOf, keyIn, newDataDir, onFreshServer, post, type Row, STOOL, serve, stop, tally } from './harness.js';

export async function crash(body: Buffer): Promise<Row> {
  const dataDir = newDataDir();
  const ollama = await startFakeOllama({ defaultBehaviour: { kind: 'hang' } });
  const env = {
    OLLAMA_HOST: ollama.host,
    PAWLENS_LLM: 'auto',
    PAWLENS_LLM_CONCURRENCY: '20',
    PAWLENS_LLM_MAX_QUEUE: '20',
  };
  const first = await serve(dataDir, env);
  const { record, secret } = await keyIn(dataDir, 'crash', 200);
  const calls = Array.from({ length: 20 }, (_, i) =>
    post(first.url, secret, body, i === 0 ? { 'Idempotency-Key': 'crash-retry' } : {}),
  );
  while ((await balanceOf(dataDir, record.id)).credits > 100) await new Promise((r) => setTimeout(r, 50));
  const held = await balanceOf(dataDir, record.id);
  await stop(first, 'SIGKILL');
  await Promise.all(calls);
  const second = await serve(dataDir, env);
  const restarted = Date.now();
  let after = await balanceOf(dataDir, record.id);
  while (after.credits !== 200 - 5 * after.ledger && Date.now() - restarted < 120_000) {
    await new Promise((r) => setTimeout(r, 250));
    after = await balanceOf(dataDir, record.id);
  }
  const consistentAfter = ((Date.now() - restarted) / 1000).toFixed(1);
  ollama.setDefault({ kind: 'answer', content: 'not json' });
  const retry = await post(second.url, secret, body, { 'Idempotency-Key': 'crash-retry' });
  const result: Row = [
    'crash: kill -9 with 20 paid calls in flight, immediate restart',
    20,
    `all held 5 credits when killed; retry of the in-flight Idempotency-Key: ${retry.status}`,
    `200 → ${held.credits} held → ${after.credits} (ledger ${after.ledger}) after ${consistentAfter} s`,
    `${second.peakRssMiB().toFixed(0)} MiB`,
  ];
  await stop(second);
  await ollama.close();
  rmSync(dataDir, { recursive: true, force: true });
  return result;
}

export async function diskFull(body: Buffer): Promise<Row> {
  return onFreshServer({ PAWLENS_STORE_LEASE_SECONDS: '3' }, async (server, dataDir) => {
    const { record, secret } = await keyIn(dataDir, 'disk', 100);
    const saboteur = new Database(join(dataDir, STORE_FILE));
    // The ledger's write fails as a full disk fails it, and so does the lease's renewal, the write
    // the store's probe makes: a full disk fails every write that needs room. With the ledger's
    // alone, /readyz said 503 or 200 by chance, as the probe ran before the check or after it.
    const triggers = [
      ['usage_ledger', 'INSERT'],
      ['instances', 'INSERT'],
      ['instances', 'UPDATE'],
    ].map(([table, event]) => ({ name: `full_${table}_${event}`, table, event }));
    for (const { name, table, event } of triggers)
      saboteur.exec(
        `CREATE TRIGGER ${name} BEFORE ${event} ON ${table} BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`,
      );
    const failed = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(server.url, secret, body, { 'Idempotency-Key': `full-${i}` })),
    );
    const readyWhileFull = (await fetch(`${server.url}/readyz`)).status;
    const during = await balanceOf(dataDir, record.id);
    for (const { name } of triggers) saboteur.exec(`DROP TRIGGER ${name}`);
    saboteur.close();
    let readyAfter = 0;
    for (let tries = 0; tries < 40 && readyAfter !== 200; tries++) {
      await new Promise((r) => setTimeout(r, 250));
      readyAfter = (await fetch(`${server.url}/readyz`)).status;
    }
    const retried = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(server.url, secret, body, { 'Idempotency-Key': `full-${i}` })),
    );
    const after = await balanceOf(dataDir, record.id);
    return [
      'disk full: the ledger’s and the lease’s writes fail, then work again',
      20,
      `full: ${tally(failed.map((r) => r.status))}, /readyz ${readyWhileFull}; after: /readyz ${readyAfter}, retries ${tally(retried.map((r) => r.status))}`,
      `100 → ${during.credits} while full → ${after.credits} (ledger ${after.ledger})`,
      `${server.peakRssMiB().toFixed(0)} MiB`,
    ];
  });
}

export async function slowBodies(): Promise<Row> {
  return onFreshServer({ PAWLENS_REQUEST_TIMEOUT_SECONDS: '5' }, async (server, dataDir) => {
    const { secret } = await keyIn(dataDir, 'slow', null);
    const started = Date.now();
    const closedAfter = await Promise.all(
      Array.from(
        { length: 20 },
        (_, i) =>
          new Promise<{ ms: number; status: number }>((resolve) => {
            const socket: Socket = connect(server.port, '127.0.0.1');
            let answer = '';
            // Half the clients send a bad key: their 401 must not keep the connection open for the upload either.
            const key = i % 2 === 0 ? secret : `pk_${'Z'.repeat(32)}`;
            socket.write(
              `POST ${STOOL} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 3000000\r\n\r\n{"image":"`,
            );
            const drip = setInterval(() => socket.writable && socket.write('A'), 1000);
            socket.on('data', (chunk) => (answer += chunk.toString()));
            socket.on('error', () => undefined);
            socket.on('close', () => {
              clearInterval(drip);
              resolve({ ms: Date.now() - started, status: Number(answer.split(' ')[1] ?? 0) });
            });
          }),
      ),
    );
    const seconds = closedAfter.map((c) => c.ms / 1000);
    return [
      'slow bodies: 20 clients dribble a byte a second (10 with a bad key), PAWLENS_REQUEST_TIMEOUT_SECONDS=5',
      20,
      tally(closedAfter.map((c) => c.status)),
      `connections closed after ${Math.min(...seconds).toFixed(1)}–${Math.max(...seconds).toFixed(1)} s`,
      `${server.peakRssMiB().toFixed(0)} MiB`,
    ];
  });
}

export async function silentLlm(body: Buffer): Promise<Row> {
  const dataDir = newDataDir();
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(silent.address() as { port: number }).port}`;
  const startedAt = Date.now();
  const server = await serve(dataDir, { OLLAMA_HOST: host, PAWLENS_LLM: 'auto', PAWLENS_LLM_TIMEOUT_MS: '5000' });
  const startSeconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const { secret } = await keyIn(dataDir, 'llm', null);
  const readyStarted = Date.now();
  const ready = await fetch(`${server.url}/readyz`);
  const readyMs = Date.now() - readyStarted;
  const burstStarted = Date.now();
  const burst = await Promise.all(
    Array.from({ length: 14 }, () =>
      post(server.url, secret, body).then((r) => ({ ...r, ms: Date.now() - burstStarted })),
    ),
  );
  const result: Row = [
    'silent Ollama (accepts, never answers), PAWLENS_LLM_TIMEOUT_MS=5000',
    15,
    `start ${startSeconds} s; /readyz ${ready.status} in ${readyMs} ms; burst of 14: ${tally(burst.map((r) => r.status))}, slowest ${(Math.max(...burst.map((r) => r.ms)) / 1000).toFixed(1)} s`,
    'unlimited key',
    `${server.peakRssMiB().toFixed(0)} MiB`,
  ];
  await stop(server);
  for (const socket of sockets) socket.destroy();
  silent.close();
  rmSync(dataDir, { recursive: true, force: true });
  return result;
}

export async function uploads(): Promise<Row> {
  return onFreshServer({}, async (server, dataDir) => {
    const body = Buffer.from(JSON.stringify({ image: (await phoneStoolPhoto({ orientation: 6 })).toString('base64') }));
    const broke = await keyIn(dataDir, 'broke', 4);
    const paying = await keyIn(dataDir, 'paying', null);
    const baseline = server.peakRssMiB();
    let started = Date.now();
    const refused = await Promise.all(Array.from({ length: 300 }, () => post(server.url, broke.secret, body)));
    const refusedSeconds = ((Date.now() - started) / 1000).toFixed(1);
    const afterRefused = server.peakRssMiB();
    started = Date.now();
    const answered = await Promise.all(Array.from({ length: 300 }, () => post(server.url, paying.secret, body)));
    const answeredSeconds = ((Date.now() - started) / 1000).toFixed(1);
    const after = await balanceOf(dataDir, broke.record.id);
    return [
      `300 concurrent 12 MP uploads (${(body.length / 1024 / 1024).toFixed(1)} MB bodies): a key with 4 credits, then an unlimited key`,
      600,
      `4 credits: ${tally(refused.map((r) => r.status))} in ${refusedSeconds} s; unlimited: ${tally(answered.map((r) => r.status))} in ${answeredSeconds} s`,
      `4 → ${after.credits}`,
      `${baseline.toFixed(0)} MiB at start, ${afterRefused.toFixed(0)} after the 402s, ${server.peakRssMiB().toFixed(0)} peak`,
    ];
  });
}
