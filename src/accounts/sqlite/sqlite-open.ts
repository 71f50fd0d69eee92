import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { AccountStoreError } from '../account-store.js';
import { migrateSqlite } from './sqlite-schema.js';

export const BUSY_TIMEOUT_MS = 5000;

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

/** SQLite's terse errors, at open or after → what happened to which file, and what to do; other errors as they are. */
export function explainSqliteFailure(file: string, error: unknown): Error {
  if (error instanceof AccountStoreError) return error;
  const { code, message } = error as { code?: string; message?: string };
  const dir = dirname(file);
  switch (code) {
    case 'SQLITE_NOTADB':
      return new AccountStoreError(
        `${file} is not a pawlens key store (${message}). Point PAWLENS_DATA_DIR at the right folder, or move the file aside to start a new store; restore it from a backup if it held your keys.`,
      );
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
      return new AccountStoreError(
        `The key store ${file} stayed locked by another program for more than ${BUSY_TIMEOUT_MS / 1000} s (${message}): an sqlite3 shell or a backup tool holding a transaction, or a pawlens store migrate. Let it finish or close it, then try again.`,
      );
    case 'SQLITE_CORRUPT':
      return new AccountStoreError(
        `The key store ${file} is damaged (${message}). Stop every pawlens on it and restore it from a backup; "sqlite3 ${file} .recover" may save its rows.`,
      );
    case 'ENOENT':
      // mkdir of a link to a folder that is not there (PAWLENS_DATA_DIR pointing at a removed volume).
      return new AccountStoreError(
        `The key store's folder ${dir} cannot be made (${message}): it is a link to nothing, or a folder above it is missing. Point PAWLENS_DATA_DIR at a folder that exists (or can be made), or mount the volume it links to.`,
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

/** Opens (creating where new) and migrates the store file; a clear error, naming the file and what to do, when it cannot. */
export function openSqlite(file: string): Database.Database {
  let db: Database.Database | undefined;
  try {
    if (file !== ':memory:') {
      mkdirSync(dirname(file), { recursive: true });
      refuseTruncatedStore(file);
    }
    db = new Database(file);
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    enableWal(db);
    db.pragma('foreign_keys = ON');
    // Erased means erased: a deleted record's bytes (a kept photo) are overwritten with zeros in
    // the file, not left in free pages for anyone who reads the file to find.
    db.pragma('secure_delete = ON');
    migrateSqlite(db, file);
    return db;
  } catch (error) {
    if (db?.open) db.close();
    throw explainSqliteFailure(file, error);
  }
}
