/** docs/contract.md §1: every call costs 5 credits. The route charges it; the docs and messages quote it. */
export const CREDITS_PER_CALL = 5;
