import { type MadeBy, RECORD_ID } from '../contract/pet-records.js';
import type { ImageFormat } from '../image/sniff-format.js';
import type { RateDecision } from './token-bucket.js';

export type KeyStatus = 'active' | 'disabled' | 'revoked';

export interface KeyRecord {
  readonly id: string;
  readonly name: string;
  /** First characters of the secret, for recognising a key in listings. */
  readonly prefix: string;
  readonly status: KeyStatus;
  /** Remaining credits, or null for an unlimited key. */
  readonly credits: number | null;
  readonly expiresAt: string | null;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  /** The clinic it belongs to: its keys share their pets' records (DEFAULT_CLINIC unless named). */
  readonly clinic: string;
}

export interface NewKey {
  readonly name: string;
  readonly credits: number | null;
  readonly expiresAt: string | null;
  /** Undefined: DEFAULT_CLINIC. */
  readonly clinic?: string;
}

/** The clinic of every key not put in another: a single-clinic install never names one. */
export const DEFAULT_CLINIC = 'default';

/** What a clinic's name may be: what a pet's id may be (RECORD_ID). */
export const CLINIC_NAME = RECORD_ID;

/** Credits held for one request between the start of its analysis and its answer. */
export interface Reservation {
  readonly id: number;
  readonly keyId: string;
  readonly credits: number;
  /** Balance left after this reservation; null for unlimited keys. */
  readonly remaining: number | null;
}

export interface UsageRecord {
  readonly keyId: string;
  readonly operation: string;
  readonly requestId: string;
  readonly credits: number;
  readonly at: string;
}

/**
 * The store, port by port: each caller takes only the port it uses (bearer auth the keys, the
 * paid-analysis use case the credits, the rate limit its buckets…). SQLite is the embedded
 * default; the ports are async so that a shared PostgreSQL can serve several replicas behind the
 * same calls.
 */

/** API keys: created, found by the hash of their secret, listed, disabled or revoked, credited. */
export interface KeyStore {
  createKey(key: NewKey, secretHash: string, prefix: string): Promise<KeyRecord>;
  /** Creates the key only if the store has none yet, atomically: of replicas starting together on an empty store, one makes the first key. */
  createFirstKey(key: NewKey, secretHash: string, prefix: string): Promise<KeyRecord | undefined>;
  findKeyByHash(secretHash: string): Promise<(KeyRecord & { secretHash: string }) | undefined>;
  getKey(id: string): Promise<KeyRecord | undefined>;
  listKeys(): Promise<KeyRecord[]>;
  countKeys(): Promise<number>;
  setStatus(id: string, status: KeyStatus): Promise<KeyRecord>;
  addCredits(id: string, credits: number): Promise<KeyRecord>;
}

/**
 * Spending, as reserve → commit or refund: a reservation takes the credits atomically (never below
 * zero, whatever runs concurrently), a commit writes the ledger row, a refund gives them back.
 */
export interface CreditLedger {
  /** Undefined when the balance is below `credits`. */
  reserve(keyId: string, credits: number, requestId: string, operation: string): Promise<Reservation | undefined>;
  /**
   * Settles the reservation of a call that succeeded: charged (a ledger row), or, for an answer
   * that assessed nothing (docs/design.md §10), given back. The Idempotency-Key's stored answer and the
   * pet's record, when given, are written in the same transaction: either the call is settled,
   * replayable and recorded, or none of these (it is refunded).
   */
  commit(reservation: Reservation, settle?: Settlement): Promise<void>;
  /** Safe to call more than once and after a commit: only an open reservation is refunded. */
  refund(reservation: Reservation): Promise<void>;
  usage(keyId?: string, limit?: number): Promise<UsageRecord[]>;
}

/** What a server holds in the store, and what crashed servers left behind. */
export interface Leases {
  /**
   * A server's lease on the store: the reservations and idempotency claims it makes from then on
   * are its own, for as long as it renews the lease (every few seconds: renewLease is also the
   * store's write probe for /readyz). Another process's lease not renewed for `lapseMs`
   * (LEASE_LAPSE_MS unless given) has lapsed. endLease on a clean shutdown.
   */
  startLease(lapseMs?: number): Promise<string>;
  renewLease(): Promise<void>;
  endLease(): Promise<void>;
  /**
   * Gives back what nobody holds any more: reservations refunded and unanswered idempotency claims
   * forgotten, when their owner's lease lapsed (it crashed), when this process owns them but no
   * request of its own has them open (a refund or release whose write failed), or, with no owner
   * (made before leases), when they are older than `ownerlessAfterMs`. Lapsed leases are removed.
   */
  sweepAbandoned(limits: AbandonLimits): Promise<SweepResult>;
  /** Every reservation and unanswered claim held now, and whether sweepAbandoned would give it back: `pawlens doctor`. */
  held(limits: AbandonLimits): Promise<HeldWork>;
}

/**
 * Idempotency-Key, per API key: the first request with a key claims it; a later one with the
 * same request hash gets the stored answer once it is complete, or `in_progress` before; another
 * hash gets `mismatch`. The answer is stored by CreditLedger.commit().
 */
export interface IdempotencyClaims {
  /** Entries expire after `ttlMs`; a claim never completed is taken over after `abandonAfterMs` (its process died). */
  claimIdempotencyKey(
    keyId: string,
    key: string,
    requestHash: string,
    ttlMs: number,
    abandonAfterMs: number,
  ): Promise<IdempotencyClaim>;
  /** Forgets a claim whose request failed, so a retry runs afresh (failures cost nothing). */
  releaseIdempotencyKey(keyId: string, key: string): Promise<void>;
  /** Forgets up to `limit` idempotency entries created before `olderThan`; run in small batches, in the background. */
  purgeIdempotencyKeys(olderThan: Date, limit: number): Promise<number>;
}

export interface RateBuckets {
  /**
   * Takes one call from the key's token bucket (`perMinute` a minute, bursts as large): shared by
   * every process on a PostgreSQL store, per process on SQLite (one process serves a store file).
   */
  takeCall(keyId: string, perMinute: number, at: Date): Promise<RateDecision>;
}

/** Pets' records (docs/design.md §11): written by CreditLedger.commit(), read and erased per clinic (the `keyId`'s). */
export interface PetRecords {
  /**
   * A pet's records, newest first, `limit` at most; with `after` (the request id of the last record
   * a page showed), those older than it. Only those of the key's clinic (made by any of its keys);
   * undefined when `after` names no record of this pet of the clinic's.
   */
  petRecords(keyId: string, petId: string, limit: number, after?: string): Promise<PetRecord[] | undefined>;
  /** The photo kept with one of the clinic's records (by its request id), if one was. */
  petPhoto(
    keyId: string,
    petId: string,
    requestId: string,
  ): Promise<{ bytes: Buffer; format: ImageFormat } | undefined>;
  /** The pets of the key's clinic that have records, whatever the key's status: each with how many and the latest's time. */
  petsOf(keyId: string): Promise<PetSummary[]>;
  /** Erases every record of a pet in the key's clinic, whichever of its keys made it; resolves with how many there were. */
  deletePet(keyId: string, petId: string): Promise<number>;
  /** Forgets up to `limit` records made before `olderThan` (PAWLENS_RECORDS_RETENTION_DAYS). */
  purgePetRecords(olderThan: Date, limit: number): Promise<number>;
  /** Forgets the marks of pets erased before every open reservation was made: no analysis of theirs can settle any more. */
  purgeErasures(): Promise<number>;
}

/** The store's health, for /readyz. */
export interface StoreHealth {
  /** Which store this is, for /readyz and the logs: never a password. */
  readonly description: StoreDescription;
  /** The last write of a paid call that failed for the store's own sake (full disk, read-only or corrupt file), kept until `clearFailure`. */
  failure(): StoreFailure | undefined;
  /** Reads, writes (the lease) and, when `thorough`, checks the file's integrity; throws when it cannot. */
  probe(thorough: boolean): Promise<void>;
  clearFailure(): void;
}

/** Every port of one store, and its end. */
export interface AccountStore
  extends KeyStore,
    CreditLedger,
    Leases,
    IdempotencyClaims,
    RateBuckets,
    PetRecords,
    StoreHealth {
  close(): Promise<void>;
}

export interface StoreDescription {
  readonly kind: 'sqlite' | 'postgresql';
  /** The file, or the database URL without its password. */
  readonly location: string;
}

/** A lease not renewed for this long belongs to a process that died (it renews every few seconds). */
export const LEASE_LAPSE_MS = 30_000;

export interface StoreFailure {
  readonly message: string;
  /** The driver's code: SQLite's (SQLITE_FULL, SQLITE_READONLY, SQLITE_CORRUPT) or PostgreSQL's SQLSTATE (53100: disk full) or a socket's (ECONNREFUSED). */
  readonly code: string | undefined;
  readonly at: string;
}

export interface AbandonLimits {
  readonly leaseLapseMs: number;
  readonly ownerlessAfterMs: number;
}

export interface SweepResult {
  readonly reservations: number;
  /** Credits given back to metered keys. */
  readonly credits: number;
  readonly claims: number;
}

export interface HeldWork {
  readonly reservations: ReadonlyArray<{
    id: number;
    keyId: string;
    requestId: string;
    credits: number;
    owner: string | null;
    since: string;
    abandoned: boolean;
  }>;
  readonly claims: ReadonlyArray<{
    keyId: string;
    idempotencyKey: string;
    owner: string | null;
    since: string;
    abandoned: boolean;
  }>;
}

/** How commit() settles a call: charged (the default) or given back, and what it stores with it. */
export interface Settlement {
  readonly charged?: boolean;
  readonly answer?: IdempotentAnswer;
  readonly record?: NewPetRecord;
}

/** An analysis result kept for a pet (X-Pet-Id): the response's data, never the photo. */
export interface NewPetRecord {
  readonly petId: string;
  /** The response's data, as sent (JSON). */
  readonly data: string;
  /** The photo as it was sent, only where PAWLENS_KEEP_IMAGES turned keeping photos on. */
  readonly photo?: { readonly bytes: Buffer; readonly format: ImageFormat };
  /** What made the answer (analysis/made-by.ts), as JSON. */
  readonly madeBy?: string;
  /**
   * When the request arrived: an erasure of the pet at or after it keeps no record, however long
   * the analysis then waited for its body or a CPU slot (issue 43: 8 records appeared after an
   * erasure, from requests sent 220 ms before it).
   */
  readonly arrivedAt: Date;
}

/** One pet of a key's, as `pawlens records pets` lists it. */
export interface PetSummary {
  readonly petId: string;
  readonly records: number;
  /** When its latest record was made (ISO 8601). */
  readonly latest: string;
}

export interface PetRecord {
  readonly petId: string;
  readonly requestId: string;
  readonly operation: string;
  readonly creditsCharged: number;
  readonly at: string;
  readonly data: unknown;
  /** Whether the photo was kept with it. */
  readonly hasPhoto: boolean;
  /** What made the answer (analysis/made-by.ts); null for records kept before it was recorded. */
  readonly madeBy: MadeBy | null;
}

/** The answer a claimed Idempotency-Key will replay: stored by commit(). */
export interface IdempotentAnswer {
  readonly idempotencyKey: string;
  /** The response body, as sent. */
  readonly body: string;
}

/** What an Idempotency-Key already stands for, when a request claims it. */
export type IdempotencyClaim =
  | { readonly state: 'claimed' }
  | { readonly state: 'replay'; readonly body: string }
  | { readonly state: 'mismatch' }
  | { readonly state: 'in_progress' };

export class AccountStoreError extends Error {
  override readonly name = 'AccountStoreError';
}
