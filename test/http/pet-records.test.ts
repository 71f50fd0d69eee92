import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { SqliteAccountStore } from '../../src/accounts/sqlite/sqlite-account-store.js';
import { StoreUpkeep } from '../../src/accounts/store-upkeep.js';
import { successEnvelope } from '../../src/contract/envelopes.js';
import { PetDeletedData } from '../../src/contract/pet-records.js';
import { PetAnalysesData } from '../../src/http/routes/pet-records-route.js';
import { silentLogger } from '../../src/logger.js';
import { OPERATIONS } from '../../src/operations/registry.js';
import { expectErrorEnvelope } from '../fixtures/expectations.js';
import { photo, sidewaysJpegWithGps, toBase64 } from '../fixtures/images.js';
import { STORE_KINDS } from '../fixtures/stores.js';
import { tempDir } from '../fixtures/temp-dir.js';
import { heldPipeline } from '../../scripts/support/doubles/pipelines.js';
import { builtinPipeline, createTestApp, type TestApp } from '../fixtures/test-app.js';

let image: string;
beforeAll(async () => {
  image = toBase64(await photo('jpeg'));
});

const Listing = successEnvelope(PetAnalysesData);
const list = (app: TestApp, petId: string, query = '', key = app.key, prefix = '/api/v1') =>
  request(app.http).get(`${prefix}/pets/${petId}/analyses${query}`).set('Authorization', `Bearer ${key}`);
const erase = (app: TestApp, petId: string, key = app.key) =>
  request(app.http).delete(`/api/v1/pets/${petId}`).set('Authorization', `Bearer ${key}`);
/** GET a kept photo as the app's own key: the bytes as they come. */
const keptPhotoOf = (app: TestApp, path: string) =>
  request(app.http)
    .get(path)
    .set('Authorization', `Bearer ${app.key}`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

describe.each(STORE_KINDS)("a pet's records (X-Pet-Id), $name store", (kind) => {
  it('keeps each answer for the pet it names, newest first, with what was charged; without X-Pet-Id nothing is kept', async () => {
    const app = await createTestApp({ storeKind: kind, keyCredits: 100 });
    const stool = await app.post('stool', { image }).set('X-Pet-Id', 'chart-1042');
    const ear = await app.post('ear', { image, language: 'zh' }).set('X-Pet-Id', 'chart-1042');
    await app.post('skin', { image });
    const listed = Listing.parse((await list(app, 'chart-1042')).body).data;
    expect(listed.pet_id).toBe('chart-1042');
    expect(listed.analyses.map((record) => [record.request_id, record.operation])).toEqual([
      [ear.body.request_id, 'ear'],
      [stool.body.request_id, 'stool'],
    ]);
    expect(listed.analyses[1]!.data).toEqual(stool.body.data);
    expect(OPERATIONS.ear.data.parse(listed.analyses[0]!.data)).toEqual(ear.body.data);
    expect(listed.analyses[1]!.credits_charged).toBe(Number(stool.headers['x-credits-charged']));
    expect(listed.next_before).toBeNull();
  });

  it('pages with ?limit= and next_before, and the /v1 alias lists the same', async () => {
    const app = await createTestApp({ storeKind: kind });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await app.post('urine', { image }).set('X-Pet-Id', 'rex')).body.request_id);
    const first = Listing.parse((await list(app, 'rex', '?limit=2')).body).data;
    const second = Listing.parse((await list(app, 'rex', `?limit=2&before=${first.next_before}`)).body).data;
    const third = Listing.parse(
      (await list(app, 'rex', `?limit=2&before=${second.next_before}`, app.key, '/v1')).body,
    ).data;
    expect([...first.analyses, ...second.analyses, ...third.analyses].map((record) => record.request_id)).toEqual(
      [...ids].reverse(),
    );
    expect(third.next_before).toBeNull();
    // The cursor is the last record's request id: it says nothing of other keys' records.
    expect(first.next_before).toBe(first.analyses[1]!.request_id);
  });

  it("a cursor from another clinic's key or another pet, or one that names nothing, is refused, not a page of someone's records", async () => {
    const app = await createTestApp({ storeKind: kind });
    for (let i = 0; i < 3; i++) await app.post('stool', { image }).set('X-Pet-Id', 'rex');
    await app.post('stool', { image }).set('X-Pet-Id', 'tom');
    const cursor = Listing.parse((await list(app, 'rex', '?limit=1')).body).data.next_before!;
    const other = await app.issue({ clinic: 'elsewhere' });
    await app.post('stool', { image }, other.secret).set('X-Pet-Id', 'rex');
    for (const [pet, query, secret] of [
      ['rex', `?before=${cursor}`, other.secret],
      ['tom', `?before=${cursor}`, app.key],
      ['rex', '?before=req_nosuchrecord', app.key],
      ['rex', '?before=12', app.key],
    ] as const) {
      const refused = await list(app, pet, query, secret);
      expectErrorEnvelope(refused, 400, 'VALIDATION_ERROR');
      expect(refused.body.error.message).toMatch(/before=/);
    }
  });

  it("a key of another clinic sees and erases none of this clinic's pets", async () => {
    const app = await createTestApp({ storeKind: kind });
    await app.post('stool', { image }).set('X-Pet-Id', 'shared-name');
    const other = await app.issue({ clinic: 'elsewhere' });
    await app.post('stool', { image }, other.secret).set('X-Pet-Id', 'shared-name');
    expect(Listing.parse((await list(app, 'shared-name', '', other.secret)).body).data.analyses).toHaveLength(1);
    expect(
      successEnvelope(PetDeletedData).parse((await erase(app, 'shared-name', other.secret)).body).data.deleted,
    ).toBe(1);
    expect(Listing.parse((await list(app, 'shared-name')).body).data.analyses).toHaveLength(1);
  });

  it("two keys of one clinic (the vet's and the front desk's) see and erase each other's records of a patient", async () => {
    // Issue 41: the front desk saw none of the 8 records the vet's key had made for chart-1042.
    const app = await createTestApp({ storeKind: kind });
    const desk = await app.issue();
    const byVet = await app.post('skin', { image }).set('X-Pet-Id', 'chart-1042');
    const byDesk = await app.post('ear', { image }, desk.secret).set('X-Pet-Id', 'chart-1042');
    for (const key of [app.key, desk.secret])
      expect(
        Listing.parse((await list(app, 'chart-1042', '', key)).body).data.analyses.map((r) => r.request_id),
      ).toEqual([byDesk.body.request_id, byVet.body.request_id]);
    expect(successEnvelope(PetDeletedData).parse((await erase(app, 'chart-1042', desk.secret)).body).data.deleted).toBe(
      2,
    );
    expect(Listing.parse((await list(app, 'chart-1042')).body).data.analyses).toEqual([]);
  });

  it("DELETE erases a patient's records", async () => {
    const app = await createTestApp({ storeKind: kind });
    await app.post('stool', { image }).set('X-Pet-Id', 'gone');
    await app.post('vomit', { image }).set('X-Pet-Id', 'gone');
    const erased = successEnvelope(PetDeletedData).parse((await erase(app, 'gone')).body).data;
    expect(erased).toEqual({ pet_id: 'gone', deleted: 2 });
    expect(Listing.parse((await list(app, 'gone')).body).data.analyses).toEqual([]);
  });

  it('a pet erased while its analysis runs gets no record from it afterwards; the call is still answered', async () => {
    const { pipeline, entered, release } = heldPipeline(await builtinPipeline());
    const app = await createTestApp({ storeKind: kind, pipeline, keyCredits: 100 });
    const running = app
      .post('stool', { image })
      .set('X-Pet-Id', 'erased-mid-call')
      .then((response) => response);
    await entered;
    expect(successEnvelope(PetDeletedData).parse((await erase(app, 'erased-mid-call')).body).data.deleted).toBe(0);
    release();
    expect((await running).status).toBe(200);
    expect(Listing.parse((await list(app, 'erased-mid-call')).body).data.analyses).toEqual([]);
    // The pet's next analysis, begun after the erasure, is kept as usual.
    await app.post('stool', { image }).set('X-Pet-Id', 'erased-mid-call');
    expect(Listing.parse((await list(app, 'erased-mid-call')).body).data.analyses).toHaveLength(1);
  });

  it('analyses sent before an erasure and still waiting for a CPU slot keep no record either (issue 43: the erasure is compared with their arrival)', async () => {
    const { pipeline, entered, release } = heldPipeline(await builtinPipeline());
    const app = await createTestApp({ storeKind: kind, pipeline, keyCredits: 100, maxConcurrency: 1 });
    const sent = Array.from({ length: 6 }, () =>
      app
        .post('skin', { image })
        .set('X-Pet-Id', 'racepet')
        .then((r) => r),
    );
    await entered;
    // One is analysed (held), one waits for the CPU slot, four for an upload slot of the key: none
    // of those five has reserved its credits yet, and all six arrived before the erasure.
    await expect.poll(() => app.queue.depth, { timeout: 5000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(successEnvelope(PetDeletedData).parse((await erase(app, 'racepet')).body).data.deleted).toBe(0);
    release();
    for (const response of await Promise.all(sent)) expect(response.status).toBe(200);
    expect(Listing.parse((await list(app, 'racepet')).body).data.analyses).toEqual([]);
  });

  it('a failed call keeps nothing, and a replayed Idempotency-Key keeps one record; another pet with the same key is a different request', async () => {
    const app = await createTestApp({ storeKind: kind, keyCredits: 100 });
    expectErrorEnvelope(
      await app.post('stool', { image: 'not an image' }).set('X-Pet-Id', 'bella'),
      415,
      'UNSUPPORTED_IMAGE_FORMAT',
    );
    await app.post('stool', { image }).set('X-Pet-Id', 'bella').set('Idempotency-Key', 'once');
    const replay = await app.post('stool', { image }).set('X-Pet-Id', 'bella').set('Idempotency-Key', 'once');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(Listing.parse((await list(app, 'bella')).body).data.analyses).toHaveLength(1);
    expectErrorEnvelope(
      await app.post('stool', { image }).set('X-Pet-Id', 'luna').set('Idempotency-Key', 'once'),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it("an erasure takes the pet's stored answers too: a retry of its Idempotency-Key is analysed afresh, not replayed", async () => {
    const app = await createTestApp({ storeKind: kind, keyCredits: 100 });
    const send = (pet: string, idempotencyKey: string) =>
      app.post('skin', { image }).set('X-Pet-Id', pet).set('Idempotency-Key', idempotencyKey);
    const first = await send('chart-7', 'visit-7');
    const other = await send('chart-8', 'visit-8');
    expect((await send('chart-7', 'visit-7')).headers['idempotent-replayed']).toBe('true');
    expect(successEnvelope(PetDeletedData).parse((await erase(app, 'chart-7')).body).data.deleted).toBe(1);
    const retry = await send('chart-7', 'visit-7');
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.body.request_id).toMatch(/^req_/);
    expect(retry.body.request_id).not.toBe(first.body.request_id);
    // A new analysis, sent after the erasure: kept as usual, and replayed from now on.
    expect(Listing.parse((await list(app, 'chart-7')).body).data.analyses).toHaveLength(1);
    expect((await send('chart-7', 'visit-7')).body.request_id).toBe(retry.body.request_id);
    // Another pet's answer is still replayed.
    const replayed = await send('chart-8', 'visit-8');
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body.request_id).toBe(other.body.request_id);
  });

  it('refuses a bad pet id in the header or the path, and a bad page, plainly', async () => {
    const app = await createTestApp({ storeKind: kind });
    for (const bad of ['-starts-with-dash', 'has space', 'x'.repeat(65), '猫']) {
      const response = await app
        .post('stool', { image })
        .set('X-Pet-Id', encodeURIComponent(bad) === bad ? bad : bad.replace(/[^\x20-\x7e]/g, '?'));
      expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.message).toMatch(/X-Pet-Id must be 1 to 64 letters/);
    }
    expectErrorEnvelope(await list(app, '%20space'), 400, 'VALIDATION_ERROR');
    for (const query of ['?limit=0', '?limit=101', '?limit=ten', '?before=-1'])
      expectErrorEnvelope(await list(app, 'rex', query), 400, 'VALIDATION_ERROR');
    expectErrorEnvelope(await request(app.http).get('/api/v1/pets/rex/analyses'), 401, 'UNAUTHORIZED');
    expectErrorEnvelope(
      await request(app.http).post('/api/v1/pets/rex/analyses').set('Authorization', `Bearer ${app.key}`),
      405,
      'METHOD_NOT_ALLOWED',
    );
  });

  it('keeps no photo unless PAWLENS_KEEP_IMAGES is on; with it, the photo’s pixels, for its own clinic only', async () => {
    const plain = await createTestApp({ storeKind: kind });
    const kept = await plain.post('stool', { image }).set('X-Pet-Id', 'no-photos');
    expect(Listing.parse((await list(plain, 'no-photos')).body).data.analyses[0]!.has_photo).toBe(false);
    expectErrorEnvelope(
      await request(plain.http)
        .get(`/api/v1/pets/no-photos/analyses/${kept.body.request_id}/photo`)
        .set('Authorization', `Bearer ${plain.key}`),
      404,
      'NOT_FOUND',
    );

    const keeping = await createTestApp({ storeKind: kind, keepImages: true });
    const png = await photo('png');
    const answered = await keeping.post('skin', { image: png.toString('base64') }).set('X-Pet-Id', 'with-photos');
    await keeping.post('skin', { image: png.toString('base64') });
    const [record] = Listing.parse((await list(keeping, 'with-photos')).body).data.analyses;
    expect(record!.has_photo).toBe(true);
    const path = `/api/v1/pets/with-photos/analyses/${answered.body.request_id}/photo`;
    const fetched = await keptPhotoOf(keeping, path);
    expect(fetched.status).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/png');
    expect(fetched.headers['cache-control']).toBe('no-store');
    // The same pixels (PNG is kept losslessly), not necessarily the same file.
    const pixels = async (bytes: Buffer) => (await sharp(bytes).raw().toBuffer()).toString('base64');
    expect(await pixels(fetched.body as Buffer)).toBe(await pixels(png));
    const stranger = await keeping.issue({ clinic: 'elsewhere' });
    expectErrorEnvelope(
      await request(keeping.http).get(path).set('Authorization', `Bearer ${stranger.secret}`),
      404,
      'NOT_FOUND',
    );
  });

  it('a kept phone photo has its pixels, upright, and nothing of its GPS position or camera', async () => {
    const keeping = await createTestApp({ storeKind: kind, keepImages: true });
    const sent = await sidewaysJpegWithGps();
    expect((await sharp(sent).metadata()).exif?.includes(Buffer.from('PawPhone'))).toBe(true);
    const answered = await keeping.post('stool', { image: toBase64(sent) }).set('X-Pet-Id', 'gps');
    const kept = await keptPhotoOf(keeping, `/api/v1/pets/gps/analyses/${answered.body.request_id}/photo`);
    expect(kept.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(kept.body as Buffer).metadata();
    expect([metadata.exif, metadata.xmp, metadata.iptc, metadata.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // Stored sideways (300 × 200, orientation 6): kept upright, 200 × 300.
    expect([metadata.width, metadata.height]).toEqual([200, 300]);
    for (const secret of ['PawPhone', 'GPS']) expect((kept.body as Buffer).includes(Buffer.from(secret))).toBe(false);
  });

  it('records past PAWLENS_RECORDS_RETENTION_DAYS are forgotten by the store upkeep', async () => {
    let now = new Date('2030-01-01T00:00:00.000Z');
    const app = await createTestApp({ storeKind: kind, now: () => now });
    await app.post('stool', { image }).set('X-Pet-Id', 'old-timer');
    now = new Date('2030-03-01T00:00:00.000Z');
    await app.post('stool', { image }).set('X-Pet-Id', 'old-timer');
    const upkeep = new StoreUpkeep(app.store, {
      dataDir: undefined,
      idempotencyTtlMs: 86_400_000,
      ownerlessAfterMs: 600_000,
      recordsRetentionMs: 30 * 86_400_000,
      logger: silentLogger,
      now: () => now,
    });
    await upkeep.start();
    await upkeep.runRound();
    await upkeep.stop();
    const left = Listing.parse((await list(app, 'old-timer')).body).data.analyses;
    expect(left.map((record) => record.created_at)).toEqual(['2030-03-01T00:00:00.000Z']);
  });
});

describe('the records in the OpenAPI document', () => {
  it('documents X-Pet-Id on the operations and both records endpoints on both prefixes', async () => {
    const app = await createTestApp();
    const document = (await request(app.http).get('/openapi.json')).body;
    expect(
      document.paths['/api/v1/feces-analysis'].post.parameters.map((parameter: { name: string }) => parameter.name),
    ).toContain('X-Pet-Id');
    for (const prefix of ['/api/v1', '/v1']) {
      expect(document.paths[`${prefix}/pets/{petId}/analyses`].get.security).toEqual([{ bearerAuth: [] }]);
      expect(document.paths[`${prefix}/pets/{petId}`].delete).toBeDefined();
    }
    expect(document.components.schemas.PetAnalysesResponse.properties.data.properties.analyses).toBeDefined();
  });
});

describe('erasing a pet on the SQLite store (a file in PAWLENS_DATA_DIR)', () => {
  it("leaves none of its kept photos' bytes in the data directory: not in the database file, not in its write-ahead log", async () => {
    const dir = tempDir('pawlens-erase-');
    const store = new SqliteAccountStore(join(dir, 'pawlens.db'));
    const app = await createTestApp({ store, keepImages: true });
    /** A kept photo's bytes, and a run of them to look for in the files. */
    const keep = async (width: number) => {
      const image = toBase64(await photo('jpeg', { width, height: 480 }));
      const answered = await app.post('stool', { image }).set('X-Pet-Id', 'erase-me');
      const path = `/api/v1/pets/erase-me/analyses/${answered.body.request_id}/photo`;
      const kept = (await keptPhotoOf(app, path)).body as Buffer;
      return kept.subarray(kept.length >> 1, (kept.length >> 1) + 64);
    };
    const inFiles = (needle: Buffer) =>
      readdirSync(dir).filter((name) => readFileSync(join(dir, name)).includes(needle));
    // One photo checkpointed into the database file, one still only in the log.
    const checkpointed = await keep(640);
    const checkpoint = new Database(join(dir, 'pawlens.db'));
    checkpoint.pragma('wal_checkpoint(TRUNCATE)');
    checkpoint.close();
    const logged = await keep(600);
    expect(inFiles(checkpointed)).toContain('pawlens.db');
    expect(inFiles(logged)).toContain('pawlens.db-wal');

    expect((await erase(app, 'erase-me')).body.data.deleted).toBe(2);
    expect([inFiles(checkpointed), inFiles(logged)]).toEqual([[], []]);
    await store.close();
  });
});

describe('erasing a pet while a reader holds the SQLite store (a backup, an sqlite3 shell)', () => {
  it('answers at once, /healthz too, and the photo’s bytes leave the log as soon as the reader ends', async () => {
    const dir = tempDir('pawlens-erase-reader-');
    const store = new SqliteAccountStore(join(dir, 'pawlens.db'));
    const app = await createTestApp({ store, keepImages: true });
    const image = toBase64(await photo('jpeg', { width: 600, height: 480 }));
    const answered = await app.post('stool', { image }).set('X-Pet-Id', 'erase-me');
    const kept = (await keptPhotoOf(app, `/api/v1/pets/erase-me/analyses/${answered.body.request_id}/photo`))
      .body as Buffer;
    const needle = kept.subarray(kept.length >> 1, (kept.length >> 1) + 64);
    const inFiles = () => readdirSync(dir).filter((name) => readFileSync(join(dir, name)).includes(needle));
    // A reader with a read transaction open on the file, as a backup holds one.
    const reader = new Database(join(dir, 'pawlens.db'), { readonly: true });
    reader.prepare('BEGIN').run();
    reader.prepare('SELECT COUNT(*) FROM pet_records').get();
    try {
      const started = Date.now();
      const [erased, health] = await Promise.all([
        erase(app, 'erase-me'),
        new Promise((resolve) => setTimeout(resolve, 5)).then(() => request(app.http).get('/healthz')),
      ]);
      expect(erased.body.data.deleted).toBe(1);
      expect(health.status).toBe(200);
      // Not the 5 s busy timeout: nothing waited on the reader's lock.
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      reader.prepare('COMMIT').run();
      reader.close();
    }
    // Once the reader is gone, the retried checkpoint empties the log: no byte of the photo is left.
    await expect.poll(inFiles, { timeout: 5000, interval: 100 }).toEqual([]);
    await store.close();
  });
});
