import type { AccountStore, KeyRecord, NewKey } from './account-store.js';
import { displayPrefix, generateApiKey, hashApiKey } from './api-key.js';

/** Creates a key and returns its secret: the only moment the secret exists outside the client. */
export async function issueKey(store: AccountStore, key: NewKey): Promise<{ record: KeyRecord; secret: string }> {
  const secret = generateApiKey();
  const record = await store.createKey(key, hashApiKey(secret), displayPrefix(secret));
  return { record, secret };
}
