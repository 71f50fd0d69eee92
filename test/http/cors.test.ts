import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { expectErrorEnvelope } from '../fixtures/expectations.js';
import { photo, toBase64 } from '../fixtures/images.js';
import { createTestApp, type TestApp } from '../fixtures/test-app.js';

const CLINIC = 'https://desk.clinic.example';
let app: TestApp;
let image: string;

beforeAll(async () => {
  app = await createTestApp({ corsOrigins: [CLINIC, 'http://localhost:5173'], keyCredits: 100 });
  image = toBase64(await photo('jpeg'));
});

describe("CORS for the clinic's own front-end (PAWLENS_CORS_ORIGINS)", () => {
  it('a listed origin may call and read the answer and its headers, without credentials', async () => {
    const response = await app.post('stool', { image }).set('Origin', CLINIC);
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(CLINIC);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['access-control-expose-headers']).toMatch(/X-Credits-Charged/);
    expect(response.headers.vary).toMatch(/Origin/);
  });

  it('its page can read errors too (a 402 without credits)', async () => {
    const broke = await app.issue({ credits: 0 });
    const response = await app.post('stool', { image }, broke.secret).set('Origin', CLINIC);
    expectErrorEnvelope(response, 402, 'INSUFFICIENT_CREDITS');
    expect(response.headers['access-control-allow-origin']).toBe(CLINIC);
  });

  it('answers the preflight of a listed origin with what it may send', async () => {
    const response = await request(app.http)
      .options('/api/v1/feces-analysis')
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type, x-pet-id');
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(response.headers['access-control-allow-methods']).toMatch(/POST/);
    expect(response.headers['access-control-allow-headers']).toMatch(/Authorization.*X-Pet-Id/);
  });

  it('gives another origin nothing to read with, and a server with no list gives none at all', async () => {
    const other = await app.post('stool', { image }).set('Origin', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await request(app.http)
      .options('/api/v1/feces-analysis')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const plain = await createTestApp();
    const response = await plain.post('stool', { image }).set('Origin', CLINIC);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('takes only exact origins in the setting', () => {
    expect(loadConfig({ PAWLENS_CORS_ORIGINS: `${CLINIC}, http://localhost:5173` }).corsOrigins).toEqual([
      CLINIC,
      'http://localhost:5173',
    ]);
    expect(loadConfig({}).corsOrigins).toEqual([]);
    for (const bad of ['*', `${CLINIC}/`, `${CLINIC}/console`, 'desk.clinic.example', 'ftp://x.example']) {
      expect(() => loadConfig({ PAWLENS_CORS_ORIGINS: bad }), bad).toThrow(ConfigError);
    }
  });
});
