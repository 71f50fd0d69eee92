import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.js';
import { createApp } from '../../../src/http/create-app.js';
import { llmReadinessCheck } from '../../../src/narration/llm/llm-readiness.js';
import { visionReadinessCheck } from '../../../src/vision/vision-readiness.js';
import { OllamaNarrator } from '../../../src/narration/llm/ollama-narrator.js';
import { parseOllamaHost } from '../../../src/narration/llm/ollama-host.js';
import { assertPrivateLlmHost, isPrivateAddress, PrivacyGuardError } from '../../../src/narration/llm/privacy-guard.js';
import { createPipeline } from '../../../src/analysis/pipeline.js';
import { SqliteAccountStore } from '../../../src/accounts/sqlite/sqlite-account-store.js';
import { startFakeOllama, type FakeOllama } from '../../../scripts/support/doubles/fake-ollama.js';
import { builtinVision } from '../../fixtures/test-app.js';

describe('OLLAMA_HOST, read as Ollama reads it', () => {
  it.each([
    ['127.0.0.1', 'http://127.0.0.1:11434'],
    ['localhost:1234', 'http://localhost:1234'],
    ['ollama', 'http://ollama:11434'],
    ['http://ollama', 'http://ollama:80'],
    ['https://gpu.clinic.lan', 'https://gpu.clinic.lan:443'],
    [':5000', 'http://127.0.0.1:5000'],
    ['[::1]:11434', 'http://[::1]:11434'],
    ['  10.0.0.5:11434/ ', 'http://10.0.0.5:11434'],
  ])('%s → %s', (text, base) => {
    expect(parseOllamaHost(text)?.base).toBe(base);
  });

  it.each(['', 'ftp://host', 'http://user:secret@host', 'host/api', 'http://host?x=1', 'http://'])(
    'refuses %j',
    (text) => {
      expect(parseOllamaHost(text)).toBeUndefined();
    },
  );
});

describe('the privacy guard', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.9',
    '169.254.1.1',
    '100.100.1.1',
    '::1',
    'fd00::1',
    'fe80::1',
    '::ffff:10.0.0.1',
  ])('%s is private', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['8.8.8.8', '172.32.0.1', '11.0.0.1', '192.169.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8', 'not-an-ip'])(
    '%s is not',
    (address) => expect(isPrivateAddress(address)).toBe(false),
  );

  const host = (text: string) => parseOllamaHost(text)!;
  const lookup = (addresses: string[]) => async () => addresses.map((address) => ({ address }));

  it('refuses a public address and says why and how to allow it', async () => {
    const refusal = assertPrivateLlmHost(host('8.8.8.8:11434'), false, lookup([]));
    await expect(refusal).rejects.toBeInstanceOf(PrivacyGuardError);
    await expect(refusal).rejects.toThrow(/public address.*8\.8\.8\.8.*PAWLENS_ALLOW_REMOTE_LLM=1/s);
  });

  it('refuses a name that resolves to any public address, even beside a private one', async () => {
    await expect(
      assertPrivateLlmHost(host('ollama.example'), false, lookup(['10.0.0.2', '93.184.216.34'])),
    ).rejects.toThrow(/93\.184\.216\.34/);
  });

  it('accepts a name that resolves only to private addresses, and localhost for real', async () => {
    await expect(assertPrivateLlmHost(host('ollama'), false, lookup(['172.18.0.3']))).resolves.toBeUndefined();
    await expect(assertPrivateLlmHost(host('localhost'), false)).resolves.toBeUndefined();
  });

  it('refuses a name that does not resolve: it cannot be checked', async () => {
    const failing = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(assertPrivateLlmHost(host('nowhere.invalid'), false, failing)).rejects.toThrow(/does not resolve/);
  });

  it('PAWLENS_ALLOW_REMOTE_LLM=1 lets the operator choose otherwise', async () => {
    await expect(assertPrivateLlmHost(host('8.8.8.8'), true, lookup([]))).resolves.toBeUndefined();
  });

  it('pawlens serve refuses to start on a public OLLAMA_HOST, before sending anything anywhere', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], {
      env: {
        ...process.env,
        OLLAMA_HOST: '203.0.113.7:11434',
        PAWLENS_PORT: '0',
        PAWLENS_DATA_DIR: '/tmp/pawlens-guard-test',
      },
    });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/203\.0\.113\.7.*refuses to send them off the private network/s),
    });
  });
});

describe('LLM configuration', () => {
  it('defaults: auto, gemma3:4b on 127.0.0.1:11434, remote LLMs refused', () => {
    const { llm } = loadConfig({});
    expect(llm).toMatchObject({
      mode: 'auto',
      model: 'gemma3:4b',
      timeoutMs: 45_000,
      allowRemote: false,
      // Ollama's own default, OLLAMA_NUM_PARALLEL=1: a second call would wait inside Ollama.
      concurrency: 1,
      maxQueue: 8,
      // Ollama's OLLAMA_KEEP_ALIVE decides unless the operator says otherwise here.
      keepAlive: undefined,
    });
    expect(llm.host.base).toBe('http://127.0.0.1:11434');
  });

  it('reads PAWLENS_OLLAMA_KEEP_ALIVE as Ollama does: seconds as a number, a duration as text; refuses anything else', () => {
    expect(loadConfig({ PAWLENS_OLLAMA_KEEP_ALIVE: '1h' }).llm.keepAlive).toBe('1h');
    expect(loadConfig({ PAWLENS_OLLAMA_KEEP_ALIVE: '1h30m' }).llm.keepAlive).toBe('1h30m');
    expect(loadConfig({ PAWLENS_OLLAMA_KEEP_ALIVE: '300' }).llm.keepAlive).toBe(300);
    expect(loadConfig({ PAWLENS_OLLAMA_KEEP_ALIVE: '-1' }).llm.keepAlive).toBe(-1);
    expect(() => loadConfig({ PAWLENS_OLLAMA_KEEP_ALIVE: 'soon' })).toThrow(
      /PAWLENS_OLLAMA_KEEP_ALIVE must be a duration/,
    );
  });

  it('reads the LLM slots: PAWLENS_LLM_CONCURRENCY and PAWLENS_LLM_MAX_QUEUE', () => {
    expect(loadConfig({ PAWLENS_LLM_CONCURRENCY: '4', PAWLENS_LLM_MAX_QUEUE: '0' }).llm).toMatchObject({
      concurrency: 4,
      maxQueue: 0,
    });
  });

  it.each([
    [{ PAWLENS_LLM: 'maybe' }, /PAWLENS_LLM must be auto.*off.*required/],
    [{ OLLAMA_HOST: 'ftp://x' }, /OLLAMA_HOST must be host:port/],
    [{ PAWLENS_LLM_TIMEOUT_MS: '5' }, /PAWLENS_LLM_TIMEOUT_MS must be from 1000/],
    // Past 300 s Node's fetch stops waiting for the headers Ollama sends only with a whole answer.
    [{ PAWLENS_LLM_TIMEOUT_MS: '300000' }, /PAWLENS_LLM_TIMEOUT_MS must be from 1000 to 290000/],
    [{ PAWLENS_LLM_LOAD_TIMEOUT_MS: 'soon' }, /PAWLENS_LLM_LOAD_TIMEOUT_MS/],
    [{ PAWLENS_LLM_CONCURRENCY: '0' }, /PAWLENS_LLM_CONCURRENCY must be from 1 to 64/],
    [{ PAWLENS_LLM_MAX_QUEUE: 'lots' }, /PAWLENS_LLM_MAX_QUEUE must be a whole number/],
    [{ PAWLENS_ALLOW_REMOTE_LLM: 'yes' }, /PAWLENS_ALLOW_REMOTE_LLM must be 1/],
    [{ PAWLENS_OLLAMA_MODEL: 'bad model!' }, /PAWLENS_OLLAMA_MODEL must be an Ollama model name/],
  ])('%j is refused with how to fix it', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('/readyz', () => {
  let fake: FakeOllama;
  let store: SqliteAccountStore;
  beforeAll(async () => {
    fake = await startFakeOllama({
      models: [{ name: 'gemma3:4b' }, { name: 'textonly:1b', capabilities: ['completion'] }],
    });
    store = new SqliteAccountStore(':memory:');
  });
  afterAll(async () => {
    await fake.close();
    await store.close();
  });

  const readyz = async (
    mode: 'auto' | 'required' | 'off',
    model: string,
    host = fake.url,
    narrator = mode === 'off' ? undefined : new OllamaNarrator({ host, model, timeoutMs: 1000 }),
  ) => {
    const vision = await builtinVision();
    const readinessChecks = [visionReadinessCheck(vision), llmReadinessCheck(mode, narrator)];
    const { express } = createApp({ store, pipeline: createPipeline(vision), readinessChecks });
    return request(express).get('/readyz');
  };

  it('ready: store open, models loaded, the model pulled, able to see, and loaded; "loading" (degraded) until then', async () => {
    const narrator = new OllamaNarrator({ host: fake.url, model: 'gemma3:4b', timeoutMs: 1000 });
    const loading = await readyz('auto', 'gemma3:4b', fake.url, narrator);
    expect(loading.body).toMatchObject({ status: 'degraded', checks: { llm: { state: 'loading' } } });
    await narrator.preload();
    const response = await readyz('auto', 'gemma3:4b', fake.url, narrator);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'ready',
      checks: { store: 'ok', llm: { mode: 'auto', model: 'gemma3:4b', state: 'ok' } },
    });
    expect(response.body.checks.models.loaded).toContain('colour-quality');
  });

  it.each([
    ['model_missing', 'llava:7b'],
    ['no_vision', 'textonly:1b'],
  ])('degraded but serving when the state is %s', async (state, model) => {
    const response = await readyz('auto', model);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'degraded', checks: { llm: { state } } });
  });

  it('not ready (503) when the LLM is required and unreachable', async () => {
    const gone = await startFakeOllama();
    await gone.close();
    const response = await readyz('required', 'gemma3:4b', gone.url);
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ status: 'not_ready', checks: { llm: { state: 'unreachable' } } });
  });

  it('ready with the LLM off', async () => {
    const response = await readyz('off', 'gemma3:4b');
    expect(response.body).toMatchObject({ status: 'ready', checks: { llm: { mode: 'off', state: 'off' } } });
  });
});
