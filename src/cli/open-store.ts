import { join } from 'node:path';
import type { AccountStore } from '../accounts/account-store.js';
import { PostgresAccountStore } from '../accounts/postgres-account-store.js';
import { SqliteAccountStore } from '../accounts/sqlite-account-store.js';
import type { Config } from '../config.js';

export const STORE_FILE = 'pawlens.db';

/** The SQLite file in the data directory (the embedded default), or the shared PostgreSQL that PAWLENS_DATABASE_URL names. */
export async function openStore(config: Pick<Config, 'dataDir' | 'database'>): Promise<AccountStore> {
  if (config.database) return PostgresAccountStore.open(config.database.url, { poolSize: config.database.poolSize });
  return new SqliteAccountStore(join(config.dataDir, STORE_FILE));
}
