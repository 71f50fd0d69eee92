import { statfs } from 'node:fs/promises';
import type { Logger } from '../logger.js';
import type { CheckResult, ReadinessCheck } from '../readiness-check.js';
import {
  type AbandonLimits,
  type IdempotencyClaims,
  LEASE_LAPSE_MS,
  type Leases,
  type PetRecords,
  type StoreHealth,
} from './account-store.js';

export interface StoreUpkeepOptions {
  /** The folder the store's files are in, whose free space /readyz watches; undefined for an in-memory store. */
  readonly dataDir: string | undefined;
  /** How long idempotency entries are kept (the purge forgets older ones). */
  readonly idempotencyTtlMs: number;
  /** Pets' records older than this are forgotten (PAWLENS_RECORDS_RETENTION_DAYS); undefined keeps them. */
  readonly recordsRetentionMs?: number;
  /** An unanswered claim or reservation with no owner (made before leases) is abandoned after this long. */
  readonly ownerlessAfterMs: number;
  /** Below this much free space in dataDir, paid calls would soon fail to write: not ready. */
  readonly minFreeBytes?: number;
  /** A lease not renewed for this long has lapsed (LEASE_LAPSE_MS unless given); it is renewed six times as often. */
  readonly leaseLapseMs?: number;
  readonly logger: Logger;
  readonly now?: () => Date;
}

/** Renewals per lapse period: a lease survives a few missed rounds (a slow disk, a long request on the event loop). */
const RENEWALS_PER_LAPSE = 6;
/** Idempotency entries forgotten per round: each batch holds the write lock for a moment only. */
const PURGE_BATCH = 500;
/** Batches per round at most: a backlog of 800,000 entries drains in minutes without stalling requests. */
const PURGE_BATCHES_PER_ROUND = 20;
const DEFAULT_MIN_FREE_BYTES = 64 * 1024 * 1024;

/**
 * What keeps the store honest while the server runs (docs/design.md §10): the server's lease, renewed
 * every few seconds, which is also the store's write probe; the sweep, which gives back what a
 * crashed process or a failed write left held; and the purge of expired idempotency entries, in
 * small batches off the request path. /readyz reads the result of the last round, never waits on one.
 */
export class StoreUpkeep {
  private readonly limits: AbandonLimits;
  private readonly intervalMs: number;
  private readonly minFreeBytes: number;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> = Promise.resolve();
  /** Why the last probe failed, or undefined when it passed. */
  private probeFailure: string | undefined;

  constructor(
    private readonly store: Leases &
      StoreHealth &
      Pick<IdempotencyClaims, 'purgeIdempotencyKeys'> &
      Pick<PetRecords, 'purgePetRecords' | 'purgeErasures'>,
    private readonly options: StoreUpkeepOptions,
  ) {
    this.limits = { leaseLapseMs: options.leaseLapseMs ?? LEASE_LAPSE_MS, ownerlessAfterMs: options.ownerlessAfterMs };
    this.intervalMs = this.limits.leaseLapseMs / RENEWALS_PER_LAPSE;
    this.minFreeBytes = options.minFreeBytes ?? DEFAULT_MIN_FREE_BYTES;
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Takes the lease, checks the store reads, writes and is whole (a server never starts on a
   * store that would fail its calls), and gives back at once whatever an earlier, lapsed process
   * held; then a round every few seconds.
   */
  async start(): Promise<void> {
    await this.store.startLease(this.limits.leaseLapseMs);
    await this.store.probe(true);
    await this.sweep();
    this.timer = setInterval(() => void this.runRound(), this.intervalMs);
    this.timer.unref();
  }

  /** One round now (the timer's work); resolves when it is done. Rounds never overlap. */
  runRound(): Promise<void> {
    this.round = this.round.then(() => this.roundOnce());
    return this.round;
  }

  /** Stops the rounds and gives the lease back: the caller has settled every request first. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.round;
    await this.store
      .endLease()
      .catch((error: unknown) =>
        this.options.logger.warn({ err: error }, 'could not end the store lease; it lapses by itself'),
      );
  }

  private async roundOnce(): Promise<void> {
    const failure = this.store.failure();
    try {
      await this.store.probe(failure !== undefined);
      this.probeFailure = undefined;
      // A write failed earlier: the store has now read, written and passed its integrity check, and has room.
      if (failure && (await this.freeBytes()) >= this.minFreeBytes) {
        this.store.clearFailure();
        this.options.logger.info({ after: failure }, 'the key store writes again');
      }
    } catch (error) {
      this.probeFailure = error instanceof Error ? error.message : String(error);
      this.options.logger.error({ err: error }, 'the key store failed its probe; /readyz reports not_ready');
      return;
    }
    await this.sweep();
    await this.purge();
  }

  private async sweep(): Promise<void> {
    try {
      const swept = await this.store.sweepAbandoned(this.limits);
      if (swept.reservations > 0 || swept.claims > 0)
        this.options.logger.warn(swept, 'gave back reservations and idempotency claims nobody holds any more');
    } catch (error) {
      this.options.logger.error(
        { err: error },
        'the sweep of abandoned reservations failed; it runs again in a few seconds',
      );
    }
  }

  private async purge(): Promise<void> {
    const now = this.now().getTime();
    await this.purgeInBatches('expired idempotency entries', (limit) =>
      this.store.purgeIdempotencyKeys(new Date(now - this.options.idempotencyTtlMs), limit),
    );
    // Few marks (one per pet erased while calls were in flight): the one statement runs once.
    await this.purgeInBatches('marks of erased pets', () => this.store.purgeErasures());
    const retention = this.options.recordsRetentionMs;
    if (retention !== undefined)
      await this.purgeInBatches("pets' records past their retention", (limit) =>
        this.store.purgePetRecords(new Date(now - retention), limit),
      );
  }

  private async purgeInBatches(what: string, purge: (limit: number) => Promise<number>): Promise<void> {
    try {
      for (let batch = 0; batch < PURGE_BATCHES_PER_ROUND; batch++) {
        if ((await purge(PURGE_BATCH)) < PURGE_BATCH) return;
        // Let requests in between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      this.options.logger.error({ err: error }, `the purge of ${what} failed; it runs again in a few seconds`);
    }
  }

  private async freeBytes(): Promise<number> {
    if (!this.options.dataDir) return Number.POSITIVE_INFINITY;
    const stats = await statfs(this.options.dataDir);
    return stats.bavail * stats.bsize;
  }

  /** /readyz's view of the store: not ready while a paid call's write would fail for the store's sake. */
  readinessCheck(): ReadinessCheck {
    return {
      name: 'store_writes',
      check: async (): Promise<CheckResult> => {
        // Which store answers: the file, or the database without its password.
        const { kind: store, location } = this.store.description;
        const error = (fields: Record<string, unknown>): CheckResult => ({
          status: 'not_ready',
          report: { status: 'error', store, location, ...fields },
        });
        const failure = this.store.failure();
        if (this.probeFailure) return error({ reason: this.probeFailure });
        if (failure) return error({ reason: failure.message, code: failure.code, since: failure.at });
        const free = await this.freeBytes().catch(() => Number.POSITIVE_INFINITY);
        if (free < this.minFreeBytes) {
          return error({
            reason: `${Math.floor(free / 1024 / 1024)} MiB free beside the key store; paid calls need ${Math.floor(this.minFreeBytes / 1024 / 1024)} MiB`,
          });
        }
        return { status: 'ok', report: { status: 'ok', store, location } };
      },
    };
  }

  /** `pawlens doctor`'s limits, the same the sweep uses. */
  get abandonLimits(): AbandonLimits {
    return this.limits;
  }
}
