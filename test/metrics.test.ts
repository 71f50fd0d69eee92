import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Metrics } from '../src/metrics.js';
import { OllamaNarrator } from '../src/narration/llm/ollama-narrator.js';
import { createPipeline } from '../src/analysis/pipeline.js';
import { startFakeOllama, type FakeOllama } from '../scripts/support/doubles/fake-ollama.js';
import { photo, toBase64 } from './fixtures/images.js';
import { builtinVision, createTestApp, type TestApp } from './fixtures/test-app.js';

/** The value of one sample line of the Prometheus text format, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split('\n')
    .find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && wanted.every((label) => l.includes(label)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('/metrics', () => {
  let fake: FakeOllama;
  let app: TestApp;
  let text: string;

  beforeAll(async () => {
    fake = await startFakeOllama();
    const metrics = new Metrics();
    const narrator = new OllamaNarrator({ host: fake.url, model: 'gemma3:4b', timeoutMs: 2000, metrics });
    const pipeline = createPipeline(await builtinVision(), { narrator, mode: 'auto' });
    app = await createTestApp({ pipeline, metrics, keyCredits: 100 });
    const image = toBase64(await photo('jpeg'));
    await app.post('stool', { image });
    await app.post('emotion', { image });
    fake.enqueue({ kind: 'busy' });
    await app.post('emotion', { image });
    await app.post('stool', { image: 'not an image!' });
    await request(app.http).get('/nowhere');
    const response = await request(app.http).get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    text = response.text;
  });
  afterAll(async () => {
    await fake.close();
  });

  it('counts requests by operation and status', () => {
    expect(sample(text, 'pawlens_requests_total', { operation: 'stool', status: '200' })).toBe(1);
    expect(sample(text, 'pawlens_requests_total', { operation: 'stool', status: '400' })).toBe(1);
    expect(sample(text, 'pawlens_requests_total', { operation: 'emotion', status: '200' })).toBe(2);
    expect(text).not.toContain('nowhere');
  });

  it('has latency histograms per operation and per stage', () => {
    expect(sample(text, 'pawlens_request_duration_seconds_count', { operation: 'stool' })).toBe(2);
    // The broken image was decoded too (and failed there), so decode ran four times.
    expect(sample(text, 'pawlens_stage_duration_seconds_count', { stage: 'decode' })).toBe(4);
    expect(sample(text, 'pawlens_stage_duration_seconds_count', { stage: 'vision' })).toBe(3);
    expect(sample(text, 'pawlens_stage_duration_seconds_count', { stage: 'llm' })).toBe(3);
  });

  it('reports queue depth, work in progress, credits charged and LLM outcomes by cause', () => {
    expect(sample(text, 'pawlens_queue_depth')).toBe(0);
    expect(sample(text, 'pawlens_analyses_in_progress')).toBe(0);
    // The stool and the emotion Ollama read; the emotion it was too busy for assessed nothing and was free.
    expect(sample(text, 'pawlens_credits_charged_total')).toBe(10);
    expect(sample(text, 'pawlens_llm_outcomes_total', { outcome: 'ok' })).toBe(2);
    expect(sample(text, 'pawlens_llm_outcomes_total', { outcome: 'busy' })).toBe(1);
  });

  it('includes the process metrics', () => {
    expect(sample(text, 'pawlens_process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});
