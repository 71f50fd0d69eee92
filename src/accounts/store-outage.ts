/**
 * Whether `error`, thrown by a store, says the store cannot be used right now (a full disk, a
 * database that is down or unreachable, a lock held too long) rather than that pawlens has a
 * bug: the HTTP layer answers such calls 503 with Retry-After, as it does when busy, not 500.
 * The codes are SQLite's, PostgreSQL's SQLSTATE classes and Node's network errors.
 */
export function isStoreOutage(error: unknown): boolean {
  const { code, message = '' } = (error ?? {}) as { code?: unknown; message?: string };
  if (typeof code === 'string') {
    // SQLite: the disk, the file, a lock held past busy_timeout.
    if (/^SQLITE_(FULL|IOERR|BUSY|LOCKED|READONLY|CANTOPEN|CORRUPT|NOTADB)/.test(code)) return true;
    // PostgreSQL: 08 connection, 53 insufficient resources (53100 disk full), 57P shutdown, 40 serialization/deadlock.
    if (/^(08|53|40)[0-9A-Z]{3}$|^57P0[1-3]$/.test(code)) return true;
    if (
      [
        'ECONNREFUSED',
        'ECONNRESET',
        'ETIMEDOUT',
        'EHOSTUNREACH',
        'ENOTFOUND',
        'EAI_AGAIN',
        'EPIPE',
        'ENOSPC',
        'EROFS',
      ].includes(code)
    )
      return true;
  }
  // A full disk in SQLite's and the system's words, whatever code carried them (a trigger's, an
  // extension's); and the pg client's own words for a lost or never-made connection (no code).
  return /database or disk is full|No space left on device|Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/i.test(
    message,
  );
}
