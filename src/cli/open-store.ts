import { join } from 'node:path';
import type { AccountStore } from '../accounts/account-store.js';
import { SqliteAccountStore } from '../accounts/sqlite-account-store.js';
import { explainSqliteFailure } from '../accounts/sqlite-open.js';
import type { Config } from '../config.js';
import type { Metrics } from '../metrics.js';

export const STORE_FILE = 'pawlens.db';

/**
 * The SQLite file in the data directory (the embedded default), or the shared PostgreSQL that
 * PAWLENS_DATABASE_URL names, its pool watched by `metrics` when given. The PostgreSQL store (and
 * the pg driver, 2 MB of heap that every full collection would mark) is loaded only when named.
 */
export async function openStore(
  config: Pick<Config, 'dataDir' | 'database'>,
  metrics?: Metrics,
): Promise<AccountStore> {
  if (config.database) {
    const { PostgresAccountStore } = await import('../accounts/postgres-account-store.js');
    const store = await PostgresAccountStore.open(config.database.url, { poolSize: config.database.poolSize });
    metrics?.watchDatabasePool(() => store.poolState());
    return store;
  }
  return new SqliteAccountStore(join(config.dataDir, STORE_FILE));
}

/**
 * An error from working on `store` (a command's, or a server's start), told as what happened to
 * the store and what to do, where SQLite's own words ("database disk image is malformed") would
 * leave an operator guessing; the store's checks at open say the same.
 */
export function explainStoreFailure(store: Pick<AccountStore, 'description'>, error: unknown): unknown {
  // Only SQLite's own errors: a system error of the same code from elsewhere (EACCES from listening
  // on port 80) is not the store's.
  const { code } = (error ?? {}) as { code?: unknown };
  const fromSqlite = typeof code === 'string' && code.startsWith('SQLITE_');
  return store.description.kind === 'sqlite' && fromSqlite
    ? explainSqliteFailure(store.description.location, error)
    : error;
}
