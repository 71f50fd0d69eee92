import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope, successEnvelope } from '../../../src/contract/envelopes.js';
import { OPERATIONS } from '../../../src/operations/registry.js';
import { LLM_QUEUE_GAUGES, Metrics } from '../../../src/metrics.js';
import { OllamaNarrator } from '../../../src/narration/llm/ollama-narrator.js';
import { createPipeline } from '../../../src/analysis/pipeline.js';
import {
  schemaAnswerBehaviour,
  startFakeOllama,
  type FakeOllama,
} from '../../../scripts/support/doubles/fake-ollama.js';
import { photo, toBase64 } from '../../fixtures/images.js';
import { createLlmTestApp } from '../../fixtures/llm-app.js';
import { analyze } from '../../../scripts/support/doubles/pipelines.js';
import { builtinPipeline, builtinVision } from '../../fixtures/test-app.js';

/**
 * The language model has its own slots (PAWLENS_LLM_CONCURRENCY, PAWLENS_LLM_MAX_QUEUE), apart
 * from the decode + inference slots: a photo waiting on the model holds no CPU slot, calls to
 * Ollama are bounded, and past the LLM queue auto mode answers from the templates at once while
 * required mode answers 503.
 */
const StoolEnvelope = successEnvelope(OPERATIONS.stool.data);
/** The opening of the fake model's summaries, which no template says. */
const MODEL_TEXT = /The model sees/;

let fake: FakeOllama;
let stool: string;

/** An answer the fake holds back until `release()`: a model still writing. */
function heldAnswers() {
  let release!: () => void;
  const after = new Promise<void>((resolve) => (release = resolve));
  fake.setDefault({ ...schemaAnswerBehaviour(), after } as ReturnType<typeof schemaAnswerBehaviour>);
  return release;
}

const chatsReceived = () => fake.chatRequests().length;

beforeAll(async () => {
  fake = await startFakeOllama();
  stool = toBase64(await photo('jpeg', { width: 400, height: 300, streaks: false }));
});

afterAll(async () => {
  await fake.close();
});

describe('the language model has its own slots', () => {
  it('a photo waiting on the model holds no decode + inference slot', async () => {
    fake.reset();
    // One CPU slot and no waiting room: a second request could only get in if the first let go.
    const app = await createLlmTestApp({
      fake,
      cpuSlots: { maxConcurrency: 1, maxQueue: 0 },
      llmSlots: { concurrency: 2, maxQueue: 0 },
    });
    const release = heldAnswers();
    const first = app.post('stool', { image: stool }).then((r) => r);
    await expect.poll(chatsReceived).toBe(1);
    const second = app.post('stool', { image: stool }).then((r) => r);
    await expect.poll(chatsReceived).toBe(2);
    release();
    for (const response of await Promise.all([first, second])) {
      expect(response.status).toBe(200);
      expect(StoolEnvelope.parse(response.body).data.summary).toMatch(MODEL_TEXT);
    }
  });

  it('calls are bounded; past the LLM queue, auto mode answers from the templates at once and counts queue_full', async () => {
    fake.reset();
    const app = await createLlmTestApp({
      fake,
      cpuSlots: { maxConcurrency: 4, maxQueue: 4 },
      llmSlots: { concurrency: 1, maxQueue: 1 },
    });
    const release = heldAnswers();
    const running = app.post('stool', { image: stool }).then((r) => r);
    await expect.poll(chatsReceived).toBe(1);
    const waiting = app.post('stool', { image: stool }).then((r) => r);
    await expect.poll(() => app.narrator.slots.depth).toBe(1);

    const overflow = await app.post('stool', { image: stool });
    expect(overflow.status).toBe(200);
    const templates = await analyze(await builtinPipeline(), 'stool', {
      photo: Buffer.from(stool, 'base64'),
      language: 'en',
      animalType: undefined,
      requestId: 'req_llmqueue01',
    });
    expect(StoolEnvelope.parse(overflow.body).data).toEqual(templates);
    expect(chatsReceived()).toBe(1);
    expect((await app.narrator.outcomeCounts()).queue_full).toBe(1);

    release();
    const answers = await Promise.all([running, waiting]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    for (const response of answers) expect(StoolEnvelope.parse(response.body).data.summary).toMatch(MODEL_TEXT);
    expect(chatsReceived()).toBe(2);
    expect(await app.narrator.outcomeCounts()).toEqual({ queue_full: 1, ok: 2 });
  });

  it('past the LLM queue, required mode answers 503 SERVICE_BUSY with Retry-After and charges nothing', async () => {
    fake.reset();
    const app = await createLlmTestApp({
      fake,
      mode: 'required',
      keyCredits: 100,
      llmSlots: { concurrency: 1, maxQueue: 0 },
    });
    const release = heldAnswers();
    const running = app.post('stool', { image: stool }).then((r) => r);
    await expect.poll(chatsReceived).toBe(1);

    const refused = await app.post('stool', { image: stool });
    expect(refused.status).toBe(503);
    expect(ErrorEnvelope.parse(refused.body).error.code).toBe('SERVICE_BUSY');
    expect(refused.body.error.message).toMatch(/language model/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['x-credits-charged']).toBeUndefined();

    release();
    expect((await running).status).toBe(200);
    expect((await app.store.getKey(app.keyId))?.credits).toBe(95);
  });

  it('/metrics shows the LLM queue and the calls in progress while they wait and run', async () => {
    fake.reset();
    const metrics = new Metrics({ defaultMetrics: false });
    const narrator = new OllamaNarrator({
      host: fake.url,
      model: 'gemma3:4b',
      timeoutMs: 2000,
      metrics,
      concurrency: 1,
      maxQueue: 2,
    });
    metrics.watchQueue(narrator.slots, LLM_QUEUE_GAUGES);
    const pipeline = createPipeline(await builtinVision(), { narrator, mode: 'auto' });
    const input = {
      photo: Buffer.from(stool, 'base64'),
      language: 'en' as const,
      animalType: undefined,
      requestId: 'req_llmqueue02',
    };
    const release = heldAnswers();
    const analyses = [1, 2, 3].map(() => analyze(pipeline, 'stool', input));
    await expect.poll(() => narrator.slots.depth).toBe(2);
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^pawlens_llm_queue_depth 2$/m);
    expect(text).toMatch(/^pawlens_llm_calls_in_progress 1$/m);
    release();
    await Promise.all(analyses);
    const after = await metrics.registry.metrics();
    expect(after).toMatch(/^pawlens_llm_queue_depth 0$/m);
    expect(after).toMatch(/^pawlens_stage_duration_seconds_count\{stage="llm"\} 3$/m);
  });
});
