import { createHash, randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const KEY_PREFIX = 'pk_';
export const KEY_SECRET_LENGTH = 32;
export const KEY_PATTERN = /^pk_[A-Za-z0-9]{32}$/;

/** Uniformly random characters: randomInt rejects the modulo bias a byte-per-char scheme has. */
export function randomToken(length: number): string {
  let token = '';
  for (let i = 0; i < length; i++) token += ALPHABET[randomInt(ALPHABET.length)];
  return token;
}

export function generateApiKey(): string {
  return KEY_PREFIX + randomToken(KEY_SECRET_LENGTH);
}

export function generateKeyId(): string {
  return `key_${randomToken(12)}`;
}

/** Only this hash is stored; the secret is shown once, at creation. */
export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** What listings show of a key: enough to recognise it, too little to use it. */
export function displayPrefix(secret: string): string {
  return `${secret.slice(0, KEY_PREFIX.length + 4)}…`;
}
