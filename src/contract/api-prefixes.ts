/** The two path prefixes docs/contract.md §4 lists for every operation. */
export const API_PREFIXES = ['/api/v1', '/v1'] as const;
