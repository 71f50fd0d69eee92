import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { successEnvelope } from '../../../src/contract/envelopes.js';
import { LANGUAGES } from '../../../src/contract/language.js';
import { OPERATION_KEYS, type OperationKey } from '../../../src/operations/registry.js';
import { OPERATIONS } from '../../../src/operations/registry.js';
import { createLogger } from '../../../src/logger.js';
import { CHAT_OPTIONS } from '../../../src/narration/llm/ollama-narrator.js';
import {
  BUSY_ERROR,
  schemaAnswerBehaviour,
  startFakeOllama,
  type ChatBehaviour,
  type ChatRequestBody,
  type FakeOllama,
} from '../../../scripts/support/doubles/fake-ollama.js';
import { schemaAnswer } from '../../../scripts/support/schema-answer.js';
import { flatPicture, photo, toBase64 } from '../../fixtures/images.js';
import { splitSentences } from '../../../src/contract/sentences.js';
import { createLlmTestApp, type LlmTestApp } from '../../fixtures/llm-app.js';
import { blob, FLOOR, photographed, scene } from '../../../scripts/support/scenes.js';

const expectValid = (operation: OperationKey, body: unknown) => {
  const parsed = successEnvelope(OPERATIONS[operation].data).safeParse(body);
  expect(parsed.error?.issues ?? [], JSON.stringify(body)).toEqual([]);
};

/** The fake's schema answers say "the model" in each language; the templates never do. */
/** The opening of the fake model's summaries, which no template says. */
const MODEL_TEXT = { en: /The model sees/, zh: /模型看到/, es: /El modelo ve/ } as const;

let fake: FakeOllama;
let app: LlmTestApp;
let brownStool: string;
let bigPhoto: string;
/** A photo each operation's rules take without a red flag, so the model's text is kept. */
const calmPhoto = {} as Record<OperationKey, string>;

beforeAll(async () => {
  fake = await startFakeOllama();
  app = await createLlmTestApp({ fake });
  brownStool = toBase64(await photo('jpeg', { width: 400, height: 300, streaks: false }));
  bigPhoto = toBase64(await (await photographed(scene(FLOOR, [blob('#6e4623')]))).resize(2400, 1800).jpeg().toBuffer());
  const paleUrine = toBase64(await (await photographed(scene('#4a4f5a', [blob('#f0d848')]))).jpeg().toBuffer());
  for (const operation of OPERATION_KEYS) calmPhoto[operation] = operation === 'urine' ? paleUrine : brownStool;
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

const lastChat = (): ChatRequestBody => fake.chatRequests().at(-1)!;

describe('with Ollama answering well, every operation in every language carries the model text', () => {
  for (const operation of OPERATION_KEYS) {
    it.each(LANGUAGES)(`${operation} in %s`, async (language) => {
      const response = await app.post(operation, { image: calmPhoto[operation], language });
      expect(response.status).toBe(200);
      expectValid(operation, response.body);
      expect(response.body.data.summary).toMatch(MODEL_TEXT[language]);
      expect(fake.chatRequests()).toHaveLength(1);
    });
  }
});

describe('the chat request', () => {
  it('has the schema as format, one ≤1024 px JPEG without a data: prefix, temperature 0, a seed, bounded output, no keep_alive of its own, no streaming', async () => {
    await app.post('vomit', { image: bigPhoto, language: 'es' });
    const chat = lastChat();
    expect(chat.model).toBe('gemma3:4b');
    expect(chat.stream).toBe(false);
    expect(chat.options).toMatchObject({
      temperature: 0,
      seed: CHAT_OPTIONS.seed,
      num_predict: CHAT_OPTIONS.num_predict,
    });
    // The operator's OLLAMA_KEEP_ALIVE holds: pawlens sends none unless PAWLENS_OLLAMA_KEEP_ALIVE is set.
    expect(chat).not.toHaveProperty('keep_alive');
    const format = chat.format as {
      type: string;
      properties: Record<string, { enum?: string[] }>;
      additionalProperties: boolean;
      required: string[];
    };
    expect(format.type).toBe('object');
    expect(format.additionalProperties).toBe(false);
    expect(format.required.sort()).toEqual([
      'home_care',
      'photo_shows',
      'severity',
      'shows_subject',
      'summary',
      'vet_advice',
      'vomit_type',
    ]);
    // The photo check comes first: a grammar-constrained model looks before it writes.
    expect(Object.keys(format.properties).slice(0, 2)).toEqual(['photo_shows', 'shows_subject']);
    expect(format.properties.severity?.enum).not.toContain('normal');

    const images = chat.messages.flatMap((message) => message.images ?? []);
    expect(images).toHaveLength(1);
    expect(images[0]).not.toMatch(/^data:/);
    const sent = await sharp(Buffer.from(images[0]!, 'base64')).metadata();
    expect(sent.format).toBe('jpeg');
    expect(Math.max(sent.width!, sent.height!)).toBeLessThanOrEqual(1024);
    expect(sent.exif).toBeUndefined();
  });

  it('asks in the target language and carries the measured facts', async () => {
    const black = toBase64(await (await photographed(scene(FLOOR, [blob('#151210')]))).jpeg().toBuffer());
    await app.post('stool', { image: black, language: 'zh', animalType: 'dog' });
    const [system, user] = lastChat().messages;
    expect(system!.content).toContain('[language: zh]');
    expect(system!.content).toMatch(/[\u4e00-\u9fff]/);
    expect(user!.content).toContain('黑色');
    expect(user!.content).toContain('危险信号');
    expect(user!.content).toContain('dog');
  });
});

describe('the model checks the photo too (docs/design.md §4)', () => {
  const BRICK_WALL = { en: 'A brick wall', zh: '一面砖墙', es: 'una pared de ladrillo' } as const;

  for (const operation of OPERATION_KEYS) {
    it.each(LANGUAGES)(
      `its "no" makes ${operation} in %s the free wrong-photo answer, naming what it saw`,
      async (language) => {
        fake.enqueue(schemaAnswerBehaviour({ shows_subject: false, photo_shows: BRICK_WALL[language] }));
        const response = await app.post(operation, { image: calmPhoto[operation], language });
        expect(response.status).toBe(200);
        expectValid(operation, response.body);
        expect(response.headers['x-credits-charged']).toBe('0');
        const { data } = response.body;
        expect(data.summary).not.toMatch(MODEL_TEXT[language]);
        expect(data.summary).toContain(language === 'en' ? 'a brick wall' : BRICK_WALL[language]);
        if ('severity' in data) expect(data.severity).toBe('inconclusive');
        if ('confidence' in data) expect(data.confidence).toBe(0);
      },
    );
  }

  it('asks for both in the prompt, in the request language', async () => {
    await app.post('skin', { image: brownStool, language: 'es' });
    const user = lastChat().messages[1]!.content;
    expect(user).toMatch(/- photo_shows: lo que muestra de verdad la foto/);
    expect(user).toMatch(/- shows_subject: true si la foto muestra/);
  });

  it('words that do not fit a sentence are not quoted: another language, or sentences of their own', async () => {
    fake.enqueue(schemaAnswerBehaviour({ shows_subject: false, photo_shows: 'a brick wall' }));
    const zh = (await app.post('stool', { image: brownStool, language: 'zh' })).body.data;
    expect(zh.summary).toContain('读取照片的语言模型认为照片中没有粪便');
    expect(zh.summary).not.toContain('brick');

    fake.enqueue(schemaAnswerBehaviour({ shows_subject: false, photo_shows: 'Gravel. Lots of it! Grey stones?' }));
    const en = (await app.post('stool', { image: brownStool, language: 'en' })).body.data;
    expect(en.summary).toMatch(/says it shows gravel, not the stool/);
    expect(en.summary).not.toMatch(/Lots of it|stones/);
    expect(splitSentences(en.summary, 'en')[0]).toBe(
      'The language model that read the photo says it shows gravel, not the stool, so no assessment was made.',
    );
  });

  it('its "yes" is the ordinary answer: charged, with the model text', async () => {
    fake.enqueue(schemaAnswerBehaviour({ shows_subject: true, photo_shows: 'a brown stool on a tiled floor' }));
    const response = await app.post('vomit', { image: brownStool });
    expect(response.headers['x-credits-charged']).toBe('5');
    expect(response.body.data.summary).toMatch(MODEL_TEXT.en);
    expect(JSON.stringify(response.body)).not.toMatch(/photo_shows|shows_subject|tiled floor/);
  });

  it('its "yes" never overrides the gate: a drawing is refused, free, and never sent to the model', async () => {
    fake.setDefault(schemaAnswerBehaviour({ shows_subject: true }));
    const drawing = toBase64(await flatPicture('png'));
    for (const operation of ['stool', 'skin', 'breed'] as const) {
      const response = await app.post(operation, { image: drawing });
      expect(response.headers['x-credits-charged']).toBe('0');
      expect(response.body.data.summary).toMatch(/drawing, logo, screenshot/);
    }
    expect(fake.chatRequests()).toHaveLength(0);
  });
});

describe('merge policy', () => {
  it('a red flag is never lowered by the model: black stool stays severe with urgent vet advice', async () => {
    fake.enqueue(schemaAnswerBehaviour({ severity: 'normal', vet_advice: [] }));
    const black = toBase64(await (await photographed(scene(FLOOR, [blob('#151210')]))).jpeg().toBuffer());
    const response = await app.post('stool', { image: black });
    expectValid('stool', response.body);
    expect(response.body.data).toMatchObject({ severity: 'severe', health_score: 2, color: 'black' });
    expect(response.body.data.vet_advice.join(' ')).toMatch(/today/);
  });

  it('the more cautious severity wins when the model sees more than the colours', async () => {
    fake.enqueue(schemaAnswerBehaviour({ severity: 'moderate', consistency: 'watery, fecal score 6' }));
    const response = await app.post('stool', { image: brownStool });
    expect(response.body.data).toMatchObject({
      severity: 'moderate',
      health_score: 4,
      consistency: 'watery, fecal score 6',
      color: 'brown',
    });
  });

  it('the measured colour stays, whatever the model says about colour', async () => {
    fake.enqueue(schemaAnswerBehaviour({ severity: 'normal' }));
    const response = await app.post('urine', {
      image: toBase64(await (await photographed(scene('#4a4f5a', [blob('#f0d848')]))).jpeg().toBuffer()),
    });
    expect(response.body.data.color).toBe('yellow');
  });

  it('a photo that fails the quality gate never goes to the model', async () => {
    const dark = toBase64(await (await photographed(scene(FLOOR, [blob('#6e4623')]))).linear(0.1, 0).jpeg().toBuffer());
    const response = await app.post('stool', { image: dark });
    expect(response.body.data.severity).toBe('inconclusive');
    expect(fake.chatRequests()).toHaveLength(0);
  });
});

describe('repairs', () => {
  const answers = (overrides: Record<string, unknown>) => (request: ChatRequestBody) =>
    JSON.stringify({ ...schemaAnswer(request.format, 'en'), ...overrides });

  it.each<[string, ChatBehaviour]>([
    [
      'a ```json fence around the answer',
      { kind: 'answer', content: (r) => `\`\`\`json\n${JSON.stringify(schemaAnswer(r.format, 'en'))}\n\`\`\`` },
    ],
    [
      'the JSON only in message.thinking',
      { kind: 'answer', content: (r) => JSON.stringify(schemaAnswer(r.format, 'en')), inThinking: true },
    ],
    ['extra fields', { kind: 'answer', content: answers({ diagnosis: 'giardia', color: 'purple' }) }],
    [
      'a six-sentence summary',
      {
        kind: 'answer',
        content: answers({
          summary: 'One is here. Two is here. Three is here. Four is here. Five is here. Six is here.',
        }),
      },
    ],
    [
      'a one-sentence summary',
      { kind: 'answer', content: answers({ summary: 'The model sees a formed brown stool.' }) },
    ],
    ['a single home-care item', { kind: 'answer', content: answers({ home_care: ['Keep water available.'] }) }],
  ])('%s is repaired and used', async (_name, behaviour) => {
    fake.enqueue(behaviour);
    const response = await app.post('stool', { image: brownStool });
    expectValid('stool', response.body);
    expect(JSON.stringify(response.body.data)).not.toContain('giardia');
    expect(fake.chatRequests()).toHaveLength(1);
    expect(response.body.data.summary).toMatch(/The model sees|One is here/);
  });

  it('a confidence given in percent is read as a fraction', async () => {
    fake.enqueue({
      kind: 'answer',
      content: (r) => JSON.stringify({ ...schemaAnswer(r.format, 'en'), confidence: 85 }),
    });
    const response = await app.post('emotion', { image: brownStool });
    expect(response.body.data.confidence).toBe(0.85);
  });
});

describe('every failure mode still yields a valid answer, from the templates', () => {
  const english: ChatBehaviour = {
    kind: 'answer',
    content: (request) => JSON.stringify(schemaAnswer(request.format, 'en')),
  };
  const failures: Array<[string, 'en' | 'zh', ChatBehaviour[]]> = [
    [
      'model not found (404)',
      'en',
      [{ kind: 'error', status: 404, error: 'model "gemma3:4b" not found, try pulling it first' }],
    ],
    ['busy (503)', 'en', [{ kind: 'busy' }]],
    ['a 500', 'en', [{ kind: 'error', status: 500, error: 'llama runner process has terminated' }]],
    ['a dropped connection', 'en', [{ kind: 'drop' }]],
    [
      'truncated twice',
      'en',
      [
        { kind: 'answer', content: '{"severity": "mild", "summ', doneReason: 'length' },
        { kind: 'answer', content: '{"sev', doneReason: 'length' },
      ],
    ],
    [
      'not JSON twice',
      'en',
      [
        { kind: 'answer', content: 'I think it looks fine.' },
        { kind: 'answer', content: 'Still prose.' },
      ],
    ],
    [
      'a schema violation twice',
      'en',
      [
        { kind: 'answer', content: '{"severity":"critical"}' },
        { kind: 'answer', content: '{"severity":"critical"}' },
      ],
    ],
    ['English twice to a Chinese request', 'zh', [english, english]],
  ];

  it.each(failures)('%s', async (_name, language, behaviours) => {
    const fresh = await createLlmTestApp({ fake });
    fake.enqueue(...behaviours);
    const response = await fresh.post('stool', { image: brownStool, language });
    expect(response.status).toBe(200);
    expectValid('stool', response.body);
    expect(response.body.data.summary).not.toMatch(MODEL_TEXT[language]);
    expect(response.body.data.color).toBe(language === 'zh' ? '棕色' : 'brown');
  });

  it('a timeout answers from templates within the timeout; a slow answer is no outage, so the next photo is asked again', async () => {
    const fresh = await createLlmTestApp({ fake, timeoutMs: 1000 });
    fake.enqueue({ kind: 'hang' });
    const started = Date.now();
    const first = await fresh.post('skin', { image: brownStool });
    expect(first.status).toBe(200);
    expectValid('skin', first.body);
    expect(Date.now() - started).toBeLessThan(3000);
    const second = await fresh.post('skin', { image: brownStool });
    expectValid('skin', second.body);
    expect(second.body.data.summary).toMatch(/model/i);
    expect(fake.chatRequests()).toHaveLength(2);
    expect(await fresh.narrator.outcomeCounts()).toMatchObject({ timeout: 1, ok: 1 });
  });

  it('a refused connection answers from templates', async () => {
    const gone = await startFakeOllama();
    const fresh = await createLlmTestApp({ fake: gone });
    await gone.close();
    const response = await fresh.post('ear', { image: brownStool, language: 'es' });
    expect(response.status).toBe(200);
    expectValid('ear', response.body);
    expect((await fresh.narrator.outcomeCounts()).refused).toBe(1);
  });

  it('a bad first answer is asked for once more, with its errors, and the second is used', async () => {
    fake.enqueue({ kind: 'answer', content: '{"severity":"critical"}' }, schemaAnswerBehaviour());
    const response = await app.post('stool', { image: brownStool });
    expect(response.body.data.summary).toMatch(/model/i);
    const chats = fake.chatRequests();
    expect(chats).toHaveLength(2);
    const retry = chats[1]!.messages;
    expect(retry.at(-2)).toMatchObject({ role: 'assistant', content: '{"severity":"critical"}' });
    expect(retry.at(-1)!.content).toContain('severity');
  });

  it('counts each cause on its own', async () => {
    const fresh = await createLlmTestApp({ fake });
    fake.enqueue({ kind: 'busy' });
    await fresh.post('stool', { image: brownStool });
    // Prose where the format asked for JSON: a build that ignores `format`, its own cause.
    fake.enqueue({ kind: 'answer', content: 'prose' }, { kind: 'answer', content: 'prose' });
    const again = await createLlmTestApp({ fake });
    await again.post('stool', { image: brownStool });
    fake.enqueue({ kind: 'answer', content: '{"severity": ' }, { kind: 'answer', content: '{"summary": "cut' });
    const broken = await createLlmTestApp({ fake });
    await broken.post('stool', { image: brownStool });
    expect((await fresh.narrator.outcomeCounts()).busy).toBe(1);
    expect((await again.narrator.outcomeCounts()).format_ignored).toBe(1);
    expect((await broken.narrator.outcomeCounts()).not_json).toBe(1);
    expect(BUSY_ERROR).toContain('busy');
  });
});

describe('logs', () => {
  it('never contain the photo or the key, on success, repair and failure paths alike', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createLlmTestApp({ fake, logger: createLogger('trace', sink) });
    fake.enqueue(
      schemaAnswerBehaviour(),
      {
        kind: 'answer',
        content: (r) => `\`\`\`${JSON.stringify({ ...schemaAnswer(r.format, 'en'), extra: 1 })}\`\`\``,
      },
      { kind: 'busy' },
    );
    for (let i = 0; i < 3; i++) await logged.post('stool', { image: brownStool });
    await logged.post('stool', { image: `data:image/png;base64,${brownStool.slice(0, 4000)}` });
    const text = lines.join('');
    expect(text).toContain('llm call failed');
    expect(text).toContain('llm answer repaired');
    for (let offset = 0; offset < 3000; offset += 500)
      expect(text).not.toContain(brownStool.slice(offset, offset + 40));
    expect(text).not.toContain(logged.key);
  });
});

describe('PAWLENS_LLM=required', () => {
  it('a failing model answers 502 AI_CALL_FAILED and costs nothing', async () => {
    const strict = await createLlmTestApp({ fake, mode: 'required', keyCredits: 50 });
    fake.enqueue({ kind: 'busy' });
    const response = await strict.post('emotion', { image: brownStool });
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe('AI_CALL_FAILED');
    expect((await strict.store.getKey(strict.keyId))?.credits).toBe(50);
    expect(await strict.store.usage()).toEqual([]);
  });

  it('a working model answers and charges as usual', async () => {
    const strict = await createLlmTestApp({ fake, mode: 'required', keyCredits: 50 });
    const response = await strict.post('emotion', { image: brownStool });
    expect(response.status).toBe(200);
    expect((await strict.store.getKey(strict.keyId))?.credits).toBe(45);
  });
});
