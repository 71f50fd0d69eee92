import { pino } from 'pino';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../src/accounts/issue-key.js';
import { createApp } from '../../src/http/create-app.js';
import { IDEMPOTENCY_ABANDON_MS, IDEMPOTENCY_TTL_MS } from '../../src/contract/service-policy.js';
import type { Pipeline } from '../../src/analysis/pipeline.js';
import { expectAccepted, expectErrorEnvelope, expectUncharged } from '../fixtures/expectations.js';
import { photo, toBase64 } from '../fixtures/images.js';
import { phoneStoolPhoto } from '../../scripts/support/phone-photo.js';
import { heldPipeline, watchedPipeline } from '../../scripts/support/doubles/pipelines.js';
import { builtinPipeline, createTestApp } from '../fixtures/test-app.js';
import { FULL_DISK, STORE_KINDS } from '../fixtures/stores.js';

let image: string;
let otherImage: string;
let largeImage: string;
let analyses = 0;
let counting: Pipeline;

beforeAll(async () => {
  image = toBase64(await photo('jpeg'));
  otherImage = toBase64(await photo('png'));
  largeImage = (await phoneStoolPhoto({ width: 800, height: 600 })).toString('base64');
  counting = watchedPipeline(await builtinPipeline(), () => void analyses++);
});

describe.each(STORE_KINDS)('Idempotency-Key ($name store)', (kind) => {
  it('a retry with the same key and body gets the stored answer, charged once', async () => {
    const app = await createTestApp({ storeKind: kind, pipeline: counting, keyCredits: 100 });
    const before = analyses;
    const first = await app.post('stool', { image, language: 'es' }).set('Idempotency-Key', 'a1');
    const retry = await app.post('stool', { image, language: 'es' }).set('Idempotency-Key', 'a1');
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['x-request-id']).toBe(first.body.request_id);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['x-credits-charged']).toBe('0');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(analyses - before).toBe(1);
    expect((await app.store.getKey(app.keyId))?.credits).toBe(95);
    expect(await app.store.usage()).toHaveLength(1);
  });

  it('"the same body" means the same request, whatever the JSON spacing, key order or language tag case', async () => {
    const app = await createTestApp({ storeKind: kind, keyCredits: 100 });
    const first = await app.post('urine', `{"image":"${image}","language":"zh"}`).set('Idempotency-Key', 'b1');
    const retry = await app
      .post('urine', `{ "language" : "ZH-cn",  "image" : "${image}" }`)
      .set('Idempotency-Key', 'b1');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
  });

  it('a photo-sized body is the same request whether its image was cut out of the bytes or read by JSON.parse', async () => {
    const app = await createTestApp({ storeKind: kind, keyCredits: 100 });
    expect(largeImage.length).toBeGreaterThan(64 * 1024); // the size from which the body's reader cuts the image out
    const first = await app.post('stool', `{"image":"${largeImage}"}`).set('Idempotency-Key', 'b2');
    expect(first.status).toBe(200);
    // Escaped slashes: the same string to JSON.parse, which reads this body instead.
    const retry = await app
      .post('stool', `{"image":"${largeImage.replace(/\//g, '\\/')}"}`)
      .set('Idempotency-Key', 'b2');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    const changed = largeImage.slice(0, 1000) + (largeImage[1000] === 'A' ? 'B' : 'A') + largeImage.slice(1001);
    expectErrorEnvelope(
      await app.post('stool', `{"image":"${changed}"}`).set('Idempotency-Key', 'b2'),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it.each([
    ['another body', () => ({ image: otherImage }), 'stool'],
    ['another operation', () => ({ image }), 'ear'],
  ] as const)(
    'IDEMPOTENCY_KEY_REUSED for the same key with %s; the second call is free',
    async (_what, body, operation) => {
      const app = await createTestApp({ storeKind: kind, keyCredits: 100 });
      expectAccepted(await app.post('stool', { image }).set('Idempotency-Key', 'c1'));
      const other = await app.post(operation, body()).set('Idempotency-Key', 'c1');
      expectErrorEnvelope(other, 409, 'IDEMPOTENCY_KEY_REUSED');
      expect((await app.store.getKey(app.keyId))?.credits).toBe(95);
      expect(await app.store.usage(app.keyId)).toHaveLength(1);
    },
  );

  it('IDEMPOTENCY_IN_PROGRESS, with Retry-After, while the first request with the key is still running', async () => {
    const { pipeline, entered, release } = heldPipeline(await builtinPipeline());
    const app = await createTestApp({ storeKind: kind, pipeline, keyCredits: 100 });
    const first = app
      .post('stool', { image })
      .set('Idempotency-Key', 'slow-1')
      .then((r) => r);
    await entered;
    const retry = await app.post('stool', { image }).set('Idempotency-Key', 'slow-1');
    expectErrorEnvelope(retry, 409, 'IDEMPOTENCY_IN_PROGRESS');
    expect(retry.headers['retry-after']).toBe('1');
    release();
    expectAccepted(await first);
    expect((await app.store.getKey(app.keyId))?.credits).toBe(95);
  });

  it.each(['', 'x'.repeat(201), 'with space', 'ünïcode'])(
    'VALIDATION_ERROR for the Idempotency-Key %j, free of charge',
    async (header) => {
      const app = await createTestApp({ storeKind: kind, keyCredits: 100 });
      const response = await app.post('stool', { image }).set('Idempotency-Key', header);
      expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.message).toContain('Idempotency-Key');
      await expectUncharged(app.store, app.keyId, 100);
    },
  );

  it('keys belong to an API key: another client may use the same one', async () => {
    const app = await createTestApp({ storeKind: kind, keyCredits: 100 });
    const other = await app.issue({ credits: 100 });
    await app.post('stool', { image }).set('Idempotency-Key', 'shared-name');
    const theirs = await app.post('stool', { image }, other.secret).set('Idempotency-Key', 'shared-name');
    expect(theirs.status).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect((await app.store.getKey(other.id))?.credits).toBe(95);
  });

  it('a failed request stores nothing: the corrected retry with the same key runs', async () => {
    const app = await createTestApp({ storeKind: kind, keyCredits: 100 });
    const broken = await app.post('stool', { image: image.slice(0, 200) }).set('Idempotency-Key', 'd1');
    expect(broken.status).toBe(400);
    const fixed = await app.post('stool', { image }).set('Idempotency-Key', 'd1');
    expect(fixed.status).toBe(200);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('no credits: refused, then after a top-up the same retry runs', async () => {
    const app = await createTestApp({ storeKind: kind, keyCredits: 0 });
    const refused = await app.post('stool', { image }).set('Idempotency-Key', 'e1');
    expect(refused.body.error.code).toBe('INSUFFICIENT_CREDITS');
    await app.store.addCredits(app.keyId, 5);
    const retry = await app.post('stool', { image }).set('Idempotency-Key', 'e1');
    expect(retry.status).toBe(200);
    expect((await app.store.getKey(app.keyId))?.credits).toBe(0);
  });

  it('concurrent retries of one request: exactly one analysis and one charge', async () => {
    const app = await createTestApp({ storeKind: kind, pipeline: counting, keyCredits: 100, maxConcurrency: 2 });
    const before = analyses;
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => app.post('vomit', { image }).set('Idempotency-Key', 'f1')),
    );
    const ok = responses.filter((r) => r.status === 200);
    const busy = responses.filter((r) => r.status === 409);
    expect(ok.length + busy.length).toBe(6);
    expect(busy.every((r) => r.body.error.code === 'IDEMPOTENCY_IN_PROGRESS')).toBe(true);
    expect(new Set(ok.map((r) => r.body.request_id)).size).toBe(1);
    expect(analyses - before).toBe(1);
    expect((await app.store.getKey(app.keyId))?.credits).toBe(95);
  });

  it('entries expire after 24 hours, and a claim never completed is taken over after 10 minutes', async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    const app = await createTestApp({ storeKind: kind, keyCredits: 100, now: () => now });
    await app.post('stool', { image }).set('Idempotency-Key', 'g1');
    now = new Date(now.getTime() + IDEMPOTENCY_TTL_MS + 1);
    const later = await app.post('stool', { image: otherImage }).set('Idempotency-Key', 'g1');
    expect(later.status).toBe(200);
    expect((await app.store.getKey(app.keyId))?.credits).toBe(90);

    // A process that claimed a key and died: the claim stays without an answer.
    await app.store.claimIdempotencyKey(app.keyId, 'h1', 'some-hash', IDEMPOTENCY_TTL_MS, IDEMPOTENCY_ABANDON_MS);
    expect(
      await app.store.claimIdempotencyKey(app.keyId, 'h1', 'some-hash', IDEMPOTENCY_TTL_MS, IDEMPOTENCY_ABANDON_MS),
    ).toEqual({ state: 'in_progress' });
    now = new Date(now.getTime() + IDEMPOTENCY_ABANDON_MS + 1);
    expect(
      await app.store.claimIdempotencyKey(app.keyId, 'h1', 'some-hash', IDEMPOTENCY_TTL_MS, IDEMPOTENCY_ABANDON_MS),
    ).toEqual({ state: 'claimed' });
  });

  describe('across a restart', () => {
    it('the stored answer survives the process', async () => {
      const pipeline = await builtinPipeline();
      const { store, twin } = await kind.create();
      const { secret } = await issueKey(store, { name: 'clinic', credits: 50, expiresAt: null });
      const send = (app: ReturnType<typeof createApp>) =>
        request(app.express)
          .post('/api/v1/feces-analysis')
          .set('Authorization', `Bearer ${secret}`)
          .set('Idempotency-Key', 'i1')
          .send({ image });
      const first = await send(createApp({ store, pipeline }));
      await store.close();
      const reopened = await twin();
      const retry = await send(createApp({ store: reopened, pipeline }));
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toEqual(first.body);
      expect((await reopened.listKeys())[0]?.credits).toBe(45);
    });

    it('when storing the answer fails (a full disk), the charge is undone with it: 503, nothing charged, and the retry runs afresh', async () => {
      const { store, failWrites } = await kind.create();
      const { secret, record } = await issueKey(store, { name: 'clinic', credits: 50, expiresAt: null });
      const app = createApp({ store, pipeline: await builtinPipeline() });
      const send = () =>
        request(app.express)
          .post('/api/v1/feces-analysis')
          .set('Authorization', `Bearer ${secret}`)
          .set('Idempotency-Key', 'j1')
          .send({ image });
      // The database itself fails the answer's write, as a full disk would; the claim (an insert) still succeeds.
      const writable = await failWrites('idempotency_keys', 'UPDATE');

      const failed = await send();
      expectErrorEnvelope(failed, 503, 'SERVICE_BUSY');
      expect(failed.headers['retry-after']).toBe('5');
      expect((await store.getKey(record.id))?.credits).toBe(50);
      expect(await store.usage(record.id)).toEqual([]);

      await writable();
      const retry = await send();
      expect(retry.status).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      expect((await store.getKey(record.id))?.credits).toBe(45);
      const replay = await send();
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(retry.body);
    });

    it("a full disk that fails the reservation and the claim's release: the client hears the first error, the retry runs (no 409), and nothing stays held", async () => {
      const { store, failWrites } = await kind.create();
      await store.startLease();
      const { secret, record } = await issueKey(store, { name: 'clinic', credits: 50, expiresAt: null });
      const reservations = await failWrites('credit_reservations', 'INSERT');
      const releases = await failWrites('idempotency_keys', 'DELETE');
      const logged: unknown[] = [];
      const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
      const app = createApp({ store, pipeline: await builtinPipeline(), logger });
      const send = () =>
        request(app.express)
          .post('/api/v1/feces-analysis')
          .set('Authorization', `Bearer ${secret}`)
          .set('Idempotency-Key', 'full-1')
          .send({ image });

      const failed = await send();
      expectErrorEnvelope(failed, 503, 'SERVICE_BUSY');
      // Both failures are in the log: the reservation's (the cause), and the release's.
      const messages = logged.map((entry) => JSON.stringify(entry));
      expect(messages.some((line) => line.includes('could not release an idempotency claim'))).toBe(true);
      expect(messages.some((line) => line.includes('key store is unavailable') && FULL_DISK.test(line))).toBe(true);
      expect(store.failure()?.message).toMatch(FULL_DISK);

      const stillFull = await send();
      expect(stillFull.body.error?.code).not.toBe('IDEMPOTENCY_IN_PROGRESS');
      await reservations();
      await releases();
      const retry = await send();
      expect(retry.status).toBe(200);
      expect((await store.getKey(record.id))?.credits).toBe(45);
      expect(await store.held({ leaseLapseMs: 30_000, ownerlessAfterMs: IDEMPOTENCY_ABANDON_MS })).toEqual({
        reservations: [],
        claims: [],
      });
    });
  });
});
