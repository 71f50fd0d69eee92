import type { HeldWork, KeyRecord, KeyStatus } from './account-store.js';

/**
 * Rows as both stores read them, times as ISO 8601 text: SQLite stores them so, and the
 * PostgreSQL store's type parser reads its timestamptz columns so. One mapping to the interface's
 * records serves both.
 */
export interface KeyRow {
  id: string;
  name: string;
  secret_hash: string;
  prefix: string;
  status: KeyStatus;
  credits: number | null;
  expires_at: string | null;
  created_at: string;
  last_used_at: string | null;
}

/** An idempotency entry as the lease bookkeeping reads it. */
export interface ClaimRow {
  key_id: string;
  idem_key: string;
  owner: string | null;
  created_at: string;
}

/** What `held()` shows of a reservation. */
export interface HeldReservationRow {
  id: number;
  key_id: string;
  request_id: string;
  credits: number;
  owner: string | null;
  created_at: string;
}

export const toKeyRecord = (row: KeyRow): KeyRecord => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  status: row.status,
  credits: row.credits,
  expiresAt: row.expires_at,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

type Judged<Row> = ReadonlyArray<{ readonly row: Row; readonly abandoned: boolean }>;

/** Held rows, each judged abandoned or not, as `pawlens doctor` shows them. */
export const toHeldWork = (reservations: Judged<HeldReservationRow>, claims: Judged<ClaimRow>): HeldWork => ({
  reservations: reservations.map(({ row, abandoned }) => ({
    id: row.id,
    keyId: row.key_id,
    requestId: row.request_id,
    credits: row.credits,
    owner: row.owner,
    since: row.created_at,
    abandoned,
  })),
  claims: claims.map(({ row, abandoned }) => ({
    keyId: row.key_id,
    idempotencyKey: row.idem_key,
    owner: row.owner,
    since: row.created_at,
    abandoned,
  })),
});
