import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  type AbandonLimits,
  type AccountStore,
  AccountStoreError,
  type HeldWork,
  type IdempotencyClaim,
  type KeyRecord,
  type KeyStatus,
  LEASE_LAPSE_MS,
  type NewKey,
  type PetRecord,
  type PetSummary,
  type Reservation,
  type Settlement,
  type StoreFailure,
  type SweepResult,
  type UsageRecord,
} from './account-store.js';
import {
  checkCreditsToAdd,
  checkStatusChange,
  claimOf,
  FailureMemory,
  noSuchKey,
  ProcessHoldings,
} from './process-holdings.js';
import type { SqlRunner } from './sql-runner.js';
import { petPhotoOf, petRecordsPage, petsOfClinic } from './pet-record-queries.js';
import {
  type ClaimRow,
  type KeyRow,
  type ReservationRow,
  toHeldWork,
  toKeyRecord,
  toUsageRecord,
  type UsageRow,
  type WithHeartbeat,
} from './store-rows.js';
import {
  CLINIC_OF_KEY,
  ERASE_PET_ANSWERS,
  INSERT_KEY,
  keyValues,
  OPEN_CLAIMS,
  PURGE_IDEMPOTENCY_KEYS,
  UPSERT_LEASE,
} from './shared-statements.js';

/**
 * How long an erasure's mark is kept at least: longer than a request waits between its arrival
 * and its reservation (its body's upload, bounded by the request timeout, then a CPU slot).
 */
export const ERASURE_MARK_MS = 60 * 60_000;

/** What a claim already made of an Idempotency-Key means for a new request with it. */
export type ClaimDecision = { readonly state: 'take_over' } | Exclude<IdempotencyClaim, { state: 'claimed' }>;

/**
 * The half of the store that is the same SQL on SQLite and on PostgreSQL: keys, usage, pets'
 * records, leases, what is held and the sweep that gives it back, and the bookkeeping of what
 * this process holds. Each dialect adds what must be one transaction its own way: the first key,
 * a reservation and its settlement, a refund, an idempotency claim, the rate buckets, the probe.
 */
/** What each dialect writes itself: the statements that must be one transaction its own way, its probe and its end. */
type OwnedByDialect = 'description' | 'createFirstKey' | 'claimIdempotencyKey' | 'takeCall' | 'probe' | 'close';

export abstract class SqlAccountStore implements Omit<AccountStore, OwnedByDialect> {
  /** This process's lease and the reservations and claims its requests have open. */
  protected readonly holdings = new ProcessHoldings();
  /** The last write of a paid call that failed for the store's own sake, for /readyz. */
  protected readonly failures: FailureMemory;

  protected constructor(
    protected readonly sql: SqlRunner,
    protected readonly now: () => Date,
  ) {
    this.failures = new FailureMemory(() => this.now());
  }

  protected timestamp(): string {
    return this.now().toISOString();
  }

  // Keys

  protected async keyRow(id: string): Promise<KeyRow> {
    const [row] = await this.sql.all<KeyRow>('SELECT * FROM api_keys WHERE id = ?', [id]);
    if (!row) throw noSuchKey(id);
    return row;
  }

  async createKey(key: NewKey, secretHash: string, prefix: string): Promise<KeyRecord> {
    const [row] = await this.sql.all<KeyRow>(INSERT_KEY, keyValues(key, secretHash, prefix, this.timestamp()));
    return toKeyRecord(row!);
  }

  async findKeyByHash(secretHash: string) {
    const [row] = await this.sql.all<KeyRow>('SELECT * FROM api_keys WHERE secret_hash = ?', [secretHash]);
    return row && { ...toKeyRecord(row), secretHash: row.secret_hash };
  }

  async getKey(id: string) {
    const [row] = await this.sql.all<KeyRow>('SELECT * FROM api_keys WHERE id = ?', [id]);
    return row && toKeyRecord(row);
  }

  async listKeys() {
    return (await this.sql.all<KeyRow>('SELECT * FROM api_keys ORDER BY created_at, id')).map(toKeyRecord);
  }

  async countKeys() {
    const [row] = await this.sql.all<{ n: number }>('SELECT COUNT(*) AS n FROM api_keys');
    return Number(row!.n);
  }

  async setStatus(id: string, status: KeyStatus) {
    checkStatusChange(id, (await this.keyRow(id)).status, status);
    // Never un-revoke, even if another process revoked it since the read above.
    const [row] = await this.sql.all<KeyRow>(
      "UPDATE api_keys SET status = ? WHERE id = ? AND (status <> 'revoked' OR ? = 'revoked') RETURNING *",
      [status, id, status],
    );
    // Revoked meanwhile: refused as the check above would have.
    if (!row) checkStatusChange(id, 'revoked', status);
    return toKeyRecord(row!);
  }

  async addCredits(id: string, credits: number) {
    checkCreditsToAdd(id, (await this.keyRow(id)).credits, credits);
    const [row] = await this.sql.all<KeyRow>(
      'UPDATE api_keys SET credits = credits + ? WHERE id = ? AND credits IS NOT NULL RETURNING *',
      [credits, id],
    );
    return toKeyRecord(row!);
  }

  // Credits

  /** Takes the credits and writes the reservation, made at `at`, in one transaction; undefined when the balance is short. */
  protected abstract reserveRow(
    keyId: string,
    credits: number,
    requestId: string,
    operation: string,
    at: Date,
  ): Promise<Reservation | undefined>;

  async reserve(keyId: string, credits: number, requestId: string, operation: string) {
    const at = this.now();
    return this.holdings.creating(
      at,
      () => this.failures.guard(() => this.reserveRow(keyId, credits, requestId, operation, at)),
      (reservation) => reservation && this.holdings.reservations.add(reservation.id),
    );
  }

  /** Settles the reservation as commit() says, in one transaction; false when it was not open any more. */
  protected abstract settleRow(reservation: Reservation, settlement: Settlement, at: Date): Promise<boolean>;

  async commit(reservation: Reservation, settlement: Settlement = {}) {
    // Settled or not, the request is over once the write is: a reservation or claim a failed
    // write left behind is the sweep's (sweepAbandoned).
    const forget = () => {
      this.holdings.reservations.delete(reservation.id);
      if (settlement.answer) this.holdings.claims.delete(claimOf(reservation.keyId, settlement.answer.idempotencyKey));
    };
    const settle = () => this.failures.guard(() => this.settleRow(reservation, settlement, this.now()));
    if (!(await this.holdings.settling(settle, forget)))
      throw new AccountStoreError(`Reservation ${reservation.id} is not open; it was already settled.`);
  }

  /**
   * Gives one reservation back, in one transaction: whoever deletes the row refunds it, so a
   * refund and a sweep racing across processes refund once. Resolves whether this call gave it back.
   */
  protected abstract refundRow(id: number): Promise<boolean>;

  async refund(reservation: Reservation) {
    await this.holdings.settling(
      () => this.failures.guard(() => this.refundRow(reservation.id)),
      () => this.holdings.reservations.delete(reservation.id),
    );
  }

  async usage(keyId?: string, limit = 100): Promise<UsageRecord[]> {
    const rows = keyId
      ? await this.sql.all<UsageRow>('SELECT * FROM usage_ledger WHERE key_id = ? ORDER BY id DESC LIMIT ?', [
          keyId,
          limit,
        ])
      : await this.sql.all<UsageRow>('SELECT * FROM usage_ledger ORDER BY id DESC LIMIT ?', [limit]);
    return rows.map(toUsageRecord);
  }

  // Leases

  async startLease(lapseMs = LEASE_LAPSE_MS): Promise<string> {
    this.holdings.leaseLapseMs = lapseMs;
    const id = `inst_${randomBytes(8).toString('hex')}`;
    await this.writeLease(id);
    this.holdings.lease = id;
    return id;
  }

  /** Swept by another process after a long stall, a lease is taken again under the same id. */
  private async writeLease(id: string): Promise<void> {
    const at = this.timestamp();
    await this.sql.run(UPSERT_LEASE, [id, process.pid, hostname(), at, at]);
  }

  async renewLease(): Promise<void> {
    const { lease } = this.holdings;
    if (!lease) throw new AccountStoreError('renewLease before startLease');
    await this.writeLease(lease);
  }

  async endLease(): Promise<void> {
    if (this.holdings.lease) await this.sql.run('DELETE FROM instances WHERE id = ?', [this.holdings.lease]);
    this.holdings.lease = undefined;
  }

  /** Whether an entry read with its owner's last renewal belongs to nobody any more. */
  protected abandoned(
    row: WithHeartbeat<{ owner: string | null; created_at: string }>,
    openHere: boolean,
    now: Date,
    limits: AbandonLimits,
    { sweeping = false } = {},
  ): boolean {
    const ownerHeartbeat = row.heartbeat_at === null ? undefined : new Date(row.heartbeat_at);
    const entry = { owner: row.owner, createdAt: new Date(row.created_at), ownerHeartbeat, openHere };
    return this.holdings.abandoned(entry, now, limits) && !(sweeping && this.holdings.beingMade(entry));
  }

  /** Every reservation and unanswered claim, with its owner's last renewal, and whether nobody holds it any more. */
  private async heldRows(limits: AbandonLimits) {
    const now = this.now();
    // Rows are read while requests run: one a write still on its way made is not judged yet.
    const judge = (row: WithHeartbeat<{ owner: string | null; created_at: string }>, openHere: boolean) =>
      this.abandoned(row, openHere, now, limits, { sweeping: true });
    const reservations = (
      await this.sql.all<WithHeartbeat<ReservationRow>>(
        'SELECT r.*, i.heartbeat_at FROM credit_reservations r LEFT JOIN instances i ON i.id = r.owner ORDER BY r.id',
      )
    ).map((row) => ({ row, abandoned: judge(row, this.holdings.reservations.has(row.id)) }));
    const claims = (await this.sql.all<WithHeartbeat<ClaimRow>>(OPEN_CLAIMS))
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
      .map((row) => ({ row, abandoned: judge(row, this.holdings.claims.has(claimOf(row.key_id, row.idem_key))) }));
    return { reservations, claims };
  }

  async held(limits: AbandonLimits): Promise<HeldWork> {
    const { reservations, claims } = await this.heldRows(limits);
    return toHeldWork(reservations, claims);
  }

  async sweepAbandoned(limits: AbandonLimits): Promise<SweepResult> {
    const held = await this.heldRows(limits);
    let reservations = 0;
    let credits = 0;
    for (const { row } of held.reservations.filter((entry) => entry.abandoned)) {
      // Counted only where this sweep's delete took the row: another process's sweep may have.
      if (!(await this.refundRow(row.id))) continue;
      reservations++;
      credits += row.metered ? row.credits : 0;
    }
    let claims = 0;
    for (const { row } of held.claims.filter((entry) => entry.abandoned)) {
      // The claim as judged: one retaken since (a new owner, a new time) is not this one.
      claims += await this.sql.run(
        'DELETE FROM idempotency_keys WHERE key_id = ? AND idem_key = ? AND body IS NULL AND owner IS NOT DISTINCT FROM ? AND created_at = ?',
        [row.key_id, row.idem_key, row.owner, row.created_at],
      );
    }
    const lapsed = new Date(this.now().getTime() - limits.leaseLapseMs).toISOString();
    await this.sql.run('DELETE FROM instances WHERE heartbeat_at < ?', [lapsed]);
    return { reservations, credits, claims };
  }

  // Idempotency

  /**
   * What the entry found for a claimed Idempotency-Key means, read under the transaction's lock:
   * past its time or abandoned by a process that died, it is taken over; otherwise it is another
   * request's (mismatch), an answer to replay, or one still in progress.
   */
  protected decideClaim(
    row: WithHeartbeat<ClaimRow> & { request_hash: string; body: string | null },
    requestHash: string,
    now: Date,
    ttlMs: number,
    abandonAfterMs: number,
  ): ClaimDecision {
    if (Date.parse(row.created_at) < now.getTime() - ttlMs) return { state: 'take_over' };
    if (row.request_hash !== requestHash) return { state: 'mismatch' };
    if (row.body !== null) return { state: 'replay', body: row.body };
    const openHere = this.holdings.claims.has(claimOf(row.key_id, row.idem_key));
    const limits = { leaseLapseMs: this.holdings.leaseLapseMs, ownerlessAfterMs: abandonAfterMs };
    return this.abandoned(row, openHere, now, limits) ? { state: 'take_over' } : { state: 'in_progress' };
  }

  /** Runs a claim's transaction, registering what it claimed as open before the sweep may judge it. */
  protected claiming(keyId: string, key: string, at: Date, claim: () => Promise<IdempotencyClaim>) {
    return this.holdings.creating(
      at,
      () => this.failures.guard(claim),
      (claimed) => claimed.state === 'claimed' && this.holdings.claims.add(claimOf(keyId, key)),
    );
  }

  async releaseIdempotencyKey(keyId: string, key: string) {
    await this.holdings.settling(
      () =>
        this.failures.guard(() =>
          this.sql.run('DELETE FROM idempotency_keys WHERE key_id = ? AND idem_key = ? AND body IS NULL', [keyId, key]),
        ),
      () => this.holdings.claims.delete(claimOf(keyId, key)),
    );
  }

  async purgeIdempotencyKeys(olderThan: Date, limit: number): Promise<number> {
    return this.sql.run(PURGE_IDEMPOTENCY_KEYS, [olderThan.toISOString(), limit]);
  }

  // Pets' records

  petRecords(keyId: string, petId: string, limit: number, after?: string): Promise<PetRecord[] | undefined> {
    return petRecordsPage(this.sql, keyId, petId, limit, after);
  }

  petPhoto(keyId: string, petId: string, requestId: string) {
    return petPhotoOf(this.sql, keyId, petId, requestId);
  }

  petsOf(keyId: string): Promise<PetSummary[]> {
    return petsOfClinic(this.sql, keyId);
  }

  async deletePet(keyId: string, petId: string): Promise<number> {
    return this.failures.guard(async () => {
      // First the erasure's mark, then the delete: an analysis of this pet that began before and
      // settles after finds the mark and keeps no record nor answer to replay (settleRow); one that
      // settled before is deleted here.
      await this.sql.run(
        `INSERT INTO pet_erasures (key_id, pet_id, erased_at) VALUES (?, ?, ?)
         ON CONFLICT (key_id, pet_id) DO UPDATE SET erased_at = excluded.erased_at`,
        [keyId, petId, this.timestamp()],
      );
      const deleted = await this.sql.run(`DELETE FROM pet_records WHERE clinic = ${CLINIC_OF_KEY} AND pet_id = ?`, [
        keyId,
        petId,
      ]);
      // …and the answers an Idempotency-Key would replay: a retry of one is a new analysis.
      const answers = await this.sql.run(ERASE_PET_ANSWERS, [petId, keyId]);
      if (deleted + answers > 0) await this.afterErasure();
      return deleted;
    });
  }

  async purgePetRecords(olderThan: Date, limit: number): Promise<number> {
    const deleted = await this.sql.run(
      'DELETE FROM pet_records WHERE id IN (SELECT id FROM pet_records WHERE created_at < ? LIMIT ?)',
      [olderThan.toISOString(), limit],
    );
    if (deleted > 0) await this.afterErasure();
    return deleted;
  }

  async purgeErasures(): Promise<number> {
    // An erasure's mark matters while an analysis whose request arrived before it may still
    // settle: one holding a reservation made before it, or one still waiting for its body or a CPU
    // slot (ERASURE_MARK_MS covers that wait). After that, keeping the pet's id would be keeping
    // something of an erased pet.
    const waited = new Date(this.now().getTime() - ERASURE_MARK_MS).toISOString();
    return this.sql.run(
      `DELETE FROM pet_erasures WHERE erased_at < ?
         AND erased_at < COALESCE((SELECT MIN(created_at) FROM credit_reservations), ?)`,
      [waited, this.timestamp()],
    );
  }

  /** Once records are deleted: what the database needs so that their bytes (a kept photo) are gone from its files too. */
  protected async afterErasure(): Promise<void> {}

  // Health

  failure(): StoreFailure | undefined {
    return this.failures.failure;
  }

  clearFailure(): void {
    this.failures.clear();
  }
}
