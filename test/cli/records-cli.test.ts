import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SqliteAccountStore } from '../../src/accounts/sqlite/sqlite-account-store.js';
import { STORE_FILE } from '../../src/cli/open-store.js';
import { photo, toBase64 } from '../fixtures/images.js';
import { runProcess, type Run } from '../fixtures/run-process.js';
import { cleanEnv, CLI, ROOT } from '../fixtures/served-cli.js';
import { tempDir } from '../fixtures/temp-dir.js';
import { createTestApp } from '../fixtures/test-app.js';

/**
 * `pawlens records` (issue 27, finding 9): a revoked key's records can be neither listed, erased nor
 * moved over HTTP (the key is refused), and the default retention keeps them forever: the operator
 * lists, exports and erases them here. The records are made by the real app on a store file.
 */
describe('pawlens records: a revoked key’s records, listed, exported and erased', () => {
  const dataDir = tempDir('pawlens-records-');
  let keyId: string;
  const pawlens = (...args: string[]): Promise<Run> =>
    runProcess(process.execPath, [CLI, ...args], { cwd: ROOT, env: cleanEnv({ PAWLENS_DATA_DIR: dataDir }) });
  const ok = (run: Run) => {
    expect(run.code, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toBe(0);
    return run.stdout.trim();
  };

  beforeAll(async () => {
    const store = new SqliteAccountStore(join(dataDir, STORE_FILE));
    const app = await createTestApp({ store, keepImages: true, keyCredits: 100 });
    keyId = app.keyId;
    const image = toBase64(await photo('jpeg'));
    for (const pet of ['rex', 'rex', 'tom'])
      expect((await app.post('stool', { image }).set('X-Pet-Id', pet)).status).toBe(200);
    await store.setStatus(keyId, 'revoked');
    await store.close();
  });

  it('pets lists them with their counts; export writes every record and the kept photos; keys credit refuses the key', async () => {
    const pets = JSON.parse(ok(await pawlens('records', 'pets', keyId, '--json')));
    expect(pets.map((pet: { petId: string; records: number }) => [pet.petId, pet.records])).toEqual([
      ['rex', 2],
      ['tom', 1],
    ]);
    const photos = join(dataDir, 'export');
    const lines = ok(await pawlens('records', 'export', keyId, '--photos', photos))
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((record) => record.petId)).toEqual(['rex', 'rex', 'tom']);
    expect(lines[0]).toMatchObject({
      operation: 'stool',
      creditsCharged: 5,
      hasPhoto: true,
      data: { severity: expect.any(String) },
    });
    expect(readdirSync(photos).sort()).toEqual(lines.map((record) => `${record.requestId}.jpeg`).sort());

    // A folder the photos cannot go to is said in a sentence, not a raw ENOENT (issue 43).
    const proc = await pawlens('records', 'export', keyId, '--photos', '/proc/self');
    expect(proc.code).not.toBe(0);
    expect(proc.stderr).toMatch(
      /--photos \/proc\/self cannot hold the photos|Cannot write \/proc\/self\/.* give --photos a folder/,
    );
    expect(proc.stderr).not.toMatch(/^ENOENT/m);

    const credit = await pawlens('keys', 'credit', keyId, '10');
    expect(credit.code).not.toBe(0);
    expect(credit.stderr).toMatch(/revoked and can never be used again/);
  });

  it('erase --pet erases one pet, erase the rest; an unknown key is named', async () => {
    expect(ok(await pawlens('records', 'erase', keyId, '--pet', 'rex'))).toBe(
      `Erased 2 records of key ${keyId} for pet rex.`,
    );
    expect(ok(await pawlens('records', 'erase', keyId))).toBe(`Erased 1 record of key ${keyId}.`);
    expect(ok(await pawlens('records', 'pets', keyId))).toBe(`The clinic of key ${keyId} has no records.`);
    const unknown = await pawlens('records', 'pets', 'key_nope');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/No key with id key_nope/);
  });
});
