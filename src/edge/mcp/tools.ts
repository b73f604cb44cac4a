import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AppDeps } from '../state.js';
import { bulkBody, crawlBody, extractBody, mapBody } from '../../contract/requests.js';
import { mapForKey } from '../../map/map-for-key.js';
import { ApiError, upgradeUrlFor } from '../../contract/errors.js';
import { hasScope } from '../../accounts/api-keys.js';
import { extractForKey } from '../../pages/extract-page.js';
import { crawlLimitsOf, submitBulkRequest, submitCrawlRequest } from '../../jobs/requests.js';
import { decodeCursor, readJob, type ResultsPage } from '../../jobs/read.js';
import { meter, usageReport } from '../../accounts/metering.js';
import { runTool } from './tool-result.js';
import { getJobArgs, listJobsArgs, noArgs, waitForJobArgs } from './tool-schemas.js';
import { listJobs } from '../../jobs/list.js';
import { waitForJob } from './wait-for-job.js';
import type { Scope } from '../../contract/vocabulary.js';
import type { AuthState } from '../../accounts/caller.js';

/** Metered under the REST endpoint each tool stands for, so usage reads the same whichever way a call came. */
const ENDPOINTS = { extract: 'POST /extract', map: 'POST /map', jobRead: 'GET /jobs/{job_id}', jobList: 'GET /jobs' } as const;

/**
 * The tools (the contract's six, and `map` and `list_jobs`), for one authenticated caller. Each runs what its REST route runs, in the same order
 * after validation: the account's per-second limit, the scope (403 `insufficient_scope` as a tool error),
 * then the shared service with its plan caps, policy checks and metering.
 */
export function registerPithTools(server: McpServer, deps: AppDeps, caller: AuthState, onUnexpected: (err: unknown) => void): void {
  const run = (body: () => Promise<object>) => runTool(deps.cfg.BASE_URL, onUnexpected, body);
  const admit = async (scope?: Scope) => {
    await deps.limits.consumeRequest(caller.accountId, caller.plan);
    if (scope && !hasScope(caller.scopes, scope)) throw new ApiError('insufficient_scope', `This token lacks the \`${scope}\` scope`);
  };
  const meterAs = (endpoint: string, neverRefuse = false) =>
    meter(deps.db, { accountId: caller.accountId, keyId: caller.keyId, plan: caller.plan, endpoint, units: 1, neverRefuse });
  const reader = { accountId: caller.accountId };

  server.registerTool(
    'extract',
    {
      title: 'Extract a web page',
      description:
        'Fetches one URL (a web page, or a PDF, DOCX, plain-text or markdown document) and returns its main content as markdown, plus html, text blocks, token-bounded chunks, links, metadata and size metrics (or only the `formats` asked for). `max_age` (seconds) accepts a stored extraction of the page fetched no longer ago (no fetch; `metadata.cache: hit`). `formats: [change_tracking]` adds `change` (new, same, changed with a diff, removed) against your previous look at the page. `include_tags` (CSS selectors) makes the named parts the content when the main-content heuristics pick the wrong part; `exclude_tags` drops parts first. On plans with rendering: `render_js` (default `auto`: only app shells are rendered), screenshots (`formats: [screenshot]` or `screenshot@full_page`; `screenshot_inline: true` also returns them as images), page `actions` (click, write, press, scroll, wait, screenshot, scrape) and `wait_for`, `viewport`, `mobile`, and `headers` sent to the page’s own origin only. Same arguments and result as POST /extract. Needs the `extract` scope; counts as one request.',
      inputSchema: extractBody,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args) =>
      run(async () => {
        await admit('extract');
        return extractForKey(deps, caller, args, () => meterAs(ENDPOINTS.extract).then(() => undefined));
      }),
  );

  server.registerTool(
    'bulk',
    {
      title: 'Queue a bulk extraction',
      description:
        'Queues many URLs for extraction and returns the job at once (`job_id`, `status: queued`); it does not wait. Follow with `wait_for_job` or `get_job`. Takes the page fields of `extract` too (`formats`, `render_js`, `max_age`, `include_tags`, `exclude_tags`, `actions`, `wait_for`, `headers`, `viewport`, `mobile`, `quality`, `chunk_tokens`) and applies them to every URL; screenshots come as links in each result. Same arguments and result as POST /bulk. Needs the `bulk` scope; counts as one request per URL.',
      inputSchema: bulkBody,
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    (args) =>
      run(async () => {
        await admit('bulk');
        return submitBulkRequest(deps, caller, args, { rawBody: args });
      }),
  );

  server.registerTool(
    'crawl',
    {
      title: 'Queue a crawl of a site',
      description:
        'Follows same-site links from `url` breadth-first up to `depth` and `limit`, extracting every page (and linked PDF and DOCX files with `include_documents: true`); returns the job at once. `sitemap`: `skip` (default), `include` (also crawl the URLs of the site\'s sitemaps) or `only` (the start page and the sitemap URLs, no links followed). Follow with `wait_for_job` or `get_job`. Takes the page fields of `extract` too and applies them to every page (links are followed whatever `formats` keeps). Same arguments and result as POST /crawl. Needs the `crawl` scope and the Pro plan or above; counts as one request per page.',
      inputSchema: crawlBody,
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    (args) =>
      run(async () => {
        await admit('crawl');
        crawlLimitsOf(caller.plan);
        return submitCrawlRequest(deps, caller, args, { rawBody: args });
      }),
  );

  server.registerTool(
    'map',
    {
      title: "List a site's URLs",
      description:
        "Lists the URLs of the site of `url` without extracting them: its sitemaps (nested and gzipped indexes followed) and the start page's links, same site only, the key's policy and robots.txt applied. `search` keeps URLs matching its words, best first; `sitemap` is `include` (default), `only` or `skip`. Returns `links` ({ url, title?, lastmod? }), `sources`, `truncated`, `skipped`. Same arguments and result as POST /map. Needs the `crawl` scope; counts as one request. Use it to pick the pages to `extract` or `bulk`.",
      inputSchema: mapBody,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args) =>
      run(async () => {
        await admit('crawl');
        return mapForKey(deps.cfg, caller, args, () => meterAs(ENDPOINTS.map).then(() => undefined));
      }),
  );

  server.registerTool(
    'get_job',
    {
      title: 'Read a job',
      description:
        'Progress and one page of results of a bulk or crawl job, as GET /jobs/{job_id}: `status` (`queued`, `running`, `done`, `failed`, `cancelled`), `completed` of `total`, `results`, and `next_cursor` for the next page. Results are kept 6 hours after the job finished.',
      inputSchema: getJobArgs,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      run(async () => {
        await admit();
        const page = pageOf(args);
        await meterAs(ENDPOINTS.jobRead, true);
        return readJob(deps, args.job_id, reader, undefined, page);
      }),
  );

  server.registerTool(
    'list_jobs',
    {
      title: 'List jobs',
      description:
        "Your bulk and crawl jobs, newest first, as GET /jobs: each with `job_id`, `kind`, `status`, `completed` and `failed` of `total`, `created_at`, `finished_at`; no results (read those with `get_job`). Filter by `kind` and `status`; `next_cursor` continues the list. Jobs are kept 6 hours after they finished. Counts as one request.",
      inputSchema: listJobsArgs,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      run(async () => {
        await admit();
        const page = await listJobs(deps.db, caller.accountId, args);
        await meterAs(ENDPOINTS.jobList, true);
        return page;
      }),
  );

  server.registerTool(
    'wait_for_job',
    {
      title: 'Wait for a job',
      description:
        'Waits until a bulk or crawl job has finished, at most `timeout_seconds` (≤ 60), then returns it as `get_job` does. If `status` is still `queued` or `running`, the wait timed out: call again.',
      inputSchema: waitForJobArgs,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args, extra) =>
      run(async () => {
        await admit();
        await meterAs(ENDPOINTS.jobRead, true);
        return waitForJob(deps, args.job_id, reader, args.timeout_seconds * 1000, extra.signal);
      }),
  );

  server.registerTool(
    'get_usage',
    {
      title: 'Usage this month',
      description: "The account's plan, included and used requests this calendar month (UTC), requests per endpoint and the per-second limit, as GET /usage. Free: not metered.",
      inputSchema: noArgs,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      run(async () => {
        await admit();
        return usageReport(deps.db, caller.accountId, caller.plan, upgradeUrlFor(deps.cfg.BASE_URL));
      }),
  );
}

/** `limit`/`cursor` as the REST job reads take them. */
function pageOf(args: { limit: number; cursor?: string | undefined }): ResultsPage {
  if (args.cursor === undefined) return { limit: args.limit, after: 0 };
  const after = decodeCursor(args.cursor);
  if (after === null) throw new ApiError('invalid_request', 'cursor: must be a next_cursor from a previous page');
  return { limit: args.limit, after };
}
