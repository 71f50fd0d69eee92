import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type AccountStore, AccountStoreError, type StoreDescription } from '../accounts/account-store.js';
import { SqliteAccountStore } from '../accounts/sqlite/sqlite-account-store.js';
import { explainSqliteFailure } from '../accounts/sqlite/sqlite-open.js';
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
    const { PostgresAccountStore } = await import('../accounts/postgres/postgres-account-store.js');
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

/** The package's own data directory: where `npm start` in the checkout keeps its store by default. */
const PACKAGE_DATA_DIR = join(import.meta.dirname, '..', '..', 'data');

/** One line saying which store a command works on, so that nobody edits one store while the server reads another. */
export const storeLine = ({ kind, location }: StoreDescription) =>
  `Store: ${kind === 'sqlite' ? `SQLite ${location}` : `PostgreSQL ${location}`}`;

/**
 * The store a command (keys, records, doctor) works on. A SQLite store that is not there is created
 * only where PAWLENS_DATA_DIR names its directory (`dataDirNamed`): by default the directory is
 * ./data of wherever the command runs, and a command run elsewhere than the server would make an
 * empty store of its own and report "No keys yet" while the server reads another.
 */
export async function openCommandStore(
  config: Pick<Config, 'dataDir' | 'database'>,
  dataDirNamed: boolean,
): Promise<AccountStore> {
  const file = join(config.dataDir, STORE_FILE);
  if (!config.database && !dataDirNamed && !existsSync(file)) {
    const packageStore = join(PACKAGE_DATA_DIR, STORE_FILE);
    const elsewhere =
      packageStore !== file && existsSync(packageStore)
        ? ` The store of "npm start" in pawlens' own folder is ${packageStore}: PAWLENS_DATA_DIR=${relative(process.cwd(), PACKAGE_DATA_DIR) || '.'} npx pawlens …`
        : '';
    throw new AccountStoreError(
      `No key store at ${file}, and none was created. The server keeps its store in PAWLENS_DATA_DIR (./data of the folder it starts in, unless set): run this command from that folder, or set PAWLENS_DATA_DIR to the server's data directory (or to a new one, to start a store there).${elsewhere}`,
    );
  }
  return openStore(config);
}
