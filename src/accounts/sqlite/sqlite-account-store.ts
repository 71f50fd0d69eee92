import type Database from 'better-sqlite3';
import {
  type AccountStore,
  AccountStoreError,
  type NewKey,
  type Reservation,
  type Settlement,
  type StoreDescription,
} from '../account-store.js';
import { noSuchKey } from '../process-holdings.js';
import { CLINIC_OF_KEY, INSERT_CLAIM, INSERT_KEY, keyValues, TAKE_OVER_CLAIM } from '../shared-statements.js';
import { SqlAccountStore } from '../sql-account-store.js';
import { BUSY_TIMEOUT_MS, openSqlite } from './sqlite-open.js';
import { SqliteRunner } from './sqlite-runner.js';
import { type ClaimRow, type KeyRow, toKeyRecord, type WithHeartbeat } from '../store-rows.js';
import { columns, placeholders } from '../store-tables.js';
import { type RateDecision, TokenBuckets } from '../token-bucket.js';

/** Whether the clinic of a key (the next parameter) erased a pet (the one after) since a time (the last). */
const ERASED_IN_CLINIC = `EXISTS (SELECT 1 FROM pet_erasures e JOIN api_keys k ON k.id = e.key_id
  WHERE k.clinic = ${CLINIC_OF_KEY} AND e.pet_id = ? AND e.erased_at >= ?)`;

type HeldReservation = { key_id: string; credits: number; metered: number };

/**
 * The embedded store. better-sqlite3 runs each statement synchronously, and every balance change
 * is a single conditional UPDATE inside a transaction, so neither concurrent requests in this
 * process nor another process on the same file can take the balance below zero. Transactions that
 * read and then write start IMMEDIATE: they take the write lock first, so another process writing
 * in between makes them wait (busy_timeout) instead of failing with SQLITE_BUSY_SNAPSHOT. What is
 * the same SQL as PostgreSQL's is in SqlAccountStore; here are the transactions.
 */
export class SqliteAccountStore extends SqlAccountStore implements AccountStore {
  private readonly db: Database.Database;
  private readonly statements: SqliteRunner;
  /** Call rates, in memory: one process serves a store file. */
  private readonly buckets = new TokenBuckets();
  /** The next try at emptying the log after an erasure, while a reader stops it (truncateLog). */
  private truncateRetry: NodeJS.Timeout | undefined;
  readonly description: StoreDescription;

  constructor(
    private readonly file: string,
    now: () => Date = () => new Date(),
  ) {
    const db = openSqlite(file);
    const statements = new SqliteRunner(db);
    super(statements, now);
    this.db = db;
    this.statements = statements;
    this.description = { kind: 'sqlite', location: file };
  }

  /** A prepared statement, for the synchronous transactions below. */
  private prepared<Row = unknown>(sql: string) {
    return this.statements.prepare<Row>(sql);
  }

  async createFirstKey(key: NewKey, secretHash: string, prefix: string) {
    // IMMEDIATE: the count and the insert under one write lock, so of two processes only one creates it.
    const create = this.db.transaction(() =>
      this.prepared<{ n: number }>('SELECT COUNT(*) AS n FROM api_keys').get()!.n === 0
        ? this.prepared<KeyRow>(INSERT_KEY).get(...keyValues(key, secretHash, prefix, this.timestamp()))
        : undefined,
    );
    const row = create.immediate();
    return row && toKeyRecord(row);
  }

  protected async reserveRow(keyId: string, credits: number, requestId: string, operation: string, at: Date) {
    return this.db
      .transaction((): Reservation | undefined => {
        const row = this.prepared<KeyRow>('SELECT * FROM api_keys WHERE id = ?').get(keyId);
        if (!row) throw noSuchKey(keyId);
        const metered = row.credits !== null;
        let remaining: number | null = null;
        if (metered) {
          const taken = this.prepared<{ credits: number }>(
            'UPDATE api_keys SET credits = credits - ? WHERE id = ? AND credits >= ? RETURNING credits',
          ).get(credits, keyId, credits);
          if (!taken) return undefined;
          remaining = taken.credits;
        }
        const [reservation] = this.prepared<{ id: number }>(
          `INSERT INTO credit_reservations (${columns('credit_reservations', ['id'])}) VALUES (${placeholders(7)}) RETURNING id`,
        ).all(keyId, requestId, operation, credits, metered ? 1 : 0, at.toISOString(), this.holdings.lease ?? null);
        return { id: reservation!.id, keyId, credits, remaining };
      })
      .immediate();
  }

  protected async settleRow(reservation: Reservation, { charged = true, answer, record }: Settlement, at: Date) {
    const when = at.toISOString();
    return this.db
      .transaction((): boolean => {
        const row = this.prepared<HeldReservation & { request_id: string; operation: string; created_at: string }>(
          'SELECT * FROM credit_reservations WHERE id = ?',
        ).get(reservation.id);
        if (!row) return false;
        if (charged) {
          this.prepared('DELETE FROM credit_reservations WHERE id = ?').run(reservation.id);
          this.prepared(
            `INSERT INTO usage_ledger (${columns('usage_ledger', ['id'])}) VALUES (${placeholders(5)})`,
          ).run(row.key_id, row.operation, row.request_id, row.credits, when);
        } else {
          this.giveBack(reservation.id);
        }
        this.prepared('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(when, row.key_id);
        // Nothing kept of a pet erased since this analysis's request arrived (deletePet): no record,
        // and no answer for its Idempotency-Key to replay (the key is free again).
        const erased =
          record !== undefined &&
          this.prepared<{ erased: number }>(`SELECT ${ERASED_IN_CLINIC} AS erased`).get(
            row.key_id,
            record.petId,
            record.arrivedAt.toISOString(),
          )!.erased === 1;
        if (answer && erased) {
          this.prepared('DELETE FROM idempotency_keys WHERE key_id = ? AND idem_key = ?').run(
            row.key_id,
            answer.idempotencyKey,
          );
        } else if (answer) {
          this.prepared('UPDATE idempotency_keys SET body = ?, pet_id = ? WHERE key_id = ? AND idem_key = ?').run(
            answer.body,
            record?.petId ?? null,
            row.key_id,
            answer.idempotencyKey,
          );
        }
        if (record && !erased) {
          this.prepared(
            `INSERT INTO pet_records (${columns('pet_records', ['id'])}) SELECT ${placeholders(9)}, ${CLINIC_OF_KEY}, ?`,
          ).run(
            row.key_id,
            record.petId,
            row.request_id,
            row.operation,
            charged ? row.credits : 0,
            when,
            record.data,
            record.photo?.bytes ?? null,
            record.photo?.format ?? null,
            row.key_id,
            record.madeBy ?? null,
          );
        }
        return true;
      })
      .immediate();
  }

  /** Deletes the reservation and, if this delete took it, gives a metered key its credits back: inside a transaction. */
  private giveBack(id: number): boolean {
    const gone = this.prepared<HeldReservation>(
      'DELETE FROM credit_reservations WHERE id = ? RETURNING key_id, credits, metered',
    ).get(id);
    if (gone?.metered)
      this.prepared('UPDATE api_keys SET credits = credits + ? WHERE id = ?').run(gone.credits, gone.key_id);
    return gone !== undefined;
  }

  protected async refundRow(id: number) {
    return this.db.transaction(() => this.giveBack(id)).immediate();
  }

  async claimIdempotencyKey(keyId: string, key: string, requestHash: string, ttlMs: number, abandonAfterMs: number) {
    const now = this.now();
    const owner = this.holdings.lease ?? null;
    return this.claiming(keyId, key, now, async () =>
      this.db
        .transaction(() => {
          const row = this.prepared<WithHeartbeat<ClaimRow> & { request_hash: string; body: string | null }>(
            `SELECT c.key_id, c.idem_key, c.request_hash, c.body, c.created_at, c.owner, i.heartbeat_at
             FROM idempotency_keys c LEFT JOIN instances i ON i.id = c.owner WHERE c.key_id = ? AND c.idem_key = ?`,
          ).get(keyId, key);
          if (!row) {
            this.prepared(INSERT_CLAIM).run(keyId, key, requestHash, now.toISOString(), owner);
            return { state: 'claimed' as const };
          }
          const decision = this.decideClaim(row, requestHash, now, ttlMs, abandonAfterMs);
          if (decision.state !== 'take_over') return decision;
          this.prepared(TAKE_OVER_CLAIM).run(requestHash, now.toISOString(), owner, keyId, key);
          return { state: 'claimed' as const };
        })
        .immediate(),
    );
  }

  async takeCall(keyId: string, perMinute: number, at: Date): Promise<RateDecision> {
    return this.buckets.take(keyId, perMinute, at.getTime());
  }

  async probe(thorough: boolean): Promise<void> {
    this.prepared('SELECT COUNT(*) FROM api_keys').get();
    if (this.holdings.lease) await this.renewLease();
    else this.db.transaction(() => undefined).immediate();
    if (thorough) {
      const verdict = this.db.pragma('quick_check(1)', { simple: true });
      if (verdict !== 'ok') {
        throw new AccountStoreError(
          `The key store ${this.file} failed its integrity check (${String(verdict)}). Stop every pawlens on it and restore it from a backup; "sqlite3 ${this.file} .recover" may save its rows.`,
        );
      }
    }
  }

  /**
   * Deleted rows are zeroed where they lay (secure_delete, set at open), but the write-ahead log
   * still holds the frames that wrote them: checkpointed and truncated, the log keeps none. A
   * reader in another process (a CLI command) can hold the checkpoint back; the next one finishes it.
   */
  protected override async afterErasure(): Promise<void> {
    this.truncateLog();
  }

  /**
   * Writes the log back into the database and empties it, so that the erased rows' old pages (a
   * kept photo's bytes) are in neither file. A reader holding an older snapshot (a backup, an
   * sqlite3 shell) stops that: the checkpoint is then tried without waiting (a wait would hold the
   * event loop, every request with it, for the busy timeout) and again later, backing off, until
   * it empties the log (issue 43).
   */
  private truncateLog(attempt = 0): void {
    clearTimeout(this.truncateRetry);
    this.truncateRetry = undefined;
    if (!this.db.open) return;
    this.db.pragma('busy_timeout = 0');
    let busy: boolean;
    try {
      const [result] = this.db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
      busy = result?.busy !== 0;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      busy = true;
    } finally {
      this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
    if (busy)
      this.truncateRetry = setTimeout(
        () => this.truncateLog(attempt + 1),
        Math.min(30_000, 100 * 2 ** attempt),
      ).unref();
  }

  async close() {
    clearTimeout(this.truncateRetry);
    if (this.db.open) this.db.close();
  }
}
