import { join } from 'node:path';
import { SqliteAccountStore } from '../accounts/sqlite-account-store.js';

export const STORE_FILE = 'pawlens.db';

export function openStore(dataDir: string): SqliteAccountStore {
  return new SqliteAccountStore(join(dataDir, STORE_FILE));
}
