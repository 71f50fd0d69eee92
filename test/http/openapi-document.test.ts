import { Ajv2020 } from 'ajv/dist/2020.js';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODES } from '../../src/contract/error-catalogue.js';
import { API_PREFIXES } from '../../src/contract/api-prefixes.js';
import { OPERATION_LIST } from '../../src/operations/registry.js';
import { mimeLines, photo, toBase64 } from '../fixtures/images.js';
import { createTestApp, type TestApp } from '../fixtures/test-app.js';

let app: TestApp;
let document: {
  paths: Record<string, { post: { responses: Record<string, { description: string }> } }>;
  components: { schemas: Record<string, Record<string, unknown>> };
};
beforeAll(async () => {
  app = await createTestApp();
  document = (await request(app.http).get('/openapi.json')).body;
});

describe('OpenAPI document and docs page', () => {
  it('documents every operation on both prefixes with its closed response schema', async () => {
    const { body, status } = await request(app.http).get('/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    for (const operation of OPERATION_LIST) {
      for (const prefix of API_PREFIXES) {
        const post = body.paths[`${prefix}/${operation.path}`]?.post;
        expect(post, `${prefix} ${operation.key}`).toBeDefined();
        expect(post.security).toEqual([{ bearerAuth: [] }]);
      }
      const name = `${operation.key[0]!.toUpperCase()}${operation.key.slice(1)}Response`;
      const data = body.components.schemas[name].properties.data;
      expect(data.additionalProperties).toBe(false);
      expect(data.required.sort()).toEqual(Object.keys(operation.data.shape).sort());
    }
    expect(body.components.schemas.StoolResponse.properties.data.properties.severity.enum).toContain('inconclusive');
    expect(body.components.schemas.VomitResponse.properties.data.properties.severity.enum).not.toContain('normal');
  });

  const listedCodes = (responses: Record<string, { description: string }>) =>
    Object.entries(responses)
      .filter(([status]) => status !== '200')
      .flatMap(([, response]) => response.description.split('\n\n').map((line) => line.split(':')[0]));

  it('lists under each operation exactly the error codes the catalogue says can reach it, the HTTP layer’s included', () => {
    const listed = listedCodes(document.paths['/api/v1/feces-analysis']!.post.responses);
    const expected = ERROR_CODES.filter((code) => ERROR_CATALOGUE[code].on !== 'routing');
    expect(listed.sort()).toEqual([...expected].sort());
    for (const code of ['REQUEST_TIMEOUT', 'EXPECTATION_FAILED', 'HEADERS_TOO_LARGE', 'INTERNAL_ERROR'])
      expect(listed).toContain(code);
    expect(listed).not.toContain('NOT_FOUND');
  });

  it('gives the pets’ paths their errors with the envelope, and every path an operationId of its own', () => {
    const paths = document.paths as unknown as Record<
      string,
      Record<string, { operationId?: string; responses: Record<string, { description: string; content?: unknown }> }>
    >;
    const erase = paths['/api/v1/pets/{petId}']!.delete!;
    expect(listedCodes(erase.responses)).toEqual(
      expect.arrayContaining([
        'VALIDATION_ERROR',
        'UNAUTHORIZED',
        'KEY_REVOKED',
        'RATE_LIMITED',
        'INTERNAL_ERROR',
        'SERVICE_BUSY',
      ]),
    );
    expect(listedCodes(erase.responses)).not.toContain('INSUFFICIENT_CREDITS');
    for (const [status, response] of Object.entries(erase.responses))
      if (status !== '200') expect(response.content, status).toEqual({ 'application/json': expect.anything() });
    const ids = Object.values(paths).flatMap((path) => Object.values(path).map((operation) => operation.operationId));
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('serves the docs page and its assets from this host, with no CDN', async () => {
    const page = await request(app.http).get('/docs');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/https?:\/\//);
    for (const asset of ['/docs/assets/swagger-ui.css', '/docs/assets/swagger-ui-bundle.js']) {
      const response = await request(app.http).get(asset);
      expect(response.status, asset).toBe(200);
    }
  });
});

describe('the documented request body is exactly what the server accepts', () => {
  let image: string;
  beforeAll(async () => {
    image = toBase64(await photo('jpeg'));
  });

  /** Bodies a client might send, each judged twice: by the document (as a client's tooling would) and by the server. */
  const VARIANTS: ReadonlyArray<readonly [string, (image: string) => unknown]> = [
    ['plain base64', (image) => ({ image })],
    ['a data URL', (image) => ({ image: `data:image/jpeg;base64,${image}` })],
    [
      'base64url without padding',
      (image) => ({ image: image.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') }),
    ],
    ['base64 with MIME line breaks', (image) => ({ image: mimeLines(image) })],
    ...['en', 'zh', 'es', 'EN', 'Zh', 'zh-CN', 'es_MX', 'zh-Hans-CN', ' es ', '', ' ', '\t'].map(
      (language) => [`language ${JSON.stringify(language)}`, (image: string) => ({ image, language })] as const,
    ),
    ['language null', (image) => ({ image, language: null })],
    ['animalType "dog"', (image) => ({ image, animalType: 'dog' })],
    ['animalType of 40 characters', (image) => ({ image, animalType: 'b'.repeat(40) })],
    ['animalType of 40 emoji (80 UTF-16 units)', (image) => ({ image, animalType: '🐕'.repeat(40) })],
    ['animalType of 200 characters', (image) => ({ image, animalType: 'b'.repeat(200) })],
    ['animalType blank', (image) => ({ image, animalType: '  ' })],
    ['animalType null', (image) => ({ image, animalType: null })],
    ['fields the contract does not name', (image) => ({ image, model: 'gpt', extra: { deep: [1] } })],
    // What the document refuses, the server must refuse too.
    ...['fr', 'english', 'zh-', 'en--US', 'zh-toolongsubtag'].map(
      (language) => [`language ${JSON.stringify(language)}`, (image: string) => ({ image, language })] as const,
    ),
    ['language as a number', (image) => ({ image, language: 42 })],
    ['language as an array', (image) => ({ image, language: ['en'] })],
    ['animalType as a number', (image) => ({ image, animalType: 7 })],
    ['animalType as an object', (image) => ({ image, animalType: { name: 'dog' } })],
    ['no image', () => ({ language: 'en' })],
    ['an empty image', () => ({ image: '' })],
    ['a null image', () => ({ image: null })],
    ['image as a number', () => ({ image: 42 })],
    ['an array body', (image) => [{ image }]],
  ];

  it.each(VARIANTS)('%s: accepted exactly when the document allows it', async (_name, body) => {
    const validate = new Ajv2020({ strict: false }).compile(document.components.schemas.AnalysisRequest!);
    const sent = body(image);
    const documented = validate(sent);
    const response = await app.post('stool', sent);
    expect(
      response.status === 200,
      `documented ${documented}, answered ${response.status} ${JSON.stringify(response.body.error ?? '')}`,
    ).toBe(documented);
  });

  it('tries both kinds: bodies the document allows and bodies it refuses', () => {
    const validate = new Ajv2020({ strict: false }).compile(document.components.schemas.AnalysisRequest!);
    const verdicts = VARIANTS.map(([, body]) => validate(body('aGVsbG8=')));
    expect(verdicts.filter(Boolean).length).toBeGreaterThan(10);
    expect(verdicts.filter((valid) => !valid).length).toBeGreaterThan(10);
  });
});
