/**
 * The names of the seven operations of SPEC.md §4. Everything about one operation (its path, data
 * shape, rules, merge) lives in its module in src/operations; these names are the vocabulary the
 * lower layers (templates, model manifests) are keyed by, and the registry must cover exactly them.
 */
export const OPERATION_KEYS = ['stool', 'vomit', 'urine', 'skin', 'emotion', 'ear', 'breed'] as const;
export type OperationKey = (typeof OPERATION_KEYS)[number];

/** Health operations carry severity, home_care and vet_advice (SPEC.md §1). */
export const HEALTH_OPERATION_KEYS = [
  'stool',
  'vomit',
  'urine',
  'skin',
  'ear',
] as const satisfies readonly OperationKey[];
export type HealthOperationKey = (typeof HEALTH_OPERATION_KEYS)[number];

/** The two path prefixes SPEC.md §4 lists for every operation. */
export const API_PREFIXES = ['/api/v1', '/v1'] as const;
