import { Ajv2020 } from 'ajv/dist/2020.js';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_REQUEST_ID, OPERATION_EXAMPLES } from '../../src/http/openapi/examples.js';
import { OPERATION_LIST, type OperationKey } from '../../src/operations/registry.js';
import { operationExamples } from '../../scripts/support/openapi-examples.js';
import { createTestApp, type TestApp } from '../fixtures/test-app.js';
import { tempDir } from '../fixtures/temp-dir.js';

interface Documented {
  requestBody: {
    content: { 'application/json': { examples: { photo: { value: { image: string; language: string } } } } };
  };
  responses: Record<
    string,
    { content: { 'application/json': { example?: unknown; examples?: { photo: { value: unknown } } } } }
  >;
}

let app: TestApp;
let document: { paths: Record<string, { post: Documented }>; components: { schemas: Record<string, object> } };
beforeAll(async () => {
  app = await createTestApp();
  document = (await request(app.http).get('/openapi.json')).body;
});

describe("/openapi.json's examples: a photo a tool can send as it stands, and pawlens' own answer to it", () => {
  it('are what the built-in models answer now (after a change of answers: npm run openapi:examples)', async () => {
    expect(await operationExamples(tempDir('pawlens-examples-'))).toEqual(OPERATION_EXAMPLES);
  }, 60_000);

  const ajv = new Ajv2020({ strict: false });
  it.each(OPERATION_LIST.map((operation) => [operation.key, operation.path] as [OperationKey, string]))(
    '%s: sent as documented, the example request gets the documented answer, and every example fits its schema',
    async (key, path) => {
      const post = document.paths[`/api/v1/${path}`]!.post;
      const sent = post.requestBody.content['application/json'].examples.photo.value;
      expect(Buffer.from(sent.image, 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      const response = await request(app.http)
        .post(`/api/v1/${path}`)
        .set('Authorization', `Bearer ${app.key}`)
        .send(sent);
      expect(response.status).toBe(200);
      const example = post.responses['200']!.content['application/json'].examples!.photo.value as { data: unknown };
      expect(response.body.data).toEqual(example.data);
      expect(example).toMatchObject({ success: true, request_id: EXAMPLE_REQUEST_ID });
      const validate = ajv.compile({
        ...document,
        $ref: `#/components/schemas/${key[0]!.toUpperCase()}${key.slice(1)}Response`,
      });
      expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
      const validateError = ajv.compile({ ...document, $ref: '#/components/schemas/ErrorEnvelope' });
      for (const [status, answer] of Object.entries(post.responses).filter(([status]) => status !== '200'))
        expect(validateError(answer.content['application/json'].example), status).toBe(true);
    },
  );
});
