import { AccountStoreError } from '../account-store.js';

/** The database URL as it may be shown: its password replaced (logs, /readyz, error messages). */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the PAWLENS_DATABASE_URL (not a URL)';
  }
}

/** Why a first connection failed, in words and with what to check: never the password. */
export function explainDatabaseFailure(where: string, error: unknown): Error {
  if (error instanceof AccountStoreError) return error;
  const { code, message = String(error) } = error as { code?: string; message?: string };
  const fail = (why: string) => new AccountStoreError(`PostgreSQL at ${where}: ${why}`);
  switch (code) {
    case 'ECONNREFUSED':
      return fail(
        'the connection was refused. Is PostgreSQL running there, and are the host and port in PAWLENS_DATABASE_URL right?',
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return fail("the host name does not resolve. Check PAWLENS_DATABASE_URL's host.");
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return fail(
        'no answer from the host. Check the host, the port and any firewall between this machine and the database.',
      );
    case '28P01':
    case '28000':
      return fail(
        `the server refused the login (${message}). Check the user and password in PAWLENS_DATABASE_URL and the server's pg_hba.conf.`,
      );
    case '3D000':
      return fail(`${message}. Create it first (createdb), or name an existing database in PAWLENS_DATABASE_URL.`);
    case '42501':
      return fail(
        `permission denied (${message}). pawlens needs a user that may create tables in that database's public schema.`,
      );
    default:
      // pg reports a connect timeout as a plain Error with this text.
      if (/timeout/i.test(message))
        return fail(
          'no connection within the timeout. Check the host, the port and any firewall between this machine and the database.',
        );
      return fail(message);
  }
}
