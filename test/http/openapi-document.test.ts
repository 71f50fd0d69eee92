import { readFileSync } from 'node:fs';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract/error-catalogue.js';
import { API_PREFIXES, OPERATION_KEYS } from '../../src/contract/operation-keys.js';
import { OPERATIONS } from '../../src/operations/registry.js';
import { createTestApp, type TestApp } from '../fixtures/test-app.js';

describe('OpenAPI document and docs page', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });

  it('documents every operation on both prefixes with its closed response schema', async () => {
    const { body, status } = await request(app.http).get('/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    for (const key of OPERATION_KEYS) {
      for (const prefix of API_PREFIXES) {
        const post = body.paths[`${prefix}/${OPERATIONS[key].path}`]?.post;
        expect(post, `${prefix} ${key}`).toBeDefined();
        expect(post.security).toEqual([{ bearerAuth: [] }]);
      }
      const name = `${key[0]!.toUpperCase()}${key.slice(1)}Response`;
      const data = body.components.schemas[name].properties.data;
      expect(data.additionalProperties).toBe(false);
      expect(data.required.sort()).toEqual(Object.keys(OPERATIONS[key].data.shape).sort());
    }
    expect(body.components.schemas.StoolResponse.properties.data.properties.severity.enum).toContain('inconclusive');
    expect(body.components.schemas.VomitResponse.properties.data.properties.severity.enum).not.toContain('normal');
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

  it('documents every error code in the README', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const code of ERROR_CODES) expect(readme, code).toContain(`\`${code}\``);
  });
});
