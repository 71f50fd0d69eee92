import type Database from 'better-sqlite3';
import { AccountStoreError } from '../account-store.js';

/**
 * The SQLite store's schema, as the versions it grew through: a store of any version opens, and is
 * brought to the newest (user_version) in one transaction. The tables' columns are those of
 * store-tables.ts; the PostgreSQL store's schema is postgres-schema.ts.
 */
const SQLITE_SCHEMA_VERSION = 9;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (
  id            TEXT PRIMARY KEY,
  name          TEXT NOT NULL,
  secret_hash   TEXT NOT NULL UNIQUE,
  prefix        TEXT NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('active', 'disabled', 'revoked')),
  credits       INTEGER CHECK (credits IS NULL OR credits >= 0),
  expires_at    TEXT,
  created_at    TEXT NOT NULL,
  last_used_at  TEXT
);
CREATE TABLE IF NOT EXISTS credit_reservations (
  id          INTEGER PRIMARY KEY,
  key_id      TEXT NOT NULL REFERENCES api_keys(id),
  request_id  TEXT NOT NULL,
  operation   TEXT NOT NULL,
  credits     INTEGER NOT NULL,
  metered     INTEGER NOT NULL,
  created_at  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS usage_ledger (
  id          INTEGER PRIMARY KEY,
  key_id      TEXT NOT NULL REFERENCES api_keys(id),
  operation   TEXT NOT NULL,
  request_id  TEXT NOT NULL,
  credits     INTEGER NOT NULL,
  created_at  TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS usage_ledger_by_key ON usage_ledger (key_id, id);
CREATE TABLE IF NOT EXISTS idempotency_keys (
  key_id        TEXT NOT NULL REFERENCES api_keys(id),
  idem_key      TEXT NOT NULL,
  request_hash  TEXT NOT NULL,
  body          TEXT,
  created_at    TEXT NOT NULL,
  PRIMARY KEY (key_id, idem_key)
);
`;

/**
 * Version 3: which process holds each reservation and unanswered idempotency claim (its lease in
 * `instances`), so that what a crashed process held is given back as soon as its lease lapses;
 * and idempotency entries indexed by age, so that expired ones are purged without a table scan,
 * and the unanswered ones apart, so that the sweep every few seconds reads only those.
 */
const SCHEMA_V3 = `
CREATE TABLE IF NOT EXISTS instances (
  id            TEXT PRIMARY KEY,
  pid           INTEGER NOT NULL,
  host          TEXT NOT NULL,
  started_at    TEXT NOT NULL,
  heartbeat_at  TEXT NOT NULL
);
ALTER TABLE credit_reservations ADD COLUMN owner TEXT;
ALTER TABLE idempotency_keys ADD COLUMN owner TEXT;
CREATE INDEX IF NOT EXISTS credit_reservations_by_owner ON credit_reservations (owner);
CREATE INDEX IF NOT EXISTS idempotency_keys_by_age ON idempotency_keys (created_at);
CREATE INDEX IF NOT EXISTS idempotency_keys_open ON idempotency_keys (owner) WHERE body IS NULL;
`;

/** Version 4: pets' records (docs/design.md §11), listed per key and pet, newest first. */
const SCHEMA_V4 = `
CREATE TABLE IF NOT EXISTS pet_records (
  id               INTEGER PRIMARY KEY,
  key_id           TEXT NOT NULL REFERENCES api_keys(id),
  pet_id           TEXT NOT NULL,
  request_id       TEXT NOT NULL,
  operation        TEXT NOT NULL,
  credits_charged  INTEGER NOT NULL,
  created_at       TEXT NOT NULL,
  data             TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS pet_records_by_pet ON pet_records (key_id, pet_id, id);
CREATE INDEX IF NOT EXISTS pet_records_by_age ON pet_records (created_at);
`;

/** Version 5: a record may keep its photo (PAWLENS_KEEP_IMAGES). */
const SCHEMA_V5 = `
ALTER TABLE pet_records ADD COLUMN photo BLOB;
ALTER TABLE pet_records ADD COLUMN photo_format TEXT;
`;

/** Version 6: pets erased while their analyses may still be running (kept only as long as those can be). */
const SCHEMA_V6 = `
CREATE TABLE IF NOT EXISTS pet_erasures (
  key_id     TEXT NOT NULL,
  pet_id     TEXT NOT NULL,
  erased_at  TEXT NOT NULL,
  PRIMARY KEY (key_id, pet_id)
);
`;

/**
 * Version 7: clinics. Every key belongs to one (the default, for keys made before), and a pet's
 * records belong to the clinic of the key that made them: its keys share them.
 */
const SCHEMA_V7 = `
ALTER TABLE api_keys ADD COLUMN clinic TEXT NOT NULL DEFAULT 'default';
ALTER TABLE pet_records ADD COLUMN clinic TEXT NOT NULL DEFAULT 'default';
UPDATE pet_records SET clinic = (SELECT clinic FROM api_keys WHERE api_keys.id = pet_records.key_id);
CREATE INDEX IF NOT EXISTS pet_records_by_clinic ON pet_records (clinic, pet_id, id);
`;

/** Version 8: what made each kept answer (analysis/made-by.ts): NULL for those kept before. */
const SCHEMA_V8 = `
ALTER TABLE pet_records ADD COLUMN made_by TEXT;
`;

/**
 * Version 9: the pet an Idempotency-Key's stored answer is about (X-Pet-Id), so that erasing the
 * pet erases the answers a replay would give back; NULL for answers about no pet, or kept before.
 */
const SCHEMA_V9 = `
ALTER TABLE idempotency_keys ADD COLUMN pet_id TEXT;
CREATE INDEX IF NOT EXISTS idempotency_keys_by_pet ON idempotency_keys (pet_id) WHERE pet_id IS NOT NULL;
`;

/** Brings the store to the newest schema; one process migrates while another starting at the same moment waits for the lock, then finds it done. */
export function migrateSqlite(db: Database.Database, file: string): void {
  db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > SQLITE_SCHEMA_VERSION) {
      throw new AccountStoreError(
        `The key store ${file} was written by a newer pawlens (schema ${version}); upgrade pawlens.`,
      );
    }
    if (version === SQLITE_SCHEMA_VERSION) return;
    db.exec(SCHEMA);
    if (version < 3) db.exec(SCHEMA_V3);
    if (version < 4) db.exec(SCHEMA_V4);
    if (version < 5) db.exec(SCHEMA_V5);
    if (version < 6) db.exec(SCHEMA_V6);
    if (version < 7) db.exec(SCHEMA_V7);
    if (version < 8) db.exec(SCHEMA_V8);
    if (version < 9) db.exec(SCHEMA_V9);
    db.pragma(`user_version = ${SQLITE_SCHEMA_VERSION}`);
  }).immediate();
}
