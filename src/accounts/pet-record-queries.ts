import type { PetRecord, PetSummary } from './account-store.js';
import type { ImageFormat } from '../image/sniff-format.js';
import { CLINIC_OF_KEY } from './shared-statements.js';
import type { SqlRunner } from './sql-runner.js';
import { type PetRecordRow, toPetRecord } from './store-rows.js';
import { columns } from './store-tables.js';

// The pets' records as a clinic reads them: the same SQL on SQLite and PostgreSQL, every query
// scoped to the clinic of the key that asks (CLINIC_OF_KEY).

/** A page of a pet's records in the key's clinic, newest first, after the record `after` names (undefined: no such record). */
export async function petRecordsPage(
  sql: SqlRunner,
  keyId: string,
  petId: string,
  limit: number,
  after?: string,
): Promise<PetRecord[] | undefined> {
  // Pages are anchored on a record's request id, not its row id: the row id is shared by all
  // keys, and would tell a client how many records the whole server holds.
  let before = Number.MAX_SAFE_INTEGER;
  if (after !== undefined) {
    const [anchor] = await sql.all<{ id: number }>(
      `SELECT id FROM pet_records WHERE clinic = ${CLINIC_OF_KEY} AND pet_id = ? AND request_id = ?`,
      [keyId, petId, after],
    );
    if (!anchor) return undefined;
    before = anchor.id;
  }
  const rows = await sql.all<PetRecordRow>(
    `SELECT ${columns('pet_records', ['key_id', 'photo', 'photo_format', 'clinic'])}, photo IS NOT NULL AS has_photo
     FROM pet_records WHERE clinic = ${CLINIC_OF_KEY} AND pet_id = ? AND id < ? ORDER BY id DESC LIMIT ?`,
    [keyId, petId, before, limit],
  );
  return rows.map(toPetRecord);
}

/** The photo kept with a record of the key's clinic, if one was. */
export async function petPhotoOf(sql: SqlRunner, keyId: string, petId: string, requestId: string) {
  const [row] = await sql.all<{ photo: Buffer | null; photo_format: ImageFormat | null }>(
    `SELECT photo, photo_format FROM pet_records WHERE clinic = ${CLINIC_OF_KEY} AND pet_id = ? AND request_id = ?`,
    [keyId, petId, requestId],
  );
  return row?.photo && row.photo_format ? { bytes: row.photo, format: row.photo_format } : undefined;
}

/** The pets of the key's clinic that have records: how many each, and when the latest was made. */
export async function petsOfClinic(sql: SqlRunner, keyId: string): Promise<PetSummary[]> {
  const rows = await sql.all<{ pet_id: string; records: number | string; latest: string | Date }>(
    `SELECT pet_id, COUNT(*) AS records, MAX(created_at) AS latest
     FROM pet_records WHERE clinic = ${CLINIC_OF_KEY} GROUP BY pet_id ORDER BY pet_id`,
    [keyId],
  );
  return rows.map((row) => ({
    petId: row.pet_id,
    records: Number(row.records),
    latest: new Date(row.latest).toISOString(),
  }));
}
