import { closeSync, openSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { AccountStoreError } from '../../src/accounts/account-store.js';
import { issueKey } from '../../src/accounts/issue-key.js';
import { SqliteAccountStore } from '../../src/accounts/sqlite/sqlite-account-store.js';
import { tempDir } from '../fixtures/temp-dir.js';

/** Opening a store that is not one, is damaged or was emptied: a message with the file and the fix, never SQLite's bare words or a silent new store. */
describe('opening the key store', () => {
  const fileIn = () => join(tempDir('pawlens-open-'), 'pawlens.db');

  it('a file that is not a database names the file and what to do', () => {
    const file = fileIn();
    writeFileSync(file, 'these are not the keys you are looking for, not at all'.repeat(100));
    expect(() => new SqliteAccountStore(file)).toThrow(AccountStoreError);
    expect(() => new SqliteAccountStore(file)).toThrow(
      new RegExp(`${file} is not a pawlens key store.*PAWLENS_DATA_DIR`),
    );
  });

  it('an emptied store (0 bytes, not being created) is refused instead of silently replaced with a new one', () => {
    const file = fileIn();
    writeFileSync(file, '');
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(file, old, old);
    expect(() => new SqliteAccountStore(file)).toThrow(
      /is empty \(0 bytes\), so its keys and balances are gone\. Restore it from a backup/,
    );
  });

  it('a damaged page fails the start-up integrity check with the file and the way out, not "database disk image is malformed" alone', async () => {
    const file = fileIn();
    const store = new SqliteAccountStore(file);
    for (let i = 0; i < 200; i++) await issueKey(store, { name: `key ${i}`, credits: 10, expiresAt: null });
    await store.close();
    const db = new Database(file);
    db.pragma('wal_checkpoint(TRUNCATE)');
    const page = db.pragma('page_size', { simple: true }) as number;
    const root = (
      db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'api_keys'").get() as { rootpage: number }
    ).rootpage;
    db.close();
    // Scribble over the cells at the end of the api_keys table's root page, as a bad sector would.
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(512, 0xa5), 0, 512, root * page - 512);
    closeSync(fd);
    let message = '';
    try {
      const damaged = new SqliteAccountStore(file);
      await damaged.probe(true).finally(() => damaged.close());
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(file);
    expect(message).toMatch(/damaged|integrity check/);
    expect(message).toMatch(/restore it from a backup/i);
  });

  it('a folder it cannot create says which and why', () => {
    const file = join(tempDir('pawlens-open-'), 'a-file', 'pawlens.db');
    writeFileSync(join(file, '..', '..', 'a-file'), 'a file where the data folder should be');
    expect(() => new SqliteAccountStore(file)).toThrow(
      /cannot be opened .*PAWLENS_DATA_DIR must be a folder this user can write/,
    );
  });
});
