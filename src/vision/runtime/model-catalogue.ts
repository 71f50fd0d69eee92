import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ModelManifest } from './model-manifest.js';
import { PACKAGE_MODELS_DIR } from './models-location.js';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const CatalogueEntry = z.strictObject({
  about: z.string().min(1),
  /** How to feed and read the model; its `sha256` pins the model file. */
  manifest: ModelManifest,
  /** The model file's size: a download or a file longer than it is refused as it is read. */
  bytes: z.number().int().positive(),
  /**
   * sha256 of each file besides the model, by file name. A labels file is pinned by its labels,
   * not its layout: the sha256 of the list as compact JSON (see canonicalLabels), so a copy written
   * one label a line, or as an object keyed by index as some upstreams publish it, installs too.
   */
  extraFiles: z.record(z.string(), sha256),
  /** Where each file can be downloaded from upstream, by file name. */
  urls: z.record(z.string(), z.url({ protocol: /^https$/ })),
  /**
   * A model that ships with pawlens (one it trained itself from open data, docs/design.md §13): the
   * folder under models/ that holds its files, installed from there whatever --from says.
   */
  packaged: z
    .string()
    .regex(/^[a-z0-9][a-z0-9/._-]*$/)
    .refine((path) => !path.split('/').includes('..'), 'a packaged folder stays inside models/')
    .optional(),
});
export type CatalogueEntry = z.infer<typeof CatalogueEntry>;

const Catalogue = z.strictObject({
  /** What `pawlens models install recommended` installs: a detector, classifiers (the first is the one in use) and localizers. */
  recommended: z.array(z.string()).min(1),
  /**
   * The classifier whose mean features a head a clinic trains reads beside the classifier in use,
   * when it is installed (docs/heads.md: named skin lesions better than either alone).
   */
  headCompanion: z.string().min(1),
  models: z.record(z.string(), CatalogueEntry),
});

/**
 * The models pawlens knows how to install (models/catalogue.json): their manifests, the hash of
 * every file, so a copy carried to an air-gapped host on a USB stick is verified byte for byte,
 * and their upstream download addresses. Read and checked once, at import.
 */
const catalogue = Catalogue.parse(JSON.parse(readFileSync(join(PACKAGE_MODELS_DIR, 'catalogue.json'), 'utf8')));

export const MODEL_CATALOGUE: Readonly<Record<string, CatalogueEntry>> = Object.freeze(catalogue.models);
export const RECOMMENDED_MODELS: readonly string[] = Object.freeze(catalogue.recommended);
export const HEAD_COMPANION: string = catalogue.headCompanion;

/** The operations for which the catalogue has a localizer: without it installed, their subject is not located (Scene.located). */
export const LOCALIZED_OPERATIONS: ReadonlySet<string> = new Set(
  Object.values(catalogue.models).flatMap(({ manifest }) =>
    manifest.task === 'localizer' && manifest.operation ? [manifest.operation] : [],
  ),
);
