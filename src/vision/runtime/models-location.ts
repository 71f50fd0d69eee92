import { join } from 'node:path';

/** The package's own models/ folder: built-ins under builtin/, installed models beside them. */
export const PACKAGE_MODELS_DIR = join(import.meta.dirname, '..', '..', '..', 'models');
export const BUILTIN_SUBDIR = 'builtin';

/**
 * Names a model (a head a clinic trains above all) can never take: the package's own files and
 * folders in a models folder. A head named "builtin" or "catalogue.json" would be installed in
 * their place (issue 43); refused before anything is touched, in any models folder.
 */
export const RESERVED_MODEL_NAMES: ReadonlySet<string> = new Set([
  BUILTIN_SUBDIR,
  'trained',
  'catalogue.json',
  'readme.md',
  'node_modules',
]);
