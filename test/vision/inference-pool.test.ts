import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteAccountStore } from '../../src/accounts/sqlite/sqlite-account-store.js';
import { checkReadiness } from '../../src/http/routes/check-readiness.js';
import { visionReadinessCheck } from '../../src/vision/vision-readiness.js';
import { Metrics } from '../../src/metrics.js';
import { decodeImageBytes } from '../../src/image/decode-image.js';
import type { DecodedImage } from '../../src/image/decoded-image.js';
import { InferenceError, InferencePool } from '../../src/vision/runtime/inference-pool.js';
import { installModel } from '../../src/vision/runtime/install-model.js';
import { takeBuffer } from '../../src/vision/runtime/tensor-buffers.js';
import { loadAnalysisModels } from '../../src/analysis/load-analysis-models.js';
import type { VisionModels } from '../../src/vision/vision-models.js';
import { blob, closeUp, decodedScene, FLOOR, scene } from '../../scripts/support/scenes.js';
import { describeWithShared, SHARED_DIR, sharedPhoto } from '../fixtures/shared-assets.js';
import { tempDir } from '../fixtures/temp-dir.js';

const NO_INSTALLED_MODELS = '/nonexistent-pawlens-models';
const releaseAll = (vision: VisionModels | undefined) =>
  Promise.all((vision?.loaded ?? []).map((model) => model.release()));

/** The pool's threads, reached into only to stop one as a crash would. */
const threadsOf = (pool: InferencePool) =>
  (pool as unknown as { threads: Array<{ worker: { terminate(): Promise<number> } }> }).threads;

const PHOTOS: Array<[string, Buffer]> = [
  ['brown stool on a floor', scene(FLOOR, [blob('#6e4623')])],
  ['black stool on a floor', scene(FLOOR, [blob('#151210')])],
  ['red patches on pink skin', closeUp('#e8b4a0', [['#c0392b', 12]])],
  ['yellow urine on a floor', scene(FLOOR, [blob('#e5c84a')])],
];

describe('the inference pool runs the built-in models exactly as the calling thread does', () => {
  let pool: InferencePool;
  let pooled: VisionModels;
  let inThread: VisionModels;
  let images: DecodedImage[];

  beforeAll(async () => {
    pool = new InferencePool(2);
    [pooled, inThread] = await Promise.all([
      loadAnalysisModels({ modelsDir: NO_INSTALLED_MODELS, pool }),
      loadAnalysisModels({ modelsDir: NO_INSTALLED_MODELS }),
    ]);
    images = await Promise.all(PHOTOS.map(([, svg]) => decodedScene(svg)));
  });

  afterAll(async () => {
    await Promise.all([releaseAll(pooled), releaseAll(inThread)]);
    await pool.close();
  });

  it.each(PHOTOS.map(([name], i) => [name, i] as const))(
    '%s: the same measurement and severity scores, bit for bit',
    async (_name, i) => {
      const [fromPool, fromThread] = await Promise.all([
        pooled.colour.predict(images[i]!),
        inThread.colour.predict(images[i]!),
      ]);
      expect([...fromPool.features]).toEqual([...fromThread.features]);
      const [poolScores, threadScores] = await Promise.all([
        pooled.heads.get('stool')!.predict(fromPool.features),
        inThread.heads.get('stool')!.predict(fromThread.features),
      ]);
      expect(poolScores).toEqual(threadScores);
    },
  );

  it("40 runs at once all come back, each with its own photo's answer", async () => {
    const expected = await Promise.all(images.map((image) => inThread.colour.predict(image)));
    const order = Array.from({ length: 40 }, (_, n) => (n * 7) % images.length);
    const answers = await Promise.all(order.map((i) => pooled.colour.predict(images[i]!)));
    answers.forEach((answer, n) => {
      expect([...answer.features]).toEqual([...expected[order[n]!]!.features]);
    });
  });

  it("leaves a severity head's input untouched, though run() may move the feeds it is given", async () => {
    const { features } = await pooled.colour.predict(images[0]!);
    const before = [...features];
    await pooled.heads.get('stool')!.predict(features);
    expect([...features]).toEqual(before);
  });

  it("hands a photo input's buffer back, to be written with the next input of its size instead of a new one", async () => {
    const model = pooled.loaded.find((loaded) => loaded.manifest.task === 'colour-quality')!;
    const input = model.manifest.input as { name: string; width: number; height: number };
    const values = 3 * input.width * input.height;
    const data = new Float32Array(takeBuffer(values * 4)).fill(0.25);
    await model.run({ [input.name]: { type: 'float32', data, dims: [1, 3, input.height, input.width] } });
    expect(data.byteLength).toBe(0); // moved to the thread, not copied
    const next = new Float32Array(takeBuffer(values * 4));
    expect(next.every((value) => value === 0.25)).toBe(true); // a new buffer would hold zeros
  });

  it('a run onnxruntime refuses fails with its reason, and the pool keeps working', async () => {
    const model = pooled.loaded.find((loaded) => loaded.manifest.task === 'colour-quality')!;
    const error = await model
      .run({ wrong_name: { type: 'float32', data: new Float32Array(3), dims: [1, 3] } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InferenceError);
    expect((error as Error).message).toMatch(/wrong_name|input/i);
    await expect(pooled.colour.predict(images[0]!)).resolves.toHaveProperty('features');
  });

  it('/readyz reports the threads', async () => {
    const store = new SqliteAccountStore(':memory:');
    try {
      const report = await checkReadiness(store, [visionReadinessCheck(pooled)]);
      expect(report.status).toBe('ready');
      expect(report.checks.models).toMatchObject({
        inference: { threads: 2, configured: 2, restarts: 0, state: 'ok' },
      });
    } finally {
      await store.close();
    }
  });
});

describe('a thread that dies', () => {
  it('fails only the job it was running and is replaced; the pool reports the restarts', async () => {
    const pool = new InferencePool(1, {
      workerUrl: new URL('../../scripts/support/doubles/exiting-inference-worker.js', import.meta.url),
    });
    try {
      const model = await pool.open(new Uint8Array([1, 2, 3]));
      await expect(pool.run(model, {})).rejects.toThrow('an inference thread stopped (exit code 3)');
      await expect(pool.run(model, {})).rejects.toThrow('an inference thread stopped (exit code 3)');
      expect(pool.restarts).toBe(2);
      expect(pool.failure).toBeUndefined();
    } finally {
      await pool.close();
    }
  });

  it('stopped while idle, its replacement opens the same models and answers as before', async () => {
    const pool = new InferencePool(1);
    const vision = await loadAnalysisModels({ modelsDir: NO_INSTALLED_MODELS, pool });
    try {
      const image = await decodedScene(scene(FLOOR, [blob('#6e4623')]));
      const expected = await vision.colour.predict(image);
      await threadsOf(pool)[0]!.worker.terminate();
      const again = await vision.colour.predict(image);
      expect([...again.features]).toEqual([...expected.features]);
      expect(pool.restarts).toBe(1);
      const metrics = new Metrics({ defaultMetrics: false });
      metrics.watchInferencePool(pool);
      const text = await metrics.registry.metrics();
      expect(text).toMatch(/^pawlens_inference_threads 1$/m);
      expect(text).toMatch(/^pawlens_inference_thread_restarts 1$/m);
    } finally {
      await releaseAll(vision);
      await pool.close();
    }
  });
});

describe('threads that cannot start', () => {
  it('fail the start with the reason, are not restarted in a loop, and make /readyz not ready', async () => {
    const pool = new InferencePool(2, {
      workerUrl: new URL('../../scripts/support/doubles/failing-inference-worker.js', import.meta.url),
    });
    try {
      const error = await loadAnalysisModels({ modelsDir: NO_INSTALLED_MODELS, pool }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InferenceError);
      expect((error as Error).message).toContain('onnxruntime is missing in this test');
      await expect.poll(() => pool.failure).toMatch(/no inference thread is left/);
      expect(pool.restarts).toBe(0);
      await expect(pool.run(1, {})).rejects.toThrow(/no inference thread is left/);

      const store = new SqliteAccountStore(':memory:');
      const vision = {
        loaded: [],
        classifier: undefined,
        trained: new Map(),
        localizers: new Map(),
        detectorLocalizers: new Map(),
        pool,
      } as unknown as VisionModels;
      const report = await checkReadiness(store, [visionReadinessCheck(vision)]);
      await store.close();
      expect(report.status).toBe('not_ready');
      expect(report.checks.models).toMatchObject({ inference: { threads: 0, configured: 2, state: 'error' } });
    } finally {
      await pool.close();
    }
  });
});

describe('closing the pool', () => {
  it('lets the job in flight finish, refuses those waiting and any run after it', async () => {
    const pool = new InferencePool(1);
    const vision = await loadAnalysisModels({ modelsDir: NO_INSTALLED_MODELS, pool });
    const colour = vision.loaded.find((loaded) => loaded.manifest.task === 'colour-quality')!;
    const blank = () => ({
      image: { type: 'float32' as const, data: new Float32Array(3 * 192 * 192), dims: [1, 3, 192, 192] },
    });
    const outcomes = Array.from({ length: 5 }, () =>
      colour.run(blank()).then(
        () => 'ran',
        (e: Error) => e.message,
      ),
    );
    await pool.close();
    expect(await Promise.all(outcomes)).toEqual([
      'ran',
      ...Array.from({ length: 4 }, () => 'the inference pool closed before this job ran'),
    ]);
    await expect(colour.run(blank())).rejects.toThrow('the inference pool is closed');
    expect(pool.failure).toBe('the inference pool is closed');
  });
});

describeWithShared('SqueezeNet 1.0 in the pool', () => {
  let modelsDir: string;
  let pool: InferencePool;
  let pooled: VisionModels;
  let inThread: VisionModels;

  beforeAll(async () => {
    modelsDir = tempDir('pawlens-pool-');
    await installModel('squeezenet1.0', { from: join(SHARED_DIR, 'models', 'squeezenet1.0'), modelsDir });
    pool = new InferencePool(2);
    [pooled, inThread] = await Promise.all([
      loadAnalysisModels({ modelsDir, pool }),
      loadAnalysisModels({ modelsDir }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([releaseAll(pooled), releaseAll(inThread)]);
    await pool.close();
  });

  it.each(['wml_dog.jpg', 'chelsea.png', 'coffee.png', 'kitten_224.png'])(
    '%s: the same 1000 probabilities as on the calling thread',
    async (photo) => {
      const image = await decodeImageBytes(readFileSync(sharedPhoto(photo)));
      const [fromPool, fromThread] = await Promise.all([
        pooled.classifier!.predict(image),
        inThread.classifier!.predict(image),
      ]);
      expect([...fromPool.probabilities]).toEqual([...fromThread.probabilities]);
    },
  );
});
