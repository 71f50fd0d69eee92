/**
 * `models install` reads to a bound (issue 43): a real mirror on loopback that never ends, drips,
 * or redirects elsewhere or in a loop; a folder whose model.onnx is /dev/zero or a FIFO; names that
 * are an object's machinery; staging folders a killed install left. Each ends quickly, with a
 * sentence, and leaves nothing installed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundedDownload } from '../../src/vision/runtime/bounded-read.js';
import { installModel } from '../../src/vision/runtime/install-model.js';
import { MODEL_CATALOGUE } from '../../src/vision/runtime/model-catalogue.js';
import { removeStaleStaging } from '../../src/vision/runtime/staging.js';
import { tempDir } from '../fixtures/temp-dir.js';

const NAME = 'squeezenet1.0';
const BOUNDS = { maxBytes: 1 << 30, deadlineMs: 5_000, stallMs: 400 };

let server: Server;
let base: string;
const timers = new Set<NodeJS.Timeout>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/endless/')) {
      // Zeros for ever, as fast as the socket takes them.
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 << 10);
      const pump = () => {
        while (res.write(chunk)) {}
        res.once('drain', pump);
      };
      pump();
      req.socket.on('close', () => res.destroy());
    } else if (path.startsWith('/drip/')) {
      res.writeHead(200);
      const timer = setInterval(() => res.write('x'), 2000);
      timers.add(timer);
      req.socket.on('close', () => clearInterval(timer));
    } else if (path.startsWith('/elsewhere/')) {
      res.writeHead(302, { Location: `http://localhost:${(server.address() as AddressInfo).port}/files/model.onnx` });
      res.end();
    } else if (path.startsWith('/loop/')) {
      res.writeHead(302, { Location: path });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  }).listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

const refusal = async (from: string, name = NAME) => {
  const modelsDir = tempDir('pawlens-bounds-');
  const started = Date.now();
  const error = await installModel(name, { from, modelsDir, bounds: BOUNDS }).then(
    () => undefined,
    (error: Error) => error,
  );
  expect(error, `installing ${name} from ${from} should fail`).toBeInstanceOf(Error);
  expect(readdirSync(modelsDir).filter((entry) => !entry.startsWith('.'))).toEqual([]);
  return { message: error!.message, ms: Date.now() - started };
};

describe('models install reads to a bound', () => {
  it("an endless body is refused once it passes the catalogue's size, not read into memory for ever", async () => {
    const { message, ms } = await refusal(`${base}/endless/`);
    expect(message).toMatch(new RegExp(`larger than the ${MODEL_CATALOGUE[NAME]!.bytes} bytes`));
    expect(ms).toBeLessThan(5_000);
  });

  it('a body that drips a byte every 2 s is given up when nothing arrives for the stall timeout', async () => {
    const { message, ms } = await refusal(`${base}/drip/`);
    expect(message).toMatch(/nothing arrived for 0.4 s/);
    expect(ms).toBeLessThan(4_000);
  });

  it('a redirect to another host is refused; a redirect loop says so', async () => {
    expect((await refusal(`${base}/elsewhere/`)).message).toMatch(
      /redirects to http:\/\/localhost:\d+, another host; refused/,
    );
    expect((await refusal(`${base}/loop/`)).message).toMatch(/more than 5 redirects/);
  });

  it("the catalogue's own address may redirect to another HTTPS host (github.com's raw links do), never to plain HTTP", async () => {
    // As github.com answers: a redirect to its content host, which serves the bytes.
    const github: typeof fetch = async (input) => {
      const url = String(input);
      if (url.startsWith('https://github.com/'))
        return new Response(null, {
          status: 302,
          headers: { Location: 'https://raw.githubusercontent.com/x/model.onnx' },
        });
      if (url.startsWith('https://raw.githubusercontent.com/')) return new Response('model bytes');
      return new Response(null, {
        status: 302,
        headers: { Location: 'http://raw.githubusercontent.com/x/model.onnx' },
      });
    };
    const bytes = await boundedDownload(new URL('https://github.com/x/raw/model.onnx'), github, BOUNDS, {
      upstream: true,
    });
    expect(Buffer.from(bytes).toString()).toBe('model bytes');
    await expect(
      boundedDownload(new URL('https://example.org/model.onnx'), github, BOUNDS, { upstream: true }),
    ).rejects.toThrow(/redirects to http:\/\/raw.githubusercontent.com, not HTTPS; refused/);
    // A mirror's redirect to that host is refused: a mirror stays on its own host.
    await expect(boundedDownload(new URL('https://github.com/x/raw/model.onnx'), github, BOUNDS)).rejects.toThrow(
      /another host; refused/,
    );
  });

  it('a folder whose model.onnx is /dev/zero, or a FIFO nobody writes, is refused before a byte is read', async () => {
    const zero = tempDir('pawlens-zero-');
    symlinkSync('/dev/zero', join(zero, 'model.onnx'));
    expect((await refusal(zero)).message).toMatch(/not a regular file/);
    const fifo = tempDir('pawlens-fifo-');
    execFileSync('mkfifo', [join(fifo, 'model.onnx')]);
    const { message, ms } = await refusal(fifo);
    expect(message).toMatch(/not a regular file/);
    expect(ms).toBeLessThan(2_000);
    // Its manifest.json a FIFO too (read to tell which model the folder holds): no wait on it either.
    execFileSync('mkfifo', [join(fifo, 'manifest.json')]);
    expect((await refusal(fifo)).ms).toBeLessThan(2_000);
  });

  it.each(['__proto__', 'constructor', 'toString'])('"%s" is not in the catalogue, not a crash', async (name) => {
    expect((await refusal(tempDir('pawlens-empty-'), name)).message).toMatch(/is not in the catalogue/);
  });

  it('staging folders a killed install left go at the next install or start; one being written stays', async () => {
    const modelsDir = tempDir('pawlens-staging-');
    const stale = join(modelsDir, `.${NAME}.installing-0badc0de`);
    const fresh = join(modelsDir, `.${NAME}.installing-0ddba11a`);
    mkdirSync(stale);
    writeFileSync(join(stale, 'model.onnx'), 'half');
    mkdirSync(fresh);
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    expect(await removeStaleStaging(modelsDir)).toEqual([stale]);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });
});
