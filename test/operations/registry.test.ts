import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { successEnvelope } from '../../src/contract/envelopes.js';
import { LANGUAGES } from '../../src/contract/language.js';
import { API_PREFIXES } from '../../src/contract/api-prefixes.js';
import { OPERATION_KEYS } from '../../src/operations/registry.js';
import { OPERATION_LIST, OPERATIONS } from '../../src/operations/registry.js';
import { FORMATS, photo, toBase64, type Format } from '../fixtures/images.js';
import { createTestApp, type TestApp } from '../fixtures/test-app.js';

/** CJK text has no Latin letters; the other two have no CJK. A cheap check the right language came back. */
const looksLike = { en: /^[^\u4e00-\u9fff]*$/, es: /^[^\u4e00-\u9fff]*$/, zh: /[\u4e00-\u9fff]/ } as const;

describe('every operation × language × format answers inside its closed schema', () => {
  let app: TestApp;
  const images = {} as Record<Format, string>;

  beforeAll(async () => {
    app = await createTestApp();
    for (const format of FORMATS) images[format] = toBase64(await photo(format));
  });

  for (const { key, data } of OPERATION_LIST) {
    for (const language of [...LANGUAGES, undefined]) {
      it(`${key} in ${language ?? 'default'} for ${FORMATS.join(', ')}`, async () => {
        for (const format of FORMATS) {
          const response = await app.post(key, { image: images[format], language, animalType: 'dog' });
          expect(response.status, JSON.stringify(response.body)).toBe(200);
          const parsed = successEnvelope(data).safeParse(response.body);
          expect(parsed.error?.issues ?? []).toEqual([]);
          expect(response.headers['x-request-id']).toBe(response.body.request_id);
          expect(response.body.data.summary).toMatch(looksLike[language ?? 'en']);
        }
      });
    }
  }

  it('serves the same operations under the /v1 alias', async () => {
    expect(API_PREFIXES).toContain('/v1');
    for (const operation of OPERATION_LIST) {
      const response = await request(app.http)
        .post(`/v1/${operation.path}`)
        .set('Authorization', `Bearer ${app.key}`)
        .send({ image: images.png });
      expect(response.status).toBe(200);
      expect(successEnvelope(operation.data).safeParse(response.body).success).toBe(true);
    }
  });
});

describe('the registry', () => {
  it('lists each operation of docs/contract.md §4 once, under its own key, frozen', () => {
    expect(OPERATION_LIST.map((operation) => operation.key)).toEqual([...OPERATION_KEYS]);
    expect(new Set(OPERATION_LIST.map((operation) => operation.path)).size).toBe(OPERATION_KEYS.length);
    for (const [key, operation] of Object.entries(OPERATIONS)) expect(operation.key).toBe(key);
    expect(Object.isFrozen(OPERATIONS)).toBe(true);
    expect(Object.isFrozen(OPERATION_LIST)).toBe(true);
  });

  it('runs the colour network for every operation whose gate reads the subject or the frame’s colours', () => {
    // The gate's subject-size and lawn-or-sky checks read the colour analyser; without it they would pass silently.
    const gateReadsColours = OPERATION_LIST.filter(({ needs }) => needs.subject || needs.shows !== 'animal');
    expect(gateReadsColours.map(({ key }) => key)).toEqual(
      expect.arrayContaining(['stool', 'vomit', 'urine', 'skin', 'ear']),
    );
    for (const { key, reads } of gateReadsColours) expect(reads.colours, key).toBe(true);
  });

  it('asks the language model only for fields of the closed data shape', () => {
    for (const operation of OPERATION_LIST) {
      const dataFields = Object.keys(operation.data.shape);
      for (const field of Object.keys(operation.llm.fields.shape))
        expect(dataFields, `${operation.key}.${field}`).toContain(field);
    }
  });
});

describe('closed data shapes hold every rule of docs/contract.md §2', () => {
  const stool = OPERATIONS.stool.data;
  const valid = {
    health_score: 9,
    health_score_max: 10,
    severity: 'normal',
    color: 'medium brown',
    consistency: 'firm, formed',
    summary:
      'The stool is medium brown and formed. That is what a healthy stool looks like. A photo cannot show parasites.',
    home_care: ['Keep the diet steady.', 'Keep fresh water available.'],
    vet_advice: [],
  };

  it('accepts a complete stool result', () => {
    expect(stool.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['an extra field', { ...valid, extra: 1 }],
    ['health_score 0', { ...valid, health_score: 0 }],
    ['health_score 11', { ...valid, health_score: 11 }],
    ['a fractional health_score', { ...valid, health_score: 7.5 }],
    ['health_score_max 5', { ...valid, health_score_max: 5 }],
    ['an unknown severity', { ...valid, severity: 'critical' }],
    ['one home_care item', { ...valid, home_care: ['Rest.'] }],
    ['a one-sentence summary', { ...valid, summary: 'The stool is brown.' }],
    ['a five-sentence summary', { ...valid, summary: 'One. Two is here. Three is here. Four is here. Five is here.' }],
    ['a missing vet_advice', { ...valid, vet_advice: undefined }],
    ['an empty colour', { ...valid, color: ' ' }],
  ])('refuses %s', (_name, data) => {
    expect(stool.safeParse(data).success).toBe(false);
  });

  it('gives vomit no "normal" severity', () => {
    const vomit = OPERATIONS.vomit.data;
    const base = {
      vomit_type: 'bile',
      color: 'yellow',
      summary: 'Yellow foam is visible. It is probably bile.',
      home_care: ['a', 'b'],
      vet_advice: [],
    };
    expect(vomit.safeParse({ ...base, severity: 'mild' }).success).toBe(true);
    expect(vomit.safeParse({ ...base, severity: 'normal' }).success).toBe(false);
  });

  it('keeps confidence within 0 to 1', () => {
    const emotion = OPERATIONS.emotion.data;
    const base = { emotion: 'relaxed', summary: 'Ears are soft. The dog looks relaxed.' };
    expect(emotion.safeParse({ ...base, confidence: 1 }).success).toBe(true);
    expect(emotion.safeParse({ ...base, confidence: 0 }).success).toBe(true);
    expect(emotion.safeParse({ ...base, confidence: 1.01 }).success).toBe(false);
    expect(emotion.safeParse({ ...base, confidence: -0.1 }).success).toBe(false);
  });
});
