import type { Prisma } from '@prisma/client';
import type { Db } from '../src/db/prisma.js';
import { ApiError } from '../src/contract/errors.js';
import { RESULT_LIFETIME_MS } from '../src/contract/limits.js';
import { meter, quotaPeriod } from '../src/accounts/metering.js';
import { limitsOf } from '../src/contract/plans.js';
import type { StoredCrawlInput } from '../src/jobs/crawl/crawl-input.js';
import { admitLink } from '../src/jobs/crawl/crawl-scope.js';
import { robotsAllows, robotsCrawlDelayMs } from '../src/net/robots.js';
import type { ExtractedContent } from '../src/extraction/index.js';
import { extractForJob, type JobActivityDeps, type UrlOutcome } from './job-activities.js';
import { jobExtractionOptions } from './extraction-options.js';
import { timeExtraction } from '../src/observability/metrics.js';
import { log } from '../src/observability/logger.js';
import { redactSecrets } from '../src/observability/redact.js';
import { indexPageQuietly } from '../src/search/index-page.js';
import type { TruncatedReason } from '../workflows/crawl-job.js';

export interface CrawlPageOutcome {
  ok: boolean;
  /** URLs the crawl has admitted after this page (its `total` so far). */
  discovered: number;
  /** The month's allowance is spent: the page was not fetched nor stored, and the crawl stops. */
  quotaExhausted: boolean;
  /** robots.txt Crawl-delay of the site, in ms (0: none). */
  crawlDelayMs: number;
}

type Tx = Prisma.TransactionClient;

class QuotaExhausted extends Error {}

async function hasQuotaLeft(db: Db, accountId: string, plan: string): Promise<boolean> {
  const { start } = quotaPeriod();
  const counter = await db.usageCounter.findUnique({ where: { accountId_periodStart: { accountId, periodStart: start } }, select: { used: true } });
  return (counter?.used ?? 0) < limitsOf(plan).includedRequestsPerMonth;
}

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
 * Locks the job's row for the rest of the transaction and reads its `total`. Taken first: inserting a
 * result takes a key-share lock on the job row (foreign key), so taking this lock after the insert
 * would deadlock two pages of one crawl finishing together. NO KEY UPDATE still lets those inserts in.
 */
async function lockJob(tx: Tx, jobId: string): Promise<number> {
  const [locked] = await tx.$queryRaw<{ total: number }[]>`SELECT total FROM jobs WHERE id = ${jobId}::uuid FOR NO KEY UPDATE`;
  return locked?.total ?? 0;
}

/**
 * Admits new URLs after the `total` URLs already admitted (the caller holds the job's row lock, so
 * concurrent pages of one crawl take turns here), numbering them in order; stops at the page limit.
 */
async function admitUrls(tx: Tx, jobId: string, input: StoredCrawlInput, total: number, depth: number, urls: string[]): Promise<{ total: number; hitLimit: boolean }> {
  if (urls.length === 0) return { total, hitLimit: false };
  const known = await tx.crawlUrl.findMany({ where: { jobId, url: { in: urls } }, select: { url: true } });
  const seen = new Set(known.map((row) => row.url));
  const fresh = urls.filter((url) => !seen.has(url));
  const room = Math.max(0, input.limit - total);
  const admitted = fresh.slice(0, room);
  if (admitted.length > 0) {
    await tx.crawlUrl.createMany({ data: admitted.map((url, index) => ({ jobId, ordinal: total + index, url, depth })) });
  }
  return { total: total + admitted.length, hitLimit: fresh.length > room };
}

export function createCrawlActivities(deps: JobActivityDeps) {
  const { db } = deps;
  return {
    /**
     * Fetches and extracts one admitted URL of a crawl, then in one transaction: meters it (the start page
     * was metered at submission), stores its result once, and admits the links it found. A retried or
     * duplicated attempt finds the stored result and changes nothing.
     */
    async crawlPage({ jobId, ordinal }: { jobId: string; ordinal: number }): Promise<CrawlPageOutcome> {
      const job = await db.job.findUnique({ where: { id: jobId }, select: { input: true, accountId: true, total: true, account: { select: { plan: true } } } });
      const row = await db.crawlUrl.findUnique({ where: { jobId_ordinal: { jobId, ordinal } } });
      if (!job || !row) return { ok: false, discovered: 0, quotaExhausted: false, crawlDelayMs: 0 };
      const input = job.input as unknown as StoredCrawlInput;
      const plan = job.account.plan;
      const crawlDelayMs = input.robots === 'off' ? 0 : await robotsCrawlDelayMs(row.url, jobExtractionOptions(deps, input.robots)).catch(() => 0);
      const stored = await db.jobResult.findUnique({ where: { jobId_position: { jobId, position: ordinal } }, select: { ok: true } });
      if (stored) return { ok: stored.ok, discovered: job.total, quotaExhausted: false, crawlDelayMs };
      // A cheap check first: no fetch for a page that cannot be paid for. The reservation below decides.
      if (ordinal > 0 && !(await hasQuotaLeft(db, job.accountId, plan))) return { ok: false, discovered: job.total, quotaExhausted: true, crawlDelayMs };

      const outcome: UrlOutcome = await timeExtraction('crawl', () => extractForJob(deps, row.url, input.robots), (o) => o.ok);
      log().debug({ ordinal, url: redactSecrets(row.url), ok: outcome.ok, ...(outcome.ok ? {} : { errorCode: outcome.errorCode }) }, 'crawl page extracted');
      const links = outcome.ok && row.depth < input.depth ? await followableLinks(deps, input, row.url, (outcome.content as Partial<ExtractedContent>).links ?? []) : [];

      try {
        const discovered = await db.$transaction(async (tx) => {
          const totalBefore = await lockJob(tx, jobId);
          const inserted = await tx.jobResult.createMany({
            data: [
              outcome.ok
                ? { jobId, position: ordinal, url: row.url, ok: true, content: outcome.content }
                : { jobId, position: ordinal, url: row.url, ok: false, errorCode: outcome.errorCode, error: outcome.error },
            ],
            skipDuplicates: true,
          });
          if (inserted.count === 0) return totalBefore;
          if (ordinal > 0) {
            try {
              await meter(tx, { accountId: job.accountId, keyId: null, plan, endpoint: 'POST /crawl', units: 1 });
            } catch (err) {
              if (err instanceof ApiError && err.code === 'rate_limit_exceeded') throw new QuotaExhausted();
              throw err;
            }
          }
          const { total, hitLimit } = await admitUrls(tx, jobId, input, totalBefore, row.depth + 1, links);
          await tx.job.update({
            where: { id: jobId },
            data: { total, completed: { increment: 1 }, ...(hitLimit ? { truncated: true, truncatedReason: 'page_limit' } : {}) },
          });
          return total;
        });
        // Search index (POST /search): the stored page becomes findable by the crawl's account; a failure
        // is only logged, never the page's outcome.
        if (outcome.ok) await indexPageQuietly(db, deps.cfg, { accountId: job.accountId }, row.url, outcome.content as Partial<ExtractedContent>);
        return { ok: outcome.ok, discovered, quotaExhausted: false, crawlDelayMs };
      } catch (err) {
        if (err instanceof QuotaExhausted) return { ok: false, discovered: job.total, quotaExhausted: true, crawlDelayMs };
        throw err;
      }
    },

    /**
     * Ends a crawl: `total` becomes the pages stored (admitted pages never fetched because the crawl
     * stopped are not counted); `failed` when the start page itself failed (decisions: the job could not run).
     */
    async finishCrawl({ jobId, stoppedBy }: { jobId: string; stoppedBy: TruncatedReason | null }): Promise<{ status: 'done' | 'failed'; pages: number; truncatedReason: TruncatedReason | null }> {
      const finishedAt = new Date();
      const [pages, start, job] = await Promise.all([
        db.jobResult.count({ where: { jobId } }),
        db.jobResult.findUnique({ where: { jobId_position: { jobId, position: 0 } }, select: { ok: true } }),
        db.job.findUniqueOrThrow({ where: { id: jobId }, select: { truncatedReason: true } }),
      ]);
      const truncatedReason = stoppedBy ?? (job.truncatedReason as TruncatedReason | null);
      const status = start && !start.ok ? 'failed' : 'done';
      await db.job.update({
        where: { id: jobId },
        data: {
          status,
          finishedAt,
          total: pages,
          completed: pages,
          truncated: truncatedReason !== null,
          truncatedReason,
          expiresAt: new Date(finishedAt.getTime() + RESULT_LIFETIME_MS),
        },
      });
      log().info({ status, pages, truncatedReason }, 'crawl finished');
      return { status, pages, truncatedReason };
    },
  };
}
