import { describe, expect, it } from 'vitest';
import { ProcessHoldings } from '../../src/accounts/process-holdings.js';

const LIMITS = { leaseLapseMs: 30_000, ownerlessAfterMs: 600_000 };
const at = (ms: number) => new Date(Date.UTC(2030, 0, 1) + ms);

describe('what counts as abandoned', () => {
  it("the sweep leaves this process's entry that no request has open yet when a write still on its way may have made it", async () => {
    const holdings = new ProcessHoldings();
    holdings.lease = 'inst_self';
    const mine = (createdAt: Date) => ({ owner: 'inst_self', createdAt, ownerHeartbeat: at(0), openHere: false });
    let answer!: (id: number) => void;
    // A reservation whose row is in the store (committed at 5 ms) while its answer is still on the way back.
    const reserving = holdings.creating(
      at(0),
      () => new Promise<number>((resolve) => (answer = resolve)),
      (id) => holdings.reservations.add(id),
    );
    expect(holdings.beingMade(mine(at(5)))).toBe(true);
    // One made before that write started is not covered by it (a refund whose write failed), nor another process's.
    expect(holdings.beingMade(mine(at(-1)))).toBe(false);
    expect(holdings.abandoned(mine(at(-1)), at(10), LIMITS)).toBe(true);
    expect(holdings.beingMade({ ...mine(at(5)), owner: 'inst_other' })).toBe(false);
    answer(7);
    expect(await reserving).toBe(7);
    expect(holdings.reservations.has(7)).toBe(true);
    // Registered open now; once settled and forgotten here, an entry left in the store is the sweep's.
    expect(holdings.beingMade(mine(at(5)))).toBe(false);
    expect(holdings.abandoned(mine(at(5)), at(10), LIMITS)).toBe(true);
  });

  it('an entry being settled stays held until its write is over, then is forgotten whether the write failed or not', async () => {
    const holdings = new ProcessHoldings();
    holdings.lease = 'inst_self';
    holdings.reservations.add(3);
    const entry = () => ({
      owner: 'inst_self',
      createdAt: at(0),
      ownerHeartbeat: at(0),
      openHere: holdings.reservations.has(3),
    });
    let done!: () => void;
    // A commit on its way: a sweep judging the row meanwhile must leave it to the commit.
    const committing = holdings.settling(
      () => new Promise<void>((resolve) => (done = resolve)),
      () => holdings.reservations.delete(3),
    );
    expect(holdings.abandoned(entry(), at(10), LIMITS)).toBe(false);
    done();
    await committing;
    expect(holdings.abandoned(entry(), at(10), LIMITS)).toBe(true);
    // A refund whose write fails leaves the row to the sweep.
    holdings.reservations.add(3);
    await expect(
      holdings.settling(
        () => Promise.reject(new Error('disk full')),
        () => holdings.reservations.delete(3),
      ),
    ).rejects.toThrow('disk full');
    expect(holdings.abandoned(entry(), at(10), LIMITS)).toBe(true);
  });

  it('a write that fails stops covering what it might have made', async () => {
    const holdings = new ProcessHoldings();
    holdings.lease = 'inst_self';
    await expect(
      holdings.creating(
        at(0),
        () => Promise.reject(new Error('connection lost')),
        () => {},
      ),
    ).rejects.toThrow('connection lost');
    expect(holdings.beingMade({ owner: 'inst_self', createdAt: at(5), ownerHeartbeat: at(0), openHere: false })).toBe(
      false,
    );
  });

  it("another process's entry is abandoned once its lease lapsed or is gone; one without an owner once old enough", () => {
    const holdings = new ProcessHoldings();
    holdings.lease = 'inst_self';
    const theirs = (heartbeat: Date | undefined) => ({
      owner: 'inst_other',
      createdAt: at(0),
      ownerHeartbeat: heartbeat,
      openHere: false,
    });
    expect(holdings.abandoned(theirs(at(0)), at(29_999), LIMITS)).toBe(false);
    expect(holdings.abandoned(theirs(at(0)), at(30_001), LIMITS)).toBe(true);
    expect(holdings.abandoned(theirs(undefined), at(1), LIMITS)).toBe(true);
    expect(
      holdings.abandoned(
        { owner: null, createdAt: at(0), ownerHeartbeat: undefined, openHere: false },
        at(599_999),
        LIMITS,
      ),
    ).toBe(false);
    expect(
      holdings.abandoned(
        { owner: null, createdAt: at(0), ownerHeartbeat: undefined, openHere: false },
        at(600_001),
        LIMITS,
      ),
    ).toBe(true);
  });
});
