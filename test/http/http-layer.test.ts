import type { Server } from 'node:http';
import { get as httpsGet } from 'node:https';
import { connect } from 'node:net';
import { type ConnectionOptions, connect as tlsConnect } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../../src/http/routes/admin-access.js';
import { createHttpServer } from '../../src/http/transport/http-server-limits.js';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/logger.js';
import { expectErrorEnvelope } from '../fixtures/expectations.js';
import { photo, toBase64 } from '../fixtures/images.js';
import { hasOpenssl, selfSignedCertificate } from '../fixtures/tls-certificate.js';
import { createTestApp, type TestApp } from '../fixtures/test-app.js';

let app: TestApp;
let server: Server;
let port: number;

beforeAll(async () => {
  app = await createTestApp({ keyCredits: 100 });
  server = createHttpServer(app.http, silentLogger, { requestTimeoutMs: 1500, maxConnections: 64 }).listen(
    0,
    '127.0.0.1',
  );
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Writes `text` on a raw socket (then `more`, after `pauseMs`), and resolves with everything the server sent until it closed. */
function raw(
  text: string,
  options: { more?: string; pauseMs?: number; timeoutMs?: number } = {},
): Promise<{ response: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let response = '';
    socket.on('data', (chunk) => (response += chunk.toString('latin1')));
    socket.on('close', () => resolve({ response, ms: Date.now() - started }));
    socket.on('error', () => undefined);
    socket.write(text);
    if (options.more) setTimeout(() => socket.writable && socket.write(options.more!), options.pauseMs ?? 0);
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within ${options.timeoutMs ?? 10_000} ms; got ${response.slice(0, 200)}`));
    }, options.timeoutMs ?? 10_000).unref();
  });
}

/** A raw HTTP response as supertest gives one (status, lower-cased headers, parsed JSON body). */
function parsed(response: string) {
  const [head = '', body = ''] = response.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), head, headers, body: JSON.parse(body) };
}

describe("errors from Node's HTTP layer are the JSON envelope, with a request id", () => {
  it.each([
    [
      'a request line too long → 431',
      `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      431,
      'HEADERS_TOO_LARGE',
    ],
    [
      'headers too large → 431',
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
      431,
      'HEADERS_TOO_LARGE',
    ],
    ['a malformed request line → 400', 'NOT HTTP AT ALL\r\n\r\n', 400, 'BAD_REQUEST'],
    ['a bad header line → 400', 'GET / HTTP/1.1\r\nHost x\r\n\r\n', 400, 'BAD_REQUEST'],
    ['an HTTP/1.1 request without a Host → 400', 'GET /healthz HTTP/1.1\r\n\r\n', 400, 'BAD_REQUEST'],
    [
      'an expectation other than 100-continue → 417',
      'GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n',
      417,
      'EXPECTATION_FAILED',
    ],
    [
      'a CONNECT (this is no proxy) → 405',
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
      405,
      'METHOD_NOT_ALLOWED',
    ],
  ] as const)('%s', async (_name, text, status, code) => {
    const { response } = await raw(text);
    expectErrorEnvelope(parsed(response), status, code);
  });

  it('HTTP/1.0 needs no Host, and Expect: 100-continue is met', async () => {
    expect((await raw('GET /healthz HTTP/1.0\r\n\r\n')).response).toMatch(/^HTTP\/1\.1 200 [\s\S]*\{"status":"ok"\}$/);
    const continued = await raw(
      'GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n',
    );
    expect(continued.response).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 [\s\S]*\{"status":"ok"\}$/);
  });

  it('a body that stops arriving → 408 in the envelope once the request timeout passes, then the connection closes', async () => {
    const head = `POST /api/v1/feces-analysis HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${app.key}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"image":"`;
    const { response, ms } = await raw(head);
    expectErrorEnvelope(parsed(response), 408, 'REQUEST_TIMEOUT');
    expect(ms).toBeLessThan(5000);
  });
});

describe('a request refused before its body is read: answered at once, and the rest of the body is not waited for', () => {
  it('a declared 50 MB body (more than is ever dropped) is answered 413 at once, and the connection closes without reading it', async () => {
    const head = `POST /api/v1/feces-analysis HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${app.key}\r\nContent-Type: application/json\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n{"image":"`;
    const { response, ms } = await raw(head);
    const answer = parsed(response);
    expectErrorEnvelope(answer, 413, 'IMAGE_TOO_LARGE');
    expect(answer.headers.connection).toBe('close');
    expect(ms).toBeLessThan(4000);
  });

  it('a bad key is answered 401 while the body is still arriving; a body that then stops is not waited for past the request timeout', async () => {
    const head = `POST /api/v1/feces-analysis HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer pk_${'Z'.repeat(32)}\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{"image":"`;
    const { response, ms } = await raw(head, { more: 'A'.repeat(1000), pauseMs: 100 });
    expectErrorEnvelope(parsed(response), 401, 'INVALID_KEY');
    expect(ms).toBeLessThan(4000);
  });
});

describe('headers on every answer', () => {
  let image: string;
  beforeAll(async () => {
    image = toBase64(await photo('jpeg'));
  });

  it('an analysis (health data) is never cached, sniffed or framed', async () => {
    const response = await app.post('stool', { image });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  });

  it('errors too', async () => {
    const response = await request(app.http).get('/nope');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('/docs runs only scripts from this host (none inline) and cannot be framed', async () => {
    const page = await request(app.http).get('/docs');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self';/);
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(page.text).not.toMatch(/<script>/);
    const start = await request(app.http).get('/docs/start.js');
    expect(start.status).toBe(200);
    expect(start.text).toMatch(/SwaggerUIBundle/);
  });

  it('two Authorization headers are refused, not settled by which came first', async () => {
    const other = await app.issue({ credits: 100 });
    const { response } = await raw(
      `POST /api/v1/feces-analysis HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${app.key}\r\nAuthorization: Bearer ${other.secret}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    expect(expectErrorEnvelope(parsed(response), 401, 'UNAUTHORIZED').error.message).toMatch(
      /one Authorization header, not 2/,
    );
  });
});

describe('the access log', () => {
  it('has a line for a request whose client went away before the answer, marked aborted', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const logged = await createTestApp({ logger });
    const listening = createHttpServer(logged.http, logger).listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    const socket = connect((listening.address() as AddressInfo).port, '127.0.0.1');
    socket.write(
      `POST /api/v1/feces-analysis HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${logged.key}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"image":"AAAA`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    for (let tries = 0; tries < 40 && !lines.some((line) => line.aborted); tries++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    listening.closeAllConnections();
    await new Promise((resolve) => listening.close(resolve));
    expect(lines.find((line) => line.aborted)).toMatchObject({
      msg: 'request aborted by the client',
      path: '/api/v1/feces-analysis',
      keyId: logged.keyId,
    });
  });
});

describe("the operator's pages (/metrics, /readyz details)", () => {
  it('without PAWLENS_ADMIN_TOKEN: open on this machine only', async () => {
    expect((await request(app.http).get('/metrics')).status).toBe(200);
    expect((await request(app.http).get('/readyz')).body.checks).toBeDefined();
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    for (const other of ['10.0.0.5', '::ffff:192.168.1.20', 'fe80::1', '1127.0.0.1', undefined])
      expect(isLoopbackAddress(other), String(other)).toBe(false);
  });

  it('without PAWLENS_ADMIN_TOKEN: a page on this machine that reaches it through another name (DNS rebinding) gets nothing', async () => {
    for (const host of ['localhost:8080', '127.0.0.1', '[::1]:8080'])
      expect((await request(app.http).get('/metrics').set('Host', host)).status, host).toBe(200);
    for (const host of ['rebind.example:8080', 'rebind.example', '127.0.0.1.rebind.example']) {
      expectErrorEnvelope(await request(app.http).get('/metrics').set('Host', host), 401, 'UNAUTHORIZED');
      expect((await request(app.http).get('/readyz').set('Host', host)).body).toEqual({ status: 'ready' });
    }
  });

  it('with PAWLENS_ADMIN_TOKEN: two Authorization headers are refused, whichever comes first', async () => {
    const token = 'an-admin-token-of-some-length';
    const guarded = await createTestApp({ adminToken: token });
    const server = createHttpServer(guarded.http, silentLogger).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const answer = (first: string, second: string) =>
      new Promise<string>((resolve) => {
        const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString('latin1')));
        socket.on('close', () => resolve(received));
        socket.write(
          `GET /metrics HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${first}\r\nAuthorization: Bearer ${second}\r\nConnection: close\r\n\r\n`,
        );
      });
    try {
      for (const [first, second] of [
        [token, 'wrong'],
        ['wrong', token],
      ])
        expectErrorEnvelope(parsed(await answer(first!, second!)), 401, 'UNAUTHORIZED');
    } finally {
      server.close();
    }
  });

  it('with PAWLENS_ADMIN_TOKEN: the token is required, even from this machine; /readyz still gives everyone its status', async () => {
    const token = 'an-admin-token-of-some-length';
    const guarded = await createTestApp({ adminToken: token });
    const refused = await request(guarded.http).get('/metrics');
    expectErrorEnvelope(refused, 401, 'UNAUTHORIZED');
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="pawlens"');
    expectErrorEnvelope(
      await request(guarded.http).get('/metrics').set('Authorization', 'Bearer an-admin-token-of-some-lengtX'),
      401,
      'UNAUTHORIZED',
    );
    expect((await request(guarded.http).get('/metrics').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    const anonymous = await request(guarded.http).get('/readyz');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ status: 'ready' });
    expect(
      (await request(guarded.http).get('/readyz').set('Authorization', `Bearer ${token}`)).body.checks,
    ).toBeDefined();
  });
});

describe('HTTPS (PAWLENS_TLS_CERT, PAWLENS_TLS_KEY)', () => {
  let certificate: { cert: Buffer; key: Buffer };
  let tlsServer: Server;
  let tlsPort: number;

  beforeAll(async () => {
    if (!hasOpenssl) return;
    certificate = selfSignedCertificate();
    tlsServer = createHttpServer(app.http, silentLogger, undefined, certificate).listen(0, '127.0.0.1');
    await new Promise((resolve) => tlsServer.once('listening', resolve));
    tlsPort = (tlsServer.address() as AddressInfo).port;
  });

  afterAll(async () => {
    if (!hasOpenssl) return;
    tlsServer.closeAllConnections();
    await new Promise((resolve) => tlsServer.close(resolve));
  });

  it.skipIf(!hasOpenssl)("serves the same app over TLS with the clinic's certificate", async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      httpsGet({ host: '127.0.0.1', port: tlsPort, path: '/healthz', ca: certificate.cert }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      }).on('error', reject);
    });
    expect(answer).toEqual({ status: 200, body: '{"status":"ok"}' });
  });

  it.skipIf(!hasOpenssl)(
    'plain HTTP sent to its port is told, in the envelope and in plain HTTP, to use https://',
    async () => {
      const plain = await new Promise<string>((resolve) => {
        const socket = connect(tlsPort, '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString('latin1')));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(received));
        socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
      });
      const answer = parsed(plain);
      expectErrorEnvelope(answer, 400, 'BAD_REQUEST');
      expect(answer.body.error.message).toMatch(/HTTPS only/);
    },
  );

  it.skipIf(!hasOpenssl)(
    'offers only forward-secret AEAD suites: a TLS 1.2 client asking for CBC-SHA or plain-RSA key exchange is refused',
    async () => {
      const handshake = (options: ConnectionOptions) =>
        new Promise<string>((resolve, reject) => {
          const socket = tlsConnect({ host: '127.0.0.1', port: tlsPort, ca: certificate.cert, ...options }, () => {
            resolve(socket.getCipher().name);
            socket.end();
          });
          socket.on('error', reject);
        });
      expect(await handshake({ maxVersion: 'TLSv1.2' })).toMatch(/^ECDHE-/);
      expect(await handshake({})).toMatch(/^TLS_/);
      await expect(handshake({ maxVersion: 'TLSv1.2', ciphers: 'AES128-SHA:AES256-SHA' })).rejects.toThrow();
      await expect(handshake({ maxVersion: 'TLSv1.2', ciphers: 'ECDHE-RSA-AES128-SHA' })).rejects.toThrow();
      await expect(handshake({ maxVersion: 'TLSv1.2', ciphers: 'AES128-GCM-SHA256' })).rejects.toThrow();
    },
  );

  it('needs the certificate and the key together', () => {
    expect(() => loadConfig({ PAWLENS_TLS_CERT: 'cert.pem' })).toThrow(
      /PAWLENS_TLS_CERT and PAWLENS_TLS_KEY go together/,
    );
    expect(
      loadConfig({ PAWLENS_TLS_CERT: '/etc/pawlens/cert.pem', PAWLENS_TLS_KEY: '/etc/pawlens/key.pem' }).tls,
    ).toEqual({ certFile: '/etc/pawlens/cert.pem', keyFile: '/etc/pawlens/key.pem' });
  });
});

describe('a trailing slash is the same path, on every route (issue 42: it was a 500 before the key was checked)', () => {
  const image = photo('jpeg').then(toBase64);

  it.each(['feces-analysis', 'breed-identification', 'ear-analysis'])(
    'POST /api/v1/%s/ answers as without the slash: 401 without a key, 200 with one',
    async (path) => {
      const body = { image: await image };
      const anonymous = await request(app.http).post(`/api/v1/${path}/`).send(body);
      expectErrorEnvelope(anonymous, 401, 'UNAUTHORIZED');
      const keyed = await request(app.http)
        .post(`/api/v1/${path}/`)
        .set('Authorization', `Bearer ${app.key}`)
        .send(body);
      expect(keyed.status).toBe(200);
      expect(keyed.body.success).toBe(true);
    },
  );

  it('the pets and service routes too', async () => {
    const history = await request(app.http)
      .get('/api/v1/pets/rex-7/analyses/')
      .set('Authorization', `Bearer ${app.key}`);
    expect(history.status).toBe(200);
    expect((await request(app.http).get('/healthz/')).status).toBe(200);
  });
});
