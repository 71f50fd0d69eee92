import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import type { ImageFormat } from '../image/sniff-format.js';
import {
  AccountStoreError,
  LEASE_LAPSE_MS,
  type AbandonLimits,
  type AccountStore,
  type HeldWork,
  type IdempotencyClaim,
  type KeyRecord,
  type KeyStatus,
  type NewKey,
  type PetRecord,
  type Reservation,
  type Settlement,
  type StoreDescription,
  type StoreFailure,
  type SweepResult,
  type UsageRecord,
} from './account-store.js';
import { generateKeyId } from './api-key.js';
import { toHeldWork, toKeyRecord, type ClaimRow, type HeldReservationRow, type KeyRow } from './store-rows.js';
import { explainDatabaseFailure, withoutPassword } from './postgres-errors.js';
import { migrate } from './postgres-schema.js';
import {
  checkCreditsToAdd,
  checkStatusChange,
  claimOf,
  FailureMemory,
  noSuchKey,
  ProcessHoldings,
} from './process-holdings.js';
import { decide, refillPerMs, type RateDecision } from './token-bucket.js';

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

interface ReservationRow extends HeldReservationRow {
  operation: string;
  metered: boolean;
}

/** An entry the sweep judges, with its owner's lease's last renewal (null when the lease is gone). */
type Judged<Row> = Row & { heartbeat_at: string | null };

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
 * The store for several replicas: one PostgreSQL database that every pawlens process shares
 * (DESIGN.md §12). Every balance change is one conditional statement or a transaction holding the
 * row's lock, so no interleaving of replicas overspends, charges twice or loses a refund; leases,
 * idempotency claims, rate buckets and records are rows all replicas read. Open it with `open()`.
 */
export class PostgresAccountStore implements AccountStore {
  private readonly holdings = new ProcessHoldings();
  /** The last write of a paid call that failed for the store's own sake, for /readyz. */
  private readonly failures = new FailureMemory(() => this.now());

  private constructor(
    private readonly pool: pg.Pool,
    readonly description: StoreDescription,
    private readonly now: () => Date,
  ) {}

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

  private query<Row extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []) {
    return this.pool.query<Row>(text, values);
  }

  /** Runs `work` in one transaction on one connection; rolled back if it throws. */
  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      // A connection that could not even roll back is closed, not handed to the next call.
      client.release(broken);
    }
  }

  failure(): StoreFailure | undefined {
    return this.failures.failure;
  }

  async probe(_thorough: boolean): Promise<void> {
    // PostgreSQL checks its own pages; what a replica can check is that it reads and writes.
    await this.query('SELECT COUNT(*) FROM api_keys');
    if (this.holdings.lease) await this.renewLease();
    else await this.query('SELECT txid_current()');
  }

  clearFailure(): void {
    this.failures.clear();
  }

  private async row(id: string): Promise<KeyRow | undefined> {
    return (await this.query<KeyRow>('SELECT * FROM api_keys WHERE id = $1', [id])).rows[0];
  }

  private async requireRow(id: string): Promise<KeyRow> {
    const row = await this.row(id);
    if (!row) throw noSuchKey(id);
    return row;
  }

  private async insertKey(
    db: pg.Pool | pg.PoolClient,
    key: NewKey,
    secretHash: string,
    prefix: string,
  ): Promise<KeyRecord> {
    const { rows } = await db.query<KeyRow>(
      `INSERT INTO api_keys (id, name, secret_hash, prefix, status, credits, expires_at, created_at)
       VALUES ($1, $2, $3, $4, 'active', $5, $6, $7) RETURNING *`,
      [generateKeyId(), key.name, secretHash, prefix, key.credits, key.expiresAt, this.now()],
    );
    return toKeyRecord(rows[0]!);
  }

  async createKey(key: NewKey, secretHash: string, prefix: string): Promise<KeyRecord> {
    return this.insertKey(this.pool, key, secretHash, prefix);
  }

  async createFirstKey(key: NewKey, secretHash: string, prefix: string): Promise<KeyRecord | undefined> {
    return this.transaction(async (client) => {
      // The table's lock, so that of replicas starting together on an empty database one creates it.
      await client.query('LOCK TABLE api_keys IN SHARE ROW EXCLUSIVE MODE');
      const { rows } = await client.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM api_keys');
      return rows[0]!.n === 0 ? this.insertKey(client, key, secretHash, prefix) : undefined;
    });
  }

  async findKeyByHash(secretHash: string) {
    const row = (await this.query<KeyRow>('SELECT * FROM api_keys WHERE secret_hash = $1', [secretHash])).rows[0];
    return row && { ...toKeyRecord(row), secretHash: row.secret_hash };
  }

  async getKey(id: string) {
    const row = await this.row(id);
    return row && toKeyRecord(row);
  }

  async listKeys() {
    return (await this.query<KeyRow>('SELECT * FROM api_keys ORDER BY created_at, id')).rows.map(toKeyRecord);
  }

  async countKeys() {
    return (await this.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM api_keys')).rows[0]!.n;
  }

  async setStatus(id: string, status: KeyStatus) {
    const row = await this.requireRow(id);
    checkStatusChange(id, row.status, status);
    // Never un-revoke, even if another process revoked it since the read above.
    const { rows } = await this.query<KeyRow>(
      "UPDATE api_keys SET status = $2 WHERE id = $1 AND (status <> 'revoked' OR $2 = 'revoked') RETURNING *",
      [id, status],
    );
    if (!rows[0])
      throw new AccountStoreError(`Key ${id} is revoked; a revoked key cannot be used again. Create a new one.`);
    return toKeyRecord(rows[0]);
  }

  async addCredits(id: string, credits: number) {
    checkCreditsToAdd(id, (await this.requireRow(id)).credits, credits);
    const { rows } = await this.query<KeyRow>(
      'UPDATE api_keys SET credits = credits + $2 WHERE id = $1 AND credits IS NOT NULL RETURNING *',
      [id, credits],
    );
    return toKeyRecord(rows[0]!);
  }

  async reserve(keyId: string, credits: number, requestId: string, operation: string) {
    const at = this.now();
    const reserve = () =>
      this.failures.guard(async (): Promise<Reservation | undefined> => {
        // One statement: the balance taken only where it covers the price (the row's lock orders
        // concurrent takers across replicas), and the reservation written with it, or neither.
        const { rows } = await this.query<{ id: number; remaining: number | null }>(
          `WITH taken AS (
           UPDATE api_keys SET credits = credits - $2 WHERE id = $1 AND (credits IS NULL OR credits >= $2) RETURNING id, credits)
         INSERT INTO credit_reservations (key_id, request_id, operation, credits, metered, created_at, owner)
         SELECT id, $3, $4, $2, credits IS NOT NULL, $5, $6 FROM taken
         RETURNING id, (SELECT credits FROM taken) AS remaining`,
          [keyId, credits, requestId, operation, at, this.holdings.lease ?? null],
        );
        if (rows[0]) return { id: rows[0].id, keyId, credits, remaining: rows[0].remaining };
        await this.requireRow(keyId);
        return undefined;
      });
    return this.holdings.creating(
      at,
      reserve,
      (reservation) => reservation && this.holdings.reservations.add(reservation.id),
    );
  }

  async commit(reservation: Reservation, { charged = true, answer, record }: Settlement = {}) {
    // Settled or not, the request is over once the write is: a reservation or claim a failed write left behind is the sweep's (sweepAbandoned).
    const forget = () => {
      this.holdings.reservations.delete(reservation.id);
      if (answer) this.holdings.claims.delete(claimOf(reservation.keyId, answer.idempotencyKey));
    };
    // One statement, so one round trip and all or nothing: deleting the reservation settles it (a
    // second commit, a refund or another replica's sweep finds nothing), and every other write
    // takes its row from that delete: the ledger row or the refund, the key's last use, the
    // Idempotency-Key's answer and the pet's record.
    const settle = () =>
      this.failures.guard(() =>
        this.query<{ settled: number }>(
          `WITH gone AS (DELETE FROM credit_reservations WHERE id = $1 RETURNING key_id, request_id, operation, credits, metered),
         ledger AS (
           INSERT INTO usage_ledger (key_id, operation, request_id, credits, created_at)
           SELECT key_id, operation, request_id, credits, $2 FROM gone WHERE $3::boolean),
         balance AS (
           UPDATE api_keys k SET last_used_at = $2, credits = CASE WHEN NOT $3::boolean AND gone.metered THEN k.credits + gone.credits ELSE k.credits END
           FROM gone WHERE k.id = gone.key_id),
         answer AS (
           UPDATE idempotency_keys i SET body = $5 FROM gone WHERE $4::text IS NOT NULL AND i.key_id = gone.key_id AND i.idem_key = $4),
         record AS (
           INSERT INTO pet_records (key_id, pet_id, request_id, operation, credits_charged, created_at, data, photo, photo_format)
           SELECT key_id, $6, request_id, operation, CASE WHEN $3::boolean THEN credits ELSE 0 END, $2, $7, $8, $9 FROM gone WHERE $6::text IS NOT NULL)
         SELECT COUNT(*)::int AS settled FROM gone`,
          [
            reservation.id,
            this.now(),
            charged,
            answer?.idempotencyKey ?? null,
            answer?.body ?? null,
            record?.petId ?? null,
            record?.data ?? null,
            record?.photo?.bytes ?? null,
            record?.photo?.format ?? null,
          ],
        ),
      );
    const { rows } = await this.holdings.settling(settle, forget);
    if (rows[0]!.settled === 0)
      throw new AccountStoreError(`Reservation ${reservation.id} is not open; it was already settled.`);
  }

  async refund(reservation: Reservation) {
    await this.holdings.settling(
      () => this.failures.guard(() => this.query(REFUND, [reservation.id])),
      () => this.holdings.reservations.delete(reservation.id),
    );
  }

  private async insertLease(id: string): Promise<void> {
    const at = this.now();
    await this.query(
      'INSERT INTO instances (id, pid, host, started_at, heartbeat_at) VALUES ($1, $2, $3, $4, $4) ON CONFLICT (id) DO UPDATE SET heartbeat_at = $4',
      [id, process.pid, hostname(), at],
    );
  }

  async startLease(lapseMs = LEASE_LAPSE_MS): Promise<string> {
    this.holdings.leaseLapseMs = lapseMs;
    const id = `inst_${randomBytes(8).toString('hex')}`;
    await this.insertLease(id);
    this.holdings.lease = id;
    return id;
  }

  async renewLease(): Promise<void> {
    const { lease } = this.holdings;
    if (!lease) throw new AccountStoreError('renewLease before startLease');
    // Swept by another replica after a long stall: the lease is taken again under the same id.
    await this.insertLease(lease);
  }

  async endLease(): Promise<void> {
    if (this.holdings.lease) await this.query('DELETE FROM instances WHERE id = $1', [this.holdings.lease]);
    this.holdings.lease = undefined;
  }

  /** Every reservation and unanswered claim, with its owner's last renewal, and whether nobody holds it any more. */
  private async heldRows(limits: AbandonLimits) {
    const now = this.now();
    // Rows are read while requests run: one a write still on its way made is not judged yet.
    const judge = (row: Judged<{ owner: string | null; created_at: string }>, openHere: boolean) =>
      this.abandoned(row, openHere, now, limits, { sweeping: true });
    const reservations = (
      await this.query<Judged<ReservationRow>>(
        'SELECT r.*, i.heartbeat_at FROM credit_reservations r LEFT JOIN instances i ON i.id = r.owner ORDER BY r.id',
      )
    ).rows.map((row) => ({ row, abandoned: judge(row, this.holdings.reservations.has(row.id)) }));
    const claims = (
      await this.query<Judged<ClaimRow>>(
        'SELECT c.key_id, c.idem_key, c.owner, c.created_at, i.heartbeat_at FROM idempotency_keys c LEFT JOIN instances i ON i.id = c.owner WHERE c.body IS NULL ORDER BY c.created_at',
      )
    ).rows.map((row) => ({ row, abandoned: judge(row, this.holdings.claims.has(claimOf(row.key_id, row.idem_key))) }));
    return { reservations, claims };
  }

  /** Whether an entry read with its owner's last renewal belongs to nobody any more. */
  private abandoned(
    row: Judged<{ owner: string | null; created_at: string }>,
    openHere: boolean,
    now: Date,
    limits: AbandonLimits,
    { sweeping = false } = {},
  ): boolean {
    const ownerHeartbeat = row.heartbeat_at === null ? undefined : new Date(row.heartbeat_at);
    const entry = { owner: row.owner, createdAt: new Date(row.created_at), ownerHeartbeat, openHere };
    return this.holdings.abandoned(entry, now, limits) && !(sweeping && this.holdings.beingMade(entry));
  }

  async sweepAbandoned(limits: AbandonLimits): Promise<SweepResult> {
    const held = await this.heldRows(limits);
    let reservations = 0;
    let credits = 0;
    for (const { row } of held.reservations.filter((entry) => entry.abandoned)) {
      // Counted only where this sweep's delete took the row: another replica's sweep may have.
      const { rows } = await this.query<{ given_back: number }>(REFUND, [row.id]);
      if (rows[0]!.given_back !== 1) continue;
      reservations++;
      credits += row.metered ? row.credits : 0;
    }
    let claims = 0;
    for (const { row } of held.claims.filter((entry) => entry.abandoned)) {
      // The claim as judged: one retaken since (a new owner, a new time) is not this one.
      const { rowCount } = await this.query(
        'DELETE FROM idempotency_keys WHERE key_id = $1 AND idem_key = $2 AND body IS NULL AND owner IS NOT DISTINCT FROM $3 AND created_at = $4',
        [row.key_id, row.idem_key, row.owner, row.created_at],
      );
      claims += rowCount ?? 0;
    }
    await this.query('DELETE FROM instances WHERE heartbeat_at < $1', [
      new Date(this.now().getTime() - limits.leaseLapseMs),
    ]);
    return { reservations, credits, claims };
  }

  async held(limits: AbandonLimits): Promise<HeldWork> {
    const { reservations, claims } = await this.heldRows(limits);
    return toHeldWork(reservations, claims);
  }

  async purgeIdempotencyKeys(olderThan: Date, limit: number): Promise<number> {
    const { rowCount } = await this.query(
      'DELETE FROM idempotency_keys WHERE (key_id, idem_key) IN (SELECT key_id, idem_key FROM idempotency_keys WHERE created_at < $1 LIMIT $2)',
      [olderThan, limit],
    );
    return rowCount ?? 0;
  }

  async usage(keyId?: string, limit = 100): Promise<UsageRecord[]> {
    const { rows } = keyId
      ? await this.query('SELECT * FROM usage_ledger WHERE key_id = $1 ORDER BY id DESC LIMIT $2', [keyId, limit])
      : await this.query('SELECT * FROM usage_ledger ORDER BY id DESC LIMIT $1', [limit]);
    return rows.map((row) => ({
      keyId: row.key_id,
      operation: row.operation,
      requestId: row.request_id,
      credits: row.credits,
      at: row.created_at,
    }));
  }

  async petRecords(
    keyId: string,
    petId: string,
    limit: number,
    before = Number.MAX_SAFE_INTEGER,
  ): Promise<PetRecord[]> {
    const { rows } = await this.query(
      'SELECT id, pet_id, request_id, operation, credits_charged, created_at, data, photo IS NOT NULL AS has_photo FROM pet_records WHERE key_id = $1 AND pet_id = $2 AND id < $3 ORDER BY id DESC LIMIT $4',
      [keyId, petId, before, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      petId: row.pet_id,
      requestId: row.request_id,
      operation: row.operation,
      creditsCharged: row.credits_charged,
      at: row.created_at,
      data: JSON.parse(row.data) as unknown,
      hasPhoto: row.has_photo,
    }));
  }

  async petPhoto(keyId: string, petId: string, requestId: string) {
    const row = (
      await this.query<{ photo: Buffer | null; photo_format: ImageFormat | null }>(
        'SELECT photo, photo_format FROM pet_records WHERE key_id = $1 AND pet_id = $2 AND request_id = $3',
        [keyId, petId, requestId],
      )
    ).rows[0];
    return row?.photo && row.photo_format ? { bytes: row.photo, format: row.photo_format } : undefined;
  }

  async deletePet(keyId: string, petId: string): Promise<number> {
    return this.failures.guard(
      async () =>
        (await this.query('DELETE FROM pet_records WHERE key_id = $1 AND pet_id = $2', [keyId, petId])).rowCount ?? 0,
    );
  }

  async purgePetRecords(olderThan: Date, limit: number): Promise<number> {
    const { rowCount } = await this.query(
      'DELETE FROM pet_records WHERE id IN (SELECT id FROM pet_records WHERE created_at < $1 LIMIT $2)',
      [olderThan, limit],
    );
    return rowCount ?? 0;
  }

  async claimIdempotencyKey(
    keyId: string,
    key: string,
    requestHash: string,
    ttlMs: number,
    abandonAfterMs: number,
  ): Promise<IdempotencyClaim> {
    const now = this.now();
    const claim = () =>
      this.failures.guard(() =>
        this.transaction(async (client): Promise<IdempotencyClaim> => {
          const owner = this.holdings.lease ?? null;
          // The first request with the key inserts it; a concurrent one waits on the row, then reads it.
          const inserted = await client.query(
            'INSERT INTO idempotency_keys (key_id, idem_key, request_hash, created_at, owner) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
            [keyId, key, requestHash, now, owner],
          );
          if (inserted.rowCount === 1) return { state: 'claimed' };
          const { rows } = await client.query<Judged<ClaimRow> & { request_hash: string; body: string | null }>(
            `SELECT c.key_id, c.idem_key, c.request_hash, c.body, c.created_at, c.owner, i.heartbeat_at
           FROM idempotency_keys c LEFT JOIN instances i ON i.id = c.owner
           WHERE c.key_id = $1 AND c.idem_key = $2 FOR UPDATE OF c`,
            [keyId, key],
          );
          const row = rows[0];
          const takeOver = async (): Promise<IdempotencyClaim> => {
            await client.query(
              'UPDATE idempotency_keys SET request_hash = $3, body = NULL, created_at = $4, owner = $5 WHERE key_id = $1 AND idem_key = $2',
              [keyId, key, requestHash, now, owner],
            );
            return { state: 'claimed' };
          };
          // Purged between the insert and the read, or past its time: the key is free.
          if (!row || Date.parse(row.created_at) < now.getTime() - ttlMs) {
            if (!row)
              await client.query(
                'INSERT INTO idempotency_keys (key_id, idem_key, request_hash, created_at, owner) VALUES ($1, $2, $3, $4, $5)',
                [keyId, key, requestHash, now, owner],
              );
            return row ? takeOver() : { state: 'claimed' };
          }
          if (row.request_hash !== requestHash) return { state: 'mismatch' };
          if (row.body !== null) return { state: 'replay', body: row.body };
          const openHere = this.holdings.claims.has(claimOf(keyId, key));
          const limits = { leaseLapseMs: this.holdings.leaseLapseMs, ownerlessAfterMs: abandonAfterMs };
          if (!this.abandoned(row, openHere, now, limits)) return { state: 'in_progress' };
          return takeOver();
        }),
      );
    return this.holdings.creating(
      now,
      claim,
      (claimed) => claimed.state === 'claimed' && this.holdings.claims.add(claimOf(keyId, key)),
    );
  }

  async releaseIdempotencyKey(keyId: string, key: string) {
    await this.holdings.settling(
      () =>
        this.failures.guard(() =>
          this.query('DELETE FROM idempotency_keys WHERE key_id = $1 AND idem_key = $2 AND body IS NULL', [keyId, key]),
        ),
      () => this.holdings.claims.delete(claimOf(keyId, key)),
    );
  }

  async takeCall(keyId: string, perMinute: number, at: Date): Promise<RateDecision> {
    // One statement, so every replica's calls draw from the same bucket under the row's lock: the
    // refill since the last call, capped at a full bucket, then one token taken if there is one.
    const { rows } = await this.query<{ tokens: number; granted: boolean }>(
      `INSERT INTO rate_buckets AS b (key_id, tokens, granted, updated_at) VALUES ($1, $2::float8 - 1, true, $3)
       ON CONFLICT (key_id) DO UPDATE SET (tokens, granted, updated_at) = (
         SELECT CASE WHEN t >= 1 THEN t - 1 ELSE t END, t >= 1, GREATEST(b.updated_at, $3)
         FROM (SELECT LEAST($2::float8, b.tokens + GREATEST(0, EXTRACT(EPOCH FROM ($3 - b.updated_at)) * 1000) * $4) AS t) AS refill)
       RETURNING tokens, granted`,
      [keyId, perMinute, at, refillPerMs(perMinute)],
    );
    const { tokens, granted } = rows[0]!;
    return granted ? { granted, retryAfterSeconds: 0 } : decide(tokens, perMinute);
  }

  async close() {
    await this.pool.end();
  }
}
