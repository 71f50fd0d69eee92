import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Reservation } from '../../src/accounts/account-store.js';
import { issueKey } from '../../src/accounts/issue-key.js';
import { SqliteAccountStore } from '../../src/accounts/sqlite/sqlite-account-store.js';
import { STORE_FILE } from '../../src/cli/open-store.js';
import { runProcess } from '../fixtures/run-process.js';
import { cleanEnv, CLI, ROOT } from '../fixtures/served-cli.js';
import { tempDir } from '../fixtures/temp-dir.js';

const backup = (dataDir: string, args: string[], env: Record<string, string> = {}) =>
  runProcess(process.execPath, [CLI, 'store', 'backup', ...args], {
    cwd: ROOT,
    env: cleanEnv({ PAWLENS_DATA_DIR: dataDir, ...env }),
  });

describe('pawlens store backup --to FILE (issue 41)', () => {
  it('copies the store while it is open and being written, and the copy opens with every key and record', async () => {
    const dataDir = tempDir('pawlens-backup-');
    // The "server": a store open on the file, writing while the backup runs.
    const serving = new SqliteAccountStore(join(dataDir, STORE_FILE));
    const { record: key } = await issueKey(serving, { name: 'vet', credits: 100, expiresAt: null });
    const settle = async (i: number) =>
      serving.commit(
        (await serving.reserve(key.id, 5, `req_backup${String(i).padStart(3, '0')}`, 'skin')) as Reservation,
        {
          record: { petId: 'chart-1042', data: JSON.stringify({ i }), arrivedAt: new Date() },
        },
      );
    for (let i = 0; i < 3; i++) await settle(i);
    const target = join(tempDir('pawlens-backup-to-'), 'pawlens-2026-11-26.db');
    const [run] = await Promise.all([backup(dataDir, ['--to', target]), settle(3), settle(4)]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`into ${target}`);
    await serving.close();

    const copy = new SqliteAccountStore(target);
    try {
      const copied = (await copy.petRecords(key.id, 'chart-1042', 10))!;
      // One moment's store: the three settled before, and perhaps those settled meanwhile.
      expect(copied.length).toBeGreaterThanOrEqual(3);
      // Its balance matches its ledger at that moment: a snapshot, not a torn copy.
      expect((await copy.getKey(key.id))?.credits).toBe(100 - 5 * (await copy.usage(key.id, 100)).length);
    } finally {
      await copy.close();
    }
  });

  it('refuses to overwrite a file, and a store that is not there, creating nothing', async () => {
    const dataDir = tempDir('pawlens-backup-');
    new SqliteAccountStore(join(dataDir, STORE_FILE)).close();
    const existing = join(dataDir, STORE_FILE);
    const refused = await backup(dataDir, ['--to', existing]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/exists; name a new file/);
    const empty = tempDir('pawlens-backup-none-');
    const none = await backup(empty, ['--to', join(empty, 'copy.db')]);
    expect(none.stderr).toMatch(/There is no key store at/);
    expect(existsSync(join(empty, 'copy.db'))).toBe(false);
  });

  it('on PostgreSQL, says to use pg_dump', async () => {
    const run = await backup(tempDir(), ['--to', 'x.db'], {
      PAWLENS_DATABASE_URL: 'postgres://pawlens:secret@127.0.0.1:1/pawlens',
    });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/pg_dump/);
    expect(run.stderr).not.toContain('secret');
  });
});
