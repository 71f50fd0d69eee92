/**
 * The service's policies that more than one layer reads (the HTTP routes, the configuration, the
 * CLI): one home, below them all, so none reaches into another's files for a number.
 */

/** Calls a minute per key when PAWLENS_RATE_LIMIT does not say otherwise: the server's and createApp's default alike. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 3000;

/** How long a stored answer can be replayed for its Idempotency-Key, as payment APIs keep theirs. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** A claim of an Idempotency-Key this old without an answer belongs to a process that died; a retry takes it over. */
export const IDEMPOTENCY_ABANDON_MS = 10 * 60_000;
