import type { AccountStore, KeyRecord, NewKey } from './account-store.js';
import { displayPrefix, generateApiKey, hashApiKey } from './api-key.js';

type IssuedKey = { record: KeyRecord; secret: string };

/** A new secret and what the store keeps of it (its hash and display prefix). */
function newSecret() {
  const secret = generateApiKey();
  return { secret, hash: hashApiKey(secret), prefix: displayPrefix(secret) };
}

/** Creates a key and returns its secret: the only moment the secret exists outside the client. */
export async function issueKey(store: AccountStore, key: NewKey): Promise<IssuedKey> {
  const { secret, hash, prefix } = newSecret();
  return { record: await store.createKey(key, hash, prefix), secret };
}

/** The store's first key, if it has none yet: undefined when it has (another replica made it first). */
export async function issueFirstKey(store: AccountStore, key: NewKey): Promise<IssuedKey | undefined> {
  const { secret, hash, prefix } = newSecret();
  const record = await store.createFirstKey(key, hash, prefix);
  return record && { record, secret };
}
