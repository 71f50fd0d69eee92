import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';
import { AccountStoreError, DEFAULT_CLINIC, LEASE_LAPSE_MS } from '../account-store.js';
import { explainDatabaseFailure, withoutPassword } from './postgres-errors.js';
import { migrate } from './postgres-schema.js';
import { columns, TABLES, type Table } from '../store-tables.js';

export interface MigrationReport {
  readonly keys: number;
  readonly ledgerRows: number;
  readonly records: number;
  readonly idempotentAnswers: number;
  /** Credits that were reserved by calls no server finished: given back to their keys in the copy. */
  readonly creditsGivenBack: number;
}

/** Rows copied per INSERT: few round trips, and well under PostgreSQL's 65,535 parameters. */
const BATCH = 500;

/** INSERTs `rows` into `table` in batches, with the table's columns (store-tables.ts) but `without`, in their order. */
async function copyRows<T extends Table>(
  client: pg.PoolClient,
  table: T,
  rows: readonly unknown[][],
  without: ReadonlyArray<(typeof TABLES)[T][number]> = [],
): Promise<void> {
  const width = TABLES[table].length - without.length;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const values = batch.map(
      (_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`,
    );
    await client.query(`INSERT INTO ${table} (${columns(table, without)}) VALUES ${values.join(', ')}`, batch.flat());
  }
}

/**
 * `pawlens store migrate --to postgres://…`: the SQLite store's keys, balances, ledger, pets'
 * records and stored idempotent answers copied into an empty PostgreSQL database, in one
 * transaction (all or nothing). Refused while a server still runs on the file (its lease, of
 * PAWLENS_STORE_LEASE_SECONDS, is live): calls in flight would be charged in a store nobody reads any more. Credits held by calls
 * that never finished go back to their keys in the copy; unanswered idempotency claims are not
 * copied (their retries run afresh). The SQLite file is only read, never changed.
 */
export async function migrateToPostgres(
  sqliteFile: string,
  url: string,
  { leaseLapseMs = LEASE_LAPSE_MS, now = new Date() }: { leaseLapseMs?: number; now?: Date } = {},
): Promise<MigrationReport> {
  if (!existsSync(sqliteFile))
    throw new AccountStoreError(
      `There is no key store at ${sqliteFile}; set PAWLENS_DATA_DIR to the folder that holds pawlens.db.`,
    );
  const source = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  const where = withoutPassword(url);
  try {
    const live = source
      .prepare('SELECT id, host, pid FROM instances WHERE heartbeat_at >= ?')
      .all(new Date(now.getTime() - leaseLapseMs).toISOString()) as Array<{ id: string; host: string; pid: number }>;
    if (live.length > 0) {
      const servers = live.map((lease) => `pid ${lease.pid} on ${lease.host}`).join(', ');
      throw new AccountStoreError(
        `A pawlens server still runs on ${sqliteFile} (${servers}). Stop it first, then migrate: calls it serves meanwhile would not be copied.`,
      );
    }
    const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 10_000 });
    pool.on('error', () => {});
    try {
      const client = await pool
        .connect()
        .catch((error: unknown) => Promise.reject(explainDatabaseFailure(where, error)));
      try {
        await migrate(client, where).catch((error: unknown) => Promise.reject(explainDatabaseFailure(where, error)));
        return await copyInto(client, source, where);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  } finally {
    source.close();
  }
}

async function copyInto(client: pg.PoolClient, source: Database.Database, where: string): Promise<MigrationReport> {
  const all = (sql: string) => source.prepare(sql).raw().all() as unknown[][];
  await client.query('BEGIN');
  try {
    const { rows } = await client.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM api_keys');
    if (rows[0]!.n > 0)
      throw new AccountStoreError(
        `The database ${where} already has ${rows[0]!.n} keys: migrate into an empty database, so that no key or balance is merged by mistake.`,
      );
    // A store of schema 6 or older has no clinics: all its keys and records are the default clinic's.
    const has = (table: string, column: string) =>
      Boolean(source.prepare(`SELECT 1 FROM pragma_table_info('${table}') WHERE name = ?`).get(column));
    const clinicOf = (table: string, alias: string) =>
      has(table, 'clinic') ? `${alias}clinic` : `'${DEFAULT_CLINIC}'`;
    // Balances as they will be once what unfinished calls held is given back.
    const keys = all(`
      SELECT k.id, k.name, k.secret_hash, k.prefix, k.status,
             CASE WHEN k.credits IS NULL THEN NULL ELSE k.credits + COALESCE((SELECT SUM(credits) FROM credit_reservations r WHERE r.key_id = k.id AND r.metered), 0) END,
             k.expires_at, k.created_at, k.last_used_at, ${clinicOf('api_keys', 'k.')}
      FROM api_keys k ORDER BY k.created_at, k.id`);
    await copyRows(client, 'api_keys', keys);
    const ledger = all(`SELECT ${columns('usage_ledger')} FROM usage_ledger ORDER BY id`);
    await copyRows(client, 'usage_ledger', ledger);
    const records = all(
      // …and of schema 7 or older, no record says what made it.
      `SELECT ${columns('pet_records', ['clinic', 'made_by'])}, ${clinicOf('pet_records', '')}, ${has('pet_records', 'made_by') ? 'made_by' : 'NULL'} FROM pet_records ORDER BY id`,
    );
    await copyRows(client, 'pet_records', records);
    // Answers only: an unanswered claim's request is retried afresh. Of schema 8 or older, no
    // answer says which pet it is about (an erasure then leaves it to expire within its 24 hours).
    const answers = all(
      `SELECT ${columns('idempotency_keys', ['owner', 'pet_id'])}, ${has('idempotency_keys', 'pet_id') ? 'pet_id' : 'NULL'}
       FROM idempotency_keys WHERE body IS NOT NULL`,
    );
    await copyRows(client, 'idempotency_keys', answers, ['owner']);
    // The next ids continue after the copied ones.
    for (const table of ['usage_ledger', 'pet_records', 'credit_reservations']) {
      await client.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM ${table}`,
      );
    }
    const givenBack = (
      source.prepare('SELECT COALESCE(SUM(credits), 0) AS n FROM credit_reservations WHERE metered').get() as {
        n: number;
      }
    ).n;
    await client.query('COMMIT');
    return {
      keys: keys.length,
      ledgerRows: ledger.length,
      records: records.length,
      idempotentAnswers: answers.length,
      creditsGivenBack: givenBack,
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
