import { z } from 'zod';
import type { ErrorCode } from '../../contract/errors.js';
import { BulkRequest, CrawlRequest, CreateKeyRequest, ExtractRequest, JobReadQuery, LogsQuery, MapRequest, RegisterRequest, SearchRequest } from './documented-requests.js';
import { MapResponseSchema } from './map-shapes.js';
import { keyIdParams } from './planned-requests.js';
import { CrawlJobReadSchema, CrawlSubmissionSchema, BulkSubmissionSchema, ExtractResponseSchema, JobReadSchema } from './content-shapes.js';
import {
  ApiKeyListSchema,
  CreatedApiKeySchema,
  HealthSchema,
  LogPageSchema,
  PricingSchema,
  RegistrationSchema,
  RevokedApiKeySchema,
  RotatedApiKeySchema,
  UsageSchema,
  WebhookSecretSchema,
} from './account-shapes.js';
import { SearchResponseSchema } from './search-shapes.js';
import { DeliveriesQuery, WebhookDeliveryPageSchema, WebhookDeliverySchema, deliveryIdParams } from './webhook-shapes.js';
import { OAUTH_ROUTES } from './oauth-routes.js';
import { JOB_EVENTS_TEXT, JobEventSchema, JobListQuery, JobPageSchema } from './job-list-shapes.js';
import { CreatedWatchSchema, DeletedWatchSchema, WatchListQuery, WatchPageSchema, WatchPatchRequest, WatchRequest, WatchSchema, watchIdParams } from './watch-shapes.js';
import type { RouteDoc } from './route-doc.js';


/**
 * THE list of documented routes: add a route here when you add it to the API, and /openapi.json,
 * /docs and the docs test follow. Auth, validation and metering errors are derived from `auth`,
 * `body` and `unmetered`; `errors` lists only what the route itself adds.
 */

const jobIdParams = z.object({ job_id: z.uuid().meta({ description: 'The `job_id` returned at submission.' }) });
const policyErrors: ErrorCode[] = ['domain_denied', 'domain_not_allowed', 'robots_disallowed', 'unsafe_url'];
const submissionErrors: ErrorCode[] = [...policyErrors, 'webhook_url_invalid', 'idempotency_key_reuse', 'idempotency_in_progress'];
const html = (description: string) => ({ status: 200, description, schema: z.string(), contentType: 'text/html' });

export const ROUTES: readonly RouteDoc[] = [
  {
    method: 'get', path: '/health', tag: 'Service', auth: 'public', implemented: true,
    summary: 'Service health',
    description: 'Whether the database and the job engine answer. JS rendering is optional and never makes the service degraded.',
    success: { status: 200, description: 'Every required component is up.', schema: HealthSchema },
    alsoReturns: [{ status: 503, description: 'A required component is down (`status: degraded`).', schema: HealthSchema }],
  },
  {
    method: 'get', path: '/metrics', tag: 'Service', auth: 'public', implemented: true,
    summary: 'Prometheus metrics',
    description:
      'Prometheus text exposition: requests by route pattern, method and status; request latency; jobs by kind and status; webhook delivery outcomes; extraction durations; process metrics. Open by default; with `METRICS_TOKEN` set it needs `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise), and `METRICS_ENABLED=false` removes it (404).',
    success: { status: 200, description: 'Metrics in the Prometheus text format 0.0.4.', schema: z.string(), contentType: 'text/plain' },
    errors: ['missing_api_key', 'invalid_api_key'],
  },
  {
    method: 'get', path: '/pricing', tag: 'Service', auth: 'public', implemented: true,
    summary: 'Plans and prices',
    description: 'Plan prices and included requests, cached for 24 hours. All money is in cents.',
    success: { status: 200, description: 'Current pricing.', schema: PricingSchema },
  },
  {
    method: 'post', path: '/register', tag: 'Account', auth: 'public', implemented: true,
    summary: 'Create an account',
    description: 'Free and without auth. Returns the first key (scope `*`) once. At most 5 accounts per IP per hour.',
    body: RegisterRequest,
    success: { status: 201, description: 'The account and its raw key, shown only here.', schema: RegistrationSchema },
    errors: ['email_taken', 'register_rate_limited', 'service_unavailable'],
  },
  {
    method: 'post', path: '/extract', tag: 'Extraction', auth: 'extract', payable: true, implemented: true,
    summary: 'Extract one page',
    description:
      "Fetches the page and answers with its content in every format (or the `formats` asked for). With rendering (Pro and up) it can also take screenshots (`screenshot`, `screenshot@full_page`; stored 6 hours, linked and optionally inlined), run page `actions` (click, write, press, scroll, wait, screenshot, scrape) and `wait_for` a selector, in a guarded Chromium whose every request, redirect and action-triggered navigation passes the SSRF guard; `render_js` defaults to `\"auto\"` there (render only app shells). `markdown` and `blocks` begin with the page's title as a level-1 heading (the content's own H1, else `metadata.title`). Metered once the page is attempted; refusals before any fetch (`unsafe_url` for a literal private address, `invalid_request` for credentials in the URL or another scheme, the key's policy) are not metered. Documents work like pages: PDF (by Content-Type or its `%PDF-` signature; headings from font size and weight, paragraphs, lists, tables; `metadata.pages`), DOCX, `text/plain` and `text/markdown` (passed through as the markdown), XHTML; an encrypted or image-only PDF is `no_content` (no OCR), one over the page, size or time caps `document_too_large`; any other type `no_content` naming it.",
    body: ExtractRequest,
    success: { status: 200, description: 'The extracted page.', schema: ExtractResponseSchema },
    errors: [...policyErrors, 'plan_not_supported', 'js_rendering_unavailable', 'fetch_failed', 'target_http_error', 'target_timeout', 'no_content', 'document_too_large', 'action_failed'],
  },
  {
    method: 'get', path: '/files/{file_id}', tag: 'Extraction', auth: 'extract', signedLink: true, unmetered: true, implemented: true,
    summary: 'Read a stored file (screenshot)',
    description:
      'A screenshot POST /extract took, as `image/png` or `image/jpeg`, with `Cache-Control: private` until it expires and its size in `X-Image-Width` / `X-Image-Height`. Kept 6 hours, like job results, then deleted. A key of the account that made it (another account\'s key is 403 `forbidden`), or no key with the signed link from the answer (`?expires=&signature=`; a changed or expired link is 404 `file_not_found`). Not metered: the extraction that made the file was. Beyond the contract.',
    params: z.object({ file_id: z.uuid().meta({ description: 'The `file_id` of a screenshot.' }) }),
    query: z.object({
      expires: z.string().optional().meta({ description: 'Signed links only: when the link stops working (Unix seconds).' }),
      signature: z.string().optional().meta({ description: 'Signed links only: HMAC-SHA256 of the id and `expires`, hex.' }),
    }),
    success: { status: 200, description: 'The image.', schema: z.string().meta({ format: 'binary' }), contentType: 'image/png' },
    errors: ['file_not_found', 'forbidden'],
  },
  {
    method: 'post', path: '/bulk', tag: 'Jobs', auth: 'bulk', idempotent: true, payable: true, implemented: true,
    summary: 'Queue a bulk extraction',
    description: 'Queues every URL and answers at once with the job; it never waits for the work. Metered as one request per URL. Per-URL failures show in `results`, never as a failed request. With `webhook_url`, a signed `job.completed` notification is POSTed when the job finishes.',
    body: BulkRequest,
    success: { status: 200, description: 'The queued job.', schema: BulkSubmissionSchema },
    errors: [...submissionErrors, 'bulk_cap_exceeded'],
  },
  {
    method: 'get', path: '/bulk/{job_id}', tag: 'Jobs', auth: 'bulk', jobToken: true, implemented: true,
    summary: 'Read a bulk job',
    description: 'Progress and results so far. Readable for 6 hours after the job finished.',
    params: jobIdParams,
    query: JobReadQuery,
    success: { status: 200, description: 'The job with a page of its results.', schema: JobReadSchema },
    errors: ['job_not_found', 'forbidden'],
  },
  {
    method: 'post', path: '/crawl', tag: 'Jobs', auth: 'crawl', idempotent: true, payable: true, implemented: true,
    summary: 'Queue a crawl',
    description: 'Follows same-site links from `url` breadth-first up to `depth` and `limit` (pages in the order their links were found, several in flight per crawl, so the pages of one level may finish in any order), extracting every page (robots.txt obeyed unless the policy says `off`; politeness per host). Pro, Growth or Enterprise only. Answers at once with the job. Metered one request per page fetched: the start page at submission, the others as they are fetched; when the month is spent the crawl stops with `truncated_reason: quota_exhausted`.',
    body: CrawlRequest,
    success: { status: 200, description: 'The queued crawl job.', schema: CrawlSubmissionSchema },
    errors: [...submissionErrors, 'plan_not_supported', 'crawl_depth_exceeded'],
  },
  {
    method: 'get', path: '/crawl/{job_id}', tag: 'Jobs', auth: 'crawl', jobToken: true, implemented: true,
    summary: 'Read a crawl job',
    description: 'Progress and results so far, and whether the crawl stopped early. Readable for 6 hours after the job finished.',
    params: jobIdParams,
    query: JobReadQuery,
    success: { status: 200, description: 'The crawl job with a page of its results.', schema: CrawlJobReadSchema },
    errors: ['job_not_found', 'forbidden'],
  },
  {
    method: 'get', path: '/jobs/{job_id}', tag: 'Jobs', auth: 'key', implemented: true,
    summary: 'Read any job',
    description: 'Resolves a bulk or crawl job id without knowing its kind. Read-only; same ownership check as the scoped reads.',
    params: jobIdParams,
    query: JobReadQuery,
    success: { status: 200, description: 'The job (a crawl job also carries `truncated` and `truncated_reason`).', schema: z.union([JobReadSchema, CrawlJobReadSchema]) },
    errors: ['job_not_found', 'forbidden'],
  },
  {
    method: 'get', path: '/jobs', tag: 'Jobs', auth: 'key', implemented: true,
    summary: 'List jobs',
    description:
      "The account's bulk and crawl jobs, newest first, with their state and counts (`failed`: results with an error) but no results. Only jobs still readable are listed: a job 6 hours past its finish is gone, as from GET /jobs/{job_id}. Filter with `kind` and `status`; paged with `limit` (1–100, default 20) and `cursor` (`next_cursor`, with the same filters). Read-only and counted as one request, never refused for quota. Beyond the contract.",
    query: JobListQuery,
    success: { status: 200, description: 'A page of jobs.', schema: JobPageSchema },
  },
  {
    method: 'get', path: '/jobs/{job_id}/events', tag: 'Jobs', auth: 'key', implemented: true,
    summary: "Follow a job's progress (server-sent events)",
    description:
      `A job's progress pushed as it happens, instead of polling GET /jobs/{job_id}. Browsers read it with \`fetch()\` and a stream reader (EventSource cannot send \`Authorization\`). Same ownership check as GET /jobs/{job_id}: 404 \`job_not_found\` and 403 \`forbidden\` are answered as JSON before any stream opens. Counted as one request when the stream opens, never refused for quota. Sent with \`Cache-Control: no-store\` and \`X-Accel-Buffering: no\` (proxies must not buffer it). Beyond the contract.\n\n${JOB_EVENTS_TEXT}`,
    params: jobIdParams,
    // As SSE-aware tools read a text/event-stream schema (OpenAPI 3.2's `itemSchema`): that of one event.
    success: { status: 200, description: 'A stream of server-sent events (`text/event-stream`, not one JSON document); the schema is that of each event.', schema: JobEventSchema, contentType: 'text/event-stream' },
    errors: ['job_not_found', 'forbidden', 'too_many_streams'],
  },
  {
    method: 'post', path: '/watches', tag: 'Watches', auth: 'key', implemented: true,
    summary: 'Create a watch',
    description:
      'A Temporal Schedule (`watch-<id>`) that runs a bulk job of `urls` (scope `bulk`) or a crawl (scope `crawl`, Pro and up) with change tracking every `every`; the first run starts at once (the baseline later runs compare with). A run that finds pages `changed` or `removed` sends a signed `watch.changed` to `webhook_url` listing only those pages. Runs are metered like the jobs they are (one request per URL, a crawl per page fetched, under `watch run`); a run that finds the month spent, or the account deactivated, pauses the watch with `paused_reason`. Plan limits: Free 3 watches (every ≥ 1 day), Pro 50 (≥ 1 hour), Growth 500 (≥ 15 minutes), Enterprise unlimited (≥ 5 minutes). This call is one metered request. Beyond the contract.',
    body: WatchRequest,
    success: { status: 201, description: 'The watch; its first run has started.', schema: CreatedWatchSchema },
    errors: [...policyErrors, 'webhook_url_invalid', 'insufficient_scope', 'plan_not_supported', 'bulk_cap_exceeded', 'crawl_depth_exceeded', 'watch_limit_reached', 'watch_interval_too_short', 'service_unavailable'],
  },
  {
    method: 'get', path: '/watches', tag: 'Watches', auth: 'key', implemented: true,
    summary: 'List watches',
    description: "The account's watches of the kinds the key may see (`bulk` scope: URL watches, `crawl`: crawl watches), newest first, each with its latest run. Paged with `limit` (1–200, default 50) and `cursor` (`next_cursor`). Counted as one request even when the month is spent.",
    query: WatchListQuery,
    success: { status: 200, description: 'A page of watches.', schema: WatchPageSchema },
    errors: ['insufficient_scope'],
  },
  {
    method: 'get', path: '/watches/{watch_id}', tag: 'Watches', auth: 'key', implemented: true,
    summary: 'Read a watch',
    description: "The watch, its next run and its 20 latest runs with their job ids (a run's job is readable for 6 hours with GET /jobs/{job_id}). Another account's watch is 404. Counted as one request even when the month is spent.",
    params: watchIdParams,
    success: { status: 200, description: 'The watch with its recent runs.', schema: WatchSchema },
    errors: ['watch_not_found', 'insufficient_scope'],
  },
  {
    method: 'patch', path: '/watches/{watch_id}', tag: 'Watches', auth: 'key', implemented: true,
    summary: 'Pause, resume or change a watch',
    description: 'Changes the schedule first: when the job engine cannot be reached nothing changes (503). Resuming a watch that paused itself (quota, deactivation) lets the next tick run; if the reason still holds it pauses again. Counted as one request even when the month is spent.',
    params: watchIdParams,
    body: WatchPatchRequest,
    success: { status: 200, description: 'The watch as it is now.', schema: WatchSchema },
    errors: ['watch_not_found', 'insufficient_scope', 'watch_interval_too_short', 'webhook_url_invalid', 'service_unavailable'],
  },
  {
    method: 'delete', path: '/watches/{watch_id}', tag: 'Watches', auth: 'key', implemented: true,
    summary: 'Delete a watch',
    description: 'Deletes the schedule (no further run starts; a run in flight finishes and its job stays readable) and the watch with its run history. Counted as one request even when the month is spent.',
    params: watchIdParams,
    success: { status: 200, description: 'Deleted.', schema: DeletedWatchSchema },
    errors: ['watch_not_found', 'insufficient_scope', 'service_unavailable'],
  },
  {
    method: 'post', path: '/search', tag: 'Extraction', auth: 'search', implemented: true,
    summary: 'Search',
    description:
      "Searches with the provider the server is configured with: by default (`local`) a full-text index of the pages this account extracted (`POST /extract`, bulk and crawl results; kept 24 hours after each page's last extraction by default), or the web through SearXNG or Brave Search. `num_results` is capped by plan (422 `search_cap_exceeded`, checked first). With `extract: true` each result is extracted as `POST /extract` would; the key's policy applies per URL, and a refused or failed URL gets `error` and `error_code` in its result instead of failing the request. Metered as one request for the search plus one per result fetched for extraction (results refused before any fetch — their address or the key's policy — are not counted). A provider that is down, too slow or answers garbage gives 503 `service_unavailable` and nothing is metered.",
    body: SearchRequest,
    success: { status: 200, description: 'The results, best first.', schema: SearchResponseSchema },
    errors: ['search_cap_exceeded', 'service_unavailable'],
  },
  {
    method: 'post', path: '/map', tag: 'Extraction', auth: 'crawl', payable: true, implemented: true,
    summary: "Map a site's URLs",
    description:
      "Lists the site's URLs without extracting them: the sitemaps (robots.txt `Sitemap:` lines, else `/sitemap.xml`; sitemap indexes followed, nested and gzipped; plain-text sitemaps of one URL per line; each file read once, so an index listing itself ends) and the start page's links. The crawl's rules apply: URLs normalised and de-duplicated, same site only, pages only (no images, PDFs, archives…), the key's `allow_domains`/`deny_patterns`, and robots.txt unless `respect_robots` is `off` (disallowed links are left out). Every fetch goes through the SSRF guard. One call reads at most 50 sitemap files and 50 MB (gzip counted decompressed) within 30 s; past any bound, or past `limit`, the answer is what was found with `truncated: true`. Files that could not be read are listed in `skipped`. Available on every plan; one metered request, or one paid request (x402) without a key. When nothing was found because the start page failed, the answer is that page's error (metered, as an extraction that failed).",
    body: MapRequest,
    success: { status: 200, description: "The site's URLs.", schema: MapResponseSchema },
    errors: ['domain_denied', 'domain_not_allowed', 'unsafe_url', 'fetch_failed', 'target_http_error', 'target_timeout', 'no_content'],
  },
  {
    method: 'post', path: '/keys', tag: 'Keys', auth: 'keys', implemented: true,
    summary: 'Mint a key',
    description: 'A key can grant only scopes the calling key holds (403 `insufficient_scope` otherwise). The raw key is shown once.',
    body: CreateKeyRequest,
    success: { status: 201, description: 'The new key.', schema: CreatedApiKeySchema },
  },
  {
    method: 'get', path: '/keys', tag: 'Keys', auth: 'keys', implemented: true,
    summary: 'List keys',
    description: "The account's keys, without secrets.",
    success: { status: 200, description: 'The keys.', schema: ApiKeyListSchema },
  },
  {
    method: 'post', path: '/keys/rotate', tag: 'Keys', auth: 'keys', implemented: true,
    summary: 'Rotate the calling key',
    description: 'Issues a new key and kills the calling key the moment the response is sent. Cannot be undone; the new raw key is shown once. No request body.',
    success: { status: 200, description: 'The new key.', schema: RotatedApiKeySchema },
  },
  {
    method: 'delete', path: '/keys/{id}', tag: 'Keys', auth: 'keys', implemented: true,
    summary: 'Revoke a key',
    description: 'The key stops authenticating at once, with no grace period.',
    params: keyIdParams,
    success: { status: 200, description: 'The key is revoked.', schema: RevokedApiKeySchema },
    errors: ['key_not_found'],
  },
  {
    method: 'post', path: '/webhook/rotate', tag: 'Keys', auth: 'keys', unmetered: true, implemented: true,
    summary: 'Rotate the webhook signing secret',
    description: 'Mints a new secret; the old one is invalid at once, but deliveries already in flight carry the old signature, so accept both for a short time. No request body; not metered.',
    success: { status: 200, description: 'The new secret, shown only here.', schema: WebhookSecretSchema },
  },
  {
    method: 'get', path: '/usage', tag: 'Account', auth: 'key', unmetered: true, implemented: true,
    summary: 'Usage this period',
    description: "The account's quota and metered requests this calendar month (UTC): in all, per endpoint, and per UTC day (`by_day`, every day of the month so far).",
    success: { status: 200, description: 'Usage.', schema: UsageSchema },
  },
  {
    method: 'get', path: '/logs', tag: 'Account', auth: 'key', implemented: true,
    summary: 'Recent requests',
    description: "The account's own API requests, newest first, kept 30 days. Filter by `endpoint` (exact, as logged), `status` (`404` or a class such as `4xx`) and `key_id`; the filters combine, and a `cursor` goes on with the filters passed alongside it.",
    query: LogsQuery,
    success: { status: 200, description: 'One page of requests.', schema: LogPageSchema },
  },
  {
    method: 'get', path: '/webhooks/deliveries', tag: 'Jobs', auth: 'key', implemented: true,
    summary: 'Webhook deliveries',
    description: "The account's `job.completed` deliveries, newest first, each with its attempts (time, HTTP status or error, duration) and outcome: `pending`, `delivered` or `dead_lettered`. Kept after the job itself has expired. Beyond the contract.",
    query: DeliveriesQuery,
    success: { status: 200, description: 'One page of deliveries.', schema: WebhookDeliveryPageSchema },
  },
  {
    method: 'post', path: '/webhooks/deliveries/{id}/redeliver', tag: 'Jobs', auth: 'keys', implemented: true,
    summary: 'Redeliver a webhook',
    description: 'Sends the same body to the same URL again as a new delivery: a new `X-Pith-Delivery-Id` (so a receiver that deduplicates processes it), a fresh schedule of seven attempts, signed with the current secret. The original delivery is left as it is. Scope `keys`, as for the signing secret. No request body. Beyond the contract.',
    params: deliveryIdParams,
    success: { status: 202, description: 'The new delivery, pending; its first attempt starts at once.', schema: WebhookDeliverySchema },
    errors: ['delivery_not_found', 'service_unavailable'],
  },
  {
    method: 'get', path: '/openapi.json', tag: 'Service', auth: 'public', implemented: true,
    summary: 'This document',
    description: 'The OpenAPI 3.1 description of the API.',
    success: { status: 200, description: 'The OpenAPI document.', schema: z.record(z.string(), z.unknown()) },
  },
  {
    method: 'get', path: '/docs', tag: 'Service', auth: 'public', implemented: true,
    summary: 'API reference (HTML)', description: 'This document, rendered for people.',
    success: html('The reference page.'),
  },
  {
    method: 'get', path: '/docs/errors', tag: 'Service', auth: 'public', implemented: true,
    summary: 'Error codes (HTML)', description: 'One section per error code; `error.docs_url` links into it.',
    success: html('The error reference page.'),
  },
  ...OAUTH_ROUTES,
];
