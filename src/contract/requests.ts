import { z } from 'zod';
import { ALL_FORMATS, EXTRACT_FORMATS, GRANTABLE_SCOPES, JOB_KINDS, JOB_STATUSES, KEY_MODIFIERS, NAMED_KEYS, ROBOTS_MODES, SCREENSHOT_FORMATS, SITEMAP_MODES } from './vocabulary.js';
import { BROWSER_LIMITS, JOB_LIST_PAGE, MAP_DEFAULT_LIMIT, MAX_AGE_MAX_SECONDS, MAX_CHUNK_TOKENS, MIN_CHUNK_TOKENS, RESULTS_PAGE_DEFAULT, RESULTS_PAGE_MAX, SELECTOR_LIMITS, WATCH_LIMITS } from './limits.js';
import { parseHTML } from 'linkedom';

/** Request bodies of the API, one zod schema each: validation and (later) the OpenAPI document come from here. */

export const registerBody = z.strictObject({
  email: z.email({ error: 'must be an e-mail address' }).max(320),
});

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).max(8192);

const domainPattern = z
  .string({ error: 'must be a string' })
  .regex(/^(\*\.)?[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)*\.?$/, { error: 'must be a host name or *.example.com' })
  .max(253);

/** Per-request tightening of the key's policy (decisions "Policies"); looser values are ignored. */
const policyFields = {
  allow_domains: z.array(domainPattern, { error: 'must be an array of domains' }).max(1000).optional(),
  deny_patterns: z.array(z.string({ error: 'must be a string' }).min(1).max(2048), { error: 'must be an array of URL patterns' }).max(1000).optional(),
  respect_robots: z.enum(ROBOTS_MODES, { error: `must be one of ${ROBOTS_MODES.join(', ')}` }).optional(),
};


const crawlPatterns = z
  .array(z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }).max(2048), { error: 'must be an array of patterns' })
  .max(100, { error: 'must hold at most 100 patterns' })
  .optional();

const sitemapMode = z.enum(SITEMAP_MODES, { error: `must be one of ${SITEMAP_MODES.join(', ')}` });


/** `?limit=&cursor=` on the job reads: results are paged so a large job with HTML stays readable. */
export const jobReadQuery = z.object({
  limit: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).min(1, { error: 'must be at least 1' }).max(RESULTS_PAGE_MAX, { error: `must be at most ${RESULTS_PAGE_MAX}` }).default(RESULTS_PAGE_DEFAULT),
  cursor: z.string().max(64).optional(),
});


/**
 * POST /map. `limit` has no upper bound here on purpose: above the plan's cap it is lowered to the cap
 * (as a crawl's `limit` is), not refused.
 */
export const mapBody = z.strictObject({
  url: httpUrl,
  search: z.string({ error: 'must be a string' }).trim().min(1, { error: 'must not be empty' }).max(400, { error: 'must be at most 400 characters' }).optional(),
  limit: z.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).min(1, { error: 'must be at least 1' }).default(MAP_DEFAULT_LIMIT),
  include_subdomains: z.boolean({ error: 'must be a boolean' }).default(false),
  sitemap: sitemapMode.default('include'),
  ...policyFields,
});

export type MapBody = z.infer<typeof mapBody>;

/** A test document for selector syntax: only parsing matters, so it is made once. */
const selectorProbe = parseHTML('<!doctype html><html><body></body></html>').document;

/** One CSS selector, bounded in length and valid (parsed against an empty document). */
const cssSelector = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(SELECTOR_LIMITS.maxLength, { error: `must be at most ${SELECTOR_LIMITS.maxLength} characters` })
  .refine(
    (selector) => {
      try {
        selectorProbe.querySelector(selector);
        return true;
      } catch {
        return false;
      }
    },
    { error: 'is not a valid CSS selector' },
  );

/** CSS selectors naming parts of a page (`include_tags` / `exclude_tags`): bounded in count and length, each one valid. */
const cssSelectors = z
  .array(cssSelector, { error: 'must be an array of CSS selectors' })
  .min(1, { error: 'must name at least one selector' })
  .max(SELECTOR_LIMITS.maxCount, { error: `must hold at most ${SELECTOR_LIMITS.maxCount} selectors` });

const { actionTimeoutMs, viewport: VIEWPORT } = BROWSER_LIMITS;

/** Each action's own limit; the request's `timeout_ms` bounds the whole list as well. */
const actionTimeout = z
  .number({ error: 'must be a number' })
  .int({ error: 'must be an integer' })
  .min(actionTimeoutMs.min, { error: `must be at least ${actionTimeoutMs.min}` })
  .max(actionTimeoutMs.max, { error: `must be at most ${actionTimeoutMs.max}` })
  .optional();

const pressableKey = new RegExp(`^((${KEY_MODIFIERS.join('|')})\\+){0,3}(${NAMED_KEYS.join('|')}|[^\\p{Cc}\\s])$`, 'u');

/** Page actions: a closed list of what a person does in a page, never arbitrary JavaScript. */
const browserAction = z.discriminatedUnion(
  'type',
  [
    z
      .strictObject({
        type: z.literal('wait'),
        ms: z.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).min(1, { error: 'must be at least 1' }).max(BROWSER_LIMITS.waitMsMax, { error: `must be at most ${BROWSER_LIMITS.waitMsMax}` }).optional(),
        selector: cssSelector.optional(),
        timeout_ms: actionTimeout,
      })
      .refine((action) => (action.ms === undefined) !== (action.selector === undefined), { error: 'wait takes either ms or selector' }),
    z.strictObject({ type: z.literal('click'), selector: cssSelector, timeout_ms: actionTimeout }),
    z.strictObject({
      type: z.literal('write'),
      text: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }).max(BROWSER_LIMITS.writeTextMax, { error: `must be at most ${BROWSER_LIMITS.writeTextMax} characters` }),
      timeout_ms: actionTimeout,
    }),
    z.strictObject({
      type: z.literal('press'),
      key: z.string({ error: 'must be a string' }).max(60).regex(pressableKey, { error: `must be one key (a character or ${NAMED_KEYS.slice(0, 5).join(', ')} …), optionally after modifiers such as Control+` }),
      timeout_ms: actionTimeout,
    }),
    z.strictObject({
      type: z.literal('scroll'),
      direction: z.enum(['up', 'down'], { error: 'must be up or down' }).default('down'),
      amount: z.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).min(1, { error: 'must be at least 1' }).max(BROWSER_LIMITS.scrollAmountMax, { error: `must be at most ${BROWSER_LIMITS.scrollAmountMax}` }).optional(),
      timeout_ms: actionTimeout,
    }),
    z.strictObject({ type: z.literal('screenshot'), full_page: z.boolean({ error: 'must be a boolean' }).default(false), timeout_ms: actionTimeout }),
    z.strictObject({ type: z.literal('scrape'), timeout_ms: actionTimeout }),
  ],
  { error: 'must be an action object whose type is one of wait, click, write, press, scroll, screenshot, scrape' },
);

export type BrowserActionInput = z.infer<typeof browserAction>;

/** Headers that belong to the connection or to the browser, never to the caller. */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'proxy-authorization', 'proxy-connection', 'expect', 'accept-encoding']);

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Names are checked one by one (zod reports a record's key issues as the record's own). */
const requestHeaders = z
  .record(
    z.string(),
    z.string({ error: 'must be a string' }).max(BROWSER_LIMITS.headerValueMax, { error: `must be at most ${BROWSER_LIMITS.headerValueMax} characters` }).regex(/^[^\r\n\0]*$/, { error: 'must not hold line breaks' }),
    { error: 'must be an object of header names to values' },
  )
  .superRefine((headers, ctx) => {
    const names = Object.keys(headers);
    if (names.length > BROWSER_LIMITS.maxHeaders) ctx.addIssue({ code: 'custom', message: `must hold at most ${BROWSER_LIMITS.maxHeaders} headers` });
    for (const name of names) {
      if (name.length > BROWSER_LIMITS.headerNameMax || !HEADER_NAME.test(name)) ctx.addIssue({ code: 'custom', path: [name], message: `is not an HTTP header name of at most ${BROWSER_LIMITS.headerNameMax} characters` });
      else if (RESERVED_HEADERS.has(name.toLowerCase())) ctx.addIssue({ code: 'custom', path: [name], message: 'names a header Pith sets itself' });
    }
  });

const viewportSize = z.strictObject({
  width: z.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).min(VIEWPORT.minWidth, { error: `must be at least ${VIEWPORT.minWidth}` }).max(VIEWPORT.maxWidth, { error: `must be at most ${VIEWPORT.maxWidth}` }),
  height: z.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).min(VIEWPORT.minHeight, { error: `must be at least ${VIEWPORT.minHeight}` }).max(VIEWPORT.maxHeight, { error: `must be at most ${VIEWPORT.maxHeight}` }),
});

/**
 * How one page is loaded and what is kept of it: the same fields on POST /extract, /bulk and /crawl (a
 * job applies them to every page). Optional and never defaulted, so a job body without them hashes as
 * it always did (Idempotency-Key replays).
 */
const pageFields = {
  formats: z
    .array(z.enum(EXTRACT_FORMATS, { error: `must be one of ${EXTRACT_FORMATS.join(', ')}` }))
    .min(1, { error: 'must name at least one format' })
    .optional(),
  chunk_tokens: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be an integer' })
    .min(MIN_CHUNK_TOKENS, { error: `must be at least ${MIN_CHUNK_TOKENS}` })
    .max(MAX_CHUNK_TOKENS, { error: `must be at most ${MAX_CHUNK_TOKENS}` })
    .optional(),
  render_js: z.union([z.boolean(), z.literal('auto')], { error: 'must be true, false or "auto"' }).optional(),
  max_age: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be an integer' })
    .min(0, { error: 'must be at least 0' })
    .max(MAX_AGE_MAX_SECONDS, { error: `must be at most ${MAX_AGE_MAX_SECONDS} (30 days)` })
    .optional(),
  include_tags: cssSelectors.optional(),
  exclude_tags: cssSelectors.optional(),
  actions: z.array(browserAction, { error: 'must be an array of actions' }).max(BROWSER_LIMITS.maxActions, { error: `must hold at most ${BROWSER_LIMITS.maxActions} actions` }).optional(),
  wait_for: cssSelector.optional(),
  headers: requestHeaders.optional(),
  viewport: viewportSize.optional(),
  mobile: z.boolean({ error: 'must be a boolean' }).optional(),
  quality: z.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).min(1, { error: 'must be at least 1' }).max(100, { error: 'must be at most 100' }).optional(),
};

type PageFieldValues = { [K in keyof typeof pageFields]?: z.infer<(typeof pageFields)[K]> } & { screenshot_inline?: boolean | undefined };

/** The rules between the page fields: browser-only fields need the browser, screenshot options a screenshot, captures are capped. */
function checkPageFields(body: PageFieldValues, ctx: z.RefinementCtx): void {
  const screenshots = (body.formats ?? []).filter((format) => (SCREENSHOT_FORMATS as readonly string[]).includes(format)).length + (body.actions ?? []).filter((action) => action.type === 'screenshot').length;
  const browserOnly = [
    ...(screenshots > 0 ? ['formats'] : []),
    ...(['actions', 'wait_for', 'viewport', 'mobile'] as const).filter((field) => body[field] !== undefined),
  ];
  if (body.render_js === false && browserOnly.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['render_js'], message: `is false, but ${browserOnly[0] === 'formats' ? 'a screenshot' : browserOnly[0]} needs the browser; leave render_js out or set it to true` });
  }
  if (screenshots === 0 && body.quality !== undefined) ctx.addIssue({ code: 'custom', path: ['quality'], message: 'applies only when a screenshot is taken' });
  if (screenshots === 0 && body.screenshot_inline !== undefined) ctx.addIssue({ code: 'custom', path: ['screenshot_inline'], message: 'applies only when a screenshot is taken' });
  if (screenshots > BROWSER_LIMITS.maxScreenshots) ctx.addIssue({ code: 'custom', path: ['actions'], message: `take at most ${BROWSER_LIMITS.maxScreenshots} screenshots, formats included` });
  const scrapes = (body.actions ?? []).filter((action) => action.type === 'scrape').length;
  if (scrapes > BROWSER_LIMITS.maxScrapes) ctx.addIssue({ code: 'custom', path: ['actions'], message: `capture at most ${BROWSER_LIMITS.maxScrapes} scrapes` });
}

export const extractBody = z
  .strictObject({
    url: httpUrl,
    ...pageFields,
    timeout_ms: z.number({ error: 'must be a number' }).int().min(1000, { error: 'must be at least 1000' }).max(60_000, { error: 'must be at most 60000' }).optional(),
    screenshot_inline: z.boolean({ error: 'must be a boolean' }).optional(),
    ...policyFields,
  })
  .superRefine(checkPageFields);

/** The page fields a job stores and applies to each of its pages (`screenshot_inline` is /extract's only: job screenshots are links). */
export type PageRequest = Pick<z.infer<typeof extractBody>, keyof typeof pageFields>;

/** What every job takes besides its URLs: its completion webhook, the page fields, the policy. */
const jobFields = {
  webhook_url: z.string({ error: 'must be a string' }).max(2048).optional(),
  webhook_include_results: z.boolean({ error: 'must be a boolean' }).optional(),
  ...pageFields,
  ...policyFields,
};

export const bulkBody = z
  .strictObject({
    urls: z.array(httpUrl, { error: 'must be an array of URLs' }).min(1, { error: 'must contain at least one URL' }),
    ...jobFields,
  })
  .superRefine(checkPageFields);

export type BulkBody = z.infer<typeof bulkBody>;

/** Where a crawl goes: the same fields on POST /crawl and in a crawl watch (`crawl: {…}`). */
const crawlTargetFields = {
  url: httpUrl,
  depth: z.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).min(0, { error: 'must be at least 0' }).default(1),
  limit: z.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).min(1, { error: 'must be at least 1' }).default(100),
  include_patterns: crawlPatterns,
  exclude_patterns: crawlPatterns,
  allow_subdomains: z.boolean({ error: 'must be a boolean' }).default(false),
  /** Beyond the contract: also follow same-site links to documents (PDF, DOCX, text). Optional, not defaulted, so older bodies hash as before. */
  include_documents: z.boolean({ error: 'must be a boolean' }).optional(),
  /** Seed the frontier from the site's sitemaps too (`include`), instead of links (`only`), or not (`skip`, today's crawl). */
  sitemap: sitemapMode.default('skip'),
};

/** Decisions "Jobs": `{ url, depth (default 1), limit (default 100, capped by plan), include/exclude patterns, allow_subdomains }`. */
export const crawlBody = z
  .strictObject({
    ...crawlTargetFields,
    ...jobFields,
  })
  .superRefine(checkPageFields);

export type CrawlBody = z.infer<typeof crawlBody>;

/** `every` of a watch: parsed by src/watches/watch-cadence.ts (422 naming it), bounded here. */
const watchEvery = z.string({ error: 'must be a string such as "1d", "6h", "15m" or a cron expression' }).trim().min(1, { error: 'must not be empty' }).max(100, { error: 'must be at most 100 characters' });

/** A watch stores the page fields of a job except `max_age`: a watch looks at the page itself every time. */
const { max_age: _maxAge, ...watchPageFields } = pageFields;

/** POST /watches: `urls` (a bulk job per run) or `crawl` (a crawl per run), exactly one. */
export const watchBody = z
  .strictObject({
    urls: z.array(httpUrl, { error: 'must be an array of URLs' }).min(1, { error: 'must contain at least one URL' }).optional(),
    crawl: z.strictObject(crawlTargetFields, { error: 'must be an object { url, depth?, limit?, … } as POST /crawl takes' }).optional(),
    every: watchEvery,
    webhook_url: z.string({ error: 'must be a string' }).max(2048).optional(),
    ...watchPageFields,
    ...policyFields,
  })
  .superRefine((body, ctx) => {
    if ((body.urls === undefined) === (body.crawl === undefined)) {
      ctx.addIssue({ code: 'custom', path: [body.urls ? 'crawl' : 'urls'], message: body.urls ? 'give either urls or crawl, not both' : 'is required (or crawl: { url, … } for a crawl watch)' });
    }
    checkPageFields(body, ctx);
  });

export type WatchBody = z.infer<typeof watchBody>;

/** PATCH /watches/{id}: pause, resume, change the interval or the webhook (null removes it). */
export const watchPatchBody = z
  .strictObject({
    paused: z.boolean({ error: 'must be a boolean' }).optional(),
    every: watchEvery.optional(),
    webhook_url: z.string({ error: 'must be a string or null' }).max(2048).nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'must change at least one of paused, every, webhook_url' });

export type WatchPatchBody = z.infer<typeof watchPatchBody>;

export const watchListQuery = z.object({
  limit: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).min(1, { error: 'must be at least 1' }).max(WATCH_LIMITS.listPageMax, { error: `must be at most ${WATCH_LIMITS.listPageMax}` }).default(WATCH_LIMITS.listPageDefault),
  cursor: z.string({ error: 'must be a string' }).max(200).optional(),
});

/** Results when `num_results` is left out: every plan allows at least this many. */
export const DEFAULT_SEARCH_RESULTS = 5;

/**
 * POST /search. `num_results` has no upper bound here on purpose: above the plan's cap the answer is
 * 422 `search_cap_exceeded` with `upgrade_url`, not a validation error.
 */
export const searchBody = z
  .strictObject({
    query: z.string({ error: 'must be a string' }).trim().min(1, { error: 'must not be empty' }).max(400, { error: 'must be at most 400 characters' }),
    num_results: z.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).min(1, { error: 'must be at least 1' }).default(DEFAULT_SEARCH_RESULTS),
    extract: z.boolean({ error: 'must be a boolean' }).default(false),
    formats: z
      .array(z.enum(ALL_FORMATS, { error: `must be one of ${ALL_FORMATS.join(', ')}` }))
      .min(1, { error: 'must name at least one format' })
      .optional(),
    ...policyFields,
  })
  .refine((body) => body.extract || body.formats === undefined, { path: ['formats'], error: 'applies only with extract: true' });

export type SearchBody = z.infer<typeof searchBody>;

export const createKeyBody = z.strictObject({
  name: z.string({ error: 'must be a string' }).min(1).max(200).optional(),
  scopes: z
    .array(z.enum(GRANTABLE_SCOPES, { error: `must be one of ${GRANTABLE_SCOPES.join(', ')}` }), { error: 'must be an array of scopes' })
    .min(1, { error: 'must name at least one scope' }),
  ...policyFields,
  expires_at: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).optional(),
});

/** A key's public id (`key_<uuid>`), as GET /keys and GET /logs show it. */
const keyIdParam = z.string({ error: 'must be a string' }).regex(/^key_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { error: 'must be a key id (key_<uuid>)' });

/** GET /logs. The filters are exact (an endpoint as logged, `GET /jobs/{job_id}`) or a status class (`4xx`). */
export const logsQuery = z.object({
  limit: z.coerce.number({ error: 'must be a number' }).int().min(1, { error: 'must be at least 1' }).max(500, { error: 'must be at most 500' }).default(50),
  // Ids are PostgreSQL bigints: 18 digits always fit (found by fuzzing: a 20-digit cursor was a 500).
  cursor: z.string().regex(/^\d{1,18}$/, { error: 'must be a cursor from a previous page' }).optional(),
  endpoint: z
    .string({ error: 'must be a string' })
    .max(300, { error: 'must be at most 300 characters' })
    .regex(/^[A-Z]+ \/\S*$/, { error: 'must be an endpoint as logged: a method and a route, e.g. "POST /extract" or "GET /jobs/{job_id}"' })
    .optional(),
  status: z
    .string({ error: 'must be a string' })
    .regex(/^[1-5](\d\d|xx)$/, { error: 'must be an HTTP status (404) or a class (2xx, 4xx, 5xx)' })
    .optional(),
  key_id: keyIdParam.optional(),
});

/** GET /jobs: the account's jobs, newest first; the filters are exact. */
export const jobListQuery = z.object({
  kind: z.enum(JOB_KINDS, { error: `must be one of ${JOB_KINDS.join(', ')}` }).optional(),
  status: z.enum(JOB_STATUSES, { error: `must be one of ${JOB_STATUSES.join(', ')}` }).optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).min(1, { error: 'must be at least 1' }).max(JOB_LIST_PAGE.max, { error: `must be at most ${JOB_LIST_PAGE.max}` }).default(JOB_LIST_PAGE.default),
  cursor: z.string({ error: 'must be a string' }).max(200, { error: 'must be a next_cursor from a previous page' }).optional(),
});

export type JobListQuery = z.infer<typeof jobListQuery>;

export type ExtractBody = z.infer<typeof extractBody>;

export const deliveriesQuery = z.object({
  limit: z.coerce.number({ error: 'must be a number' }).int().min(1, { error: 'must be at least 1' }).max(100, { error: 'must be at most 100' }).default(20),
  cursor: z
    .string()
    .regex(/^\d{1,15}\.[0-9a-f-]{36}$/, { error: 'must be a cursor from a previous page' })
    .optional(),
  job_id: z.uuid({ error: 'must be a job id' }).optional().meta({ description: "Only this job's deliveries (another account's job lists none)." }),
});
