import { photoToKeep } from '../../src/image/kept-photo.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../src/accounts/issue-key.js';
import { SqliteAccountStore } from '../../src/accounts/sqlite/sqlite-account-store.js';
import { type PaidAnalysisRequest, runPaidAnalysis } from '../../src/analysis/paid-analysis.js';
import type { Pipeline } from '../../src/analysis/pipeline.js';
import { ApiError } from '../../src/contract/api-error.js';
import { WorkQueue } from '../../src/work-queue.js';
import { editedPipeline, watchedPipeline } from '../../scripts/support/doubles/pipelines.js';
import { blob, FLOOR, scene, sceneJpeg } from '../../scripts/support/scenes.js';
import { RULE_SCENES } from '../../scripts/support/rule-scenes.js';
import { builtinPipeline } from '../fixtures/test-app.js';

const CREDITS = 20;
let pipeline: Pipeline;
let streakedStool: Buffer;
let brownStool: Buffer;
let darkPhoto: Buffer;

beforeAll(async () => {
  pipeline = await builtinPipeline();
  streakedStool = await sceneJpeg(
    RULE_SCENES.find(([operation, rule]) => operation === 'stool' && rule === 'fresh_blood')![2],
  );
  brownStool = await sceneJpeg(scene(FLOOR, [blob('#6e4623')]));
  darkPhoto = await sceneJpeg(scene(FLOOR, [blob('#6e4623')]), (image) => image.linear(0.12, 0));
});

async function ledger() {
  const store = new SqliteAccountStore(':memory:');
  const { record } = await issueKey(store, { name: 'paid', credits: CREDITS, expiresAt: null });
  return { store, keyId: record.id };
}

const stoolRequest = (
  bytes: Buffer,
  extra: Partial<PaidAnalysisRequest<'stool'>> = {},
): PaidAnalysisRequest<'stool'> => ({
  operation: 'stool',
  requestId: 'req_paidanalysis1',
  language: 'en',
  animalType: undefined,
  photo: () => bytes,
  ...extra,
});

describe('one paid analysis (runPaidAnalysis), for every caller', () => {
  it('charges 5 credits for an answer that assessed the photo, and keeps its answer and record in the same commit', async () => {
    const { store, keyId } = await ledger();
    const payer = {
      keyId,
      idempotencyKey: 'retry-1',
      record: { petId: 'rex', keepPhoto: true, arrivedAt: new Date() },
    };
    await store.claimIdempotencyKey(keyId, 'retry-1', 'hash', 60_000, 60_000);
    const answer = await runPaidAnalysis({ pipeline, credits: store }, stoolRequest(streakedStool, { payer }));
    expect(answer).toMatchObject({ assessed: true, charged: 5, remaining: CREDITS - 5 });
    expect(answer.body).toEqual({ success: true, request_id: 'req_paidanalysis1', data: answer.data });
    expect(await store.usage(keyId)).toMatchObject([
      { operation: 'stool', requestId: 'req_paidanalysis1', credits: 5 },
    ]);
    expect(await store.claimIdempotencyKey(keyId, 'retry-1', 'hash', 60_000, 60_000)).toEqual({
      state: 'replay',
      body: JSON.stringify(answer.body),
    });
    const [record] = (await store.petRecords(keyId, 'rex', 10))!;
    expect(record).toMatchObject({
      requestId: 'req_paidanalysis1',
      creditsCharged: 5,
      data: answer.data,
      hasPhoto: true,
    });
    // The photo kept is the one analysed, encoded again without the file's metadata.
    const kept = await store.petPhoto(keyId, 'rex', 'req_paidanalysis1');
    expect(kept?.bytes).toEqual(await photoToKeep(streakedStool, 'jpeg'));
  });

  it('charges nothing for an answer that assessed nothing (a photo too dark to judge), and says so', async () => {
    const { store, keyId } = await ledger();
    const answer = await runPaidAnalysis({ pipeline, credits: store }, stoolRequest(darkPhoto, { payer: { keyId } }));
    expect(answer).toMatchObject({ assessed: false, charged: 0, remaining: CREDITS });
    expect(answer.data.severity).toBe('inconclusive');
    expect(await store.usage(keyId)).toEqual([]);
  });

  it('charges nothing for a plain brown stool: colour alone cannot say "normal", and the answer says so', async () => {
    const { store, keyId } = await ledger();
    const answer = await runPaidAnalysis({ pipeline, credits: store }, stoolRequest(brownStool, { payer: { keyId } }));
    expect(answer).toMatchObject({ assessed: false, charged: 0, remaining: CREDITS });
    expect(answer.data).toMatchObject({ severity: 'inconclusive', color: 'brown' });
    expect(answer.data.summary).toMatch(/Consistency, mucus and worms cannot be judged from colour/);
    expect(answer.data.summary).toMatch(/nothing was charged/);
    expect(await store.usage(keyId)).toEqual([]);
  });

  it('without a payer reserves nothing and charges nothing, and still checks the answer against its closed schema', async () => {
    const answer = await runPaidAnalysis({ pipeline }, stoolRequest(streakedStool));
    expect(answer).toMatchObject({ assessed: true, charged: 0, remaining: null });
    const broken = editedPipeline(pipeline, (data) => ({ ...(data as object), diagnosis: 'parvovirus' }));
    await expect(runPaidAnalysis({ pipeline: broken }, stoolRequest(streakedStool))).rejects.toThrow(/closed schema/);
  });

  it('refuses a key without the credits, before the analysis, charging nothing', async () => {
    const store = new SqliteAccountStore(':memory:');
    const { record } = await issueKey(store, { name: 'poor', credits: 4, expiresAt: null });
    const refusal = await runPaidAnalysis(
      { pipeline, credits: store },
      stoolRequest(streakedStool, { payer: { keyId: record.id } }),
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).code).toBe('INSUFFICIENT_CREDITS');
    expect((await store.getKey(record.id))?.credits).toBe(4);
  });

  it('gives the credits back when the analysis fails, or when the client is gone before the answer is settled', async () => {
    const { store, keyId } = await ledger();
    const failing = editedPipeline(pipeline, () => {
      throw new Error('the model broke');
    });
    await expect(
      runPaidAnalysis({ pipeline: failing, credits: store }, stoolRequest(streakedStool, { payer: { keyId } })),
    ).rejects.toThrow('the model broke');
    const gone = new AbortController();
    const reason = new Error('the client hung up');
    const leaving = stoolRequest(streakedStool, {
      payer: { keyId },
      signal: gone.signal,
      onAssessed: () => gone.abort(reason),
    });
    await expect(runPaidAnalysis({ pipeline, credits: store }, leaving)).rejects.toBe(reason);
    expect((await store.getKey(keyId))?.credits).toBe(CREDITS);
    expect(await store.usage(keyId)).toEqual([]);
    expect(await store.held({ leaseLapseMs: 1, ownerlessAfterMs: 0 })).toEqual({ reservations: [], claims: [] });
  });

  it('reads the photo and runs the on-device steps inside a CPU slot, and frees it before the wait for the language model', async () => {
    const cpu = new WorkQueue(1, 4);
    const seen: string[] = [];
    const watched = watchedPipeline(pipeline, () => {
      seen.push(`assess with ${cpu.active} slot held`);
    });
    const narrating: Pipeline = {
      ...watched,
      narrate: (assessed) => {
        seen.push(`narrate with ${cpu.active} slots held`);
        return watched.narrate(assessed);
      },
    };
    await runPaidAnalysis(
      { pipeline: narrating, cpu },
      stoolRequest(streakedStool, {
        photo: () => {
          seen.push(`photo read with ${cpu.active} slot held`);
          return streakedStool;
        },
        onAssessed: () => seen.push('assessed'),
      }),
    );
    expect(seen).toEqual([
      'photo read with 1 slot held',
      'assess with 1 slot held',
      'assessed',
      'narrate with 0 slots held',
    ]);
  });
});
