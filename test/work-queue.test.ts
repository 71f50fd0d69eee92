import { describe, expect, it } from 'vitest';
import { QueueFull, WorkQueue } from '../src/work-queue.js';

describe('WorkQueue', () => {
  it('hands a freed slot to the first waiter, refuses past the queue, and a release twice frees one slot', async () => {
    const queue = new WorkQueue(1, 1);
    const first = await queue.acquire();
    const second = queue.acquire();
    await expect(queue.acquire()).rejects.toBeInstanceOf(QueueFull);
    first();
    first();
    const release = await second;
    expect([queue.active, queue.depth]).toEqual([1, 0]);
    release();
    expect(queue.active).toBe(0);
  });

  it('a waiter whose signal aborts leaves the line with its reason, and the slot goes to the one behind it', async () => {
    const queue = new WorkQueue(1, 2);
    const holder = await queue.acquire();
    const giving = new AbortController();
    const impatient = queue.acquire(giving.signal);
    const patient = queue.acquire();
    giving.abort(new Error('deadline passed'));
    await expect(impatient).rejects.toThrow('deadline passed');
    expect(queue.depth).toBe(1);
    holder();
    const release = await patient;
    expect([queue.active, queue.depth]).toEqual([1, 0]);
    release();
    expect(queue.active).toBe(0);
  });

  it('an already aborted signal is refused at once, taking no slot', async () => {
    const queue = new WorkQueue(1, 1);
    await expect(queue.acquire(AbortSignal.abort(new Error('too late')))).rejects.toThrow('too late');
    expect(queue.active).toBe(0);
  });

  it('one owner holds its share at most: its next jobs wait, another owner behind them goes first', async () => {
    const queue = new WorkQueue(4, 16, 1, 3);
    const greedy = await Promise.all([1, 2, 3].map(() => queue.acquire(undefined, 'key-a')));
    let fourthGranted = false;
    const fourth = queue.acquire(undefined, 'key-a').then((release) => {
      fourthGranted = true;
      return release;
    });
    // A free slot, but not for key-a: it waits, and key-b, arriving after it, takes the slot at once.
    const other = await queue.acquire(undefined, 'key-b');
    await Promise.resolve();
    expect(fourthGranted).toBe(false);
    expect([queue.active, queue.depth]).toEqual([4, 1]);
    // key-b's slot is freed: key-a is still at its share, so the slot stays free.
    other();
    expect([queue.active, queue.depth]).toEqual([3, 1]);
    // One of key-a's own ends: its waiting job takes the slot.
    greedy[0]!();
    const release = await fourth;
    expect([queue.active, queue.depth]).toEqual([3, 0]);
    for (const done of [release, greedy[1]!, greedy[2]!]) done();
    expect(queue.active).toBe(0);
  });
});
