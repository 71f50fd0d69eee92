import { join } from 'node:path';

/** The package's own models/ folder: built-ins under builtin/, installed models beside them. */
export const PACKAGE_MODELS_DIR = join(import.meta.dirname, '..', '..', 'models');
export const BUILTIN_SUBDIR = 'builtin';
