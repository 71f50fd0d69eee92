/**
 * The columns of the store's tables, written once for both stores and the migration between
 * them. Each store's schema (sqlite-schema.ts, postgres-schema.ts) creates them in its own types,
 * as numbered migrations that stay as they were written.
 */
export const TABLES = {
  api_keys: [
    'id',
    'name',
    'secret_hash',
    'prefix',
    'status',
    'credits',
    'expires_at',
    'created_at',
    'last_used_at',
    'clinic',
  ],
  credit_reservations: ['id', 'key_id', 'request_id', 'operation', 'credits', 'metered', 'created_at', 'owner'],
  usage_ledger: ['id', 'key_id', 'operation', 'request_id', 'credits', 'created_at'],
  idempotency_keys: ['key_id', 'idem_key', 'request_hash', 'body', 'created_at', 'owner', 'pet_id'],
  pet_records: [
    'id',
    'key_id',
    'pet_id',
    'request_id',
    'operation',
    'credits_charged',
    'created_at',
    'data',
    'photo',
    'photo_format',
    'clinic',
    'made_by',
  ],
  instances: ['id', 'pid', 'host', 'started_at', 'heartbeat_at'],
} as const;

export type Table = keyof typeof TABLES;

/** `table`'s columns as a SQL list, without `without` (ids the table makes itself, columns written later). */
export const columns = <T extends Table>(table: T, without: ReadonlyArray<(typeof TABLES)[T][number]> = []) =>
  TABLES[table].filter((column) => !(without as readonly string[]).includes(column)).join(', ');

/** `?, ?, …` for `count` values. */
export const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');
