import type { Job } from '@prisma/client';
import { transactionOnPool, type Db, type RunSql } from '../../db/prisma.js';
import { RESULT_LIFETIME_MS } from '../../contract/limits.js';
import type { StoredCrawlInput } from '../crawl/crawl-input.js';
import type { UrlOutcome } from './results.js';
import type { CrawlFinish, TruncatedReason } from '../../../workflows/activities.js';

/** A crawl's rows: its frontier (`crawl_urls`), its pages' results and the counters on its job row. */

export interface CrawlPageContext {
  job: Pick<Job, 'accountId' | 'total'> & { input: StoredCrawlInput; plan: string };
  page: { url: string; depth: number };
}

/** The crawl's job (with its stored input and the account's plan) and its page at `ordinal`; null when either is gone. */
export async function crawlPageContext(db: Db, jobId: string, ordinal: number): Promise<CrawlPageContext | null> {
  const job = await db.job.findUnique({ where: { id: jobId }, select: { input: true, accountId: true, total: true, account: { select: { plan: true } } } });
  const row = await db.crawlUrl.findUnique({ where: { jobId_ordinal: { jobId, ordinal } } });
  if (!job || !row) return null;
  return { job: { accountId: job.accountId, total: job.total, input: job.input as unknown as StoredCrawlInput, plan: job.account.plan }, page: { url: row.url, depth: row.depth } };
}

/** The crawl's job and its admitted pages with ordinals in [from, to); null when the job is gone. */
export async function crawlBatchContext(db: Db, jobId: string, from: number, to: number): Promise<{ job: CrawlPageContext['job']; pages: Map<number, CrawlPageContext['page']> } | null> {
  const job = await db.job.findUnique({ where: { id: jobId }, select: { input: true, accountId: true, total: true, account: { select: { plan: true } } } });
  if (!job) return null;
  const rows = await db.crawlUrl.findMany({ where: { jobId, ordinal: { gte: from, lt: to } }, select: { ordinal: true, url: true, depth: true } });
  return {
    job: { accountId: job.accountId, total: job.total, input: job.input as unknown as StoredCrawlInput, plan: job.account.plan },
    pages: new Map(rows.map((row) => [row.ordinal, { url: row.url, depth: row.depth }])),
  };
}

/**
 * Locks the job's row for the rest of the transaction and reads its `total`. Taken first: inserting a
 * result takes a key-share lock on the job row (foreign key), so taking this lock after the insert
 * would deadlock two pages of one crawl finishing together. NO KEY UPDATE still lets those inserts in.
 */
async function lockJob(run: RunSql, jobId: string): Promise<number> {
  const [locked] = await run<{ total: number }>('pith-crawl-lock-job', 'SELECT total FROM jobs WHERE id = $1::uuid FOR NO KEY UPDATE', [jobId]);
  return locked?.total ?? 0;
}

const ADMIT_URLS_SQL = `
    WITH fresh AS (
      SELECT u.url, row_number() OVER (ORDER BY u.found) - 1 AS rank
      FROM unnest($2::text[]) WITH ORDINALITY AS u(url, found)
      WHERE NOT EXISTS (SELECT 1 FROM crawl_urls c WHERE c.job_id = $1::uuid AND c.url = u.url)
    ), admitted AS (
      INSERT INTO crawl_urls (job_id, ordinal, url, depth)
      SELECT $1::uuid, $3::int + rank::int, url, $4::int FROM fresh WHERE rank < $5::int
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM fresh)::int AS fresh, (SELECT count(*) FROM admitted)::int AS admitted`;

/**
 * Admits new URLs after the `total` URLs already admitted (the caller holds the job's row lock, so
 * concurrent pages of one crawl take turns here), numbering them in the order found; stops at the page
 * limit. One statement: the URLs not yet known, in order, the first `room` of them inserted.
 */
async function admitUrls(run: RunSql, jobId: string, limit: number, total: number, depth: number, urls: string[]): Promise<{ total: number; hitLimit: boolean }> {
  if (urls.length === 0) return { total, hitLimit: false };
  const room = Math.max(0, limit - total);
  // Each URL once: a URL listed twice would break the (job, url) key and fail the whole page.
  const [counts] = await run<{ fresh: number; admitted: number }>('pith-crawl-admit-urls', ADMIT_URLS_SQL, [jobId, [...new Set(urls)], total, depth, room]);
  const admitted = counts?.admitted ?? 0;
  return { total: total + admitted, hitLimit: (counts?.fresh ?? 0) > room };
}

/** A crawl's sitemap walk, as the job shows it: URLs found (admissible), whether a bound cut it short, files not read. */
export interface SitemapSeeding {
  urls: number;
  truncated: boolean;
  skipped: { url: string; reason: string }[];
}

export interface CrawlPageRecord {
  jobId: string;
  ordinal: number;
  url: string;
  /** Depth of the links found on this page. */
  linkDepth: number;
  outcome: UrlOutcome;
  links: string[];
  /** The crawl's page limit. */
  limit: number;
  /** The start page of a sitemap-seeded crawl: what the sitemap walk found, kept with the job. */
  sitemapSeeding?: SitemapSeeding;
  /** Runs inside the transaction once the page's result is new (metering); throwing rolls it all back. */
  onStored: (run: RunSql) => Promise<void>;
}

/**
 * In one transaction: stores the page's result once, runs `onStored`, admits the links it found and
 * updates the job's counters. A retried or duplicated attempt finds the stored result and changes
 * nothing. Returns the crawl's `total` (URLs admitted) afterwards.
 */
export function recordCrawlPage(db: Db, record: CrawlPageRecord): Promise<number> {
  const { jobId, ordinal, url, outcome } = record;
  // On the pg pool, not through Prisma: its query layer handed the page's whole content to its query
  // compiler and back (`bench:bulk` profile of the worker).
  return transactionOnPool(db, async (run) => {
    const totalBefore = await lockJob(run, jobId);
    const content = outcome.ok ? JSON.stringify(outcome.content) : null;
    const inserted = await run<{ position: number }>('pith-crawl-store-page', STORE_PAGE_SQL, [jobId, ordinal, url, outcome.ok, outcome.ok ? null : outcome.errorCode, outcome.ok ? null : outcome.error, content]);
    if (inserted.length === 0) return totalBefore;
    await record.onStored(run);
    const { total, hitLimit } = await admitUrls(run, jobId, record.limit, totalBefore, record.linkDepth, record.links);
    const seeding = record.sitemapSeeding ? JSON.stringify(record.sitemapSeeding) : null;
    await run('pith-crawl-count-page', COUNT_PAGE_SQL, [jobId, total, hitLimit, seeding]);
    return total;
  });
}

const STORE_PAGE_SQL = `
    INSERT INTO job_results (job_id, position, url, ok, error_code, error, content)
    VALUES ($1::uuid, $2::int, $3::text, $4::boolean, $5::text, $6::text, $7::jsonb)
    ON CONFLICT (job_id, position) DO NOTHING
    RETURNING position`;

const COUNT_PAGE_SQL = `
    UPDATE jobs SET total = $2::int, completed = completed + 1,
      truncated = truncated OR $3::boolean, truncated_reason = CASE WHEN $3::boolean THEN 'page_limit' ELSE truncated_reason END,
      sitemap_seeding = COALESCE($4::jsonb, sitemap_seeding)
    WHERE id = $1::uuid`;

/**
 * Ends a crawl: `total` becomes the pages stored (admitted pages never fetched because the crawl
 * stopped are not counted); `failed` when the start page itself failed (decisions: the job could not run).
 */
export async function finishCrawl(db: Db, jobId: string, stoppedBy: TruncatedReason | null): Promise<CrawlFinish> {
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
    data: { status, finishedAt, total: pages, completed: pages, truncated: truncatedReason !== null, truncatedReason, expiresAt: new Date(finishedAt.getTime() + RESULT_LIFETIME_MS) },
  });
  return { status, pages, truncatedReason };
}
