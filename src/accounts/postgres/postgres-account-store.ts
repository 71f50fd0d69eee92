import pg from 'pg';
import type {
  AccountStore,
  IdempotencyClaim,
  NewKey,
  Reservation,
  Settlement,
  StoreDescription,
} from '../account-store.js';
import { explainDatabaseFailure, withoutPassword } from './postgres-errors.js';
import { PostgresRunner } from './postgres-runner.js';
import { migrate } from './postgres-schema.js';
import { INSERT_CLAIM, INSERT_KEY, keyValues, TAKE_OVER_CLAIM } from '../shared-statements.js';
import { SqlAccountStore } from '../sql-account-store.js';
import { type ClaimRow, type KeyRow, toKeyRecord, type WithHeartbeat } from '../store-rows.js';
import { columns } from '../store-tables.js';
import { decide, type RateDecision, refillPerMs } from '../token-bucket.js';

export interface PostgresStoreOptions {
  /** Connections at most (PAWLENS_DATABASE_POOL_SIZE). */
  readonly poolSize?: number;
  readonly now?: () => Date;
  /** How long to wait for a connection before the call fails. */
  readonly connectTimeoutMs?: number;
}

const parseTimestamp = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ);

/**
 * bigint columns (credits, ids) as numbers: every value pawlens writes is a safe integer. timestamptz
 * columns as ISO 8601 text, as the SQLite store keeps them: both stores read the same rows (store-rows.ts).
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    if (oid === pg.types.builtins.TIMESTAMPTZ) return (value: string) => (parseTimestamp(value) as Date).toISOString();
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
};

/**
 * Gives a reservation back, in one statement: whoever deletes the row refunds it, so a refund and
 * a sweep racing across replicas refund once, and no crash falls between the delete and the refund.
 * Answers how many it gave back (0 or 1).
 */
const REFUND = `
  WITH gone AS (DELETE FROM credit_reservations WHERE id = $1 RETURNING key_id, credits, metered),
  refunded AS (UPDATE api_keys SET credits = api_keys.credits + gone.credits FROM gone WHERE api_keys.id = gone.key_id AND gone.metered)
  SELECT COUNT(*)::int AS given_back FROM gone`;

/**
 * One statement, so one round trip and all or nothing: deleting the reservation settles it (a
 * second commit, a refund or another replica's sweep finds nothing), and every other write takes
 * its row from that delete: the ledger row or the refund, the key's last use, the
 * Idempotency-Key's answer and the pet's record; neither for a pet erased since the request arrived
 * (the key is given up instead, so that no replay gives back what the erasure took away).
 */
const SETTLE = `
  WITH gone AS (DELETE FROM credit_reservations WHERE id = $1 RETURNING key_id, request_id, operation, credits, metered, created_at),
  ledger AS (
    INSERT INTO usage_ledger (${columns('usage_ledger', ['id'])})
    SELECT key_id, operation, request_id, credits, $2 FROM gone WHERE $3::boolean),
  balance AS (
    UPDATE api_keys k SET last_used_at = $2, credits = CASE WHEN NOT $3::boolean AND gone.metered THEN k.credits + gone.credits ELSE k.credits END
    FROM gone WHERE k.id = gone.key_id),
  erased AS (
    SELECT EXISTS (SELECT 1 FROM gone JOIN api_keys k ON k.id = gone.key_id
      JOIN api_keys ek ON ek.clinic = k.clinic JOIN pet_erasures e ON e.key_id = ek.id
      WHERE e.pet_id = $6 AND e.erased_at >= $11::timestamptz) AS pet),
  answer AS (
    UPDATE idempotency_keys i SET body = $5, pet_id = $6 FROM gone, erased
    WHERE $4::text IS NOT NULL AND i.key_id = gone.key_id AND i.idem_key = $4 AND NOT erased.pet),
  unanswered AS (
    DELETE FROM idempotency_keys i USING gone, erased
    WHERE $4::text IS NOT NULL AND i.key_id = gone.key_id AND i.idem_key = $4 AND erased.pet),
  record AS (
    INSERT INTO pet_records (${columns('pet_records', ['id'])})
    SELECT gone.key_id, $6, gone.request_id, gone.operation, CASE WHEN $3::boolean THEN gone.credits ELSE 0 END, $2, $7, $8, $9, k.clinic, $10
    FROM gone JOIN api_keys k ON k.id = gone.key_id, erased
    WHERE $6::text IS NOT NULL AND NOT erased.pet)
  SELECT COUNT(*)::int AS settled FROM gone`;

/**
 * The store for several replicas: one PostgreSQL database that every pawlens process shares
 * (docs/design.md §12). Every balance change is one conditional statement or a transaction holding the
 * row's lock, so no interleaving of replicas overspends, charges twice or loses a refund; leases,
 * idempotency claims, rate buckets and records are rows all replicas read. What is the same SQL as
 * SQLite's is in SqlAccountStore; here are the transactions. Open it with `open()`.
 */
export class PostgresAccountStore extends SqlAccountStore implements AccountStore {
  private constructor(
    private readonly pool: pg.Pool,
    readonly description: StoreDescription,
    now: () => Date,
  ) {
    super(new PostgresRunner(pool), now);
  }

  /** Connects, checks the database answers, and migrates its schema; a clear error (never the password) when it cannot. */
  static async open(url: string, options: PostgresStoreOptions = {}): Promise<PostgresAccountStore> {
    const location = withoutPassword(url);
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
      idleTimeoutMillis: 30_000,
      application_name: 'pawlens',
      types,
    });
    // An idle connection the server drops (a restart, a failover) must not crash the process: the pool replaces it.
    pool.on('error', () => {});
    try {
      const client = await pool.connect();
      try {
        await migrate(client, location);
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end().catch(() => {});
      throw explainDatabaseFailure(location, error);
    }
    return new PostgresAccountStore(pool, { kind: 'postgresql', location }, options.now ?? (() => new Date()));
  }

  /** The pool's connections now, for /metrics. */
  poolState() {
    return {
      total: this.pool.totalCount,
      idle: this.pool.idleCount,
      waiting: this.pool.waitingCount,
      max: this.pool.options.max ?? 10,
    };
  }

  /** Runs `work` in one transaction on one connection; rolled back if it throws. */
  private async transaction<T>(work: (db: PostgresRunner) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(new PostgresRunner(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      // A connection that could not even roll back is closed, not handed to the next call.
      client.release(broken);
    }
  }

  async createFirstKey(key: NewKey, secretHash: string, prefix: string) {
    return this.transaction(async (db) => {
      // The table's lock, so that of replicas starting together on an empty database one creates it.
      await db.run('LOCK TABLE api_keys IN SHARE ROW EXCLUSIVE MODE');
      const [count] = await db.all<{ n: number }>('SELECT COUNT(*) AS n FROM api_keys');
      if (count!.n !== 0) return undefined;
      const [row] = await db.all<KeyRow>(INSERT_KEY, keyValues(key, secretHash, prefix, this.timestamp()));
      return toKeyRecord(row!);
    });
  }

  protected async reserveRow(keyId: string, credits: number, requestId: string, operation: string, at: Date) {
    // One statement: the balance taken only where it covers the price (the row's lock orders
    // concurrent takers across replicas), and the reservation written with it, or neither.
    const [row] = await this.sql.all<{ id: number; remaining: number | null }>(
      `WITH taken AS (
         UPDATE api_keys SET credits = credits - $2 WHERE id = $1 AND (credits IS NULL OR credits >= $2) RETURNING id, credits)
       INSERT INTO credit_reservations (${columns('credit_reservations', ['id'])})
       SELECT id, $3, $4, $2, credits IS NOT NULL, $5, $6 FROM taken
       RETURNING id, (SELECT credits FROM taken) AS remaining`,
      [keyId, credits, requestId, operation, at, this.holdings.lease ?? null],
    );
    if (row) return { id: row.id, keyId, credits, remaining: row.remaining } satisfies Reservation;
    await this.keyRow(keyId); // no such key: say so, rather than "too few credits"
    return undefined;
  }

  protected async settleRow(reservation: Reservation, { charged = true, answer, record }: Settlement, at: Date) {
    const [row] = await this.sql.all<{ settled: number }>(SETTLE, [
      reservation.id,
      at,
      charged,
      answer?.idempotencyKey ?? null,
      answer?.body ?? null,
      record?.petId ?? null,
      record?.data ?? null,
      record?.photo?.bytes ?? null,
      record?.photo?.format ?? null,
      record?.madeBy ?? null,
      record?.arrivedAt ?? null,
    ]);
    return row!.settled > 0;
  }

  protected async refundRow(id: number) {
    const [row] = await this.sql.all<{ given_back: number }>(REFUND, [id]);
    return row!.given_back === 1;
  }

  async claimIdempotencyKey(
    keyId: string,
    key: string,
    requestHash: string,
    ttlMs: number,
    abandonAfterMs: number,
  ): Promise<IdempotencyClaim> {
    const now = this.now();
    const owner = this.holdings.lease ?? null;
    return this.claiming(keyId, key, now, () =>
      this.transaction(async (db): Promise<IdempotencyClaim> => {
        // The first request with the key inserts it; a concurrent one waits on the row, then reads it.
        const values = [keyId, key, requestHash, now, owner];
        if ((await db.run(`${INSERT_CLAIM} ON CONFLICT DO NOTHING`, values)) === 1) return { state: 'claimed' };
        const [row] = await db.all<WithHeartbeat<ClaimRow> & { request_hash: string; body: string | null }>(
          `SELECT c.key_id, c.idem_key, c.request_hash, c.body, c.created_at, c.owner, i.heartbeat_at
           FROM idempotency_keys c LEFT JOIN instances i ON i.id = c.owner
           WHERE c.key_id = ? AND c.idem_key = ? FOR UPDATE OF c`,
          [keyId, key],
        );
        // Purged between the insert and the read: the key is free.
        if (!row) {
          await db.run(INSERT_CLAIM, values);
          return { state: 'claimed' };
        }
        const decision = this.decideClaim(row, requestHash, now, ttlMs, abandonAfterMs);
        if (decision.state !== 'take_over') return decision;
        await db.run(TAKE_OVER_CLAIM, [requestHash, now, owner, keyId, key]);
        return { state: 'claimed' };
      }),
    );
  }

  async takeCall(keyId: string, perMinute: number, at: Date): Promise<RateDecision> {
    // One statement, so every replica's calls draw from the same bucket under the row's lock: the
    // refill since the last call, capped at a full bucket, then one token taken if there is one.
    const [row] = await this.sql.all<{ tokens: number; granted: boolean }>(
      `INSERT INTO rate_buckets AS b (key_id, tokens, granted, updated_at) VALUES ($1, $2::float8 - 1, true, $3)
       ON CONFLICT (key_id) DO UPDATE SET (tokens, granted, updated_at) = (
         SELECT CASE WHEN t >= 1 THEN t - 1 ELSE t END, t >= 1, GREATEST(b.updated_at, $3)
         FROM (SELECT LEAST($2::float8, b.tokens + GREATEST(0, EXTRACT(EPOCH FROM ($3 - b.updated_at)) * 1000) * $4) AS t) AS refill)
       RETURNING tokens, granted`,
      [keyId, perMinute, at, refillPerMs(perMinute)],
    );
    const { tokens, granted } = row!;
    return granted ? { granted, retryAfterSeconds: 0 } : decide(tokens, perMinute);
  }

  async probe(_thorough: boolean): Promise<void> {
    // PostgreSQL checks its own pages; what a replica can check is that it reads and writes.
    await this.sql.all('SELECT COUNT(*) FROM api_keys');
    if (this.holdings.lease) await this.renewLease();
    else await this.sql.all('SELECT txid_current()');
  }

  async close() {
    await this.pool.end();
  }
}
