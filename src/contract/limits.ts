/** Lifetimes and sizes the contract and decisions fix: data only, read by the features that enforce them. */

/** Contract: job results expire 6 hours after the job. */
export const RESULT_LIFETIME_MS = 6 * 60 * 60 * 1000;

/** Decisions: idempotency keys are scoped per account and remembered for 24 hours. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Results per page when the caller names no `limit`, and the most one page may hold. */
export const RESULTS_PAGE_DEFAULT = 100;
export const RESULTS_PAGE_MAX = 1000;

/** `chunk_tokens`: its default and bounds. */
export const DEFAULT_CHUNK_TOKENS = 512;
export const MIN_CHUNK_TOKENS = 64;
export const MAX_CHUNK_TOKENS = 8192;
