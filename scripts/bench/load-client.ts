/**
 * The load generator, run as its own process so that it neither shares the server's event loop
 * nor its heap: `clients` concurrent keep-alive clients each send requests back to back until
 * `total` are done. Reads the job as JSON on stdin, writes the result as JSON on stdout.
 * node:http with the body encoded once: on a machine the server shares, every millisecond the
 * client spends is one the server does not get, so the client does as little as it can.
 */
import { Agent, request } from 'node:http';
import { text } from 'node:stream/consumers';
import { cpuMsSince } from './stats.js';

export interface LoadJob {
  /** Where to send; several (replicas) take turns, as a round-robin balancer would send them. */
  readonly url: string | readonly string[];
  readonly key: string;
  readonly body: string;
  readonly clients: number;
  readonly total: number;
}

export interface LoadResult {
  readonly latenciesMs: number[];
  readonly wallMs: number;
  readonly failures: number;
  /** This client's own CPU time during the run: what it took from the machine the server shares. */
  readonly cpuMs: number;
}

function post(url: URL, agent: Agent, headers: Record<string, string | number>, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function run(job: LoadJob): Promise<LoadResult> {
  const urls = (typeof job.url === 'string' ? [job.url] : job.url).map((url) => new URL(url));
  const body = Buffer.from(job.body);
  const headers = {
    Authorization: `Bearer ${job.key}`,
    'Content-Type': 'application/json',
    'Content-Length': body.length,
  };
  const agent = new Agent({ keepAlive: true, maxSockets: job.clients });
  const latenciesMs: number[] = [];
  let sent = 0;
  let failures = 0;
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const client = async () => {
    while (sent < job.total) {
      const url = urls[sent++ % urls.length]!;
      const t0 = performance.now();
      if ((await post(url, agent, headers, body)) !== 200) failures++;
      latenciesMs.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: job.clients }, client));
  const wallMs = performance.now() - started;
  agent.destroy();
  return { latenciesMs, wallMs, failures, cpuMs: cpuMsSince(cpuStart) };
}

if (import.meta.filename === process.argv[1]) {
  process.stdout.write(JSON.stringify(await run(JSON.parse(await text(process.stdin)) as LoadJob)));
}
