import { parseCommandArgs } from './parse-command-args.js';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { withoutPassword } from '../accounts/postgres/postgres-errors.js';
import type { Config } from '../config.js';
import { STORE_FILE } from './open-store.js';

export const STORE_USAGE = `pawlens store backup --to FILE
  A consistent copy of the SQLite store in PAWLENS_DATA_DIR, made while the server runs (one read
  transaction: what calls in flight write after it starts is not in it). FILE must not exist.
  Restore: stop the server, remove pawlens.db-wal and pawlens.db-shm, copy FILE to pawlens.db.
  On PostgreSQL, back up with pg_dump.

pawlens store migrate [--to postgres://USER:PASSWORD@HOST:5432/DATABASE]
  Copies the SQLite store in PAWLENS_DATA_DIR (keys, balances, the usage ledger, pets' records and
  stored idempotent answers) into an empty PostgreSQL database, in one transaction. --to defaults to
  PAWLENS_DATABASE_URL. Stop the server first; the SQLite file is only read. Then start every
  replica with PAWLENS_DATABASE_URL set to the same database.`;

/** Runs `pawlens store …`. */
export async function runStoreCommand(
  args: string[],
  config: Pick<Config, 'dataDir' | 'database' | 'storeLeaseMs'>,
  print: (line: string) => void,
): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'backup') return backupStore(rest, config, print);
  if (action !== 'migrate') throw new Error(`Unknown store command "${action ?? ''}".\n\n${STORE_USAGE}`);
  const { values } = parseCommandArgs('store migrate', rest, { to: { type: 'string' } }, { positionals: false });
  const url = values.to ?? config.database?.url;
  if (!url)
    throw new Error(
      `Name the PostgreSQL database to migrate into: --to postgres://… (or set PAWLENS_DATABASE_URL).\n\n${STORE_USAGE}`,
    );
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new Error(
      `--to must be a PostgreSQL URL (postgres://USER:PASSWORD@HOST:5432/DATABASE), not "${withoutPassword(url)}".`,
    );
  const file = join(config.dataDir, STORE_FILE);
  // Loaded here, with the pg driver, so that no other command (pawlens serve above all) carries it.
  const { migrateToPostgres } = await import('../accounts/postgres/migrate-to-postgres.js');
  const report = await migrateToPostgres(file, url, { leaseLapseMs: config.storeLeaseMs });
  print(`Copied ${file} into ${withoutPassword(url)}:`);
  print(
    `  ${report.keys} keys, ${report.ledgerRows} ledger rows, ${report.records} pets' records, ${report.idempotentAnswers} stored idempotent answers.`,
  );
  if (report.creditsGivenBack > 0)
    print(`  ${report.creditsGivenBack} credits held by calls that never finished went back to their keys.`);
  print(
    'Start each replica with PAWLENS_DATABASE_URL set to that database; the SQLite file is unchanged (keep it as a backup).',
  );
}

/**
 * `pawlens store backup --to FILE`: SQLite's VACUUM INTO, from a read-only connection, so the copy
 * is one consistent snapshot however busy the server is, compacted, and the store is not written.
 */
async function backupStore(
  args: string[],
  config: Pick<Config, 'dataDir' | 'database'>,
  print: (line: string) => void,
): Promise<void> {
  const { values } = parseCommandArgs('store backup', args, { to: { type: 'string' } }, { positionals: false });
  if (config.database)
    throw new Error(
      `The store is PostgreSQL (${withoutPassword(config.database.url)}): back it up with pg_dump, e.g. pg_dump --format=custom --file=pawlens.dump "$PAWLENS_DATABASE_URL".`,
    );
  if (!values.to) throw new Error(`Name the backup file: pawlens store backup --to FILE.\n\n${STORE_USAGE}`);
  const target = resolve(values.to);
  if (existsSync(target)) throw new Error(`${target} exists; name a new file, so that no backup is overwritten.`);
  const file = join(config.dataDir, STORE_FILE);
  if (!existsSync(file))
    throw new Error(`There is no key store at ${file}; set PAWLENS_DATA_DIR to the folder that holds pawlens.db.`);
  const source = new Database(file, { readonly: true, fileMustExist: true, timeout: 10_000 });
  try {
    source.prepare('VACUUM INTO ?').run(target);
  } finally {
    source.close();
  }
  print(`Copied ${file} into ${target}, as it was at one moment, while the server ran on.`);
}
