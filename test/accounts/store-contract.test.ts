/**
 * The store contract: what every AccountStore must do, written once and run on each store, the
 * embedded SQLite and a real PostgreSQL server (test/fixtures/postgres-server.ts). What only one
 * store has (SQLite's file, its query plans) is tested beside it: credits.test.ts, store-open.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { AccountStoreError, DEFAULT_CLINIC, type Reservation } from '../../src/accounts/account-store.js';
import { issueKey } from '../../src/accounts/issue-key.js';
import { ERASURE_MARK_MS } from '../../src/accounts/sql-account-store.js';
import { FULL_DISK, STORE_KINDS } from '../fixtures/stores.js';

describe.each(STORE_KINDS)('$name store: credits', (kind) => {
  async function storeWithKey(credits: number | null, now?: () => Date) {
    const { store } = await kind.create(now);
    const { record } = await issueKey(store, { name: 'store test', credits, expiresAt: null });
    const balance = async () => (await store.getKey(record.id))?.credits;
    return { store, keyId: record.id, balance };
  }

  it('reserve takes the credits at once and reports what is left', async () => {
    const { store, keyId, balance } = await storeWithKey(12);
    const reservation = (await store.reserve(keyId, 5, 'req_aaaaaaaa', 'stool')) as Reservation;
    expect(reservation).toMatchObject({ keyId, credits: 5, remaining: 7 });
    expect(await balance()).toBe(7);
  });

  it('reserve more than the balance returns undefined and takes nothing', async () => {
    const { store, keyId, balance } = await storeWithKey(4);
    expect(await store.reserve(keyId, 5, 'req_aaaaaaaa', 'stool')).toBeUndefined();
    expect(await balance()).toBe(4);
    // Exactly the balance is fine and leaves 0.
    await store.addCredits(keyId, 1);
    expect((await store.reserve(keyId, 5, 'req_bbbbbbbb', 'stool'))?.remaining).toBe(0);
    expect(await store.reserve(keyId, 5, 'req_cccccccc', 'stool')).toBeUndefined();
    expect(await balance()).toBe(0);
  });

  it('many reservations at once never overspend', async () => {
    const { store, keyId, balance } = await storeWithKey(100);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => store.reserve(keyId, 5, `req_concurrent${i}`, 'skin')),
    );
    expect(results.filter(Boolean)).toHaveLength(20);
    expect(await balance()).toBe(0);
  });

  it('an unlimited key reserves without a balance and still writes the ledger on commit', async () => {
    const { store, keyId, balance } = await storeWithKey(null);
    const reservation = (await store.reserve(keyId, 5, 'req_unlimited1', 'breed')) as Reservation;
    expect(reservation.remaining).toBeNull();
    await store.commit(reservation);
    expect(await balance()).toBeNull();
    expect(await store.usage(keyId)).toMatchObject([
      { keyId, operation: 'breed', requestId: 'req_unlimited1', credits: 5 },
    ]);
  });

  it('refund gives the credits back once, however often it is called', async () => {
    const { store, keyId, balance } = await storeWithKey(100);
    const reservation = (await store.reserve(keyId, 5, 'req_refund01', 'stool')) as Reservation;
    expect(await balance()).toBe(95);
    await store.refund(reservation);
    expect(await balance()).toBe(100);
    await store.refund(reservation);
    await store.refund(reservation);
    expect(await balance()).toBe(100);
    expect(await store.usage(keyId)).toHaveLength(0);
    // A settled reservation cannot be committed afterwards.
    await expect(store.commit(reservation)).rejects.toThrow(AccountStoreError);
    expect(await store.usage(keyId)).toHaveLength(0);
  });

  it('a refund after a commit does nothing', async () => {
    const { store, keyId, balance } = await storeWithKey(100);
    const reservation = (await store.reserve(keyId, 5, 'req_commit01', 'vomit')) as Reservation;
    await store.commit(reservation);
    await store.refund(reservation);
    expect(await balance()).toBe(95);
    expect(await store.usage(keyId)).toMatchObject([{ requestId: 'req_commit01', operation: 'vomit', credits: 5 }]);
  });

  it('committing twice throws and writes one ledger row', async () => {
    const { store, keyId } = await storeWithKey(100);
    const reservation = (await store.reserve(keyId, 5, 'req_twice001', 'ear')) as Reservation;
    await store.commit(reservation);
    await expect(store.commit(reservation)).rejects.toThrow(AccountStoreError);
    expect(await store.usage(keyId)).toHaveLength(1);
  });

  it('the sweep refunds reservations made without a lease only once older than ownerlessAfterMs', async () => {
    const start = new Date('2030-01-01T00:00:00.000Z');
    let now = start;
    const { store, keyId, balance } = await storeWithKey(100, () => now);
    const stale = [
      (await store.reserve(keyId, 5, 'req_stale001', 'stool')) as Reservation,
      (await store.reserve(keyId, 5, 'req_stale002', 'urine')) as Reservation,
    ];
    now = new Date(start.getTime() + 20 * 60_000);
    const fresh = (await store.reserve(keyId, 5, 'req_fresh001', 'skin')) as Reservation;
    expect(await balance()).toBe(85);

    const limits = { leaseLapseMs: 30_000, ownerlessAfterMs: 10 * 60_000 };
    expect(await store.sweepAbandoned(limits)).toEqual({ reservations: 2, credits: 10, claims: 0 });
    expect(await balance()).toBe(95);
    expect(await store.sweepAbandoned(limits)).toEqual({ reservations: 0, credits: 0, claims: 0 });

    // The stale ones are settled; the fresh one is still open and can be committed.
    await expect(store.commit(stale[0] as Reservation)).rejects.toThrow(AccountStoreError);
    await store.refund(stale[1] as Reservation);
    expect(await balance()).toBe(95);
    await store.commit(fresh);
    expect((await store.usage(keyId)).map((u) => u.requestId)).toEqual(['req_fresh001']);
  });

  it('addCredits adds to a metered key', async () => {
    const { store, keyId } = await storeWithKey(10);
    expect((await store.addCredits(keyId, 15)).credits).toBe(25);
  });

  it('addCredits on an unlimited key throws', async () => {
    const { store, keyId, balance } = await storeWithKey(null);
    await expect(store.addCredits(keyId, 10)).rejects.toThrow(/unlimited/);
    expect(await balance()).toBeNull();
  });

  it.each([0, -5, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2])('addCredits(%d) is refused', async (credits) => {
    const { store, keyId, balance } = await storeWithKey(10);
    await expect(store.addCredits(keyId, credits)).rejects.toThrow(AccountStoreError);
    expect(await balance()).toBe(10);
  });

  it('addCredits on an unknown key throws', async () => {
    const { store } = await storeWithKey(10);
    await expect(store.addCredits('key_nosuchkey1', 10)).rejects.toThrow(AccountStoreError);
  });

  it('a negative starting balance is refused by the store', async () => {
    const { store } = await kind.create();
    await expect(issueKey(store, { name: 'negative', credits: -5, expiresAt: null })).rejects.toThrow();
    expect(await store.countKeys()).toBe(0);
  });
});

/**
 * Leases (docs/design.md §10): what a server holds is its own while it renews its lease; once the lease
 * lapses (the process died) another process's sweep gives it back. Two stores on the same data are
 * two processes; triggers make a write fail as a full disk or a corrupt page would.
 */
describe.each(STORE_KINDS)('$name store: the sweep of what nobody holds any more', (kind) => {
  const LIMITS = { leaseLapseMs: 30_000, ownerlessAfterMs: 10 * 60_000 };

  async function twoProcesses(credits: number) {
    let now = new Date('2030-01-01T00:00:00.000Z');
    const clock = () => now;
    const unit = await kind.create(clock);
    const crashed = unit.store;
    const restarted = await unit.twin(clock);
    const { record } = await issueKey(crashed, { name: 'lease test', credits, expiresAt: null });
    const balance = async () => (await restarted.getKey(record.id))?.credits;
    return {
      failWrites: unit.failWrites,
      crashed,
      restarted,
      keyId: record.id,
      balance,
      advance: (ms: number) => (now = new Date(now.getTime() + ms)),
    };
  }

  it("a crashed server's reservations and unanswered claims come back once its lease lapses, not before", async () => {
    const { crashed, restarted, keyId, balance, advance } = await twoProcesses(100);
    await crashed.startLease(LIMITS.leaseLapseMs);
    await restarted.startLease(LIMITS.leaseLapseMs);
    expect(await crashed.claimIdempotencyKey(keyId, 'retry-me', 'hash', 86_400_000, LIMITS.ownerlessAfterMs)).toEqual({
      state: 'claimed',
    });
    for (const id of ['req_inflight1', 'req_inflight2', 'req_inflight3']) await crashed.reserve(keyId, 5, id, 'stool');
    expect(await balance()).toBe(85);

    // While the owner renews, nothing of it is touched, and its claim is in progress to everyone else.
    advance(20_000);
    await crashed.renewLease();
    advance(20_000);
    expect(await restarted.sweepAbandoned(LIMITS)).toEqual({ reservations: 0, credits: 0, claims: 0 });
    expect(await restarted.claimIdempotencyKey(keyId, 'retry-me', 'hash', 86_400_000, LIMITS.ownerlessAfterMs)).toEqual(
      { state: 'in_progress' },
    );
    expect((await restarted.held(LIMITS)).reservations.every((held) => !held.abandoned)).toBe(true);

    // It stops renewing (kill -9): past the lapse, the sweep gives everything back.
    advance(LIMITS.leaseLapseMs);
    expect((await restarted.held(LIMITS)).reservations.map((held) => held.abandoned)).toEqual([true, true, true]);
    expect(await restarted.sweepAbandoned(LIMITS)).toEqual({ reservations: 3, credits: 15, claims: 1 });
    expect(await balance()).toBe(100);
    expect(await restarted.held(LIMITS)).toEqual({ reservations: [], claims: [] });
    // The retry of the in-flight idempotent request runs afresh.
    expect(await restarted.claimIdempotencyKey(keyId, 'retry-me', 'hash', 86_400_000, LIMITS.ownerlessAfterMs)).toEqual(
      { state: 'claimed' },
    );
  });

  it('a claim whose owner lapsed is taken over by the retry itself, before any sweep', async () => {
    const { crashed, restarted, keyId, advance } = await twoProcesses(100);
    await crashed.startLease(LIMITS.leaseLapseMs);
    await restarted.startLease(LIMITS.leaseLapseMs);
    await crashed.claimIdempotencyKey(keyId, 'k', 'hash', 86_400_000, LIMITS.ownerlessAfterMs);
    advance(LIMITS.leaseLapseMs + 1);
    expect(await restarted.claimIdempotencyKey(keyId, 'k', 'hash', 86_400_000, LIMITS.ownerlessAfterMs)).toEqual({
      state: 'claimed',
    });
  });

  it("a refund whose write failed is given back by this process's own sweep once the store writes again", async () => {
    const { failWrites, crashed: server, keyId, balance } = await twoProcesses(100);
    await server.startLease(LIMITS.leaseLapseMs);
    const reservation = (await server.reserve(keyId, 5, 'req_diskfull1', 'stool')) as Reservation;
    const writable = await failWrites('credit_reservations', 'DELETE');
    await expect(server.refund(reservation)).rejects.toThrow(FULL_DISK);
    expect(server.failure()?.message).toMatch(FULL_DISK);
    expect(await server.sweepAbandoned(LIMITS).catch((error: Error) => error.message)).toMatch(FULL_DISK);
    expect(await balance()).toBe(95);
    await writable();
    expect(await server.sweepAbandoned(LIMITS)).toEqual({ reservations: 1, credits: 5, claims: 0 });
    expect(await balance()).toBe(100);
  });

  it('a claim whose release failed does not answer the retry IN_PROGRESS: the retry runs', async () => {
    const { failWrites, crashed: server, keyId } = await twoProcesses(100);
    await server.startLease(LIMITS.leaseLapseMs);
    await server.claimIdempotencyKey(keyId, 'k', 'hash', 86_400_000, LIMITS.ownerlessAfterMs);
    const writable = await failWrites('idempotency_keys', 'DELETE');
    await expect(server.releaseIdempotencyKey(keyId, 'k')).rejects.toThrow(FULL_DISK);
    await writable();
    expect(await server.claimIdempotencyKey(keyId, 'k', 'hash', 86_400_000, LIMITS.ownerlessAfterMs)).toEqual({
      state: 'claimed',
    });
  });

  it('probe writes; it fails on a store that cannot', async () => {
    const { failWrites, crashed: server } = await twoProcesses(100);
    await server.startLease(LIMITS.leaseLapseMs);
    await server.probe(true);
    const writable = await failWrites('instances', kind.name === 'SQLite' ? 'UPDATE' : 'INSERT');
    await expect(server.probe(false)).rejects.toThrow(FULL_DISK);
    await writable();
    await server.probe(false);
  });

  it('expired idempotency entries are purged in batches, answered ones included', async () => {
    const { crashed: store, keyId, advance } = await twoProcesses(100);
    for (let i = 0; i < 25; i++)
      await store.claimIdempotencyKey(keyId, `old-${i}`, 'hash', 86_400_000, LIMITS.ownerlessAfterMs);
    advance(86_400_000 + 1);
    await store.claimIdempotencyKey(keyId, 'new', 'hash', 86_400_000, LIMITS.ownerlessAfterMs);
    const cutoff = new Date(new Date('2030-01-01T00:00:00.000Z').getTime() + 1);
    expect(await store.purgeIdempotencyKeys(cutoff, 10)).toBe(10);
    expect(await store.purgeIdempotencyKeys(cutoff, 10)).toBe(10);
    expect(await store.purgeIdempotencyKeys(cutoff, 10)).toBe(5);
    expect(await store.purgeIdempotencyKeys(cutoff, 10)).toBe(0);
    expect((await store.held(LIMITS)).claims.map((claim) => claim.idempotencyKey)).toEqual(['new']);
  });
});

/** Several processes on one store: replicas on PostgreSQL, or a server and the CLI on one SQLite file. */
describe.each(STORE_KINDS)('$name store: processes sharing it', (kind) => {
  const LIMITS = { leaseLapseMs: 30_000, ownerlessAfterMs: 10 * 60_000 };

  async function processes(count: number, credits: number | null) {
    const unit = await kind.create();
    const stores = [unit.store, ...(await Promise.all(Array.from({ length: count - 1 }, () => unit.twin())))];
    for (const store of stores) await store.startLease(LIMITS.leaseLapseMs);
    const { record } = await issueKey(unit.store, { name: 'shared', credits, expiresAt: null });
    return { ...unit, stores, keyId: record.id };
  }

  it('reservations from three processes at once never overspend, and every refund comes back', async () => {
    const { stores, keyId, balance, openReservations } = await processes(3, 100);
    const made = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        stores[i % 3]!.reserve(keyId, 5, `req_spread${i}`, 'stool').then((r) => ({ r, by: stores[i % 3]! })),
      ),
    );
    const taken = made.filter((entry) => entry.r !== undefined);
    expect(taken).toHaveLength(20);
    expect(await balance(keyId)).toBe(0);
    // Half committed, half refunded, each refund sent by two processes at once: given back once.
    await Promise.all(
      taken.map(({ r, by }, i) =>
        i % 2 === 0 ? by.commit(r!) : Promise.all([by.refund(r!), stores[(i + 1) % 3]!.refund(r!)]),
      ),
    );
    expect(await balance(keyId)).toBe(50);
    expect(await openReservations()).toBe(0);
    expect(await stores[0]!.usage(keyId)).toHaveLength(10);
  });

  it('one idempotency key claimed by three processes at once: one claims, the others see it in progress, then all replay', async () => {
    const { stores, keyId } = await processes(3, 100);
    const claims = await Promise.all(
      stores.map((store) => store.claimIdempotencyKey(keyId, 'same', 'hash', 86_400_000, LIMITS.ownerlessAfterMs)),
    );
    expect(claims.filter((claim) => claim.state === 'claimed')).toHaveLength(1);
    expect(claims.filter((claim) => claim.state === 'in_progress')).toHaveLength(2);
    const owner = stores[claims.findIndex((claim) => claim.state === 'claimed')]!;
    const reservation = (await owner.reserve(keyId, 5, 'req_idem0001', 'skin')) as Reservation;
    await owner.commit(reservation, { answer: { idempotencyKey: 'same', body: '{"ok":true}' } });
    for (const store of stores)
      expect(await store.claimIdempotencyKey(keyId, 'same', 'hash', 86_400_000, LIMITS.ownerlessAfterMs)).toEqual({
        state: 'replay',
        body: '{"ok":true}',
      });
    expect(await stores[1]!.claimIdempotencyKey(keyId, 'same', 'other', 86_400_000, LIMITS.ownerlessAfterMs)).toEqual({
      state: 'mismatch',
    });
  });

  it('the rate limit is one bucket per key: 10 a minute is 10, then Retry-After, across every PostgreSQL replica', async () => {
    const { stores, keyId } = await processes(3, null);
    // SQLite keeps the buckets in the process's memory: one process serves a store file.
    const callers = kind.name === 'PostgreSQL' ? stores : [stores[0]!];
    const at = new Date('2030-01-01T00:00:00.000Z');
    const decisions = await Promise.all(
      Array.from({ length: 15 }, (_, i) => callers[i % callers.length]!.takeCall(keyId, 10, at)),
    );
    expect(decisions.filter((d) => d.granted)).toHaveLength(10);
    expect(decisions.find((d) => !d.granted)).toEqual({ granted: false, retryAfterSeconds: 6 });
    // Six seconds later one call's token has come back, for whichever process asks first.
    const later = new Date(at.getTime() + 6_000);
    expect((await callers.at(-1)!.takeCall(keyId, 10, later)).granted).toBe(true);
    expect(await callers[0]!.takeCall(keyId, 10, later)).toEqual({ granted: false, retryAfterSeconds: 6 });
    // A minute refills the bucket, never beyond its size.
    const full = await Promise.all(
      Array.from({ length: 12 }, () => callers[0]!.takeCall(keyId, 10, new Date(at.getTime() + 3_600_000))),
    );
    expect(full.filter((d) => d.granted)).toHaveLength(10);
  });

  it('of processes starting together on an empty store, one makes the first key', async () => {
    const unit = await kind.create();
    const stores = [unit.store, await unit.twin(), await unit.twin()];
    const made = await Promise.all(
      stores.map((store, i) =>
        store.createFirstKey({ name: 'default', credits: null, expiresAt: null }, `hash${i}`, `pk_${i}`),
      ),
    );
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(await unit.store.countKeys()).toBe(1);
  });
});

describe.each(STORE_KINDS)("$name store: pets' records", (kind) => {
  it('keeps records per clinic and pet, newest first, pages, keeps photos, erases and purges', async () => {
    let now = new Date('2030-01-01T00:00:00.000Z');
    const { store } = await kind.create(() => now);
    const { record: mine } = await issueKey(store, { name: 'mine', credits: 100, expiresAt: null });
    expect(mine.clinic).toBe(DEFAULT_CLINIC);
    // Another clinic's key: it sees nothing of this clinic's, nor this clinic of its.
    const { record: theirs } = await issueKey(store, {
      name: 'theirs',
      credits: null,
      expiresAt: null,
      clinic: 'other',
    });
    expect(theirs.clinic).toBe('other');
    const settle = async (keyId: string, pet: string, i: number, charged = true, photo?: Buffer) => {
      const reservation = (await store.reserve(keyId, 5, `req_record${i}`, 'stool')) as Reservation;
      await store.commit(reservation, {
        charged,
        record: {
          petId: pet,
          data: JSON.stringify({ n: i }),
          photo: photo && { bytes: photo, format: 'jpeg' },
          arrivedAt: now,
        },
      });
      now = new Date(now.getTime() + 60_000);
    };
    await settle(mine.id, 'rex', 1);
    await settle(mine.id, 'rex', 2, false, Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]));
    await settle(mine.id, 'tom', 3);
    await settle(theirs.id, 'rex', 4);
    const rex = (await store.petRecords(mine.id, 'rex', 10))!;
    expect(rex.map((r) => [r.requestId, r.creditsCharged, r.hasPhoto, r.data])).toEqual([
      ['req_record2', 0, true, { n: 2 }],
      ['req_record1', 5, false, { n: 1 }],
    ]);
    expect((await store.petRecords(mine.id, 'rex', 10, rex[0]!.requestId))!.map((r) => r.requestId)).toEqual([
      'req_record1',
    ]);
    // A page anchored on a record of another key's, or of another pet, is no page.
    expect(await store.petRecords(theirs.id, 'rex', 10, 'req_record2')).toBeUndefined();
    expect(await store.petRecords(mine.id, 'tom', 10, 'req_record2')).toBeUndefined();
    expect((await store.petPhoto(mine.id, 'rex', 'req_record2'))?.bytes).toEqual(
      Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]),
    );
    expect(await store.petPhoto(theirs.id, 'rex', 'req_record2')).toBeUndefined();
    expect((await store.getKey(mine.id))?.credits).toBe(90);
    expect(await store.petsOf(mine.id)).toEqual([
      { petId: 'rex', records: 2, latest: '2030-01-01T00:01:00.000Z' },
      { petId: 'tom', records: 1, latest: '2030-01-01T00:02:00.000Z' },
    ]);
    expect(await store.deletePet(mine.id, 'rex')).toBe(2);
    expect(await store.petRecords(mine.id, 'rex', 10)).toEqual([]);
    expect(await store.petRecords(theirs.id, 'rex', 10)).toHaveLength(1);
    // Retention: the records made before the cutoff go, in batches.
    expect(await store.purgePetRecords(new Date('2030-01-01T00:02:30.000Z'), 10)).toBe(1);
    expect(await store.petRecords(mine.id, 'tom', 10)).toEqual([]);
    expect(await store.petRecords(theirs.id, 'rex', 10)).toHaveLength(1);
  });

  it("a clinic's keys share its patients' records: each lists, shows and erases what the other made", async () => {
    let now = new Date('2030-01-01T00:00:00.000Z');
    const { store } = await kind.create(() => now);
    const vet = (await issueKey(store, { name: 'vet', credits: null, expiresAt: null, clinic: 'north' })).record;
    const desk = (await issueKey(store, { name: 'desk', credits: null, expiresAt: null, clinic: 'north' })).record;
    const south = (await issueKey(store, { name: 'south', credits: null, expiresAt: null, clinic: 'south' })).record;
    const settle = async (keyId: string, i: number, photo?: Buffer) => {
      const reservation = (await store.reserve(keyId, 5, `req_shared${i}`, 'skin')) as Reservation;
      await store.commit(reservation, {
        charged: true,
        record: {
          petId: 'chart-1042',
          data: JSON.stringify({ n: i }),
          photo: photo && { bytes: photo, format: 'png' },
          arrivedAt: now,
        },
      });
      now = new Date(now.getTime() + 1000);
    };
    await settle(vet.id, 1, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await settle(desk.id, 2);
    await settle(south.id, 3);
    for (const key of [vet, desk]) {
      expect((await store.petRecords(key.id, 'chart-1042', 10))!.map((r) => r.requestId)).toEqual([
        'req_shared2',
        'req_shared1',
      ]);
      expect(await store.petsOf(key.id)).toEqual([
        { petId: 'chart-1042', records: 2, latest: '2030-01-01T00:00:01.000Z' },
      ]);
      expect((await store.petPhoto(key.id, 'chart-1042', 'req_shared1'))?.bytes).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      );
    }
    expect((await store.petRecords(south.id, 'chart-1042', 10))!.map((r) => r.requestId)).toEqual(['req_shared3']);
    expect(await store.petRecords(south.id, 'chart-1042', 10, 'req_shared1')).toBeUndefined();
    expect(await store.petPhoto(south.id, 'chart-1042', 'req_shared1')).toBeUndefined();
    // The desk erases the patient: the vet's analysis in flight keeps no record either; the other clinic's stay.
    const arrived = now;
    const inFlight = (await store.reserve(vet.id, 5, 'req_inflight', 'skin')) as Reservation;
    now = new Date(now.getTime() + 1000);
    expect(await store.deletePet(desk.id, 'chart-1042')).toBe(2);
    await store.commit(inFlight, { record: { petId: 'chart-1042', data: '{}', arrivedAt: arrived } });
    expect(await store.petRecords(vet.id, 'chart-1042', 10)).toEqual([]);
    expect(await store.petRecords(south.id, 'chart-1042', 10)).toHaveLength(1);
    expect((await store.listKeys()).map((key) => [key.name, key.clinic])).toEqual(
      expect.arrayContaining([
        ['vet', 'north'],
        ['desk', 'north'],
        ['south', 'south'],
      ]),
    );
  });

  it("an erasure takes its pet's stored answers with it: a retry of their Idempotency-Keys is a new analysis, and one settling after keeps none", async () => {
    let now = new Date('2030-01-01T00:00:00.000Z');
    const { store } = await kind.create(() => now);
    const { record: key } = await issueKey(store, { name: 'north', credits: 100, expiresAt: null, clinic: 'north' });
    const { record: colleague } = await issueKey(store, {
      name: 'desk',
      credits: null,
      expiresAt: null,
      clinic: 'north',
    });
    const { record: elsewhere } = await issueKey(store, {
      name: 'south',
      credits: null,
      expiresAt: null,
      clinic: 'south',
    });
    const claim = (keyId: string, idem: string) => store.claimIdempotencyKey(keyId, idem, 'hash', 86_400_000, 60_000);
    /** A request with an Idempotency-Key, about `pet` (X-Pet-Id) or none, claimed and reserved; `settle` answers it. */
    const request = async (keyId: string, idem: string, pet?: string) => {
      expect(await claim(keyId, idem)).toEqual({ state: 'claimed' });
      const arrivedAt = now;
      const reservation = (await store.reserve(keyId, 5, `req_${idem}`, 'skin')) as Reservation;
      const body = JSON.stringify({ idem, pet });
      const settle = () =>
        store.commit(reservation, {
          answer: { idempotencyKey: idem, body },
          record: pet === undefined ? undefined : { petId: pet, data: body, arrivedAt },
        });
      return { body, settle };
    };
    const answered = async (keyId: string, idem: string, pet?: string) => {
      const { body, settle } = await request(keyId, idem, pet);
      await settle();
      expect(await claim(keyId, idem)).toEqual({ state: 'replay', body });
      return body;
    };
    await answered(key.id, 'rex-1', 'rex');
    await answered(colleague.id, 'rex-2', 'rex');
    const tom = await answered(key.id, 'tom-1', 'tom');
    const noPet = await answered(key.id, 'no-pet');
    const otherClinic = await answered(elsewhere.id, 'rex-south', 'rex');
    const inFlight = await request(key.id, 'rex-3', 'rex');
    now = new Date(now.getTime() + 1000);
    expect(await store.deletePet(colleague.id, 'rex')).toBe(2);
    // The clinic's answers about rex are gone, from whichever of its keys: a retry claims the key afresh.
    expect(await claim(key.id, 'rex-1')).toEqual({ state: 'claimed' });
    expect(await claim(colleague.id, 'rex-2')).toEqual({ state: 'claimed' });
    // Sent before the erasure, answered after: charged, but neither recorded nor kept to replay.
    await inFlight.settle();
    expect(await claim(key.id, 'rex-3')).toEqual({ state: 'claimed' });
    expect(await store.petRecords(key.id, 'rex', 10)).toEqual([]);
    // Other pets', no pet's and another clinic's rex's answers stay.
    expect(await claim(key.id, 'tom-1')).toEqual({ state: 'replay', body: tom });
    expect(await claim(key.id, 'no-pet')).toEqual({ state: 'replay', body: noPet });
    expect(await claim(elsewhere.id, 'rex-south')).toEqual({ state: 'replay', body: otherClinic });
  });

  it('an analysis whose request arrived before its pet was erased keeps no record, even reserved after; one sent after does; the mark goes once none can settle', async () => {
    let now = new Date('2030-01-01T00:00:00.000Z');
    const { store } = await kind.create(() => now);
    const { record: key } = await issueKey(store, { name: 'clinic', credits: 100, expiresAt: null });
    const later = () => (now = new Date(now.getTime() + 1000));
    const record = (i: number, arrivedAt: Date) => ({
      record: { petId: 'rex', data: JSON.stringify({ n: i }), arrivedAt },
    });
    const sentBefore = now;
    const inFlight = (await store.reserve(key.id, 5, 'req_inflight', 'stool')) as Reservation;
    const otherPet = (await store.reserve(key.id, 5, 'req_otherpet', 'stool')) as Reservation;
    later();
    expect(await store.deletePet(key.id, 'rex')).toBe(0);
    later();
    // Sent before the erasure, but reserved after it (it waited for its body and a CPU slot: issue 43).
    const queued = (await store.reserve(key.id, 5, 'req_queued', 'stool')) as Reservation;
    const sentAfter = now;
    const after = (await store.reserve(key.id, 5, 'req_after', 'stool')) as Reservation;
    await store.commit(inFlight, record(1, sentBefore));
    await store.commit(queued, record(2, sentBefore));
    await store.commit(after, record(3, sentAfter));
    // Charged all the same: the analysis was made and answered; only its record is not kept.
    expect((await store.getKey(key.id))?.credits).toBe(80);
    expect((await store.petRecords(key.id, 'rex', 10))!.map((r) => r.requestId)).toEqual(['req_after']);
    // The mark stays while a reservation older than it is open, and for as long as a request sent
    // before it may still be waiting for its reservation; then it goes.
    expect(await store.purgeErasures()).toBe(0);
    await store.commit(otherPet, { record: { petId: 'tom', data: '{}', arrivedAt: sentBefore } });
    expect(await store.purgeErasures()).toBe(0);
    now = new Date(now.getTime() + ERASURE_MARK_MS);
    expect(await store.purgeErasures()).toBe(1);
    expect((await store.petRecords(key.id, 'tom', 10))!).toHaveLength(1);
  });
});
