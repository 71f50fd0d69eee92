import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '../contract/api-error.js';
import type { KeyRecord, KeyStore } from './account-store.js';
import { hashApiKey, KEY_PATTERN } from './api-key.js';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * Authorization header → the key it names, or the error that explains why not. The lookup is by
 * SHA-256 of the secret, so the stored value never meets the secret itself; the final equality is
 * constant-time all the same.
 */
/** The token of an `Authorization: Bearer <token>` header; undefined for no header or another form. */
export const bearerToken = (header: string | undefined): string | undefined =>
  header === undefined ? undefined : BEARER.exec(header)?.[1];

/** Whether `key` is past its expiry at `now`: authenticate refuses it as KEY_EXPIRED, whatever its stored status. */
export const isExpired = (key: Pick<KeyRecord, 'expiresAt'>, now: Date): boolean =>
  key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime();

export async function authenticate(header: string | undefined, store: KeyStore, now: Date): Promise<KeyRecord> {
  const secret = bearerToken(header);
  if (!secret) {
    throw new ApiError(
      'UNAUTHORIZED',
      header
        ? 'The Authorization header must be "Bearer <API_KEY>".'
        : 'Missing Authorization header: send "Authorization: Bearer <API_KEY>".',
    );
  }
  if (!KEY_PATTERN.test(secret))
    throw new ApiError(
      'INVALID_KEY',
      'The API key is malformed: keys look like pk_ followed by 32 letters and digits.',
    );

  const hash = hashApiKey(secret);
  const key = await store.findKeyByHash(hash);
  if (!key || !timingSafeEqual(Buffer.from(key.secretHash, 'hex'), Buffer.from(hash, 'hex'))) {
    throw new ApiError('INVALID_KEY');
  }
  switch (key.status) {
    case 'active':
      break;
    case 'disabled':
      throw new ApiError('KEY_DISABLED');
    case 'revoked':
      throw new ApiError('KEY_REVOKED');
    default: {
      const unknown: never = key.status;
      throw new Error(`unknown key status ${String(unknown)}`);
    }
  }
  if (isExpired(key, now)) {
    throw new ApiError('KEY_EXPIRED', `The API key expired at ${key.expiresAt}.`);
  }
  const { secretHash: _hash, ...record } = key;
  return record;
}
