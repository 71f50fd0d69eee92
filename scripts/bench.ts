/**
 * npm run bench [-- --requests N --clients C --soak N --only breed|stool]
 *
 * The service over HTTP against an independent cost floor, side by side in one run, on the same
 * bytes read from disk: breed (recommended scene models), stool on a 12 MP phone JPEG stored
 * sideways (EXIF orientation 6), stool on a small photo. The service is `pawlens serve` from the
 * build, in its own process with its defaults, as a clinic runs it; its CPU and RSS are read from
 * /proc. The floor (bench/floor.ts) is its own process, with none of pawlens' code: decode with
 * shrink-on-load, then only the operation's models, in as many inference threads as the service
 * has. The load generator is its own process too. For each: req/s, p50/p99 and CPU ms per request
 * across all threads. Separately, HTTP against the same pipeline called in this process (in the
 * same rounds), the HTTP layer alone, and RSS (with --soak, over that many more requests).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { issueKey } from '../src/accounts/issue-key.js';
import { SqliteAccountStore } from '../src/accounts/sqlite/sqlite-account-store.js';
import { STORE_FILE } from '../src/cli/open-store.js';
import { loadAnalysisModels } from '../src/analysis/load-analysis-models.js';
import { type PaidAnalysisDeps, runPaidAnalysis } from '../src/analysis/paid-analysis.js';
import { createPipeline, type Pipeline } from '../src/analysis/pipeline.js';
import { loadConfig } from '../src/config.js';
import type { OperationKey } from '../src/operations/registry.js';
import { createApp } from '../src/http/create-app.js';
import { imageFieldBytes } from '../src/image/base64-field.js';
import { DEFAULT_INTAKE_LIMITS } from '../src/image/decode-image.js';
import { OPERATIONS } from '../src/operations/registry.js';
import { InferencePool } from '../src/vision/runtime/inference-pool.js';
import { installModel } from '../src/vision/runtime/install-model.js';
import { RECOMMENDED_MODELS } from '../src/vision/runtime/model-catalogue.js';
import { NO_SCENE } from '../src/vision/scene/describe-scene.js';
import { PACKAGE_MODELS_DIR } from '../src/vision/runtime/models-location.js';
import { HEAP_GROWING_PERCENT, tuneForPhotoAnalysis } from '../src/process-tuning.js';
import { phoneStoolPhoto } from './support/phone-photo.js';
import { startServeProcess, type ServeProcess } from './support/serve-process.js';
import type { FloorJob } from './bench/floor.js';
import type { LoadJob, LoadResult } from './bench/load-client.js';
import { STEPS, stepCosts } from './bench/step-costs.js';
import { cpuMsSince, processCpuMs, processRssMiB, summarize, type Summary } from './bench/stats.js';

// The pipeline called in-process here runs in a process set up as `pawlens serve` sets itself up.
tuneForPhotoAnalysis();
const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '400' },
    clients: { type: 'string', default: '8' },
    soak: { type: 'string', default: '0' },
    only: { type: 'string' },
  },
});
const total = Number(values.requests);
const clients = Number(values.clients);
const soak = Number(values.soak);
// The server's own defaults: the bench measures what a clinic would run.
const { inferenceThreads, maxConcurrency } = loadConfig({});
const shared = join(import.meta.dirname, '..', '..', 'shared');
const hasShared = existsSync(join(shared, 'models'));
const tmp = mkdtempSync(join(tmpdir(), 'pawlens-bench-'));
const builtin = join(PACKAGE_MODELS_DIR, 'builtin');

/** Which models a case's server has installed: the recommended scene set, or SqueezeNet alone (a cheap model, where the request's fixed cost shows). */
type ModelSet = 'recommended' | 'squeezenet' | 'without-localizer';

interface FloorVariant {
  readonly label: string;
  readonly cropSourceLongSide?: number;
  /** Photos in flight at once: the load generator's clients unless given. */
  readonly clients?: number;
}

/**
 * Every case's floor also runs as many photos at a time as there are inference threads ("two at
 * a time", as issue 28 measured its floor): it keeps two cores less busy than eight at a time
 * does, so the service's ratio against it is the kinder of the two. Both are printed.
 */
const fewAtATime = (variant: FloorVariant): FloorVariant => ({
  ...variant,
  label: `${variant.label}, ${inferenceThreads} at a time`,
  clients: inferenceThreads,
});

interface Case {
  readonly label: string;
  readonly models: ModelSet;
  readonly operation: OperationKey & FloorJob['operation'];
  readonly photo: string;
  /** The floor's variants: the crops' source differs for breed (see docs/performance.md). */
  readonly floors: readonly FloorVariant[];
}

/** Runs a script of bench/ as its own process: the job as JSON on stdin, the result as JSON on stdout. */
async function runProcess(script: string, job: LoadJob | FloorJob, nodeFlags: string[] = []): Promise<LoadResult> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', join(import.meta.dirname, 'bench', script)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify(job));
  const result = JSON.parse(await text(child.stdout)) as LoadResult;
  if (result.failures > 0) throw new Error(`${script}: ${result.failures} of ${job.total} requests failed`);
  return result;
}

/** One run's raw figures; rounds of the same run add up before they are summarised. */
interface Measured {
  latenciesMs: number[];
  wallMs: number;
  cpuMs: number;
  /** The load generator's own CPU: what it took from the cores the server shares with it. */
  clientCpuMs: number;
}
const nothingYet = (): Measured => ({ latenciesMs: [], wallMs: 0, cpuMs: 0, clientCpuMs: 0 });
const add = (into: Measured, more: Measured) => {
  into.latenciesMs.push(...more.latenciesMs);
  into.wallMs += more.wallMs;
  into.cpuMs += more.cpuMs;
  into.clientCpuMs += more.clientCpuMs;
};
const summaryOf = (run: Measured) => summarize(run.latenciesMs, run.wallMs, run.cpuMs);

/** A server to load: where it answers, and the CPU its process has used so far (every thread), in ms. */
interface Target {
  readonly url: string;
  cpuMs(): number;
}

async function overHttp(target: Target, path: string, key: string, photo: string, requests: number): Promise<Measured> {
  const body = JSON.stringify({ image: readFileSync(photo).toString('base64') });
  const cpuStart = target.cpuMs();
  const result = await runProcess('load-client.ts', {
    url: `${target.url}${path}`,
    key,
    body,
    clients,
    total: requests,
  });
  return {
    latenciesMs: result.latenciesMs,
    wallMs: result.wallMs,
    cpuMs: target.cpuMs() - cpuStart,
    clientCpuMs: result.cpuMs,
  };
}

/** This process's CPU since it started, every thread, in ms: for a server it runs itself. */
const ownCpuMs = () => cpuMsSince({ user: 0, system: 0 });

async function floor(job: FloorJob): Promise<Measured> {
  // The floor's process runs with the service's heap setting too (its sharp cache is off, as the service's is).
  const result = await runProcess('floor.ts', job, [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
  return { latenciesMs: result.latenciesMs, wallMs: result.wallMs, cpuMs: result.cpuMs, clientCpuMs: 0 };
}

/** Floor, HTTP and in-process runs are interleaved in this many rounds, so that a machine that slows down mid-run slows every side alike. */
const ROUNDS = 6;
/**
 * A round runs at least this long (sized from the warm-up's rate): at each end of a run the
 * pipeline fills and drains with fewer photos in flight, and in a run of under a second that
 * cost the service, whose pipeline is the deeper, about 3% against its floor (0.72× in rounds of
 * 67 SqueezeNet requests, 0.74× in rounds of 600).
 */
const ROUND_SECONDS = 2;

/**
 * The paid analysis called directly, as the HTTP route calls it (keys' credits on a SQLite store),
 * as many at once as the server's CPU slots, each from the Base64 text a request carries: what
 * the service does for a request without HTTP.
 */
async function inProcess(
  paid: PaidAnalysisDeps,
  keyId: string,
  operation: OperationKey,
  photo: string,
  requests: number,
): Promise<Measured> {
  const base64 = readFileSync(photo).toString('base64');
  const latencies: number[] = [];
  let sent = 0;
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const worker = async () => {
    while (sent < requests) {
      sent++;
      const t0 = performance.now();
      await runPaidAnalysis(paid, {
        operation,
        requestId: 'req_benchmark0',
        language: 'en',
        animalType: undefined,
        photo: () => imageFieldBytes(base64, DEFAULT_INTAKE_LIMITS.maxBytes),
        payer: { keyId },
      });
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: maxConcurrency }, worker));
  return { latenciesMs: latencies, wallMs: performance.now() - started, cpuMs: cpuMsSince(cpuStart), clientCpuMs: 0 };
}

/**
 * The HTTP layer alone: the real app, keys, credits and JSON intake, with a pipeline that answers
 * at once. What the service adds to a request beyond the analysis, without the analysis's load.
 */
async function httpLayerAlone(store: SqliteAccountStore, key: string, photo: string): Promise<Summary> {
  const data = {
    species: 'dog',
    breed: 'Golden Retriever',
    confidence: 0.9,
    summary: 'The classifier sees a dog. It is most likely a Golden Retriever.',
  };
  const instant: Pipeline = {
    decode: async () => ({
      format: 'jpeg',
      sourceWidth: 1,
      sourceHeight: 1,
      width: 1,
      height: 1,
      pixels: Buffer.alloc(3),
    }),
    assess: async (operation, input) => ({
      operation,
      input,
      verdict: { judged: true, findings: undefined },
      scene: NO_SCENE,
      data: data as never,
      models: [],
    }),
    narrate: async (assessed) => ({
      data: assessed.data,
      assessed: true,
      madeBy: { models: [], llm: null, assessed: true },
    }),
  };
  const { express } = createApp({ store, pipeline: instant, maxConcurrency, maxQueue: 10_000, rateLimitPerMinute: 0 });
  const server: Server = express.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const target = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, cpuMs: ownCpuMs };
  await overHttp(target, OPERATION_PATH.breed, key, photo, 200);
  const run = await overHttp(target, OPERATION_PATH.breed, key, photo, 2000);
  server.close();
  return summaryOf(run);
}

const OPERATION_PATH = Object.fromEntries(
  Object.values(OPERATIONS).map(({ key, path }) => [key, `/api/v1/${path}`]),
) as Record<OperationKey, string>;
const latency = (s: Summary) => `${s.p50.toFixed(0)} / ${s.p99.toFixed(0)}`;

/** The services' processes while they run: stopped in the end however the bench ends, so that no server outlives the bench. */
const servedProcesses: ServeProcess[] = [];

/** One model set's service (pawlens serve from the build, on its own store) and the same pipeline in this process. */
interface Setup {
  readonly service: Target;
  readonly servicePid: number;
  readonly serviceKey: string;
  readonly paid: PaidAnalysisDeps;
  readonly benchKeyId: string;
  readonly scene: { detector?: string; classifier?: string };
}

async function setUp(set: ModelSet, pool: InferencePool, store: SqliteAccountStore): Promise<Setup> {
  const modelsDir = join(tmp, `models-${set}`);
  mkdirSync(modelsDir, { recursive: true }); // without ../shared, nothing is installed: the server finds the folder empty
  // 'without-localizer': the recommended set less the stool localizer, to show what finding the stool costs.
  const names = !hasShared
    ? []
    : set === 'squeezenet'
      ? ['squeezenet1.0']
      : RECOMMENDED_MODELS.filter((name) => set === 'recommended' || name !== 'stool-localizer');
  for (const name of names) await installModel(name, { from: join(shared, 'models'), modelsDir });
  const scene = !hasShared
    ? {}
    : set === 'squeezenet'
      ? { classifier: join(modelsDir, 'squeezenet1.0') }
      : { detector: join(modelsDir, 'yolox-nano'), classifier: join(modelsDir, 'mobilenetv2-12-int8') };
  // With its defaults but the per-key rate limit (the bench measures the service, not that limit).
  const dataDir = join(tmp, `data-${set}`);
  mkdirSync(dataDir);
  const serverStore = new SqliteAccountStore(join(dataDir, STORE_FILE));
  const { secret: serviceKey } = await issueKey(serverStore, { name: 'bench', credits: null, expiresAt: null });
  await serverStore.close();
  const served = await startServeProcess(
    { PAWLENS_DATA_DIR: dataDir, PAWLENS_MODELS_DIR: modelsDir, PAWLENS_LLM: 'off', PAWLENS_RATE_LIMIT: '0' },
    // Its info logs (a line a request) are read and dropped: holding them costs this process, on the same cores.
    { stderr: 'inherit', keepOutput: false },
  );
  servedProcesses.push(served);
  const servicePid = served.child.pid!;
  const pipeline = createPipeline(await loadAnalysisModels({ modelsDir, pool }));
  const { record } = await issueKey(store, { name: `bench-${set}`, credits: null, expiresAt: null });
  return {
    service: { url: served.url, cpuMs: () => processCpuMs(servicePid) },
    servicePid,
    serviceKey,
    paid: { pipeline, credits: store },
    benchKeyId: record.id,
    scene,
  };
}

async function main() {
  const photo = (name: string, bytes: Buffer) => {
    writeFileSync(join(tmp, name), bytes);
    return join(tmp, name);
  };
  const cases: Case[] = [
    {
      label: 'stool, 12 MP phone JPEG, EXIF orientation 6 (2.5 MB)',
      models: 'recommended',
      operation: 'stool',
      photo: photo('phone.jpg', await phoneStoolPhoto({ orientation: 6 })),
      floors: [{ label: 'floor' }, fewAtATime({ label: 'floor' })],
    },
    {
      label: 'stool, small photo (800×600, 100 KB)',
      models: 'recommended',
      operation: 'stool',
      photo: photo('small.jpg', await phoneStoolPhoto({ width: 800, height: 600 })),
      floors: [{ label: 'floor' }, fewAtATime({ label: 'floor' })],
    },
  ];
  if (hasShared) {
    // A real stool on a lawn (the stool set's photos are 448²): found, and its own pixels read.
    const lawn = join(shared, 'datasets', 'dog-stool', 'images', '2748e805-2c16-40ab-8117-09207a90b114_JPG.jpg');
    cases.push(
      {
        label: 'stool, a real stool on a lawn (448², 60 KB)',
        models: 'recommended',
        operation: 'stool',
        photo: lawn,
        floors: [{ label: 'floor' }, fewAtATime({ label: 'floor' })],
      },
      {
        label: 'stool, the same photo without the stool localizer',
        models: 'without-localizer',
        operation: 'stool',
        photo: lawn,
        floors: [{ label: 'floor' }],
      },
    );
    cases.unshift(
      {
        label: 'breed, wml_dog.jpg (1080², 210 KB)',
        models: 'recommended',
        operation: 'breed',
        photo: join(shared, 'photos', 'wml_dog.jpg'),
        floors: [
          { label: 'floor, crops from the 1024 px decode the answer needs', cropSourceLongSide: 1024 },
          fewAtATime({ label: 'floor, crops from the 1024 px decode', cropSourceLongSide: 1024 }),
          { label: 'floor, crops from a 416 px decode (changes the answers)' },
        ],
      },
      {
        label: 'breed, SqueezeNet only, wml_dog.jpg',
        models: 'squeezenet',
        operation: 'breed',
        photo: join(shared, 'photos', 'wml_dog.jpg'),
        floors: [
          { label: 'floor, decoded straight to its 224² input' },
          fewAtATime({ label: 'floor, decoded straight to its 224² input' }),
        ],
      },
    );
  } else console.log('(../shared is absent: built-in models only, and no breed case)');
  // --only: one operation's cases, to check a change to it without the whole run.
  if (values.only) cases.splice(0, cases.length, ...cases.filter((c) => c.operation === values.only));
  if (cases.length === 0) throw new Error(`--only ${values.only}: no such case here (breed needs ../shared).`);

  // Each model set's service and in-process pipeline, started once its first case comes.
  const pool = new InferencePool(inferenceThreads);
  const store = new SqliteAccountStore(join(tmp, 'bench.db'));
  const { secret } = await issueKey(store, { name: 'bench', credits: null, expiresAt: null });
  const setups = new Map<ModelSet, Setup>();
  const setupFor = async (set: ModelSet) => {
    const ready = setups.get(set) ?? (await setUp(set, pool, store));
    setups.set(set, ready);
    return ready;
  };

  console.log(
    `pawlens bench: at least ${total} requests a run, in ${ROUNDS} rounds of at least ${ROUND_SECONDS} s, ${clients} concurrent clients, ${inferenceThreads} inference threads, PAWLENS_MAX_CONCURRENCY=${maxConcurrency}, Node ${process.version}`,
  );
  console.log(
    `models: built-in${hasShared ? ` + ${RECOMMENDED_MODELS.join(' + ')} (breed's SqueezeNet case: squeezenet1.0 alone)` : ''}; no LLM\n`,
  );
  console.log('| case | run | req/s | service / floor | p50 / p99 ms | p99 / p50 | CPU ms/request |');
  console.log('|---|---|---|---|---|---|---|');
  const inProcessRows: string[] = [];
  const stepRows: string[] = [];
  for (const { label, models: set, operation, photo: file, floors } of cases) {
    const { service, serviceKey, paid, benchKeyId, scene } = await setupFor(set);
    const models =
      operation === 'breed'
        ? scene
        : {
            // The scene models, when installed: the detector, and the classifier on the whole frame (the gate asks it).
            ...scene,
            colour: join(builtin, 'colour-quality'),
            head: join(builtin, 'severity-stool'),
          };
    const floorRuns = floors.map(() => nothingYet());
    const httpRun = nothingYet();
    const directRun = nothingYet();
    // warm-up: JIT, libvips caches, onnxruntime arenas
    const warm = summaryOf(await overHttp(service, OPERATION_PATH[operation], serviceKey, file, Math.min(total, 40)));
    const perRound = Math.max(Math.ceil(total / ROUNDS), Math.round(warm.perSecond * ROUND_SECONDS));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, variant] of floors.entries()) {
        add(
          floorRuns[i]!,
          await floor({
            operation,
            photo: file,
            models,
            cropSourceLongSide: variant.cropSourceLongSide,
            threads: inferenceThreads,
            clients: variant.clients ?? clients,
            total: perRound,
          }),
        );
      }
      add(httpRun, await overHttp(service, OPERATION_PATH[operation], serviceKey, file, perRound));
      add(directRun, await inProcess(paid, benchKeyId, operation, file, perRound));
    }
    const http = summaryOf(httpRun);
    // The first floor is the case's own (as many at a time as the load generator's clients); the
    // service's ratio against each other one is given on that one's line.
    for (const [i, variant] of floors.entries()) {
      const run = summaryOf(floorRuns[i]!);
      const against = i === 0 ? '' : `${(http.perSecond / run.perSecond).toFixed(2)}×`;
      console.log(
        `| ${label} | ${variant.label} | ${run.perSecond.toFixed(1)} | ${against} | ${latency(run)} | ${(run.p99 / run.p50).toFixed(2)} | ${run.cpuMsPerRequest.toFixed(1)} |`,
      );
    }
    const ratio = (http.perSecond / summaryOf(floorRuns[0]!).perSecond).toFixed(2);
    const client = (httpRun.clientCpuMs / httpRun.latenciesMs.length).toFixed(1);
    console.log(
      `| ${label} | **service over HTTP** (load generator: ${client} ms CPU/request) | ${http.perSecond.toFixed(1)} | **${ratio}×** | ${latency(http)} | ${(http.p99 / http.p50).toFixed(2)} | ${http.cpuMsPerRequest.toFixed(1)} |`,
    );
    const direct = summaryOf(directRun);
    // Step by step, one request at a time: the CPU each step takes, and what HTTP adds on top.
    const base64 = readFileSync(file).toString('base64');
    const steps = await stepCosts(paid.pipeline, store, benchKeyId, operation, base64);
    const stepsTotal = STEPS.reduce((sum, step) => sum + steps[step], 0);
    stepRows.push(
      `| ${label} | ${STEPS.map((step) => steps[step].toFixed(1)).join(' | ')} | ${stepsTotal.toFixed(1)} | ${(http.cpuMsPerRequest - direct.cpuMsPerRequest).toFixed(1)} | ${http.cpuMsPerRequest.toFixed(1)} | ${summaryOf(floorRuns[0]!).cpuMsPerRequest.toFixed(1)} |`,
    );
    inProcessRows.push(
      `| ${label} | ${direct.perSecond.toFixed(1)} | ${http.perSecond.toFixed(1)} | ${(http.perSecond / direct.perSecond).toFixed(2)}× | ${direct.cpuMsPerRequest.toFixed(1)} | ${http.cpuMsPerRequest.toFixed(1)} |`,
    );
  }
  console.log('\nHTTP against the same pipeline called in-process (what HTTP, JSON, auth and credits add):\n');
  console.log('| case | in-process req/s | HTTP req/s | HTTP / in-process | in-process CPU ms | HTTP CPU ms |');
  console.log('|---|---|---|---|---|---|');
  for (const row of inProcessRows) console.log(row);
  console.log(
    '\nCPU ms a request, step by step (one request at a time, in process, every thread), what HTTP adds under load, and the floor:\n',
  );
  console.log(`| case | ${STEPS.join(' | ')} | steps | + HTTP | service over HTTP | floor |`);
  console.log(`|---|${STEPS.map(() => '---|').join('')}---|---|---|---|`);
  for (const row of stepRows) console.log(row);
  const alone = await httpLayerAlone(store, secret, cases[0]!.photo);
  console.log(
    `\nThe HTTP layer alone (keys, credits, JSON intake; a pipeline that answers at once; ${cases[0]!.label}): ${alone.perSecond.toFixed(0)} req/s, ${alone.cpuMsPerRequest.toFixed(1)} ms CPU/request`,
  );
  for (const [set, { servicePid }] of setups)
    console.log(`\nThe service's RSS after the runs (${set} models): ${processRssMiB(servicePid).toFixed(0)} MiB`);

  if (soak > 0) {
    // Memory over many requests: RSS after every tenth of the soak, to see whether it levels off.
    const { operation, photo: file, label, models: set } = cases.find((c) => c.operation === 'stool') ?? cases[0]!;
    const { service, serviceKey, servicePid } = await setupFor(set);
    const step = Math.ceil(soak / 10);
    const rss: string[] = [];
    for (let done = 0; done < soak; done += step) {
      await overHttp(service, OPERATION_PATH[operation], serviceKey, file, step);
      rss.push(`${done + step}: ${processRssMiB(servicePid).toFixed(0)} MiB`);
    }
    console.log(`RSS during a soak of ${soak} requests (${label}): ${rss.join(', ')}`);
  }
  for (const served of servedProcesses.splice(0)) {
    served.child.kill('SIGTERM');
    await served.exited;
  }
  await store.close();
  await pool.close();
}

try {
  await main();
} finally {
  for (const served of servedProcesses) served.child.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
}
