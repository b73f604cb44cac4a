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

/** `max_age`: the oldest stored extraction a caller may accept, in seconds (30 days; entries are kept CACHE_RETENTION_SECONDS anyway). */
export const MAX_AGE_MAX_SECONDS = 30 * 24 * 60 * 60;
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

/**
 * The browser options of POST /extract (screenshots, page actions, `wait_for`, `headers`): every input is
 * bounded so no request can hold a browser page longer than its own `timeout_ms` or fill the file store.
 */
export const BROWSER_LIMITS = {
  /** Actions per request (Firecrawl allows 50 too): enough for a login-free walk through a page. */
  maxActions: 50,
  /** One action's wait when it names no `timeout_ms`, and the most it may name; the request's budget caps both. */
  actionTimeoutMs: { default: 5_000, min: 100, max: 30_000 },
  /** `wait {ms}`: the longest plain pause. */
  waitMsMax: 30_000,
  /** `write {text}`: characters typed. */
  writeTextMax: 5_000,
  /** `scroll {amount}`: pixels per action. */
  scrollAmountMax: 100_000,
  /** Screenshots one request may take (formats and `screenshot` actions together) and `scrape` captures. */
  maxScreenshots: 10,
  maxScrapes: 10,
  /** Viewport bounds, and the defaults (desktop, and a phone-sized `mobile` one). */
  viewport: {
    minWidth: 320,
    maxWidth: 3_840,
    minHeight: 240,
    maxHeight: 4_320,
    desktop: { width: 1_280, height: 800 },
    mobile: { width: 390, height: 844 },
  },
  /** A full-page screenshot stops at this height (Chromium's own limit for one capture is about 16,384 px). */
  fullPageMaxHeight: 16_384,
  /** `headers`: count, and characters per name and value. */
  maxHeaders: 20,
  headerNameMax: 100,
  headerValueMax: 4_096,
  /** Screenshots are kept as long as job results. */
  fileLifetimeMs: RESULT_LIFETIME_MS,
} as const;

/**
 * Change tracking: the markdown kept per (account, page) to compare with next time, the unified diff's
 * bounds (a diff of two 10 MB pages must neither hang a process nor flood an answer), and how long a
 * page's last version is remembered.
 */
export const CHANGE_LIMITS = {
  /** Markdown kept per snapshot (characters); a longer page is compared and diffed over this much. */
  snapshotMaxChars: 1_000_000,
  /** Characters of either side the diff reads; beyond it the diff is left out (`diff_truncated`). */
  diffInputMaxChars: 200_000,
  /** Longest a diff may compute before it is given up (`diff_truncated`). */
  diffTimeoutMs: 250,
  /** Characters of the unified diff answered; a longer one is cut at a line (`diff_truncated`). */
  diffMaxChars: 64 * 1024,
  /** Context lines around each change in the unified diff. */
  diffContextLines: 3,
  /** A page's last version is forgotten this long after it was last seen (then it is `new` again). */
  retentionDays: 90,
} as const;

/**
 * Watches: the longest interval `every` may name, how many runs `GET /watches/{id}` shows and how long
 * they are kept, the list's page size, and the cap on a `watch.changed` body (the job.completed cap).
 */
export const WATCH_LIMITS = {
  /** `every` at most 30 days (the range; a cron expression may fire less often). */
  maxIntervalSeconds: 30 * 24 * 60 * 60,
  /** A cron expression's shortest gap is measured over its next this many runs. */
  cronRunsSampled: 1_000,
  /** Runs shown by GET /watches/{id}, newest first. */
  recentRuns: 20,
  /** A run's record is deleted this long after it started (the expiry sweep). */
  runRetentionDays: 90,
  listPageDefault: 50,
  listPageMax: 200,
  /** `watch.changed` bodies above this list the changed pages without their diffs (`diffs_omitted_for_size`). */
  eventMaxBytes: 5 * 1024 * 1024,
  /** Missed runs (Temporal down) are caught up within this window; at most one is buffered behind a running one. */
  catchupWindow: '30 days',
} as const;

/** GET /jobs: jobs per page when the caller names no `limit`, and the most one page may hold. */
export const JOB_LIST_PAGE = { default: 20, max: 100 } as const;

/**
 * GET /jobs/{job_id}/events (server-sent events): how often the job's row is checked, how often an idle
 * stream sends a keep-alive comment (proxies drop silent connections), how long one stream stays open
 * (a stream holds a connection and a poll; the client reopens after the `retry` hint), that hint, and
 * how many streams one account may hold open on one API process (each costs a database read every
 * `pollMs`: without a cap, a key at its per-second limit could open thousands in ten minutes).
 */
export const JOB_EVENTS = { pollMs: 500, keepAliveMs: 15_000, maxOpenMs: 10 * 60_000, retryMs: 1_000, maxStreamsPerAccount: 20 } as const;
