/**
 * npm run bench:bulk [-- --urls 1000 --jobs 5 --runs 3 --submitters 20 --submissions 200 --interval 1000]
 * The whole service on this machine — fresh embedded PostgreSQL, a Temporal dev server, Pith's worker
 * and API processes — against a loopback server of real pages from the shared extraction benchmarks.
 * `--runs` times (the figures are each run's and their median):
 *  1. the raw in-process loop: fetch + extract every URL with extractUrl (same thread pool and
 *     concurrency as a worker), pages/s;
 *  2. the same URLs submitted as `--jobs` bulk jobs through the API, time until every job is done, pages/s;
 *  3. the same pages crawled: `--jobs` crawls, each of a site of its share of the pages whose pages link
 *     to the next ones (page i to 10i+1 … 10i+10), so a crawl fetches exactly the raw loop's pages in
 *     whatever order its lanes finish, pages/s. A crawl is polite
 *     by default (CRAWL_CONCURRENCY 2, CRAWL_DELAY_MS 250); here the worker runs crawls with a bulk
 *     job's concurrency and no pause, so that the figure is the pipeline's cost, not its politeness;
 *  and the ratios of 2 and 3 to 1 in the same run (target ≥ 0.85).
 * Then POST /bulk latency under 20 concurrent submitters, p50/p99 (target p99 < 100 ms), two ways:
 * saturating (each submitter sends its next job as soon as the last is answered: the service's ceiling
 * on this machine) and paced (each submitter sends one job per --interval ms, with jitter).
 * Progress on stderr, one JSON line of figures on stdout.
 * `--cluster`: the production topology instead (scripts/lib/bench-cluster.ts): pages/s with one worker
 * process and with two, Temporal actions and PostgreSQL writes per page.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { waitUntil } from './lib/ports.js';
import { step } from './lib/log.js';
import { numberArg, percentile, round } from './lib/bench-figures.js';
import { loadBenchPages, serveBenchPages, startBenchService } from './lib/bench-service.js';
import { parseConfig, userAgent } from '../src/config/config.js';
import { extractUrl } from '../src/extraction/index.js';
import { threadExtractor } from '../src/extraction/threads/thread-pool.js';
import { benchClusterMain } from './lib/bench-cluster.js';

const arg = numberArg;
const urlCount = arg('urls', 1000);
const jobCount = arg('jobs', 5);
const runs = arg('runs', 3);
const submitters = arg('submitters', 20);
const submissions = arg('submissions', 200);
const intervalMs = arg('interval', 1000);

async function mapBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await work(items[next++] as T);
  }));
}

if (process.argv.includes('--cluster')) await benchClusterMain(urlCount, jobCount);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

interface RunFigures {
  raw: { seconds: number; pages_per_s: number; failed: number };
  bulk: { seconds: number; pages_per_s: number; failed_entries: number };
  crawl: { seconds: number; pages_per_s: number; pages: number; failed_entries: number };
  bulk_ratio: number;
  crawl_ratio: number;
}

const scratch = mkdtempSync(path.join(tmpdir(), 'pith-bench-bulk-'));
chmodSync(scratch, 0o755);
const stops: (() => Promise<void>)[] = [];
try {
  const pages = loadBenchPages();
  const site = await serveBenchPages(pages);
  stops.push(site.close);
  const urls = Array.from({ length: urlCount }, (_, i) => site.url(i));
  const cfg = parseConfig({ ...process.env, ALLOW_PRIVATE_TARGETS: 'true' });
  const extractor = threadExtractor(Math.max(1, cfg.EXTRACTION_THREADS));
  stops.push(() => extractor.close());
  const options = { allowPrivate: true, timeoutMs: cfg.FETCH_TIMEOUT_MS, maxBytes: cfg.FETCH_MAX_BYTES, userAgent: userAgent(cfg), extractor };

  step('Starting PostgreSQL, the Temporal dev server, the worker and the API');
  const service = await startBenchService(scratch, { CRAWL_CONCURRENCY: String(cfg.JOB_URL_CONCURRENCY), CRAWL_DELAY_MS: '0' });
  stops.unshift(service.stop);
  const { base, db } = service;
  const registered = await service.enterpriseAccount('bench@example.com');
  const headers = { authorization: `Bearer ${registered.key}`, 'content-type': 'application/json' };
  // undici's request rather than fetch: the submitters share the service's two cores, and fetch spent
  // ~1.6 ms of this process's CPU per POST against ~0.75 (measured during the saturating phase).
  const post = async (route: '/bulk' | '/crawl', body: object) => {
    const started = performance.now();
    const response = await request(`${base}${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const answer = (await response.body.json()) as { job_id: string };
    if (response.statusCode !== 200) throw new Error(`POST ${route} answered ${response.statusCode}: ${JSON.stringify(answer)}`);
    return { jobId: answer.job_id, ms: performance.now() - started };
  };
  const submit = (batch: string[]) => post('/bulk', { urls: batch });
  const perJob = Math.ceil(urlCount / jobCount);
  const crawl = (offset: number, size: number) => post('/crawl', { url: site.crawlStart(offset, size), depth: 10, limit: size, include_patterns: [site.crawlPattern(offset, size)] });

  /** Waits until every job is finished; the seconds since `started`. */
  const finished = async (label: string, jobIds: string[], started: number) => {
    let lastReport = 0;
    await waitUntil(
      `every ${label} job to finish`,
      async () => {
        const jobs = await db.job.findMany({ where: { id: { in: jobIds } }, select: { status: true, completed: true } });
        const completed = jobs.reduce((sum, job) => sum + job.completed, 0);
        if (completed - lastReport >= 100) step(`… ${label} ${(lastReport = completed)}/${urlCount}`);
        return jobs.every((job) => job.status === 'done' || job.status === 'failed');
      },
      30 * 60_000,
      200,
    );
    return (performance.now() - started) / 1000;
  };

  // Warm-up: the extraction threads, workflow bundling and first connections are not timed.
  await mapBounded(urls.slice(0, 20), 4, async (url) => void (await extractUrl(url, options).catch(() => undefined)));
  const warm = [await submit(urls.slice(0, 5)), await crawl(0, 5)];
  await finished('warm-up', warm.map((w) => w.jobId), performance.now());

  const figures: RunFigures[] = [];
  for (let run = 1; run <= runs; run++) {
    // 1. The raw loop, with the service idle.
    step(`Run ${run}/${runs}. Raw in-process loop: fetch + extract ${urlCount} pages (${cfg.EXTRACTION_THREADS} extraction threads, ${cfg.WORKER_ACTIVITY_CONCURRENCY} in flight)`);
    let rawDone = 0;
    let rawFailed = 0;
    const rawStart = performance.now();
    await mapBounded(urls, cfg.WORKER_ACTIVITY_CONCURRENCY, async (url) => {
      await extractUrl(url, options).catch(() => rawFailed++);
      if (++rawDone % 100 === 0) step(`… raw ${rawDone}/${urlCount}`);
    });
    const rawSeconds = (performance.now() - rawStart) / 1000;

    // 2. The same URLs as bulk jobs.
    step(`Run ${run}/${runs}. Bulk: ${urlCount} URLs as ${jobCount} bulk jobs`);
    const bulkStart = performance.now();
    const bulkIds: string[] = [];
    for (let j = 0; j < jobCount; j++) bulkIds.push((await submit(urls.slice(j * perJob, (j + 1) * perJob))).jobId);
    const bulkSeconds = await finished('bulk', bulkIds, bulkStart);
    const bulkFailed = await db.jobResult.count({ where: { jobId: { in: bulkIds }, ok: false } });

    // 3. The same pages as crawls.
    step(`Run ${run}/${runs}. Crawl: ${urlCount} pages as ${jobCount} crawls`);
    const crawlStart = performance.now();
    const crawlIds: string[] = [];
    for (let j = 0; j < jobCount; j++) crawlIds.push((await crawl(j * perJob, Math.min(perJob, urlCount - j * perJob))).jobId);
    const crawlSeconds = await finished('crawl', crawlIds, crawlStart);
    const crawledPages = await db.jobResult.count({ where: { jobId: { in: crawlIds } } });
    const crawlFailed = await db.jobResult.count({ where: { jobId: { in: crawlIds }, ok: false } });

    const rawRate = urlCount / rawSeconds;
    const bulkRate = urlCount / bulkSeconds;
    const crawlRate = crawledPages / crawlSeconds;
    const run_: RunFigures = {
      raw: { seconds: round(rawSeconds), pages_per_s: round(rawRate), failed: rawFailed },
      bulk: { seconds: round(bulkSeconds), pages_per_s: round(bulkRate), failed_entries: bulkFailed },
      crawl: { seconds: round(crawlSeconds), pages_per_s: round(crawlRate), pages: crawledPages, failed_entries: crawlFailed },
      bulk_ratio: round(bulkRate / rawRate, 2),
      crawl_ratio: round(crawlRate / rawRate, 2),
    };
    figures.push(run_);
    step(`Run ${run}/${runs}: raw ${run_.raw.pages_per_s} pages/s, bulk ${run_.bulk.pages_per_s} (ratio ${run_.bulk_ratio}), crawl ${run_.crawl.pages_per_s} (ratio ${run_.crawl_ratio})`);
  }

  // 4. Submission latency with concurrent submitters (small jobs; they run while the rest are submitted).
  const batches = Array.from({ length: submissions }, (_, i) => urls.slice((i * 5) % urlCount, ((i * 5) % urlCount) + 5));
  step(`POST /bulk latency, saturating: ${submitters} submitters back to back, ${submissions} submissions of 5 URLs`);
  const saturating: number[] = [];
  const saturatingStart = performance.now();
  await mapBounded(batches, submitters, async (batch) => void saturating.push((await submit(batch)).ms));
  const saturatingRate = submissions / ((performance.now() - saturatingStart) / 1000);
  step(`POST /bulk latency, paced: ${submitters} submitters, one submission every ${intervalMs} ms each`);
  const paced: number[] = [];
  const perSubmitter = Math.ceil(submissions / submitters);
  await Promise.all(
    Array.from({ length: submitters }, async (_, s) => {
      await new Promise((r) => setTimeout(r, Math.random() * intervalMs));
      for (let i = 0; i < perSubmitter; i++) {
        const started = performance.now();
        paced.push((await submit(batches[(s * perSubmitter + i) % batches.length] as string[])).ms);
        await new Promise((r) => setTimeout(r, Math.max(0, intervalMs * (0.5 + Math.random()) - (performance.now() - started))));
      }
    }),
  );
  const latencyFigures = (values: number[]) => ({ p50: round(percentile(values, 50)), p99: round(percentile(values, 99)), max: round(Math.max(...values)) });
  const medianOf = (pick: (run: RunFigures) => number, digits = 1) => round(median(figures.map(pick)), digits);

  console.log(
    JSON.stringify({
      urls: urlCount,
      jobs: jobCount,
      distinct_pages: Math.min(urlCount, pages.length),
      median: {
        raw_pages_per_s: medianOf((r) => r.raw.pages_per_s),
        bulk_pages_per_s: medianOf((r) => r.bulk.pages_per_s),
        crawl_pages_per_s: medianOf((r) => r.crawl.pages_per_s),
        bulk_ratio: medianOf((r) => r.bulk_ratio, 2),
        crawl_ratio: medianOf((r) => r.crawl_ratio, 2),
      },
      runs: figures,
      post_bulk_latency_ms: {
        submitters,
        saturating: { submissions, submissions_per_s: round(saturatingRate), ...latencyFigures(saturating) },
        paced: { submissions: paced.length, interval_ms: intervalMs, submissions_per_s: round((submitters * 1000) / intervalMs), ...latencyFigures(paced) },
      },
    }),
  );
} finally {
  for (const stop of stops) await stop().catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
}
