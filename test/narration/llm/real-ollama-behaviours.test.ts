import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createPipeline } from '../../../src/analysis/pipeline.js';
import { assembleAnalysis } from '../../../src/cli/assemble-analysis.js';
import { loadConfig } from '../../../src/config.js';
import { silentLogger } from '../../../src/logger.js';
import type { DecodedImage } from '../../../src/image/decoded-image.js';
import { LLM_TEXT_LIMITS, fromLlmFormat, llmFormat } from '../../../src/narration/llm/llm-format.js';
import { jpegForLlm } from '../../../src/narration/llm/llm-image.js';
import { CHAT_OPTIONS, OllamaNarrator } from '../../../src/narration/llm/ollama-narrator.js';
import { withPhotoCheck } from '../../../src/narration/llm/photo-check.js';
import { sceneFacts } from '../../../src/narration/scene-facts.js';
import { OPERATION_LIST } from '../../../src/operations/registry.js';
import { NO_SCENE } from '../../../src/vision/scene/describe-scene.js';
import {
  schemaAnswerBehaviour,
  startFakeOllama,
  type FakeOllama,
} from '../../../scripts/support/doubles/fake-ollama.js';
import { photo, toBase64 } from '../../fixtures/images.js';
import { builtinVision, createTestApp } from '../../fixtures/test-app.js';

let fake: FakeOllama;
let stool: string;
beforeAll(async () => {
  fake = await startFakeOllama();
  stool = toBase64(await photo('jpeg', { width: 400, height: 300, streaks: false }));
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.setModels([{ name: 'gemma3:4b' }]);
});

/** What `pawlens serve` assembles for these settings, against the fake. */
const assembled = (env: Record<string, string>) =>
  assembleAnalysis(
    loadConfig({
      OLLAMA_HOST: fake.host,
      PAWLENS_MODELS_DIR: '/nonexistent-pawlens-models',
      PAWLENS_INFERENCE_THREADS: '0',
      ...env,
    }),
    silentLogger,
    () => {},
  );

const narrator = (extra: Partial<ConstructorParameters<typeof OllamaNarrator>[0]> = {}) =>
  new OllamaNarrator({ host: fake.url, model: 'gemma3:4b', timeoutMs: 2000, ...extra });

describe('a text-only model is never sent a photo (issue 25, finding 1)', () => {
  beforeEach(() => fake.setModels([{ name: 'gemma3:4b', capabilities: ['completion'] }]));

  it('auto: the templates answer and Ollama gets no chat at all', async () => {
    const llm = narrator();
    expect(await llm.probe()).toBe('no_vision');
    expect(llm.available()).toBe(false);
    const app = await createTestApp({
      pipeline: createPipeline(await builtinVision(), { narrator: llm, mode: 'auto' }),
    });
    const response = await app.post('stool', { image: stool, language: 'en' });
    expect(response.status).toBe(200);
    expect(response.body.data.consistency).toBe('not assessed (colour analysis only)');
    expect(fake.chatRequests()).toHaveLength(0);
  });

  it('required: the call fails as no_vision, free, without a chat; and the service refuses to start with it', async () => {
    const llm = narrator();
    await llm.probe();
    const app = await createTestApp({
      pipeline: createPipeline(await builtinVision(), { narrator: llm, mode: 'required' }),
    });
    const response = await app.post('stool', { image: stool, language: 'en' });
    expect(response.status).toBe(502);
    expect(response.body.error.message).toContain('no_vision');
    expect(response.headers['x-credits-charged'] ?? '0').toBe('0');
    expect(fake.chatRequests()).toHaveLength(0);
    await expect(assembled({ PAWLENS_LLM: 'required' })).rejects.toThrow(/gemma3:4b cannot see images/);
    const auto = await assembled({ PAWLENS_LLM: 'auto' });
    await auto.close();
  });
});

describe('a cloud model is refused like a public host (finding 2)', () => {
  it('by its name, :cloud or -cloud, before Ollama is asked anything', async () => {
    for (const model of ['qwen3-vl:235b-cloud', 'gpt-oss:cloud']) {
      await expect(assembled({ PAWLENS_OLLAMA_MODEL: model })).rejects.toThrow(
        /is a cloud model: Ollama forwards its requests, patient photos included, to ollama\.com/,
      );
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('by the remote_host its /api/show reports, whatever its name; PAWLENS_ALLOW_REMOTE_LLM=1 lets it through', async () => {
    fake.setModels([{ name: 'clinic-vision:latest', remote: true }]);
    await expect(assembled({ PAWLENS_OLLAMA_MODEL: 'clinic-vision' })).rejects.toThrow(/OLLAMA_NO_CLOUD=1/);
    const llm = narrator({ model: 'clinic-vision' });
    expect(await llm.probe()).toBe('cloud');
    expect(llm.available()).toBe(false);
    const allowed = narrator({ model: 'clinic-vision', allowRemote: true });
    expect(await allowed.probe()).toBe('loading');
    expect(await allowed.preload()).toBe(true);
    expect(await allowed.probe()).toBe('ok');
    expect(fake.chatRequests()).toHaveLength(0);
  });
});

describe('keep_alive is the operator’s (finding 5)', () => {
  it('sent only when PAWLENS_OLLAMA_KEEP_ALIVE sets it', async () => {
    const pipelineWith = async (keepAlive?: string | number) =>
      createTestApp({
        pipeline: createPipeline(await builtinVision(), { narrator: narrator({ keepAlive }), mode: 'auto' }),
      });
    await (await pipelineWith()).post('stool', { image: stool, language: 'en' });
    await (await pipelineWith('1h')).post('stool', { image: stool, language: 'en' });
    const [plain, configured] = fake.chatRequests();
    expect(plain).not.toHaveProperty('keep_alive');
    expect(configured?.keep_alive).toBe('1h');
  });
});

describe('the format the grammar is built from (findings 7, 8, 9)', () => {
  const formats = OPERATION_LIST.map((operation) => ({
    key: operation.key,
    format: llmFormat(withPhotoCheck(operation.llm.fields)) as {
      properties: Record<
        string,
        {
          type?: string;
          maxLength?: number;
          maxItems?: number;
          items?: { maxLength?: number };
          enum?: string[];
          minimum?: number;
          maximum?: number;
        }
      >;
    },
  }));

  it('writes the photo check first and the severity and confidence last: the model describes before it judges', () => {
    for (const { key, format } of formats) {
      const order = Object.keys(format.properties);
      expect(order.slice(0, 2), key).toEqual(['photo_shows', 'shows_subject']);
      const judged = order.filter((field) => field === 'severity' || field === 'confidence');
      expect(order.slice(-judged.length), key).toEqual(judged);
    }
  });

  it('asks for confidence as a whole percent, which a grammar can bound, and reads it back as a share', () => {
    const emotion = formats.find(({ key }) => key === 'emotion')!.format;
    expect(emotion.properties.confidence).toMatchObject({ type: 'integer', minimum: 0, maximum: 100 });
    expect(fromLlmFormat({ confidence: 85 })).toEqual({ confidence: 0.85 });
    expect(fromLlmFormat({ confidence: 0 })).toEqual({ confidence: 0 });
    // A build that ignored the format and wrote a share: kept as it is.
    expect(fromLlmFormat({ confidence: 0.7 })).toEqual({ confidence: 0.7 });
  });

  it('bounds every text, so the longest answer the grammar allows fits num_predict, even at two tokens a character', () => {
    for (const { key, format } of formats) {
      let characters = 0;
      for (const [field, schema] of Object.entries(format.properties)) {
        if (schema.type === 'string' && !schema.enum) {
          expect(schema.maxLength, `${key}.${field}`).toBeLessThanOrEqual(
            field === 'summary' ? LLM_TEXT_LIMITS.summary : LLM_TEXT_LIMITS.label,
          );
          characters += schema.maxLength!;
        } else if (schema.type === 'array') {
          expect(schema.maxItems, `${key}.${field}`).toBeLessThanOrEqual(LLM_TEXT_LIMITS.items);
          characters += schema.maxItems! * (schema.items!.maxLength! + 4);
        } else characters += 12;
        characters += field.length + 6;
      }
      expect(characters * 2, key).toBeLessThanOrEqual(CHAT_OPTIONS.num_predict);
    }
  });

  it('keeps within the contract: every bound is at most the closed schema’s own', () => {
    const summary = z.toJSONSchema(OPERATION_LIST[0]!.data) as unknown as {
      properties: { summary: { maxLength: number } };
    };
    expect(LLM_TEXT_LIMITS.summary).toBeLessThanOrEqual(summary.properties.summary.maxLength);
  });
});

describe('stdout stays the service’s own (finding 13)', () => {
  it('an error page that is not JSON (a proxy’s) is a failure with its text, and nothing is printed', async () => {
    const log = vi.spyOn(console, 'log');
    try {
      fake.enqueue({
        kind: 'raw',
        status: 502,
        body: '<html><body>502 Bad Gateway</body></html>',
        contentType: 'text/html',
      });
      const app = await createTestApp({
        pipeline: createPipeline(await builtinVision(), { narrator: narrator(), mode: 'auto' }),
      });
      const response = await app.post('stool', { image: stool, language: 'en' });
      expect(response.status).toBe(200);
      expect(fake.chatRequests()).toHaveLength(1);
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });
});

describe('cold loads: preloaded under a deadline of their own, never hung up on (finding 3)', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // Scaled down: a load of 1.5 s against a call deadline of 0.5 s, as a minute's CPU load against 45 s.
  beforeEach(() => fake.setModels([{ name: 'gemma3:4b', loadMs: 1500 }]));

  it('a call that meets an unloaded model hangs up at its deadline and Ollama abandons the load; the narrator then loads it itself', async () => {
    const llm = narrator({ timeoutMs: 500, loadTimeoutMs: 10_000 });
    const app = await createTestApp({
      pipeline: createPipeline(await builtinVision(), { narrator: llm, mode: 'auto' }),
    });
    await app.post('stool', { image: stool, language: 'en' });
    // What the real server does: the hang-up abandons the load.
    await expect.poll(() => fake.loads('gemma3:4b').abandoned).toBe(1);
    // The timed-out call made the narrator probe: not loaded, so a load-only chat of its own, which nobody hangs up on.
    await expect
      .poll(() => fake.loads('gemma3:4b'), { timeout: 4000 })
      .toEqual({ started: 2, abandoned: 1, loaded: true });
    expect(fake.loadRequests()).toHaveLength(1);
  });

  it('the probe has the model loaded with a load-only chat; photos meanwhile get the templates at once; then the model, with one load in all', async () => {
    const llm = narrator({ timeoutMs: 500, loadTimeoutMs: 10_000 });
    expect(await llm.probe()).toBe('loading');
    const app = await createTestApp({
      pipeline: createPipeline(await builtinVision(), { narrator: llm, mode: 'auto' }),
    });
    const started = Date.now();
    const during = await app.post('stool', { image: stool, language: 'en' });
    expect(during.body.data.consistency).toBe('not assessed (colour analysis only)');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(fake.chatRequests()).toHaveLength(0);
    expect(fake.loadRequests()).toHaveLength(1);

    expect(await llm.preload()).toBe(true);
    expect(await llm.probe()).toBe('ok');
    const after = await app.post('stool', { image: stool, language: 'en' });
    expect(after.body.data.summary).toMatch(/model/i);
    expect(fake.loads('gemma3:4b')).toEqual({ started: 1, abandoned: 0, loaded: true });
  });

  it('required: a photo waits for the load as long as its own deadline, then is turned away free (503, Retry-After), and the load goes on', async () => {
    const llm = narrator({ timeoutMs: 400, loadTimeoutMs: 10_000 });
    await llm.probe();
    const app = await createTestApp({
      pipeline: createPipeline(await builtinVision(), { narrator: llm, mode: 'required' }),
    });
    const response = await app.post('stool', { image: stool, language: 'en' });
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('SERVICE_BUSY');
    expect(response.headers['retry-after']).toBe('30');
    expect(await llm.preload()).toBe(true);
    expect(fake.loads('gemma3:4b')).toMatchObject({ started: 1, abandoned: 0 });
    expect((await app.post('stool', { image: stool, language: 'en' })).status).toBe(200);
  });

  it('a model unloaded after its keep_alive is found by the next probe and loaded again before a photo needs it', async () => {
    const llm = narrator({ timeoutMs: 500, loadTimeoutMs: 10_000 });
    await llm.probe();
    await llm.preload();
    expect(await llm.probe()).toBe('ok');
    fake.unload('gemma3:4b');
    expect(await llm.probe()).toBe('loading');
    expect(llm.available()).toBe(false);
    await sleep(1600);
    expect(await llm.probe()).toBe('ok');
    expect(fake.loads('gemma3:4b')).toMatchObject({ started: 2, abandoned: 0 });
  });

  it('a model Ollama cannot load is load_failed, not unreachable, and calls are not made', async () => {
    fake.setModels([
      { name: 'gemma3:4b', loadError: 'model requires more system memory (9.1 GiB) than is available (3.2 GiB)' },
    ]);
    const llm = narrator({ timeoutMs: 500, loadTimeoutMs: 10_000 });
    expect(await llm.probe()).toBe('loading');
    expect(await llm.preload()).toBe(false);
    expect(await llm.probe()).toBe('load_failed');
    expect(llm.available()).toBe(false);
    expect(fake.chatRequests()).toHaveLength(0);
  });
});

describe('one generation at a time (finding 4): a call waits its turn in pawlens, then has its whole deadline', () => {
  it('two photos at once against a server that generates one at a time are both answered by the model', async () => {
    const slow = await startFakeOllama({ parallel: 1 });
    try {
      // Each answer takes 700 ms; the call deadline is 1200 ms. With one deadline for wait and call,
      // the second photo had 500 ms left after its wait and timed out. (At 300 and 500 ms, the 200 ms
      // to spare were once not enough for a call beside another test file's models on two cores.)
      slow.setDefault({ ...schemaAnswerBehaviour(), delayMs: 700 });
      const llm = new OllamaNarrator({ host: slow.url, model: 'gemma3:4b', timeoutMs: 1200, concurrency: 1 });
      const app = await createTestApp({
        pipeline: createPipeline(await builtinVision(), { narrator: llm, mode: 'auto' }),
      });
      const [first, second] = await Promise.all([
        app.post('stool', { image: stool, language: 'en' }),
        app.post('stool', { image: stool, language: 'en' }),
      ]);
      expect(first.body.data.summary).toMatch(/model/i);
      expect(second.body.data.summary).toMatch(/model/i);
      expect(await llm.outcomeCounts()).toEqual({ ok: 2 });
    } finally {
      await slow.close();
    }
  });
});

describe('the photo the model is sent (finding 11)', () => {
  const decoded = (width: number, height: number): DecodedImage => ({
    format: 'png',
    sourceWidth: width,
    sourceHeight: height,
    width,
    height,
    pixels: Buffer.alloc(width * height * 3, 128),
  });
  const sizeOf = async (base64: string) => {
    const { width, height, format } = await sharp(Buffer.from(base64, 'base64')).metadata();
    return { width, height, format };
  };

  it('a panorama is padded to a shape every vision model takes: no side under 28 px, no ratio over 200', async () => {
    expect(await sizeOf(await jpegForLlm(decoded(6400, 64)))).toEqual({ width: 1024, height: 28, format: 'jpeg' });
    expect(await sizeOf(await jpegForLlm(decoded(64, 6400)))).toEqual({ width: 28, height: 1024, format: 'jpeg' });
    expect(await sizeOf(await jpegForLlm(decoded(640, 480)))).toEqual({ width: 640, height: 480, format: 'jpeg' });
  });

  it('PAWLENS_LLM_IMAGE_SIZE bounds the long side (qwen2.5vl spends about 1,000 tokens on 1024 px)', async () => {
    expect(loadConfig({ PAWLENS_LLM_IMAGE_SIZE: '512' }).llm.imageSize).toBe(512);
    expect(() => loadConfig({ PAWLENS_LLM_IMAGE_SIZE: '4096' })).toThrow(
      /PAWLENS_LLM_IMAGE_SIZE must be from 256 to 1024/,
    );
    expect(await sizeOf(await jpegForLlm(decoded(2000, 1500), 512))).toEqual({
      width: 512,
      height: 384,
      format: 'jpeg',
    });
    const llm = narrator({ imageSize: 512 });
    const app = await createTestApp({
      pipeline: createPipeline(await builtinVision(), { narrator: llm, mode: 'auto' }),
    });
    const big = toBase64(await photo('jpeg', { width: 2000, height: 1500, streaks: false }));
    await app.post('stool', { image: big, language: 'en' });
    const sent = fake
      .chatRequests()
      .at(-1)!
      .messages.flatMap((message) => message.images ?? []);
    expect(await sizeOf(sent[0]!)).toMatchObject({ width: 512, height: 384 });
  });
});

describe('prompts written for each operation and language (finding 10)', () => {
  const promptFor = async (operation: 'stool' | 'vomit' | 'breed' | 'emotion', language: 'en' | 'zh' | 'es' = 'en') => {
    const app = await createTestApp({
      pipeline: createPipeline(await builtinVision(), { narrator: narrator(), mode: 'auto' }),
    });
    const before = fake.chatRequests().length;
    await app.post(operation, { image: stool, language });
    expect(fake.chatRequests().length, `${operation} asked the model`).toBeGreaterThan(before);
    return fake.chatRequests().at(-1)!.messages;
  };

  it('breed and emotion are given no rules of fields they do not have; vomit is not offered "normal"', async () => {
    for (const operation of ['breed', 'emotion'] as const) {
      const user = (await promptFor(operation)).at(-1)!.content;
      expect(user, operation).not.toContain('home_care');
      expect(user, operation).not.toContain('severity');
    }
    const vomit = (await promptFor('vomit')).at(-1)!.content;
    expect(vomit).toContain('- severity: one of mild, moderate, severe, inconclusive');
    const stoolPrompt = (await promptFor('stool')).at(-1)!.content;
    expect(stoolPrompt).toContain('- severity: one of normal, mild, moderate, severe, inconclusive');
    expect(stoolPrompt).toContain('Give at least 2 home_care items');
  });

  it('the retry says what was wrong in the conversation’s language, not in zod’s English', async () => {
    fake.enqueue({ kind: 'answer', content: '{"severity":"critical"}' }, schemaAnswerBehaviour());
    const messages = await promptFor('stool', 'zh');
    const feedback = messages.at(-1)!.content;
    expect(feedback).toContain('你上一次的回答因以下原因未被接受');
    expect(feedback).toContain('severity 必须是以下之一：normal、mild、moderate、severe、inconclusive。');
    expect(feedback).toContain('summary 缺失或为空。');
    expect(feedback).not.toMatch(/Invalid|expected|received/i);
    fake.enqueue({ kind: 'answer', content: 'Claro, aquí está mi respuesta.' }, schemaAnswerBehaviour());
    const spanish = (await promptFor('stool', 'es')).at(-1)!.content;
    expect(spanish).toContain('La respuesta era texto: responde solo con el objeto JSON');
  });

  it('measurements are hints, except what a line says must be kept; the scene line says what its numbers are', async () => {
    const [system] = await promptFor('stool');
    expect(system!.content).toContain('treat them as hints');
    const scene = {
      ...NO_SCENE,
      detected: true,
      animals: [
        {
          detection: { label: 'dog', score: 0.91, box: [0, 0, 10, 10] as [number, number, number, number] },
          share: 0.4,
          cutSides: 0,
          pet: undefined,
        },
      ],
    };
    expect(sceneFacts(scene, 'en')).toEqual(['The object detector sees: dog (91% sure, 40% of the frame).']);
    expect(sceneFacts(scene, 'zh')[0]).toContain('狗（把握 91%，占画面 40%）');
  });
});

describe('an Ollama behind something that hides /api/ps', () => {
  it('is loaded once, then trusted: probes do not flap to "loading" nor call it unreachable', async () => {
    const calls: string[] = [];
    // A proxy that forwards everything but /api/ps, which it answers 404.
    const hiding: typeof fetch = async (url, init) => {
      calls.push(String(url));
      return String(url).endsWith('/api/ps') ? new Response('404 page not found', { status: 404 }) : fetch(url, init);
    };
    const llm = narrator({ fetch: hiding, loadTimeoutMs: 10_000 });
    expect(await llm.probe()).toBe('loading');
    expect(await llm.preload()).toBe(true);
    expect(await llm.probe()).toBe('ok');
    expect(await llm.probe()).toBe('ok');
    expect(llm.available()).toBe(true);
    expect(fake.loadRequests()).toHaveLength(1);
    expect(calls.some((url) => url.endsWith('/api/ps'))).toBe(true);
  });
});

describe('required mode names why no call was made', () => {
  it('a model not pulled: 502 naming model_not_found, free, and Ollama is not asked to chat', async () => {
    const llm = narrator({ model: 'llava:7b' });
    expect(await llm.probe()).toBe('model_missing');
    const app = await createTestApp({
      pipeline: createPipeline(await builtinVision(), { narrator: llm, mode: 'required' }),
    });
    const response = await app.post('stool', { image: stool, language: 'en' });
    expect(response.status).toBe(502);
    expect(response.body.error.message).toContain('model_not_found');
    expect(fake.chatRequests()).toHaveLength(0);
  });
});
