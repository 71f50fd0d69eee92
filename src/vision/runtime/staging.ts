import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A model's staging folder while it is installed: hidden, so that nothing lists it as a model. */
export const STAGING = /^\..+\.installing-[0-9a-f]+$/;
/** An install takes seconds to minutes; a staging folder older than this was left by one that was killed. */
const STALE_AFTER_MS = 60 * 60_000;

/**
 * Removes the staging folders a killed install left in a models folder (`.NAME.installing-*`),
 * at the next install and when the service starts: one still being written (younger than an
 * hour) is left alone.
 */
export async function removeStaleStaging(modelsDir: string, now = Date.now()): Promise<string[]> {
  const entries = await readdir(modelsDir, { withFileTypes: true }).catch(() => []);
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !STAGING.test(entry.name)) continue;
    const path = join(modelsDir, entry.name);
    const { mtimeMs } = await stat(path);
    if (now - mtimeMs < STALE_AFTER_MS) continue;
    await rm(path, { recursive: true, force: true });
    removed.push(path);
  }
  return removed;
}
