import type { MadeBy } from '../contract/pet-records.js';
import type { HeldWork, KeyRecord, KeyStatus, PetRecord, UsageRecord } from './account-store.js';

/**
 * Rows as both stores read them, times as ISO 8601 text: SQLite stores them so, and the
 * PostgreSQL store's type parser reads its timestamptz columns so. One mapping to the ports'
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
  clinic: string;
}

/** An idempotency entry as the lease bookkeeping reads it. */
export interface ClaimRow {
  key_id: string;
  idem_key: string;
  owner: string | null;
  created_at: string;
}

/** A reservation as the sweep and `held()` read it; `metered` is SQLite's 0 or 1, PostgreSQL's boolean. */
export interface ReservationRow {
  id: number;
  key_id: string;
  request_id: string;
  credits: number;
  metered: boolean | number;
  owner: string | null;
  created_at: string;
}

/** An entry read with its owner's lease's last renewal: null when the lease is gone. */
export type WithHeartbeat<Row> = Row & { heartbeat_at: string | null };

export interface UsageRow {
  key_id: string;
  operation: string;
  request_id: string;
  credits: number;
  created_at: string;
}

/** `has_photo` is SQLite's 0 or 1, PostgreSQL's boolean. */
export interface PetRecordRow {
  id: number;
  pet_id: string;
  request_id: string;
  operation: string;
  credits_charged: number;
  created_at: string;
  data: string;
  has_photo: boolean | number;
  made_by: string | null;
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
  clinic: row.clinic,
});

export const toUsageRecord = (row: UsageRow): UsageRecord => ({
  keyId: row.key_id,
  operation: row.operation,
  requestId: row.request_id,
  credits: row.credits,
  at: row.created_at,
});

export const toPetRecord = (row: PetRecordRow): PetRecord => ({
  petId: row.pet_id,
  requestId: row.request_id,
  operation: row.operation,
  creditsCharged: row.credits_charged,
  at: row.created_at,
  data: JSON.parse(row.data) as unknown,
  hasPhoto: Boolean(row.has_photo),
  madeBy: row.made_by === null ? null : (JSON.parse(row.made_by) as MadeBy),
});

type Judged<Row> = ReadonlyArray<{ readonly row: Row; readonly abandoned: boolean }>;

/** Held rows, each judged abandoned or not, as `pawlens doctor` shows them. */
export const toHeldWork = (reservations: Judged<ReservationRow>, claims: Judged<ClaimRow>): HeldWork => ({
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
