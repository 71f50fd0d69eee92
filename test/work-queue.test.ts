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
});
