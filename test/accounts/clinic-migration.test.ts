import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLINIC, type Reservation } from '../../src/accounts/account-store.js';
import { issueKey } from '../../src/accounts/issue-key.js';
import { migrateToPostgres } from '../../src/accounts/postgres/migrate-to-postgres.js';
import { PostgresAccountStore } from '../../src/accounts/postgres/postgres-account-store.js';
import { SqliteAccountStore } from '../../src/accounts/sqlite/sqlite-account-store.js';
import { newPostgresDatabase, POSTGRES_AVAILABLE } from '../fixtures/stores.js';
import { tempDir } from '../fixtures/temp-dir.js';

/**
 * A store as the pawlens before clinics left it (schema 6): two keys, each with records of one
 * patient. Made with today's code, then the columns taken out that schema 6 never had (clinic, made_by).
 */
async function storeBeforeClinics() {
  const file = join(tempDir('pawlens-clinics-'), 'pawlens.db');
  const store = new SqliteAccountStore(file);
  const vet = (await issueKey(store, { name: 'vet', credits: null, expiresAt: null })).record;
  const desk = (await issueKey(store, { name: 'desk', credits: 50, expiresAt: null })).record;
  for (const [key, requestId] of [
    [vet, 'req_before001'],
    [vet, 'req_before002'],
    [desk, 'req_before003'],
  ] as const)
    await store.commit((await store.reserve(key.id, 5, requestId, 'skin')) as Reservation, {
      record: { petId: 'chart-1042', data: JSON.stringify({ requestId }), arrivedAt: new Date() },
    });
  await store.close();
  const db = new Database(file);
  db.exec(`DROP INDEX pet_records_by_clinic;
    ALTER TABLE pet_records DROP COLUMN clinic;
    ALTER TABLE pet_records DROP COLUMN made_by;
    ALTER TABLE api_keys DROP COLUMN clinic;
    DROP INDEX idempotency_keys_by_pet;
    ALTER TABLE idempotency_keys DROP COLUMN pet_id;
    PRAGMA user_version = 6;`);
  expect(db.prepare("SELECT COUNT(*) AS n FROM pragma_table_info('api_keys') WHERE name = 'clinic'").get()).toEqual({
    n: 0,
  });
  db.close();
  return { file, vet, desk };
}

describe('a store made before clinics (issue 41)', () => {
  it('SQLite: opened by this pawlens, its keys and records are the default clinic’s, shared by its keys', async () => {
    const { file, vet, desk } = await storeBeforeClinics();
    const store = new SqliteAccountStore(file);
    try {
      expect((await store.listKeys()).map((key) => key.clinic)).toEqual([DEFAULT_CLINIC, DEFAULT_CLINIC]);
      for (const key of [vet, desk])
        expect((await store.petRecords(key.id, 'chart-1042', 10))!.map((r) => r.requestId)).toEqual([
          'req_before003',
          'req_before002',
          'req_before001',
        ]);
      // Kept before records said what made them: they say they do not know.
      expect((await store.petRecords(vet.id, 'chart-1042', 10))!.map((r) => r.madeBy)).toEqual([null, null, null]);
      const north = (await issueKey(store, { name: 'north', credits: null, expiresAt: null, clinic: 'north' })).record;
      expect(await store.petRecords(north.id, 'chart-1042', 10)).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it.skipIf(!POSTGRES_AVAILABLE)(
    'migrated into PostgreSQL as it is: its keys and records are the default clinic’s',
    async () => {
      const { file, vet, desk } = await storeBeforeClinics();
      const url = await newPostgresDatabase();
      const report = await migrateToPostgres(file, url);
      expect(report).toMatchObject({ keys: 2, records: 3 });
      const store = await PostgresAccountStore.open(url);
      try {
        expect((await store.listKeys()).map((key) => key.clinic)).toEqual([DEFAULT_CLINIC, DEFAULT_CLINIC]);
        for (const key of [vet, desk]) expect((await store.petRecords(key.id, 'chart-1042', 10))!).toHaveLength(3);
      } finally {
        await store.close();
      }
    },
  );
});
