import { ApiError } from '../src/contract/errors.js';
import { recordCrawlPage, type CrawlPageContext, type SitemapSeeding, type UrlOutcome } from '../src/jobs/store/index.js';
import { hasQuotaLeft, meterWith } from '../src/accounts/metering.js';
import type { StoredCrawlInput } from '../src/jobs/crawl/crawl-input.js';
import { admitLink } from '../src/jobs/crawl/crawl-scope.js';
import { robotsAllows, robotsCrawlDelayMs } from '../src/net/robots.js';
import type { ExtractedContent } from '../src/extraction/index.js';
import { extractForJob, type JobActivityDeps, type JobPageOutcome } from './job-activities.js';
import { jobExtractionOptions, withHeartbeat } from './extraction-options.js';
import { withUrlAttempts } from './url-attempts.js';
import { userAgent } from '../src/config/config.js';
import { crawlSitemapSeeds } from '../src/map/crawl-seeds.js';
import { timeExtraction } from '../src/observability/metrics.js';
import { log } from '../src/observability/logger.js';
import { redactSecrets } from '../src/observability/redact.js';
import { indexPageQuietly } from '../src/search/index-page.js';
import type { CrawlPageOutcome } from '../workflows/activities.js';

class QuotaExhausted extends Error {}

/** Links of a fetched page the crawl may follow: same site, include/exclude, key policy, robots.txt. */
async function followableLinks(deps: JobActivityDeps, input: StoredCrawlInput, pageUrl: string, links: readonly string[]): Promise<string[]> {
  const admitted = new Set<string>();
  for (const href of links) {
    const url = admitLink(input.scope, href, pageUrl);
    if (url) admitted.add(url);
  }
  if (input.robots === 'off') return [...admitted];
  const options = jobExtractionOptions(deps, input.robots);
  const allowed: string[] = [];
  // robots.txt is cached per origin: one fetch per host, then lookups.
  for (const url of admitted) if (await robotsAllows(url, options)) allowed.push(url);
  return allowed;
}

/**
 * The start page's `sitemap` seeding (`include` / `only`): the site's sitemap URLs the crawl may admit,
 * one sitemap walk within MAP_BUDGET. One more than the page limit is asked for, so that a sitemap with
 * more URLs than room marks the crawl `page_limit` when they are admitted.
 */
async function sitemapSeeds(deps: JobActivityDeps, input: StoredCrawlInput): Promise<{ urls: string[]; seeding: SitemapSeeding }> {
  const { cfg } = deps;
  const fetch = { allowPrivate: cfg.ALLOW_PRIVATE_TARGETS, timeoutMs: cfg.FETCH_TIMEOUT_MS, maxBytes: cfg.FETCH_MAX_BYTES, userAgent: userAgent(cfg) };
  const seeds = await withHeartbeat(() => crawlSitemapSeeds(input.scope, input.robots, input.limit + 1, fetch));
  log().info({ startUrl: redactSecrets(input.startUrl), sitemapUrls: seeds.urls.length, truncated: seeds.truncated, skipped: seeds.skipped.length }, 'crawl seeded from sitemaps');
  // The job shows it too: a walk cut short by its bounds, or files that could not be read, are the caller's to know.
  const seeding = { urls: Math.min(seeds.urls.length, input.limit), truncated: seeds.truncated || seeds.urls.length > input.limit, skipped: seeds.skipped };
  return { urls: seeds.urls, seeding };
}

/** The robots.txt Crawl-delay of the page's site, in ms (0: none, or robots off). */
export const crawlDelayOf = (deps: JobActivityDeps, input: StoredCrawlInput, url: string): Promise<number> =>
  input.robots === 'off' ? Promise.resolve(0) : robotsCrawlDelayMs(url, jobExtractionOptions(deps, input.robots)).catch(() => 0);

export interface CrawlOnePage {
  jobId: string;
  ordinal: number;
  job: CrawlPageContext['job'];
  page: CrawlPageContext['page'];
  /**
   * How the page is extracted: as the whole activity (a transient failure throws, Temporal retries the
   * activity) or as one page of a batch (its attempts inside the batch; `heartbeatDetails` meanwhile).
   */
  batch?: { heartbeatDetails: () => unknown };
}

/**
 * Fetches and extracts one admitted URL of a crawl whose result is not stored yet, then in one
 * transaction: meters it (the start page was metered at submission), stores its result once, and admits
 * the links it found. A retried or duplicated attempt finds the stored result and changes nothing.
 * `crawlDelayMs` of the answer is left 0: the caller knows the site's.
 */
export async function crawlOnePage(deps: JobActivityDeps, { jobId, ordinal, job, page, batch }: CrawlOnePage): Promise<CrawlPageOutcome> {
  const { db } = deps;
  const { input, plan } = job;
  // A cheap check first: no fetch for a page that cannot be paid for. The reservation below decides.
  if (ordinal > 0 && !(await hasQuotaLeft(db, job.accountId, plan))) return { ok: false, discovered: job.total, quotaExhausted: true, crawlDelayMs: 0 };

  const jobPage = { jobId, accountId: job.accountId, robots: input.robots, page: input.page };
  const extract = (): Promise<JobPageOutcome> =>
    batch
      ? withUrlAttempts((attempt) => extractForJob(deps, page.url, jobPage, { needLinks: true, attempt, heartbeatDetails: batch.heartbeatDetails }))
      : extractForJob(deps, page.url, jobPage, { needLinks: true });
  const extracted = await timeExtraction('crawl', extract, (o) => o.outcome.ok);
  const outcome: UrlOutcome = extracted.outcome;
  log().debug({ ordinal, url: redactSecrets(page.url), ok: outcome.ok, ...(outcome.ok ? {} : { errorCode: outcome.errorCode }) }, 'crawl page extracted');
  // `sitemap: only` follows no page's links; `include` and `only` add the sitemap URLs to the start page's (depth 1, after its links).
  const pageLinks = outcome.ok && page.depth < input.depth && input.sitemap !== 'only' ? await followableLinks(deps, input, page.url, extracted.links) : [];
  const seeds = outcome.ok && ordinal === 0 && input.sitemap ? await sitemapSeeds(deps, input) : null;
  const links = seeds ? [...new Set([...pageLinks, ...seeds.urls])] : pageLinks;

  try {
    const discovered = await recordCrawlPage(db, {
      jobId,
      ordinal,
      url: page.url,
      linkDepth: page.depth + 1,
      outcome,
      links,
      limit: input.limit,
      ...(seeds ? { sitemapSeeding: seeds.seeding } : {}),
      async onStored(run) {
        if (ordinal === 0) return;
        try {
          await meterWith(run, { accountId: job.accountId, keyId: null, plan, endpoint: 'POST /crawl', units: 1 });
        } catch (err) {
          if (err instanceof ApiError && err.code === 'rate_limit_exceeded') throw new QuotaExhausted();
          throw err;
        }
      },
    });
    // Search index (POST /search): the stored page becomes findable by the crawl's account; a failure
    // is only logged, never the page's outcome.
    if (outcome.ok) await indexPageQuietly(db, deps.cfg, { accountId: job.accountId }, page.url, outcome.content as Partial<ExtractedContent>);
    return { ok: outcome.ok, discovered, quotaExhausted: false, crawlDelayMs: 0 };
  } catch (err) {
    if (err instanceof QuotaExhausted) return { ok: false, discovered: job.total, quotaExhausted: true, crawlDelayMs: 0 };
    throw err;
  }
}
