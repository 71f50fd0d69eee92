/**
 * The load generator, run as its own process so that it neither shares the server's event loop
 * nor its heap: `clients` concurrent keep-alive clients each send requests back to back until
 * `total` are done. Reads the job as JSON on stdin, writes the result as JSON on stdout.
 */
import { text } from 'node:stream/consumers';

export interface LoadJob {
  readonly url: string;
  readonly key: string;
  readonly body: string;
  readonly clients: number;
  readonly total: number;
}

export interface LoadResult {
  readonly latenciesMs: number[];
  readonly wallMs: number;
  readonly failures: number;
}

async function run(job: LoadJob): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  let sent = 0;
  let failures = 0;
  const started = performance.now();
  const client = async () => {
    while (sent < job.total) {
      sent++;
      const t0 = performance.now();
      const response = await fetch(job.url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${job.key}`, 'Content-Type': 'application/json' },
        body: job.body,
      });
      await response.arrayBuffer();
      if (response.status !== 200) failures++;
      latenciesMs.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: job.clients }, client));
  return { latenciesMs, wallMs: performance.now() - started, failures };
}

if (import.meta.filename === process.argv[1]) {
  process.stdout.write(JSON.stringify(await run(JSON.parse(await text(process.stdin)) as LoadJob)));
}
