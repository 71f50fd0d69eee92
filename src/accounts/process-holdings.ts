import {
  AccountStoreError,
  LEASE_LAPSE_MS,
  type AbandonLimits,
  type KeyStatus,
  type StoreFailure,
} from './account-store.js';

/** One idempotency claim, as a process tracks the ones it has open. */
export const claimOf = (keyId: string, key: string) => `${keyId}\u0000${key}`;

/** A reservation or unanswered claim as the sweep judges it. */
export interface HeldEntry {
  /** The lease of the process that made it; null when made before leases. */
  readonly owner: string | null;
  readonly createdAt: Date;
  /** When the owner's lease was last renewed; undefined when the lease is gone. */
  readonly ownerHeartbeat: Date | undefined;
  /** Whether a request of this process still has it open. */
  readonly openHere: boolean;
}

/**
 * What this process holds in its store: its lease, and the reservations and idempotency claims its
 * requests have open. Both stores judge with it whether an entry belongs to nobody any more.
 */
export class ProcessHoldings {
  /** This process's lease, once it took one (a server does; CLI commands do not). */
  lease: string | undefined;
  /** How long another process's lease may go unrenewed before what it holds is abandoned. */
  leaseLapseMs = LEASE_LAPSE_MS;
  readonly reservations = new Set<number>();
  readonly claims = new Set<string>();
  /**
   * When each write still on its way started, of those that create an entry of this process's (a
   * reservation, a claim). Its row is in the store before its answer is back here to be
   * registered open; until then, the sweep must not take it for one a failed write left behind.
   */
  private readonly creatingSince = new Set<{ readonly at: number }>();

  /**
   * Runs a write that creates entries of this process's, made at `startedAt` or later, and
   * `register`s what it made as open before the sweep may judge them again.
   */
  async creating<T>(startedAt: Date, write: () => Promise<T>, register: (made: T) => void): Promise<T> {
    const mark = { at: startedAt.getTime() };
    this.creatingSince.add(mark);
    try {
      const made = await write();
      register(made);
      return made;
    } finally {
      this.creatingSince.delete(mark);
    }
  }

  /**
   * Whether a write of this process's still on its way may have made this entry: the sweep, which
   * reads rows while requests run, leaves such an entry for the next round. (A claim judging the
   * row it found under lock needs no such care: that row was there before the claim began.)
   */
  beingMade(entry: HeldEntry): boolean {
    return entry.owner === this.lease && [...this.creatingSince].some((write) => entry.createdAt.getTime() >= write.at);
  }

  /**
   * Runs a write that settles entries of this process's (a commit, a refund, a release), and
   * `forget`s them as open only once it is over, failed or not: while it runs they are still held
   * here, so a sweep that read them a moment before does not give them back under it.
   */
  async settling<T>(write: () => Promise<T>, forget: () => void): Promise<T> {
    try {
      return await write();
    } finally {
      forget();
    }
  }

  /**
   * Abandoned: made before leases and older than `ownerlessAfterMs`; this process's own but no
   * request here has it open (a refund or release whose write failed); or another process's whose
   * lease is gone or has not been renewed for `leaseLapseMs` (it crashed).
   */
  abandoned(entry: HeldEntry, now: Date, limits: AbandonLimits): boolean {
    if (entry.owner === null) return entry.createdAt.getTime() < now.getTime() - limits.ownerlessAfterMs;
    if (entry.owner === this.lease) return !entry.openHere;
    return !entry.ownerHeartbeat || entry.ownerHeartbeat.getTime() < now.getTime() - limits.leaseLapseMs;
  }
}

/**
 * The last write of a paid call that failed for the store's own sake (a full disk, a read-only
 * file, an unreachable database), kept for /readyz until a probe passes. A refusal (an
 * AccountStoreError: no such key, already settled) is not the store's fault and is not kept.
 */
export class FailureMemory {
  private last: StoreFailure | undefined;

  constructor(private readonly now: () => Date) {}

  /** Runs a write, synchronous or not, remembering how it failed. */
  guard<T>(write: () => T): T {
    try {
      const result = write();
      return result instanceof Promise ? (result.catch((error: unknown) => this.failed(error)) as T) : result;
    } catch (error) {
      return this.failed(error);
    }
  }

  get failure(): StoreFailure | undefined {
    return this.last;
  }

  clear(): void {
    this.last = undefined;
  }

  private failed(error: unknown): never {
    if (!(error instanceof AccountStoreError)) {
      const { code } = error as { code?: unknown };
      this.last = {
        message: error instanceof Error ? error.message : String(error),
        code: typeof code === 'string' ? code : undefined,
        at: this.now().toISOString(),
      };
    }
    throw error;
  }
}

/** The rules a key's changes follow in every store: a revoked key stays revoked; credits are added in whole positive numbers to metered keys only. */
export function checkStatusChange(id: string, from: KeyStatus, to: KeyStatus): void {
  if (from === 'revoked' && to !== 'revoked')
    throw new AccountStoreError(`Key ${id} is revoked; a revoked key cannot be used again. Create a new one.`);
}

export function checkCreditsToAdd(id: string, balance: number | null, credits: number): void {
  if (!Number.isSafeInteger(credits) || credits <= 0)
    throw new AccountStoreError('Credits to add must be a positive whole number.');
  if (balance === null) throw new AccountStoreError(`Key ${id} is unlimited; it needs no credits.`);
}

export const noSuchKey = (id: string) =>
  new AccountStoreError(`No key with id ${id}; "pawlens keys list" shows the ids.`);
