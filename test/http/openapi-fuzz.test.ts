/**
 * Requests generated from /openapi.json (fast-check): every documented path, with bodies whose
 * fields are drawn from their schemas (a tag matching `language`'s pattern; for `image`, real
 * photos from ../shared where it is there, generated ones always) mixed with any JSON at all, and
 * the headers the document declares, valid or not. No answer may be a 5xx; every answer is the
 * documented envelope, with a status the path documents.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_EXAMPLES } from '../../src/http/openapi/examples.js';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { photo, toBase64 } from '../fixtures/images.js';
import { hasShared, sharedPhoto } from '../fixtures/shared-assets.js';
import { createTestApp, type TestApp } from '../fixtures/test-app.js';

interface Operation {
  parameters?: Array<{ name: string; in: string; schema: { pattern?: string } }>;
  responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, { pattern?: string }> }> };
}

let app: TestApp;
let document: Document;
let photos: string[];
const ajv = new Ajv2020({ strict: false });

beforeAll(async () => {
  app = await createTestApp();
  document = (await request(app.http).get('/openapi.json')).body;
  const made = await Promise.all(
    (['jpeg', 'png', 'webp'] as const).map((format) => photo(format, { width: 96, height: 72 })),
  );
  // Real photos where ../shared is there (a dog, a cat, a cup, horses), small enough to keep the runs quick.
  const real = hasShared
    ? await Promise.all(
        ['wml_dog.jpg', 'chelsea.png', 'coffee.png', 'darknet_horses.jpg'].map(async (name) =>
          (
            await sharp(readFileSync(sharedPhoto(name)))
              .resize(160)
              .jpeg()
              .toBuffer()
          ).toString('base64'),
        ),
      )
    : [];
  photos = [...made.map(toBase64), ...real, ...Object.values(OPERATION_EXAMPLES).map((example) => example.image)];
});

/** A value for a field with this JSON Schema pattern: one that matches it, or anything a client might send instead. */
const fieldValue = (pattern: string | undefined) =>
  fc.oneof(
    ...(pattern ? [{ weight: 8, arbitrary: fc.stringMatching(new RegExp(pattern)) }] : []),
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme-composite', maxLength: 60 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );

const anyOf = <T>(values: readonly T[]) => fc.constantFrom(...values);

/** One compiled validator per documented schema, for the hundreds of answers checked against it. */
const validators = new Map<string, ReturnType<typeof ajv.compile>>();
const validatorOf = (ref: string) => {
  const known = validators.get(ref);
  if (known) return known;
  const compiled = ajv.compile({ ...document, $ref: ref });
  validators.set(ref, compiled);
  return compiled;
};

/** Checks an answer: never 5xx, a status the path documents, and the body that status documents. */
function expectDocumented(operation: Operation, response: request.Response, what: string) {
  expect(response.status, `${what} → ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`).toBeLessThan(
    500,
  );
  const documented = operation.responses[String(response.status)];
  expect(documented, `${what}: status ${response.status} is not documented`).toBeDefined();
  const schema = documented!.content?.['application/json']?.schema;
  if (!schema) return;
  const validate = validatorOf(schema.$ref);
  expect(validate(response.body), `${what}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

describe('fuzzing every documented path from /openapi.json', () => {
  it('the analyses: generated bodies and headers never answer 5xx, and always as documented', async () => {
    const analyses = Object.entries(document.paths).filter(([, item]) => item.post);
    const body = document.components.schemas.AnalysisRequest!.properties!;
    const header = (name: string) =>
      analyses[0]![1].post!.parameters!.find((parameter) => parameter.name === name)!.schema.pattern;
    const request_ = fc.record({
      path: anyOf(analyses.map(([path]) => path)),
      trailingSlash: fc.boolean(),
      fields: fc.record(
        {
          image: fc.oneof({ weight: 12, arbitrary: anyOf(photos) }, { weight: 1, arbitrary: fieldValue(undefined) }),
          language: fieldValue(body.language?.pattern),
          animalType: fieldValue(undefined),
          extra: fc.jsonValue({ maxDepth: 2 }),
        },
        { requiredKeys: ['image'] },
      ),
      idempotencyKey: fc.option(fieldValue(header('Idempotency-Key')), { nil: undefined }),
      petId: fc.option(fieldValue(header('X-Pet-Id')), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(request_, async ({ path, trailingSlash, fields, idempotencyKey, petId }) => {
        const call = request(app.http)
          .post(`${path}${trailingSlash ? '/' : ''}`)
          .set('Authorization', `Bearer ${app.key}`);
        // Header values must be strings a client can send: anything else is stringified, as fetch would.
        if (idempotencyKey !== undefined) call.set('Idempotency-Key', headerText(idempotencyKey));
        if (petId !== undefined) call.set('X-Pet-Id', headerText(petId));
        const response = await call.send(fields as object);
        expectDocumented(analyses.find(([candidate]) => candidate === path)![1].post!, response, `POST ${path}`);
      }),
      { numRuns: 150, seed: 42 },
    );
  }, 120_000);

  it('the pets’ records: generated ids, pages and request ids never answer 5xx, and always as documented', async () => {
    const routes = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => method === 'get' || method === 'delete')
        .map(([method, operation]) => ({ path, method: method as 'get' | 'delete', operation })),
    );
    const pattern = (name: string) =>
      routes.flatMap(({ operation }) => operation.parameters ?? []).find((parameter) => parameter.name === name)!.schema
        .pattern;
    await fc.assert(
      fc.asyncProperty(
        anyOf(routes),
        fieldValue(pattern('petId')),
        fieldValue(pattern('requestId')),
        fc.option(fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), fc.string()), { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        async ({ path, method, operation }, petId, requestId, limit, before) => {
          const url = path
            .replace('{petId}', encodeURIComponent(headerText(petId)))
            .replace('{requestId}', encodeURIComponent(headerText(requestId)));
          const query = new URLSearchParams();
          if (limit !== undefined) query.set('limit', limit);
          if (before !== undefined) query.set('before', before);
          const response = await request(app.http)
            [method](`${url}${query.size ? `?${query}` : ''}`)
            .set('Authorization', `Bearer ${app.key}`);
          if (response.status === 404 && !operation.responses['404']) {
            // An id with a '/' after decoding routes nowhere: the JSON 404 of an unknown path.
            expect(response.body.error.code).toBe('NOT_FOUND');
            return;
          }
          expectDocumented(operation, response, `${method.toUpperCase()} ${url}`);
        },
      ),
      { numRuns: 150, seed: 7 },
    );
  }, 120_000);
});

/** A generated value as header or path text: strings as they are, anything else as JSON, without characters HTTP refuses. */
function headerText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return text.replace(/[^\t\x20-\x7e]/g, '?');
}
