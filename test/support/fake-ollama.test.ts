import { Ollama } from 'ollama';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countSentences } from '../../src/contract/sentences.js';
import { BUSY_ERROR, startFakeOllama, type FakeOllama } from '../../scripts/support/doubles/fake-ollama.js';
import { schemaAnswer } from '../../scripts/support/schema-answer.js';

// The `ollama` package does not export ResponseError; its errors are recognised by name and status_code.
async function rejection(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}

const findingSchema = z.strictObject({
  colour: z.enum(['normal', 'inconclusive', 'yellow', 'green']),
  summary: z.string().min(40).max(600),
  home_care: z.array(z.string().min(10).max(200)).min(2).max(4),
  confidence: z.number().min(0).max(1),
});
const findingFormat = z.toJSONSchema(findingSchema);

const CJK = /\p{Script=Han}/u;
const SPANISH_WORD = /\b(el|la|con|de)\b/i;

describe('fake Ollama, driven by the real ollama client', () => {
  let fake: FakeOllama;
  let client: Ollama;

  beforeAll(async () => {
    fake = await startFakeOllama();
    client = new Ollama({ host: fake.host });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
    fake.setModels([{ name: 'gemma3:4b' }]);
  });

  it('answers version, list and show as Ollama 0.12 does', async () => {
    expect(fake.url).toBe(`http://${fake.host}`);
    expect(await client.version()).toEqual({ version: '0.12.3' });

    const { models } = await client.list();
    expect(models).toHaveLength(1);
    expect(models[0]).toMatchObject({
      name: 'gemma3:4b',
      model: 'gemma3:4b',
      size: 3338801804,
      details: {
        format: 'gguf',
        family: 'gemma3',
        families: ['gemma3'],
        parameter_size: '4.3B',
        quantization_level: 'Q4_K_M',
      },
    });
    expect(models[0]?.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(String(models[0]?.modified_at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/);

    const shown = await client.show({ model: 'gemma3:4b' });
    expect(shown.capabilities).toEqual(['completion', 'vision']);
    expect(shown.details.family).toBe('gemma3');
    expect(shown.model_info).toMatchObject({ 'general.architecture': 'gemma3' });
    expect(typeof shown.template).toBe('string');

    fake.setModels([{ name: 'qwen3:8b', capabilities: ['completion', 'tools', 'thinking'] }, { name: 'llava' }]);
    expect((await client.list()).models.map((m) => m.name)).toEqual(['qwen3:8b', 'llava:latest']);
    expect((await client.show({ model: 'qwen3:8b' })).capabilities).toEqual(['completion', 'tools', 'thinking']);
    expect((await client.show({ model: 'llava:latest' })).capabilities).toEqual(['completion', 'vision']);
  });

  it('refuses show for an unknown model with a 404 ResponseError', async () => {
    const error = await rejection(client.show({ model: 'nope:1b' }));
    expect(error).toMatchObject({ name: 'ResponseError', status_code: 404, message: "model 'nope:1b' not found" });
  });

  it('answers a non-streaming chat with one JSON object', async () => {
    fake.enqueue({ kind: 'answer', content: '{"colour":"green"}' });
    const response = await client.chat({
      model: 'gemma3:4b',
      stream: false,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(response).toMatchObject({
      model: 'gemma3:4b',
      message: { role: 'assistant', content: '{"colour":"green"}' },
      done: true,
      done_reason: 'stop',
    });
    expect(response.message.thinking).toBeUndefined();
    expect(String(response.created_at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z$/);
    for (const key of [
      'total_duration',
      'load_duration',
      'prompt_eval_count',
      'prompt_eval_duration',
      'eval_count',
      'eval_duration',
    ] as const) {
      expect(response[key]).toBeGreaterThan(0);
    }
  });

  it('streams NDJSON that the client reassembles, ending with done and done_reason', async () => {
    const text = 'The model sees a brown stool. 模型看到了。 ¿Está bien? '.repeat(4);
    fake.enqueue({ kind: 'answer', content: text });
    const stream = await client.chat({ model: 'gemma3:4b', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    const parts = [];
    for await (const part of stream) parts.push(part);
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.map((p) => p.message.content).join('')).toBe(text);
    expect(parts.slice(0, -1).every((p) => p.done === false)).toBe(true);
    expect(parts.at(-1)).toMatchObject({ done: true, done_reason: 'stop', message: { content: '' } });
    expect(parts.at(-1)?.eval_count).toBeGreaterThan(0);
  });

  it('streams by default when the request has no stream field, as Ollama does', async () => {
    fake.enqueue({ kind: 'answer', content: 'abcdefghijklmnop' });
    const response = await fetch(`${fake.url}/api/chat`, {
      method: 'POST',
      body: JSON.stringify({ model: 'gemma3:4b', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    const lines = (await response.text())
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.at(-1)).toMatchObject({ done: true, done_reason: 'stop' });
    expect(lines.at(0)).not.toHaveProperty('done_reason');
  });

  it('answers the format schema in the language the prompt asks for, by default', async () => {
    for (const language of ['en', 'zh', 'es'] as const) {
      const response = await client.chat({
        model: 'gemma3:4b',
        stream: false,
        format: findingFormat,
        messages: [
          { role: 'system', content: `Describe the photo. [language: ${language}]` },
          { role: 'user', content: 'Findings: …' },
        ],
      });
      const answer = findingSchema.parse(JSON.parse(response.message.content));
      expect(answer.colour).toBe('yellow');
      expect(countSentences(answer.summary, language)).toBe(3);
      if (language === 'zh') expect(answer.summary).toMatch(CJK);
      if (language === 'es') expect(answer.summary).toMatch(SPANISH_WORD);
    }
    const noMarker = await client.chat({
      model: 'gemma3:4b',
      stream: false,
      format: findingFormat,
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(JSON.parse(noMarker.message.content).summary).toMatch(/^The model sees/);
  });

  it('reports an unknown model and a busy server as ResponseErrors with Ollama’s texts', async () => {
    const missing = await rejection(
      client.chat({ model: 'llama9:1b', stream: false, messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(missing).toMatchObject({
      name: 'ResponseError',
      status_code: 404,
      message: 'model "llama9:1b" not found, try pulling it first',
    });

    fake.enqueue({ kind: 'busy' });
    const busy = await rejection(
      client.chat({ model: 'gemma3:4b', stream: false, messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(busy).toMatchObject({ name: 'ResponseError', status_code: 503, message: BUSY_ERROR });

    fake.enqueue({ kind: 'busy' });
    const busyStream = await rejection(
      client.chat({ model: 'gemma3:4b', stream: true, messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(busyStream).toMatchObject({ name: 'ResponseError', status_code: 503, message: BUSY_ERROR });

    fake.enqueue({ kind: 'error', status: 500, error: 'llama runner process has terminated: exit status 2' });
    const crashed = await rejection(
      client.chat({ model: 'gemma3:4b', stream: false, messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(crashed).toMatchObject({ status_code: 500, message: 'llama runner process has terminated: exit status 2' });

    // A model without the thinking capability refuses think: true, as Ollama 0.12 does.
    const thinking = await rejection(
      client.chat({ model: 'gemma3:4b', stream: false, think: true, messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(thinking).toMatchObject({ status_code: 400, message: '"gemma3:4b" does not support thinking' });
  });

  it('takes queued behaviours in order, then the default', async () => {
    fake.setDefault({ kind: 'answer', content: 'default' });
    fake.enqueue(
      { kind: 'answer', content: 'first' },
      { kind: 'busy' },
      { kind: 'answer', content: (r) => `echo ${r.messages[0]?.content}` },
    );
    const ask = () => client.chat({ model: 'gemma3:4b', stream: false, messages: [{ role: 'user', content: 'x' }] });
    expect((await ask()).message.content).toBe('first');
    await expect(ask()).rejects.toMatchObject({ status_code: 503 });
    expect((await ask()).message.content).toBe('echo x');
    expect((await ask()).message.content).toBe('default');
    expect((await ask()).message.content).toBe('default');
  });

  it('puts the text in message.thinking when scripted, and reports done_reason length', async () => {
    fake.enqueue({ kind: 'answer', content: '{"colour":"green"}', inThinking: true });
    const thought = await client.chat({
      model: 'gemma3:4b',
      stream: false,
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(thought.message).toEqual({ role: 'assistant', content: '', thinking: '{"colour":"green"}' });

    fake.enqueue({ kind: 'answer', content: 'thinking aloud for a while', inThinking: true });
    const stream = await client.chat({ model: 'gemma3:4b', stream: true, messages: [{ role: 'user', content: 'x' }] });
    const parts = [];
    for await (const part of stream) parts.push(part);
    expect(parts.map((p) => p.message.thinking ?? '').join('')).toBe('thinking aloud for a while');
    expect(parts.every((p) => p.message.content === '')).toBe(true);

    fake.enqueue({ kind: 'answer', content: '{"colour":"gre', doneReason: 'length' });
    const cut = await client.chat({ model: 'gemma3:4b', stream: false, messages: [{ role: 'user', content: 'x' }] });
    expect(cut).toMatchObject({ done: true, done_reason: 'length', message: { content: '{"colour":"gre' } });
  });

  it('records requests with parsed bodies: images, format and options', async () => {
    const image = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await client.chat({
      model: 'gemma3:4b',
      stream: false,
      format: findingFormat,
      keep_alive: '5m',
      options: { temperature: 0, seed: 42, num_predict: 512 },
      messages: [{ role: 'user', content: 'look', images: [image] }],
    });
    expect(fake.requests).toHaveLength(1);
    const [recorded] = fake.requests;
    expect(recorded).toMatchObject({ method: 'POST', path: '/api/chat' });
    expect(recorded?.headers['content-type']).toBe('application/json');
    expect(recorded?.headers['user-agent']).toMatch(/^ollama-js\//);
    const [body] = fake.chatRequests();
    expect(body).toMatchObject({
      model: 'gemma3:4b',
      stream: false,
      keep_alive: '5m',
      format: findingFormat,
      options: { temperature: 0, seed: 42, num_predict: 512 },
    });
    expect(body?.messages[0]?.images).toEqual([Buffer.from(image).toString('base64')]);
  });

  it('answers malformed requests and unknown paths as Ollama and Go’s mux do', async () => {
    const post = (path: string, body: string) => fetch(`${fake.url}${path}`, { method: 'POST', body });
    const invalid = await post('/api/chat', 'not json');
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await invalid.json()).toEqual({ error: "invalid character 'o' in literal null (expecting 'u')" });

    expect(await (await post('/api/chat', '{"model": }')).json()).toEqual({
      error: "invalid character '}' looking for beginning of value",
    });
    expect(await (await post('/api/chat', '{"model": "gemma3:4b"')).json()).toEqual({ error: 'unexpected EOF' });
    expect(await (await post('/api/chat', '')).json()).toEqual({ error: 'missing request body' });
    expect(await (await post('/api/chat', '{"messages":[]}')).json()).toEqual({ error: 'model is required' });

    const dataUrl = await post(
      '/api/chat',
      JSON.stringify({
        model: 'gemma3:4b',
        messages: [{ role: 'user', content: 'x', images: ['data:image/jpeg;base64,/9j/'] }],
      }),
    );
    expect(dataUrl.status).toBe(400);
    expect(await dataUrl.json()).toEqual({ error: 'illegal base64 data at input byte 4' });

    const unknown = await fetch(`${fake.url}/api/generate-nothing`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('text/plain');
    expect(await unknown.text()).toBe('404 page not found');

    const root = await fetch(`${fake.url}/`);
    expect(await root.text()).toBe('Ollama is running');
  });

  it('hangs until a client with a timeout gives up', async () => {
    fake.enqueue({ kind: 'hang' });
    const impatient = new Ollama({
      host: fake.host,
      fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(200) }),
    });
    const started = Date.now();
    const error = await rejection(
      impatient.chat({ model: 'gemma3:4b', stream: false, messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(['TimeoutError', 'AbortError']).toContain(error.name);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(fake.chatRequests()).toHaveLength(1);
  });

  it('drops the connection without a response', async () => {
    fake.enqueue({ kind: 'drop' });
    const error = await rejection(
      client.chat({ model: 'gemma3:4b', stream: false, messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
  });
});

describe('fake Ollama lifecycle', () => {
  it('close() ends hanging requests at once, and then the port refuses connections', async () => {
    const fake = await startFakeOllama();
    const client = new Ollama({ host: fake.host });
    fake.setDefault({ kind: 'hang' });
    const pending = rejection(
      client.chat({ model: 'gemma3:4b', stream: false, messages: [{ role: 'user', content: 'x' }] }),
    );
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));

    const started = Date.now();
    await fake.close();
    expect(Date.now() - started).toBeLessThan(500);
    expect((await pending).message).toBe('fetch failed');

    const refused = await rejection(client.version());
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused.cause as { code?: string } | undefined)?.code).toBe('ECONNREFUSED');
    await fake.close(); // idempotent
  });

  it('starts with the given models and default behaviour', async () => {
    const fake = await startFakeOllama({
      models: [{ name: 'qwen2.5vl:7b', capabilities: ['completion', 'vision', 'tools'] }],
      defaultBehaviour: { kind: 'answer', content: 'custom' },
    });
    try {
      const client = new Ollama({ host: fake.host });
      expect((await client.list()).models.map((m) => m.name)).toEqual(['qwen2.5vl:7b']);
      expect(
        (await client.chat({ model: 'qwen2.5vl:7b', stream: false, messages: [{ role: 'user', content: 'x' }] }))
          .message.content,
      ).toBe('custom');
      fake.reset();
      expect(fake.requests).toHaveLength(0);
      const back = await client.chat({
        model: 'qwen2.5vl:7b',
        stream: false,
        format: findingFormat,
        messages: [{ role: 'user', content: 'x' }],
      });
      expect(() => findingSchema.parse(JSON.parse(back.message.content))).not.toThrow();
    } finally {
      await fake.close();
    }
  });
});

describe('schemaAnswer', () => {
  it.each(['en', 'zh', 'es'] as const)('satisfies a zod-generated schema in %s', (language) => {
    const answer = findingSchema.parse(schemaAnswer(findingFormat, language));
    expect(answer.colour).toBe('yellow');
    expect(answer.confidence).toBe(0.8);
    expect(answer.home_care).toHaveLength(2);
    expect(countSentences(answer.summary, language)).toBe(3);
    for (const item of answer.home_care) expect(countSentences(item, language)).toBe(1);
    if (language === 'en') expect(answer.summary).toMatch(/^The model sees/);
    if (language === 'zh') {
      expect(answer.summary).toMatch(CJK);
      expect(answer.summary).toContain('。');
      for (const item of answer.home_care) expect(item).toMatch(CJK);
    }
    if (language === 'es') {
      expect(answer.summary).toMatch(/[áéíóúñ]/);
      for (const item of answer.home_care) expect(item).toMatch(SPANISH_WORD);
    }
  });

  it('covers enums, consts, integers, nullables, nested objects and arrays', () => {
    const schema = z.strictObject({
      status: z.enum(['normal', 'inconclusive']),
      kind: z.literal('stool'),
      score: z.number().int().min(1).max(5),
      ratio: z.number().gt(0).lt(2),
      note: z.string().nullable(),
      short: z.string().min(3).max(6),
      vet_advice: z.array(z.string()).max(3),
      details: z.strictObject({
        colour: z.enum(['brown', 'black']),
        tags: z.array(z.enum(['a', 'b', 'normal'])).min(2),
      }),
      flag: z.boolean(),
    });
    for (const language of ['en', 'zh', 'es'] as const) {
      const answer = schema.parse(schemaAnswer(z.toJSONSchema(schema), language));
      expect(answer).toMatchObject({
        status: 'normal',
        kind: 'stool',
        score: 3,
        ratio: 1,
        details: { colour: 'brown', tags: ['a', 'b'] },
      });
      expect(answer.vet_advice.length).toBeGreaterThanOrEqual(1);
      if (language === 'zh') expect(answer.note).toMatch(CJK);
      if (language === 'es') expect(answer.note).toMatch(SPANISH_WORD);
    }
  });

  it('applies overrides, and answers {} for a format that is not an object schema', () => {
    expect(schemaAnswer(findingFormat, 'en', { colour: 'green', summary: 'x' })).toMatchObject({
      colour: 'green',
      summary: 'x',
    });
    expect(schemaAnswer(undefined, 'en')).toEqual({});
    expect(schemaAnswer('json', 'zh')).toEqual({});
    expect(schemaAnswer({ type: 'string' }, 'es')).toEqual({});
  });
});
