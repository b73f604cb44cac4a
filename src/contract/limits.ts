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

/** POST /map: links answered when the caller names no `limit` (the plan's cap lowers it further). */
export const MAP_DEFAULT_LIMIT = 5000;

/**
 * What one POST /map (or one crawl's sitemap seeding) may spend: sitemap files read, decoded bytes read
 * (gzip counted after decompression, so a gzip bomb stops at the budget) and wall time. Past any of them
 * the answer is what was found so far, with `truncated: true`.
 */
export const MAP_BUDGET = { sitemapFiles: 50, bytes: 50 * 1024 * 1024, deadlineMs: 30_000 } as const;

/** `include_tags` / `exclude_tags`: selectors per list and characters per selector (one page's parts, not a stylesheet). */
export const SELECTOR_LIMITS = { maxCount: 20, maxLength: 300 } as const;
