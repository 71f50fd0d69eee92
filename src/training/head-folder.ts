import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { z } from 'zod';
import { HeadLabels, OBJECT_MACHINERY } from '../vision/runtime/head-labels.js';
import { MODEL_NAME } from '../vision/runtime/model-manifest.js';
import { RESERVED_MODEL_NAMES } from '../vision/runtime/models-location.js';
import { labelSeverityProblem } from '../operations/label-severities.js';
import { type OperationKey, TRAINABLE_OPERATION_KEYS } from '../operations/registry.js';

/** A head's name in head.json (a classifier's or a localizer's): its folder's name, never one of pawlens' own. */
export const HeadName = z
  .string()
  .regex(MODEL_NAME, 'name must be lower-case letters, digits, ".", "_" or "-", as a folder name')
  .refine((name) => !RESERVED_MODEL_NAMES.has(name), {
    error: (issue) => `"${String(issue.input)}" is the name of one of pawlens' own files or folders: choose another`,
  });

/** A clinic's head.json (docs/design.md §13): the head's name, its operation, and what each label means. */
export const HeadDefinition = z.object({
  name: HeadName,
  operation: z.enum(TRAINABLE_OPERATION_KEYS as [string, ...string[]], {
    error: `operation must be one of ${TRAINABLE_OPERATION_KEYS.join(', ')}`,
  }),
  labels: HeadLabels,
  description: z.string().max(500).optional(),
});
export type HeadDefinition = z.infer<typeof HeadDefinition>;

export const HEAD_FILE = 'head.json';
const PHOTO_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp']);
/** Files a file manager or camera leaves beside photos: not photos, not worth a word. */
const clutter = (name: string) => name.startsWith('.') || /^(thumbs\.db|desktop\.ini)$/i.test(name);

/**
 * What an entry of a training folder is, a link followed: a photo's file, a folder, or what is
 * neither (a FIFO, a device, a socket, a link to nothing), which is listed as skipped, never read.
 */
async function kindOf(path: string, entry: Dirent): Promise<'file' | 'folder' | string> {
  const stats = entry.isSymbolicLink() ? await stat(path).catch(() => undefined) : entry;
  if (!stats) return 'a link to nothing';
  if (stats.isDirectory()) return 'folder';
  if (stats.isFile()) return 'file';
  return stats.isFIFO() ? 'a FIFO' : 'not a regular file';
}

export class HeadFolderError extends Error {
  override readonly name = 'HeadFolderError';
}

/** One photo of a labelled folder. */
export interface LabelledPhoto {
  readonly path: string;
  readonly label: string;
}

export interface LabelledFolder {
  readonly photos: readonly LabelledPhoto[];
  /** Files in a label's folder that are not JPG, PNG or WEBP by their name. */
  readonly skipped: readonly string[];
}

/** head.json, read and checked: each label of a health operation says a severity its operation's answers can have (vomit has no `normal`). */
export async function readHeadDefinition(dir: string): Promise<HeadDefinition> {
  const path = join(dir, HEAD_FILE);
  const text = await readFile(path, 'utf8').catch(() => {
    throw new HeadFolderError(
      `${path} is missing: the folder needs a head.json naming the head, its operation and its labels.`,
    );
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new HeadFolderError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  // JSON.parse makes "__proto__" an own key, which a schema's record then drops without a word.
  const labels = (json as { labels?: unknown } | null)?.labels;
  const machinery =
    labels && typeof labels === 'object' && Object.keys(labels).find((label) => OBJECT_MACHINERY.has(label));
  if (machinery)
    throw new HeadFolderError(`${path}: a label cannot be named ${machinery}; name its folder and label otherwise.`);
  const parsed = HeadDefinition.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new HeadFolderError(`${path} is not a valid head definition:\n  - ${problems.join('\n  - ')}`);
  }
  const definition = parsed.data;
  const problem = labelSeverityProblem(definition.operation as OperationKey, definition.labels);
  if (problem) throw new HeadFolderError(`${path}: ${problem}.`);
  return definition;
}

/**
 * The photos of a labelled folder: one sub-folder per label, named as the label. `labels` are the
 * ones expected (head.json's); a sub-folder that is not one of them, or a label with no
 * sub-folder, is refused when `complete` (training), while evaluation takes any subset.
 */
export async function readLabelledFolder(
  dir: string,
  labels: readonly string[],
  complete: boolean,
): Promise<LabelledFolder> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => {
    throw new HeadFolderError(`${dir} cannot be read: give the folder that holds one sub-folder of photos per label.`);
  });
  // A label's folder may be a link to one (photos kept elsewhere): it is followed.
  const folders: string[] = [];
  for (const entry of entries)
    if (!clutter(entry.name) && (await kindOf(join(dir, entry.name), entry)) === 'folder') folders.push(entry.name);
  const strays = folders.filter((folder) => !labels.includes(folder));
  if (strays.length > 0)
    throw new HeadFolderError(
      `${dir} has folders that are not labels of the head (${strays.join(', ')}); its labels are ${labels.join(', ')}.`,
    );
  const missing = labels.filter((label) => !folders.includes(label));
  if (complete && missing.length > 0)
    throw new HeadFolderError(
      `${dir} has no folder for the label${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`,
    );
  if (folders.length === 0)
    throw new HeadFolderError(`${dir} has no label folders; its labels are ${labels.join(', ')}.`);
  const photos: LabelledPhoto[] = [];
  const skipped: string[] = [];
  // A label's photos may sit in folders of their own (by visit, by animal): all are the label's.
  const collect = async (folder: string, label: string): Promise<void> => {
    const entries = (await readdir(folder, { withFileTypes: true }))
      .filter((entry) => !clutter(entry.name))
      .sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const path = join(folder, entry.name);
      const kind = await kindOf(path, entry);
      if (kind === 'folder') await collect(path, label);
      else if (kind !== 'file') skipped.push(`${path} (${kind})`);
      else if (PHOTO_EXTENSIONS.has(extname(entry.name).toLowerCase())) photos.push({ path, label });
      else skipped.push(path);
    }
  };
  for (const label of folders.sort()) await collect(join(dir, label), label);
  return { photos, skipped };
}
