import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { isStoreOutage } from '../../src/accounts/store-outage.js';

/** The error a real SQLite gives for `sql` on a database whose file may not grow past its first pages (a full disk, as SQLite sees one). */
function sqliteError(sql: string): unknown {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (x BLOB)');
  db.pragma('max_page_count = 2');
  try {
    db.exec(sql);
    return undefined;
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
}

describe('a store failure that is an outage (503, retry) and one that is a bug (500)', () => {
  it('a full SQLite file is an outage; a statement SQLite cannot run is a bug', () => {
    const full = sqliteError('INSERT INTO t VALUES (zeroblob(100000))');
    expect((full as { code: string }).code).toBe('SQLITE_FULL');
    expect(isStoreOutage(full)).toBe(true);
    const bug = sqliteError('SELECT nope FROM t');
    expect((bug as { code: string }).code).toBe('SQLITE_ERROR');
    expect(isStoreOutage(bug)).toBe(false);
  });

  it.each([
    ['PostgreSQL disk full', { code: '53100' }, true],
    ['PostgreSQL shutting down', { code: '57P01' }, true],
    ['PostgreSQL connection failure', { code: '08006' }, true],
    ['a refused connection', { code: 'ECONNREFUSED' }, true],
    ['pg losing its connection', new Error('Connection terminated unexpectedly'), true],
    ['PostgreSQL unique violation (a bug)', { code: '23505' }, false],
    ['PostgreSQL syntax error (a bug)', { code: '42601' }, false],
    ['a TypeError', new TypeError('x is undefined'), false],
  ])('%s', (_name, error, outage) => {
    expect(isStoreOutage(error)).toBe(outage);
  });
});
