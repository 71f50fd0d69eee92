import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { HEAD_FILE, HeadFolderError, HeadName } from '../head-folder.js';
import { HEALTH_OPERATION_KEYS } from '../../operations/registry.js';

/**
 * A clinic's head.json for a localizer (docs/design.md §13): beside a YOLO export of its own boxed
 * photos (images/ and labels/, as Roboflow, Label Studio and CVAT export them), it names the head,
 * the health operation whose colour rules then read the boxed region, what was boxed, and which
 * class ids of the export mean it.
 */
export const LocalizerDefinition = z.strictObject({
  kind: z.literal('localizer'),
  name: HeadName,
  operation: z.enum(HEALTH_OPERATION_KEYS as [string, ...string[]], {
    error: `operation must be one of ${HEALTH_OPERATION_KEYS.join(', ')}`,
  }),
  /** What the boxes hold, in a word or two ("ear debris", "lesion"). */
  subject: z.string().regex(/^[a-z][a-z0-9_ -]{0,39}$/, 'subject: a few lower-case words, e.g. "lesion"'),
  /** The export's class ids that mean the subject; any other id in a label file is refused. */
  classes: z.array(z.number().int().min(0).max(999)).min(1).default([0]),
  description: z.string().max(500).optional(),
});
export type LocalizerDefinition = z.infer<typeof LocalizerDefinition>;

/** Photos a localizer needs at least: with the subject boxed, and in all (without it: lawns, healthy skin). */
export const MIN_BOXED_PHOTOS = 30;

/**
 * The folder's head.json as a localizer's definition, checked; undefined when it defines a
 * classifier head instead (no "kind": "localizer"), which readHeadDefinition reads.
 */
export async function readLocalizerDefinition(dir: string): Promise<LocalizerDefinition | undefined> {
  const path = join(dir, HEAD_FILE);
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!json || typeof json !== 'object' || (json as { kind?: unknown }).kind !== 'localizer') return undefined;
  const parsed = LocalizerDefinition.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new HeadFolderError(`${path} is not a valid localizer definition:\n  - ${problems.join('\n  - ')}`);
  }
  return parsed.data;
}
