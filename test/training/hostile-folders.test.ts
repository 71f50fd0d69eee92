/**
 * What a training folder, a model folder or a data directory may hold that a careless or hostile
 * hand put there (issue 43, the low findings): each is said in a sentence, none hangs, none is
 * read whole before its size is known, and no name reaches the terminal as control characters.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/accounts/sqlite/sqlite-open.js';
import { terminalLine } from '../../src/cli/terminal-text.js';
import { readLabelledFolder } from '../../src/training/head-folder.js';
import { readPhotoFeatures } from '../../src/training/photo-features.js';
import { readManifest } from '../../src/vision/runtime/load-model.js';
import { photo } from '../fixtures/images.js';
import { tempDir } from '../fixtures/temp-dir.js';

describe('names printed to a terminal', () => {
  it('escape escape sequences and bidirectional controls, keep line breaks and tabs, and leave JSON meaning the same', () => {
    const name = 'ok\u001b]0;owned\u0007/\u202egpj.exe';
    const line = terminalLine(`Unreadable photos, left out:\n  ${name}\tnot a photo`);
    expect(line).toBe('Unreadable photos, left out:\n  ok\\u001b]0;owned\\u0007/\\u202egpj.exe\tnot a photo');
    const json = JSON.stringify({ path: name });
    expect(JSON.parse(terminalLine(json))).toEqual({ path: name });
  });
});

describe('a training folder', () => {
  it('follows a label folder that is a link, lists a FIFO and a link to nothing as skipped, and reads none of them', async () => {
    const dir = tempDir('pawlens-hostile-train-');
    const elsewhere = tempDir('pawlens-photos-elsewhere-');
    writeFileSync(join(elsewhere, 'a.jpg'), await photo('jpeg'));
    symlinkSync(elsewhere, join(dir, 'sore'));
    mkdirSync(join(dir, 'ok'));
    writeFileSync(join(dir, 'ok', 'b.jpg'), await photo('jpeg'));
    execFileSync('mkfifo', [join(dir, 'ok', 'pipe.jpg')]);
    symlinkSync('/nonexistent/c.jpg', join(dir, 'ok', 'gone.jpg'));
    const folder = await readLabelledFolder(dir, ['ok', 'sore'], true);
    expect(folder.photos.map((p) => p.label).sort()).toEqual(['ok', 'sore']);
    expect(folder.skipped).toEqual([
      `${join(dir, 'ok', 'gone.jpg')} (a link to nothing)`,
      `${join(dir, 'ok', 'pipe.jpg')} (a FIFO)`,
    ]);
  });

  it('refuses a photo larger than 64 MiB from its size, before reading it', async () => {
    const dir = tempDir('pawlens-hostile-big-');
    const big = join(dir, 'huge.jpg');
    writeFileSync(big, '');
    truncateSync(big, 2 * 1024 ** 3); // 2 GiB, sparse: reading it whole would take 2 GiB of memory
    const before = process.memoryUsage().rss;
    const reading = await readPhotoFeatures([{ path: big, label: 'ok' }], undefined as never);
    expect(reading.unreadable).toEqual([{ path: big, why: expect.stringMatching(/larger than the 67108864 bytes/) }]);
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 ** 2);
  });
});

describe('a model folder', () => {
  it('whose manifest.json is a FIFO is refused at once, not waited on for ever', async () => {
    const dir = tempDir('pawlens-hostile-manifest-');
    execFileSync('mkfifo', [join(dir, 'manifest.json')]);
    const started = Date.now();
    await expect(readManifest(dir)).rejects.toThrow(/not a regular file/);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('a data directory', () => {
  it('that is a link to nothing says so, not a raw ENOENT', () => {
    const dir = tempDir('pawlens-hostile-data-');
    symlinkSync('/nonexistent/pawlens-volume', join(dir, 'data'));
    expect(() => openSqlite(join(dir, 'data', 'pawlens.db'))).toThrow(
      /a link to nothing, or a folder above it is missing/,
    );
  });
});
