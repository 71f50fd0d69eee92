import { DEFAULT_CLINIC, type NewKey } from './account-store.js';
import { generateKeyId } from './api-key.js';
import { columns, placeholders } from './store-tables.js';

/** Statements both stores run as written: in the shared half, and inside each dialect's transactions. */

/** A new key's row: the key as given, active, created now. */
export const INSERT_KEY = `INSERT INTO api_keys (${columns('api_keys', ['last_used_at'])})
  VALUES (?, ?, ?, ?, 'active', ?, ?, ?, ?) RETURNING *`;

export const keyValues = (key: NewKey, secretHash: string, prefix: string, at: string) => [
  generateKeyId(),
  key.name,
  secretHash,
  prefix,
  key.credits,
  key.expiresAt,
  at,
  key.clinic ?? DEFAULT_CLINIC,
];

/** The clinic of the key a statement's next parameter names: a key sees its clinic's records (docs/design.md §11). */
export const CLINIC_OF_KEY = '(SELECT clinic FROM api_keys WHERE id = ?)';

/** The unanswered claims, through their partial index (an ORDER BY would walk the age index over every entry). */
export const OPEN_CLAIMS = `SELECT c.key_id, c.idem_key, c.owner, c.created_at, i.heartbeat_at
  FROM idempotency_keys c LEFT JOIN instances i ON i.id = c.owner WHERE c.body IS NULL`;

/** Expired idempotency entries, oldest first through the age index, a batch at a time. */
export const PURGE_IDEMPOTENCY_KEYS = `DELETE FROM idempotency_keys WHERE (key_id, idem_key) IN
  (SELECT key_id, idem_key FROM idempotency_keys WHERE created_at < ? LIMIT ?)`;

/** A new claim of an Idempotency-Key: no answer yet (nor the pet it is about). */
export const INSERT_CLAIM = `INSERT INTO idempotency_keys (${columns('idempotency_keys', ['body', 'pet_id'])}) VALUES (${placeholders(5)})`;

/** A claim taken over (past its time, or its process died): this request's hash, no answer, made now by this process. */
export const TAKE_OVER_CLAIM = `UPDATE idempotency_keys SET request_hash = ?, body = NULL, pet_id = NULL, created_at = ?, owner = ?
  WHERE key_id = ? AND idem_key = ?`;

/**
 * The stored answers about a pet of the clinic of the key named first: erased with its records
 * (deletePet), so that no replay of an Idempotency-Key gives them back.
 */
export const ERASE_PET_ANSWERS = `DELETE FROM idempotency_keys WHERE pet_id = ?
  AND key_id IN (SELECT id FROM api_keys WHERE clinic = ${CLINIC_OF_KEY})`;

export const UPSERT_LEASE = `INSERT INTO instances (${columns('instances')}) VALUES (${placeholders(5)})
  ON CONFLICT (id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at`;
