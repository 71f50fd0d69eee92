import { randomBytes } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { ImageFormat } from '../image/sniff-format.js';
import { generateKeyId } from './api-key.js';
import { toHeldWork, toKeyRecord, type ClaimRow, type KeyRow } from './store-rows.js';
import {
  checkCreditsToAdd,
  checkStatusChange,
  claimOf,
  FailureMemory,
  noSuchKey,
  ProcessHoldings,
} from './process-holdings.js';
import { TokenBuckets, type RateDecision } from './token-bucket.js';
import {
  AccountStoreError,
  LEASE_LAPSE_MS,
  type AbandonLimits,
  type StoreDescription,
  type HeldWork,
  type PetRecord,
  type Settlement,
  type StoreFailure,
  type SweepResult,
  type AccountStore,
  type IdempotencyClaim,
  type KeyRecord,
  type KeyStatus,
  type NewKey,
  type Reservation,
  type UsageRecord,
} from './account-store.js';

const SCHEMA_VERSION = 5;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (
  id            TEXT PRIMARY KEY,
  name          TEXT NOT NULL,
  secret_hash   TEXT NOT NULL UNIQUE,
  prefix        TEXT NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('active', 'disabled', 'revoked')),
  credits       INTEGER CHECK (credits IS NULL OR credits >= 0),
  expires_at    TEXT,
  created_at    TEXT NOT NULL,
  last_used_at  TEXT
);
CREATE TABLE IF NOT EXISTS credit_reservations (
  id          INTEGER PRIMARY KEY,
  key_id      TEXT NOT NULL REFERENCES api_keys(id),
  request_id  TEXT NOT NULL,
  operation   TEXT NOT NULL,
  credits     INTEGER NOT NULL,
  metered     INTEGER NOT NULL,
  created_at  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS usage_ledger (
  id          INTEGER PRIMARY KEY,
  key_id      TEXT NOT NULL REFERENCES api_keys(id),
  operation   TEXT NOT NULL,
  request_id  TEXT NOT NULL,
  credits     INTEGER NOT NULL,
  created_at  TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS usage_ledger_by_key ON usage_ledger (key_id, id);
CREATE TABLE IF NOT EXISTS idempotency_keys (
  key_id        TEXT NOT NULL REFERENCES api_keys(id),
  idem_key      TEXT NOT NULL,
  request_hash  TEXT NOT NULL,
  body          TEXT,
  created_at    TEXT NOT NULL,
  PRIMARY KEY (key_id, idem_key)
);
`;

/**
 * Version 3: which process holds each reservation and unanswered idempotency claim (its lease in
 * `instances`), so that what a crashed process held is given back as soon as its lease lapses;
 * and idempotency entries indexed by age, so that expired ones are purged without a table scan,
 * and the unanswered ones apart, so that the sweep every few seconds reads only those.
 */
const SCHEMA_V3 = `
CREATE TABLE IF NOT EXISTS instances (
  id            TEXT PRIMARY KEY,
  pid           INTEGER NOT NULL,
  host          TEXT NOT NULL,
  started_at    TEXT NOT NULL,
  heartbeat_at  TEXT NOT NULL
);
ALTER TABLE credit_reservations ADD COLUMN owner TEXT;
ALTER TABLE idempotency_keys ADD COLUMN owner TEXT;
CREATE INDEX IF NOT EXISTS credit_reservations_by_owner ON credit_reservations (owner);
CREATE INDEX IF NOT EXISTS idempotency_keys_by_age ON idempotency_keys (created_at);
CREATE INDEX IF NOT EXISTS idempotency_keys_open ON idempotency_keys (owner) WHERE body IS NULL;
`;

/** Version 4: pets' records (DESIGN.md §11), listed per key and pet, newest first. */
const SCHEMA_V4 = `
CREATE TABLE IF NOT EXISTS pet_records (
  id               INTEGER PRIMARY KEY,
  key_id           TEXT NOT NULL REFERENCES api_keys(id),
  pet_id           TEXT NOT NULL,
  request_id       TEXT NOT NULL,
  operation        TEXT NOT NULL,
  credits_charged  INTEGER NOT NULL,
  created_at       TEXT NOT NULL,
  data             TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS pet_records_by_pet ON pet_records (key_id, pet_id, id);
CREATE INDEX IF NOT EXISTS pet_records_by_age ON pet_records (created_at);
`;

/** Version 5: a record may keep its photo (PAWLENS_KEEP_IMAGES). */
const SCHEMA_V5 = `
ALTER TABLE pet_records ADD COLUMN photo BLOB;
ALTER TABLE pet_records ADD COLUMN photo_format TEXT;
`;

interface ReservationRow {
  id: number;
  key_id: string;
  credits: number;
  metered: number;
  owner: string | null;
}

const BUSY_TIMEOUT_MS = 5000;

/**
 * An empty store file that nothing is creating right now is a store that lost its contents (a
 * bad copy, a full disk): opening it would silently start a new store and print a new unlimited
 * key. A new store is never left empty for more than the moment its creator takes the lock.
 */
function refuseTruncatedStore(file: string): void {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (stats?.isFile() && stats.size === 0 && Date.now() - stats.mtimeMs > 10_000) {
    throw new AccountStoreError(
      `The key store ${file} is empty (0 bytes), so its keys and balances are gone. Restore it from a backup; or, on a new install, delete the file and start again to create a new store.`,
    );
  }
}

/** SQLite's terse open errors → what happened to which file, and what to do. */
function explainOpenFailure(file: string, error: unknown): Error {
  if (error instanceof AccountStoreError) return error;
  const { code, message } = error as { code?: string; message?: string };
  const dir = dirname(file);
  switch (code) {
    case 'SQLITE_NOTADB':
      return new AccountStoreError(
        `${file} is not a pawlens key store (${message}). Point PAWLENS_DATA_DIR at the right folder, or move the file aside to start a new store; restore it from a backup if it held your keys.`,
      );
    case 'SQLITE_CORRUPT':
      return new AccountStoreError(
        `The key store ${file} is damaged (${message}). Stop every pawlens on it and restore it from a backup; "sqlite3 ${file} .recover" may save its rows.`,
      );
    case 'SQLITE_CANTOPEN':
    case 'EACCES':
    case 'EROFS':
    case 'ENOTDIR':
    case 'EEXIST':
      return new AccountStoreError(
        `The key store ${file} cannot be opened (${message}). PAWLENS_DATA_DIR must be a folder this user can write: check that ${dir} exists and its permissions.`,
      );
    case 'SQLITE_READONLY':
    case 'SQLITE_READONLY_DIRECTORY':
      return new AccountStoreError(
        `The key store ${file} is read-only (${message}): pawlens writes every charge to it. Make the file and ${dir} writable for this user.`,
      );
    case 'SQLITE_FULL':
      return new AccountStoreError(
        `The disk holding the key store ${file} is full (${message}). Free some space and start again.`,
      );
    default:
      return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Switching a new file to WAL needs a lock upgrade, and SQLite answers SQLITE_BUSY at once instead
 * of waiting (to avoid deadlock): two processes opening a fresh data directory together would
 * fail. So retry, briefly, until the busy timeout.
 */
function enableWal(db: Database.Database): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
      Atomics.wait(pause, 0, 0, 10);
    }
  }
}

/**
 * The embedded store. better-sqlite3 runs each statement synchronously, and every balance change
 * is a single conditional UPDATE inside a transaction, so neither concurrent requests in this
 * process nor another process on the same file can take the balance below zero. Transactions that
 * read and then write start IMMEDIATE: they take the write lock first, so another process writing
 * in between makes them wait (busy_timeout) instead of failing with SQLITE_BUSY_SNAPSHOT.
 */
export class SqliteAccountStore implements AccountStore {
  private readonly db!: Database.Database;
  private readonly now: () => Date;

  constructor(file: string, now: () => Date = () => new Date()) {
    this.now = now;
    try {
      if (file !== ':memory:') {
        mkdirSync(dirname(file), { recursive: true });
        refuseTruncatedStore(file);
      }
      this.db = new Database(file);
      this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      enableWal(this.db);
      this.db.pragma('foreign_keys = ON');
      this.migrate(file);
    } catch (error) {
      if (this.db?.open) this.db.close();
      throw explainOpenFailure(file, error);
    }
    this.file = file;
  }

  private readonly file: string;

  get description(): StoreDescription {
    return { kind: 'sqlite', location: this.file };
  }

  private migrate(file: string): void {
    // One process migrates; another starting at the same moment waits for the lock, then finds it done.
    this.db
      .transaction(() => {
        const version = this.db.pragma('user_version', { simple: true }) as number;
        if (version > SCHEMA_VERSION) {
          throw new AccountStoreError(
            `The key store ${file} was written by a newer pawlens (schema ${version}); upgrade pawlens.`,
          );
        }
        if (version === SCHEMA_VERSION) return;
        this.db.exec(SCHEMA);
        if (version < 3) this.db.exec(SCHEMA_V3);
        if (version < 4) this.db.exec(SCHEMA_V4);
        if (version < 5) this.db.exec(SCHEMA_V5);
        this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
      })
      .immediate();
  }

  /** The last write that failed for the store's own sake (not a refusal), until a probe clears it. */
  /** The last write of a paid call that failed for the store's own sake, for /readyz. */
  private readonly failures = new FailureMemory(() => this.now());

  failure(): StoreFailure | undefined {
    return this.failures.failure;
  }

  async probe(thorough: boolean): Promise<void> {
    this.sql('SELECT COUNT(*) FROM api_keys').get();
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

  clearFailure(): void {
    this.failures.clear();
  }

  /** This process's lease and the reservations and claims its requests have open. */
  private readonly holdings = new ProcessHoldings();
  /** Call rates, in memory: one process serves a store file. */
  private readonly buckets = new TokenBuckets();

  /** Statements prepared once, by their text: preparing one costs about as much as running it. */
  private readonly statements = new Map<string, Database.Statement>();

  private sql<Parameters extends unknown[] = unknown[], Row = unknown>(
    text: string,
  ): Database.Statement<Parameters, Row> {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement as Database.Statement<Parameters, Row>;
  }

  private timestamp(): string {
    return this.now().toISOString();
  }

  private row(id: string): KeyRow | undefined {
    return this.sql<[string], KeyRow>('SELECT * FROM api_keys WHERE id = ?').get(id);
  }

  private requireRow(id: string): KeyRow {
    const row = this.row(id);
    if (!row) throw noSuchKey(id);
    return row;
  }

  async createKey(key: NewKey, secretHash: string, prefix: string): Promise<KeyRecord> {
    return this.insertKey(key, secretHash, prefix);
  }

  private insertKey(key: NewKey, secretHash: string, prefix: string): KeyRecord {
    const id = generateKeyId();
    this.sql(
      `INSERT INTO api_keys (id, name, secret_hash, prefix, status, credits, expires_at, created_at)
       VALUES (?, ?, ?, ?, 'active', ?, ?, ?)`,
    ).run(id, key.name, secretHash, prefix, key.credits, key.expiresAt, this.timestamp());
    return toKeyRecord(this.requireRow(id));
  }

  async createFirstKey(key: NewKey, secretHash: string, prefix: string): Promise<KeyRecord | undefined> {
    // IMMEDIATE: the count and the insert under one write lock, so of two processes only one creates it.
    const create = this.db.transaction(() =>
      (this.sql('SELECT COUNT(*) AS n FROM api_keys').get() as { n: number }).n === 0
        ? this.insertKey(key, secretHash, prefix)
        : undefined,
    );
    return create.immediate();
  }

  async findKeyByHash(secretHash: string) {
    const row = this.sql<[string], KeyRow>('SELECT * FROM api_keys WHERE secret_hash = ?').get(secretHash);
    return row && { ...toKeyRecord(row), secretHash: row.secret_hash };
  }

  async getKey(id: string) {
    const row = this.row(id);
    return row && toKeyRecord(row);
  }

  async listKeys() {
    return this.sql<[], KeyRow>('SELECT * FROM api_keys ORDER BY created_at, id').all().map(toKeyRecord);
  }

  async countKeys() {
    return (this.sql('SELECT COUNT(*) AS n FROM api_keys').get() as { n: number }).n;
  }

  async setStatus(id: string, status: KeyStatus) {
    const row = this.requireRow(id);
    checkStatusChange(id, row.status, status);
    this.sql('UPDATE api_keys SET status = ? WHERE id = ?').run(status, id);
    return toKeyRecord(this.requireRow(id));
  }

  async addCredits(id: string, credits: number) {
    checkCreditsToAdd(id, this.requireRow(id).credits, credits);
    this.sql('UPDATE api_keys SET credits = credits + ? WHERE id = ?').run(credits, id);
    return toKeyRecord(this.requireRow(id));
  }

  async reserve(keyId: string, credits: number, requestId: string, operation: string) {
    const reservation = this.failures.guard(() =>
      this.db
        .transaction((): Reservation | undefined => {
          const row = this.requireRow(keyId);
          const metered = row.credits !== null;
          if (metered) {
            const taken = this.sql('UPDATE api_keys SET credits = credits - ? WHERE id = ? AND credits >= ?').run(
              credits,
              keyId,
              credits,
            );
            if (taken.changes === 0) return undefined;
          }
          const inserted = this.sql(
            `INSERT INTO credit_reservations (key_id, request_id, operation, credits, metered, created_at, owner)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
          ).run(keyId, requestId, operation, credits, metered ? 1 : 0, this.timestamp(), this.holdings.lease ?? null);
          const remaining = metered ? (this.requireRow(keyId).credits as number) : null;
          return { id: Number(inserted.lastInsertRowid), keyId, credits, remaining };
        })
        .immediate(),
    );
    if (reservation) this.holdings.reservations.add(reservation.id);
    return reservation;
  }

  async commit(reservation: Reservation, { charged = true, answer, record }: Settlement = {}) {
    // Settled or not, the request is over: a reservation or claim a failed write left behind is the sweep's (sweepAbandoned).
    this.holdings.reservations.delete(reservation.id);
    if (answer) this.holdings.claims.delete(claimOf(reservation.keyId, answer.idempotencyKey));
    this.failures.guard(() =>
      this.db
        .transaction(() => {
          const row = this.sql<[number], ReservationRow & { request_id: string; operation: string }>(
            'SELECT * FROM credit_reservations WHERE id = ?',
          ).get(reservation.id);
          if (!row) throw new AccountStoreError(`Reservation ${reservation.id} is not open; it was already settled.`);
          const at = this.timestamp();
          if (charged) {
            this.sql('DELETE FROM credit_reservations WHERE id = ?').run(row.id);
            this.sql(
              'INSERT INTO usage_ledger (key_id, operation, request_id, credits, created_at) VALUES (?, ?, ?, ?, ?)',
            ).run(row.key_id, row.operation, row.request_id, row.credits, at);
          } else {
            this.refundRow(row);
          }
          this.sql('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(at, row.key_id);
          if (answer) {
            this.sql('UPDATE idempotency_keys SET body = ? WHERE key_id = ? AND idem_key = ?').run(
              answer.body,
              row.key_id,
              answer.idempotencyKey,
            );
          }
          if (record) {
            this.sql(
              'INSERT INTO pet_records (key_id, pet_id, request_id, operation, credits_charged, created_at, data, photo, photo_format) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
            ).run(
              row.key_id,
              record.petId,
              row.request_id,
              row.operation,
              charged ? row.credits : 0,
              at,
              record.data,
              record.photo?.bytes ?? null,
              record.photo?.format ?? null,
            );
          }
        })
        .immediate(),
    );
  }

  private refundRow(row: ReservationRow) {
    const deleted = this.sql('DELETE FROM credit_reservations WHERE id = ?').run(row.id);
    if (deleted.changes === 1 && row.metered) {
      this.sql('UPDATE api_keys SET credits = credits + ? WHERE id = ?').run(row.credits, row.key_id);
    }
  }

  async refund(reservation: Reservation) {
    this.holdings.reservations.delete(reservation.id);
    this.failures.guard(() =>
      this.db
        .transaction(() => {
          const row = this.sql<[number], ReservationRow>('SELECT * FROM credit_reservations WHERE id = ?').get(
            reservation.id,
          );
          if (row) this.refundRow(row);
        })
        .immediate(),
    );
  }

  private insertLease(id: string): void {
    const at = this.timestamp();
    this.sql('INSERT INTO instances (id, pid, host, started_at, heartbeat_at) VALUES (?, ?, ?, ?, ?)').run(
      id,
      process.pid,
      hostname(),
      at,
      at,
    );
  }

  async startLease(lapseMs = LEASE_LAPSE_MS): Promise<string> {
    this.holdings.leaseLapseMs = lapseMs;
    const id = `inst_${randomBytes(8).toString('hex')}`;
    this.insertLease(id);
    this.holdings.lease = id;
    return id;
  }

  async renewLease(): Promise<void> {
    const { lease } = this.holdings;
    if (!lease) throw new AccountStoreError('renewLease before startLease');
    const renewed = this.sql('UPDATE instances SET heartbeat_at = ? WHERE id = ?').run(this.timestamp(), lease);
    // Swept by another process after a long stall: take the lease again under the same id.
    if (renewed.changes === 0) this.insertLease(lease);
  }

  async endLease(): Promise<void> {
    if (this.holdings.lease) this.sql('DELETE FROM instances WHERE id = ?').run(this.holdings.lease);
    this.holdings.lease = undefined;
  }

  /** Whether a reservation or claim with this owner belongs to nobody any more (see AccountStore.sweepAbandoned). */
  private abandonedBy(owner: string | null, createdAt: string, openHere: boolean, limits: AbandonLimits): boolean {
    const lease =
      owner === null
        ? undefined
        : this.sql<[string], { heartbeat_at: string }>('SELECT heartbeat_at FROM instances WHERE id = ?').get(owner);
    const ownerHeartbeat = lease && new Date(lease.heartbeat_at);
    return this.holdings.abandoned(
      { owner, createdAt: new Date(createdAt), ownerHeartbeat, openHere },
      this.now(),
      limits,
    );
  }

  private claimAbandoned(row: ClaimRow, limits: AbandonLimits): boolean {
    return this.abandonedBy(
      row.owner,
      row.created_at,
      this.holdings.claims.has(claimOf(row.key_id, row.idem_key)),
      limits,
    );
  }

  /** Every reservation and unanswered claim, each with whether nobody holds it any more: what held() shows and sweepAbandoned() gives back. */
  private heldRows(limits: AbandonLimits) {
    const reservations = this.sql<[], ReservationRow & { request_id: string; created_at: string }>(
      'SELECT * FROM credit_reservations ORDER BY id',
    )
      .all()
      .map((row) => ({
        row,
        abandoned: this.abandonedBy(row.owner, row.created_at, this.holdings.reservations.has(row.id), limits),
      }));
    // Through the partial index on unanswered claims, so answered ones, however many, are not read
    // (an ORDER BY would make SQLite walk the age index over every entry instead): sorted here.
    const claims = this.sql<[], ClaimRow>(
      'SELECT key_id, idem_key, owner, created_at FROM idempotency_keys WHERE body IS NULL',
    )
      .all()
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
      .map((row) => ({ row, abandoned: this.claimAbandoned(row, limits) }));
    return { reservations, claims };
  }

  async sweepAbandoned(limits: AbandonLimits): Promise<SweepResult> {
    return this.db
      .transaction((): SweepResult => {
        const held = this.heldRows(limits);
        const reservations = held.reservations.filter((entry) => entry.abandoned).map((entry) => entry.row);
        const claims = held.claims.filter((entry) => entry.abandoned).map((entry) => entry.row);
        for (const row of reservations) this.refundRow(row);
        for (const claim of claims)
          this.sql('DELETE FROM idempotency_keys WHERE key_id = ? AND idem_key = ? AND body IS NULL').run(
            claim.key_id,
            claim.idem_key,
          );
        const lapsed = new Date(this.now().getTime() - limits.leaseLapseMs).toISOString();
        this.sql('DELETE FROM instances WHERE heartbeat_at < ?').run(lapsed);
        return {
          reservations: reservations.length,
          credits: reservations.reduce((sum, row) => sum + (row.metered ? row.credits : 0), 0),
          claims: claims.length,
        };
      })
      .immediate();
  }

  async held(limits: AbandonLimits): Promise<HeldWork> {
    const { reservations, claims } = this.heldRows(limits);
    return toHeldWork(reservations, claims);
  }

  async purgeIdempotencyKeys(olderThan: Date, limit: number): Promise<number> {
    return this.sql(
      'DELETE FROM idempotency_keys WHERE rowid IN (SELECT rowid FROM idempotency_keys WHERE created_at < ? LIMIT ?)',
    ).run(olderThan.toISOString(), limit).changes;
  }

  async usage(keyId?: string, limit = 100): Promise<UsageRecord[]> {
    const rows = keyId
      ? this.sql('SELECT * FROM usage_ledger WHERE key_id = ? ORDER BY id DESC LIMIT ?').all(keyId, limit)
      : this.sql('SELECT * FROM usage_ledger ORDER BY id DESC LIMIT ?').all(limit);
    return (
      rows as Array<{
        key_id: string;
        operation: string;
        request_id: string;
        credits: number;
        created_at: string;
      }>
    ).map((row) => ({
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
    const rows = this.sql<
      [string, string, number, number],
      {
        id: number;
        pet_id: string;
        request_id: string;
        operation: string;
        credits_charged: number;
        created_at: string;
        data: string;
        has_photo: number;
      }
    >(
      'SELECT id, pet_id, request_id, operation, credits_charged, created_at, data, photo IS NOT NULL AS has_photo FROM pet_records WHERE key_id = ? AND pet_id = ? AND id < ? ORDER BY id DESC LIMIT ?',
    ).all(keyId, petId, before, limit);
    return rows.map((row) => ({
      id: row.id,
      petId: row.pet_id,
      requestId: row.request_id,
      operation: row.operation,
      creditsCharged: row.credits_charged,
      at: row.created_at,
      data: JSON.parse(row.data) as unknown,
      hasPhoto: row.has_photo === 1,
    }));
  }

  async petPhoto(keyId: string, petId: string, requestId: string) {
    const row = this.sql<[string, string, string], { photo: Buffer | null; photo_format: ImageFormat | null }>(
      'SELECT photo, photo_format FROM pet_records WHERE key_id = ? AND pet_id = ? AND request_id = ?',
    ).get(keyId, petId, requestId);
    return row?.photo && row.photo_format ? { bytes: row.photo, format: row.photo_format } : undefined;
  }

  async deletePet(keyId: string, petId: string): Promise<number> {
    return this.failures.guard(
      () => this.sql('DELETE FROM pet_records WHERE key_id = ? AND pet_id = ?').run(keyId, petId).changes,
    );
  }

  async purgePetRecords(olderThan: Date, limit: number): Promise<number> {
    return this.sql(
      'DELETE FROM pet_records WHERE rowid IN (SELECT rowid FROM pet_records WHERE created_at < ? LIMIT ?)',
    ).run(olderThan.toISOString(), limit).changes;
  }

  async claimIdempotencyKey(
    keyId: string,
    key: string,
    requestHash: string,
    ttlMs: number,
    abandonAfterMs: number,
  ): Promise<IdempotencyClaim> {
    const claimed = this.failures.guard(() =>
      this.db
        .transaction((): IdempotencyClaim => {
          const now = this.now();
          const row = this.sql<[string, string], ClaimRow & { request_hash: string; body: string | null }>(
            'SELECT key_id, idem_key, request_hash, body, created_at, owner FROM idempotency_keys WHERE key_id = ? AND idem_key = ?',
          ).get(keyId, key);
          // An entry past its time is gone, whether or not the background purge has reached it yet.
          if (!row || Date.parse(row.created_at) < now.getTime() - ttlMs) {
            this.sql(
              'INSERT OR REPLACE INTO idempotency_keys (key_id, idem_key, request_hash, created_at, owner) VALUES (?, ?, ?, ?, ?)',
            ).run(keyId, key, requestHash, now.toISOString(), this.holdings.lease ?? null);
            return { state: 'claimed' };
          }
          if (row.request_hash !== requestHash) return { state: 'mismatch' };
          if (row.body !== null) return { state: 'replay', body: row.body };
          if (!this.claimAbandoned(row, { leaseLapseMs: this.holdings.leaseLapseMs, ownerlessAfterMs: abandonAfterMs }))
            return { state: 'in_progress' };
          this.sql('UPDATE idempotency_keys SET created_at = ?, owner = ? WHERE key_id = ? AND idem_key = ?').run(
            now.toISOString(),
            this.holdings.lease ?? null,
            keyId,
            key,
          );
          return { state: 'claimed' };
        })
        .immediate(),
    );
    if (claimed.state === 'claimed') this.holdings.claims.add(claimOf(keyId, key));
    return claimed;
  }

  async releaseIdempotencyKey(keyId: string, key: string) {
    this.holdings.claims.delete(claimOf(keyId, key));
    this.failures.guard(() =>
      this.sql('DELETE FROM idempotency_keys WHERE key_id = ? AND idem_key = ? AND body IS NULL').run(keyId, key),
    );
  }

  async takeCall(keyId: string, perMinute: number, at: Date): Promise<RateDecision> {
    return this.buckets.take(keyId, perMinute, at.getTime());
  }

  async close() {
    if (this.db.open) this.db.close();
  }
}
