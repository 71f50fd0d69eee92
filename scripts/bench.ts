/**
 * npm run bench [-- --requests N --clients C --soak N --concurrency N --inference-threads N]
 *
 * Requests per second and latency percentiles over HTTP, against the same pipeline run
 * in-process on the same images (decode → analysis → closed-schema check), at the same
 * concurrency. The in-process run is the floor the service is measured against: the ratio shows
 * what HTTP, JSON, auth and credits cost. Cases: stool on a 12 MP phone JPEG (built-in models) and, when
 * ../shared has the SqueezeNet model, breed with it installed into a temporary models folder.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import { text } from 'node:stream/consumers';
import sharp from 'sharp';
import { issueKey } from '../src/accounts/issue-key.js';
import { SqliteAccountStore } from '../src/accounts/sqlite-account-store.js';
import { loadAnalysisModels } from '../src/analysis/load-analysis-models.js';
import { createPipeline, type Pipeline } from '../src/analysis/pipeline.js';
import type { OperationKey } from '../src/contract/operation-keys.js';
import { successEnvelope } from '../src/contract/envelopes.js';
import { loadConfig } from '../src/config.js';
import { createApp } from '../src/http/create-app.js';
import { decodeImageField } from '../src/image/decode-image.js';
import { OPERATIONS } from '../src/operations/registry.js';
import { InferencePool } from '../src/vision/inference-pool.js';
import { installModel } from '../src/vision/install-model.js';
import { RECOMMENDED_MODELS } from '../src/vision/model-catalogue.js';
import type { LoadJob, LoadResult } from './bench/load-client.js';
import { phoneStoolPhoto } from '../test/fixtures/phone-photo.js';
import { cpuMsSince, summarize, type Summary } from './bench/stats.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '400' },
    clients: { type: 'string', default: '8' },
    soak: { type: 'string', default: '0' },
    concurrency: { type: 'string' },
    'inference-threads': { type: 'string' },
  },
});
const total = Number(values.requests);
const soak = Number(values.soak);
const clients = Number(values.clients);
// The server's own defaults unless overridden: the bench measures what a clinic would run.
const defaults = loadConfig({});
const inferenceThreads = values['inference-threads'] === undefined ? defaults.inferenceThreads : Number(values['inference-threads']);
const maxConcurrency = values.concurrency === undefined ? defaults.maxConcurrency : Number(values.concurrency);
const shared = join(import.meta.dirname, '..', '..', 'shared');
const tmp = mkdtempSync(join(tmpdir(), 'pawlens-bench-'));

async function inProcess(pipeline: Pipeline, operation: OperationKey, image: string): Promise<Summary> {
  const envelope = successEnvelope(OPERATIONS[operation].data);
  const latencies: number[] = [];
  let sent = 0;
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const worker = async () => {
    while (sent < total) {
      sent++;
      const t0 = performance.now();
      const decoded = await decodeImageField(image);
      const input = { image: decoded, language: 'en', animalType: undefined, requestId: 'req_benchmark0' } as const;
      const { data } = await pipeline.narrate(await pipeline.assess(operation, input));
      envelope.parse({ success: true, request_id: 'req_benchmark0', data });
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  return summarize(latencies, performance.now() - started, cpuMsSince(cpuStart));
}

async function overHttp(job: LoadJob): Promise<Summary & { clientCpuMsPerRequest: number }> {
  const cpuStart = process.cpuUsage();
  const client = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'bench', 'load-client.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  client.stdin.end(JSON.stringify(job));
  const result = JSON.parse(await text(client.stdout)) as LoadResult;
  if (result.failures > 0) throw new Error(`${result.failures} of ${job.total} requests failed`);
  return { ...summarize(result.latenciesMs, result.wallMs, cpuMsSince(cpuStart)), clientCpuMsPerRequest: result.cpuMs / job.total };
}

const row = (name: string, s: Summary) =>
  `| ${name} | ${s.requests} | ${s.perSecond.toFixed(1)} | ${s.p50.toFixed(1)} | ${s.p90.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.cpuMsPerRequest.toFixed(1)} |`;

/** The models a run has installed: the built-ins with SqueezeNet, as before scene models, and the recommended scene set. */
const MODEL_SETS: ReadonlyArray<{ readonly label: string; readonly models: readonly string[] }> = [
  { label: 'SqueezeNet 1.0, no detector', models: ['squeezenet1.0'] },
  { label: `recommended: ${RECOMMENDED_MODELS.join(' + ')}`, models: RECOMMENDED_MODELS },
];

async function main() {
  const cases: Array<{ operation: OperationKey; label: string; image: Buffer }> = [
    { operation: 'stool', label: 'stool, 12 MP phone JPEG', image: await phoneStoolPhoto() },
  ];
  const hasShared = existsSync(join(shared, 'models'));
  if (hasShared) cases.push({ operation: 'breed', label: 'breed, wml_dog.jpg', image: await sharp(join(shared, 'photos', 'wml_dog.jpg')).toBuffer() });
  else console.log('(../shared is absent: only the built-in models, and no breed case)');
  const pool = inferenceThreads > 0 ? new InferencePool(inferenceThreads) : undefined;
  const store = new SqliteAccountStore(join(tmp, 'bench.db'));
  const { secret } = await issueKey(store, { name: 'bench', credits: null, expiresAt: null });

  console.log(
    `pawlens bench: ${total} requests per run, ${clients} concurrent clients, PAWLENS_MAX_CONCURRENCY=${maxConcurrency}, PAWLENS_INFERENCE_THREADS=${inferenceThreads}, Node ${process.version}`,
  );
  console.log('| run | requests | req/s | p50 ms | p90 ms | p99 ms | server CPU ms/request |');
  console.log('|---|---|---|---|---|---|---|');
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  const cpuBySet: number[][] = [];
  let server: Server | undefined;
  let port = 0;
  for (const [index, set] of (hasShared ? MODEL_SETS : [{ label: 'built-in models only', models: [] }]).entries()) {
    const modelsDir = join(tmp, `models-${index}`);
    for (const name of set.models) await installModel(name, { from: join(shared, 'models'), modelsDir });
    const pipeline = createPipeline(await loadAnalysisModels({ modelsDir, pool }));
    // The bench measures the pipeline, not the rate limiter or the queue limit.
    const { express } = createApp({ store, pipeline, maxConcurrency, maxQueue: 10_000, rateLimitPerMinute: 0 });
    server?.close();
    server = express.listen(0, '127.0.0.1');
    await new Promise((resolve) => server!.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
    cpuBySet.push([]);
    for (const { operation, label, image } of cases) {
      const base64 = image.toString('base64');
      await inProcess(pipeline, operation, base64); // warm-up: JIT, libvips caches, onnxruntime arenas
      const floor = await inProcess(pipeline, operation, base64);
      loopDelay.reset();
      loopDelay.enable();
      const http = await overHttp({ url: `http://127.0.0.1:${port}/api/v1/${OPERATIONS[operation].path}`, key: secret, body: JSON.stringify({ image: base64 }), clients, total });
      loopDelay.disable();
      cpuBySet.at(-1)!.push(floor.cpuMsPerRequest);
      console.log(row(`${label} (${set.label}), in-process`, floor));
      console.log(row(`${label} (${set.label}), HTTP`, http));
      console.log(`|   HTTP / in-process | | ${(http.perSecond / floor.perSecond).toFixed(2)}× | | | p99/p50 ${(http.p99 / http.p50).toFixed(2)} | client CPU ${http.clientCpuMsPerRequest.toFixed(1)} |`);
      console.log(`|   server event-loop delay during HTTP | | | p50 ${(loopDelay.percentile(50) / 1e6).toFixed(1)} | p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} | max ${(loopDelay.max / 1e6).toFixed(1)} | |`);
    }
  }
  if (cpuBySet.length === 2) {
    const added = cases.map(({ label }, i) => `${label} +${(cpuBySet[1]![i]! - cpuBySet[0]![i]!).toFixed(1)} ms`).join(', ');
    console.log(`CPU per request the scene stage adds (in-process, recommended set vs SqueezeNet alone): ${added}`);
  }
  console.log(`RSS after the runs: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`);

  if (soak > 0) {
    // Memory over many requests: RSS after every tenth of the soak, to see whether it levels off.
    const base64 = cases[0]!.image.toString('base64');
    const url = `http://127.0.0.1:${port}/api/v1/${OPERATIONS[cases[0]!.operation].path}`;
    const step = Math.ceil(soak / 10);
    const rss: string[] = [];
    for (let done = 0; done < soak; done += step) {
      await overHttp({ url, key: secret, body: JSON.stringify({ image: base64 }), clients, total: step });
      rss.push(`${done + step}: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`);
    }
    console.log(`RSS during a soak of ${soak} requests (${cases[0]!.label}), MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? 'unset'}:`);
    console.log(`  ${rss.join(', ')}`);
  }
  server?.close();
  await store.close();
  await pool?.close();
}

try {
  await main();
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
