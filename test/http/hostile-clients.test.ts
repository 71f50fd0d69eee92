import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { get as httpsGet } from 'node:https';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpServer, type TlsFiles } from '../../src/http/transport/http-server-limits.js';
import { silentLogger } from '../../src/logger.js';
import { photo, toBase64 } from '../fixtures/images.js';
import { commandRuns } from '../fixtures/run-process.js';
import { tempDir } from '../fixtures/temp-dir.js';
import { hasOpenssl, selfSignedCertificate } from '../fixtures/tls-certificate.js';
import { createTestApp } from '../fixtures/test-app.js';
import { postWithUrllib } from '../../scripts/support/python-urllib.js';

/**
 * Issue 27's attacks, each made as the finding made it (raw sockets, TLS sockets, trickled
 * uploads) against the real HTTP server on a loopback port, with its limits shortened so that a
 * test takes seconds: what must hold is that nobody can hold the service for as long as they like.
 */
const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(
  handler: Parameters<typeof createHttpServer>[0],
  limits: { requestTimeoutMs: number; maxConnections: number },
  tls?: TlsFiles,
): Promise<number> {
  const server = createHttpServer(handler, silentLogger, limits, tls).listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return (server.address() as AddressInfo).port;
}

/** A client socket that sends `text`, never closes its side (the peer's FIN leaves it open) and never reads. */
function halfOpen(port: number, text: string): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    sockets.push(socket);
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write(text);
      socket.pause();
      resolve(socket);
    });
  });
}

/** GET /healthz on a fresh connection: the status, or 0 when the server would not take the connection. */
const healthz = (port: number) =>
  fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
    (response) => response.status,
    () => 0,
  );

describe('connections that never finish cannot lock everyone out', () => {
  it('half-open requests filling the connection cap: answered 408, then destroyed after a short grace, and the next client gets in', async () => {
    const app = await createTestApp();
    const port = await serve(app.http, { requestTimeoutMs: 500, maxConnections: 16 });
    // Request lines that never end, from peers that ignore the server's FIN.
    await Promise.all(Array.from({ length: 16 }, () => halfOpen(port, 'GET /healthz HTTP/1.1\r\n')));
    const server = servers.at(-1)!;
    const openConnections = () =>
      new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
    // The server accepts them a moment after the clients see them connected.
    await vi.waitFor(async () => expect(await openConnections()).toBe(16));
    // The headers timeout (500 ms, checked every second) answers 408; the grace then ends each socket.
    await sleep(4500);
    expect(await openConnections()).toBe(0);
    expect(await healthz(port)).toBe(200);
  }, 15_000);

  it.each([
    ['request lines that never end', 'GET /healthz HTTP/1.1\r\n', false],
    ['connections that say nothing, on the HTTPS port', '', true],
  ] as const)(
    'an attacker who reconnects as soon as it is cut (%s) cannot keep another client out: the longest-stalled connection makes room',
    async (_name, text, tls) => {
      if (tls && !hasOpenssl) return;
      const certificate = tls ? selfSignedCertificate() : undefined;
      const app = await createTestApp();
      const port = await serve(app.http, { requestTimeoutMs: 500, maxConnections: 16 }, certificate);
      let attacking = true;
      const attack = () => {
        const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
        sockets.push(socket);
        socket.on('error', () => undefined);
        socket.once('close', () => attacking && attack());
        socket.on('end', () => socket.destroy());
        socket.on('data', () => undefined);
        if (text) socket.write(text);
      };
      for (let i = 0; i < 16; i++) attack();
      await sleep(1500);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        statuses.push(
          tls
            ? await new Promise<number>((resolve) =>
                httpsGet({ host: '127.0.0.1', port, path: '/healthz', ca: certificate!.cert }, (res) => {
                  res.resume();
                  resolve(res.statusCode ?? 0);
                }).on('error', () => resolve(0)),
              )
            : await healthz(port),
        );
        await sleep(300);
      }
      attacking = false;
      expect(statuses).toEqual(Array(10).fill(200));
    },
    20_000,
  );

  it.skipIf(!hasOpenssl)(
    'TLS: connections that never start their handshake are closed after the headers timeout, not 120 s',
    async () => {
      const { cert, key } = selfSignedCertificate();
      const app = await createTestApp();
      const port = await serve(app.http, { requestTimeoutMs: 500, maxConnections: 8 }, { cert, key });
      // Connections that say nothing: they wait to see whether the server ends them.
      const silent = Array.from({ length: 8 }, () => {
        const socket = connect(port, '127.0.0.1');
        sockets.push(socket);
        socket.on('error', () => undefined);
        return new Promise((resolve) => socket.once('close', resolve));
      });
      await Promise.all(silent);
      const status = await new Promise<number>((resolve, reject) => {
        httpsGet({ host: '127.0.0.1', port, path: '/healthz', ca: cert }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        }).on('error', reject);
      });
      expect(status).toBe(200);
    },
    10_000,
  );
});

/** The head of an analysis upload declaring `length` bytes, as `key`. */
const uploadHead = (key: string, length: number | 'chunked') =>
  `POST /api/v1/feces-analysis HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n${
    length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`
  }\r\n\r\n`;

/** An upload of `length` declared bytes that sends 4 bytes a second; what the server answered (or '' until it closes). */
function trickle(port: number, key: string) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  socket.write(`${uploadHead(key, 4_000_000)}{"image":"`);
  const timer = setInterval(() => socket.writable && socket.write('AAAA'), 1000);
  socket.once('close', () => clearInterval(timer));
  return { answer: () => received, closed: new Promise((resolve) => socket.once('close', resolve)) };
}

describe('uploads that trickle cannot starve other keys', () => {
  it("one key's eight trickled uploads leave a slot to another key, whose call is answered at once", async () => {
    // A pace this lenient never cuts the trickles during the test: the share alone lets the other key in.
    const app = await createTestApp({ maxConcurrency: 2, uploadPace: { minBytesPerSecond: 1, graceMs: 60_000 } });
    const port = await serve(app.http, { requestTimeoutMs: 60_000, maxConnections: 64 });
    for (let upload = 0; upload < 8; upload++) trickle(port, app.key);
    await sleep(300);
    const other = await app.issue();
    const started = Date.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/feces-analysis`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${other.secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ image: toBase64(await photo('jpeg')) }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
  }, 15_000);

  it('an upload slower than the minimum pace is answered 408 once its grace is over, and the connection ends', async () => {
    const app = await createTestApp({ uploadPace: { minBytesPerSecond: 1024, graceMs: 500 } });
    const port = await serve(app.http, { requestTimeoutMs: 60_000, maxConnections: 64 });
    const upload = trickle(port, app.key);
    await upload.closed;
    const answer = upload.answer();
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).error).toMatchObject({
      code: 'REQUEST_TIMEOUT',
      message: expect.stringContaining('1 KiB/s'),
    });
  }, 10_000);
});

describe('bodies over the limit', () => {
  it('a chunked body is answered 413 as soon as it passes the limit, not read to its end', async () => {
    const app = await createTestApp();
    const port = await serve(app.http, { requestTimeoutMs: 60_000, maxConnections: 64 });
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let received = '';
    let sent = 0;
    const answered = new Promise<void>((resolve) =>
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
        if (received.includes('\r\n\r\n')) resolve();
      }),
    );
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(uploadHead(app.key, 'chunked'));
    const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 0x41), Buffer.from('\r\n')]);
    // Up to 500 MB, as the attack sent; the answer must come long before.
    const pump = (async () => {
      while (sent < 500 * 1024 * 1024 && !received && !socket.destroyed) {
        if (!socket.write(chunk)) await new Promise((resolve) => socket.once('drain', resolve));
        else await new Promise((resolve) => setImmediate(resolve));
        sent += chunk.length;
      }
    })();
    await answered;
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(sent).toBeLessThan(32 * 1024 * 1024);
    socket.destroy();
    await pump;
  }, 20_000);
});

describe('a body whose fields beside the photo are a bomb', () => {
  it('451,617 keys in 5.3 MB: refused for the size of its fields, before any JSON.parse of them', async () => {
    const app = await createTestApp();
    const keys = Array.from({ length: 451_617 }, (_, index) => `"k${index}":0`).join(',');
    const response = await app.post('stool', `{"image":"x",${keys}}`);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('beside the image'),
    });
  });
});

const run = promisify(execFile);

describe('an answer given before the body was read can be read by every client', () => {
  async function server() {
    const app = await createTestApp();
    const port = await serve(app.http, { requestTimeoutMs: 60_000, maxConnections: 64 });
    return { app, url: `http://127.0.0.1:${port}/api/v1/feces-analysis` };
  }
  const fourMiBPhoto = Math.ceil((4 * 1024 * 1024 * 4) / 3);

  it.skipIf(!commandRuns('python3', ['--version']))(
    "Python's urllib gets the JSON of a 413 (a 4 MiB photo), a 401 and a 402, never a broken pipe",
    async () => {
      const { app, url } = await server();
      const broke = await app.issue({ credits: 0 });
      const answers = [];
      for (const [key, size] of [
        [app.key, fourMiBPhoto],
        [`pk_${'Z'.repeat(32)}`, 3_000_000],
        [broke.secret, 3_000_000],
      ] as const) {
        for (let attempt = 0; attempt < 3; attempt++) answers.push(await postWithUrllib(url, key, size));
      }
      expect(answers).toEqual([
        ...Array(3).fill('413 IMAGE_TOO_LARGE'),
        ...Array(3).fill('401 INVALID_KEY'),
        ...Array(3).fill('402 INSUFFICIENT_CREDITS'),
      ]);
    },
    60_000,
  );

  it("Node's fetch gets the JSON of a 401 sent while its 4 MB body is still going out over 3 s", async () => {
    const { url } = await server();
    const piece = Buffer.alloc(256 * 1024, 0x41);
    const codes = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      // A body streamed as a slow link sends it: 16 pieces, one every 200 ms.
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(Buffer.from('{"image":"'));
          for (let sent = 0; sent < 16; sent++) {
            await sleep(200);
            controller.enqueue(piece);
          }
          controller.enqueue(Buffer.from('"}'));
          controller.close();
        },
      });
      const code = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer pk_${'Z'.repeat(32)}`, 'Content-Type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit).then(
        async (response) => `${response.status} ${(await response.json()).error.code}`,
        (error: Error) => String((error.cause as { code?: string } | undefined)?.code ?? error.message),
      );
      codes.push(code);
    }
    expect(codes).toEqual(Array(3).fill('401 INVALID_KEY'));
  }, 30_000);

  it.skipIf(!commandRuns('curl', ['--version']))(
    'curl gets the JSON of a 401 for a 4 MB upload',
    async () => {
      const { url } = await server();
      const file = join(tempDir('pawlens-curl-'), 'body.json');
      writeFileSync(file, JSON.stringify({ image: 'A'.repeat(4_000_000) }));
      const { stdout } = await run('curl', [
        '-s',
        '-w',
        '\n%{http_code}',
        url,
        '-H',
        `Authorization: Bearer pk_${'Z'.repeat(32)}`,
        '-H',
        'Content-Type: application/json',
        '--data-binary',
        `@${file}`,
      ]);
      const [json = '', status] = stdout.split('\n');
      expect([status, JSON.parse(json).error.code]).toEqual(['401', 'INVALID_KEY']);
    },
    30_000,
  );
});
