/**
 * npm run bench:bulk [-- --urls 1000 --jobs 5 --submitters 20 --submissions 200]
 * The whole service on this machine — fresh embedded PostgreSQL, a Temporal dev server, Pith's worker
 * and API processes — against a loopback server of real pages from the shared extraction benchmarks:
 *  1. the raw in-process loop: fetch + extract every URL with extractUrl (same thread pool and
 *     concurrency as a worker), pages/s;
 *  2. the same URLs submitted as bulk jobs through the API, time until every job is done, pages/s;
 *     the ratio of the two (target ≥ 0.6);
 *  3. POST /bulk latency under 20 concurrent submitters, p50/p99 (target p99 < 100 ms), two ways:
 *     saturating (each submitter sends its next job as soon as the last is answered: the service's
 *     ceiling on this machine) and paced (each submitter sends one job per --interval ms, default 1000,
 *     with jitter: 20 clients submitting concurrently at a steady rate).
 * Progress on stderr, one JSON line of figures on stdout.
 * `--cluster`: the production topology instead (scripts/lib/bench-cluster.ts): pages/s with one worker
 * process and with two, Temporal actions and PostgreSQL writes per page.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

const scratch = mkdtempSync(path.join(tmpdir(), 'pith-bench-bulk-'));
chmodSync(scratch, 0o755);
const stops: (() => Promise<void>)[] = [];
try {
  const pages = loadBenchPages();
  const site = await serveBenchPages(pages);
  stops.push(site.close);
  const urls = Array.from({ length: urlCount }, (_, i) => site.url(i));
  const cfg = parseConfig({ ...process.env, ALLOW_PRIVATE_TARGETS: 'true' });

  // 1. The raw loop, alone on the machine.
  step(`Raw in-process loop: fetch + extract ${urlCount} pages (${cfg.EXTRACTION_THREADS} extraction threads, ${cfg.WORKER_ACTIVITY_CONCURRENCY} in flight)`);
  const extractor = threadExtractor(Math.max(1, cfg.EXTRACTION_THREADS));
  const options = { allowPrivate: true, timeoutMs: cfg.FETCH_TIMEOUT_MS, maxBytes: cfg.FETCH_MAX_BYTES, userAgent: userAgent(cfg), extractor };
  await mapBounded(urls.slice(0, 20), 4, async (url) => void (await extractUrl(url, options).catch(() => undefined))); // warm-up
  let rawDone = 0;
  let rawFailed = 0;
  const rawStart = performance.now();
  await mapBounded(urls, cfg.WORKER_ACTIVITY_CONCURRENCY, async (url) => {
    await extractUrl(url, options).catch(() => rawFailed++);
    if (++rawDone % 100 === 0) step(`… raw ${rawDone}/${urlCount}`);
  });
  const rawSeconds = (performance.now() - rawStart) / 1000;
  await extractor.close();

  // 2. The service.
  step('Starting PostgreSQL, the Temporal dev server, the worker and the API');
  const service = await startBenchService(scratch);
  stops.unshift(service.stop);
  const { base, db } = service;
  const registered = await service.enterpriseAccount('bench@example.com');
  const headers = { authorization: `Bearer ${registered.key}`, 'content-type': 'application/json' };
  const submit = async (batch: string[]) => {
    const started = performance.now();
    const response = await fetch(`${base}/bulk`, { method: 'POST', headers, body: JSON.stringify({ urls: batch }) });
    const body = (await response.json()) as { job_id: string };
    if (response.status !== 200) throw new Error(`POST /bulk answered ${response.status}: ${JSON.stringify(body)}`);
    return { jobId: body.job_id, ms: performance.now() - started };
  };

  // A small job first, so workflow bundling and first connections are not timed.
  const warm = await submit(urls.slice(0, 5));
  await waitUntil('the warm-up job', async () => (await db.job.findUniqueOrThrow({ where: { id: warm.jobId } })).status === 'done', 120_000, 250);

  step(`Pipeline: ${urlCount} URLs as ${jobCount} bulk jobs`);
  const perJob = Math.ceil(urlCount / jobCount);
  const pipelineStart = performance.now();
  const jobIds: string[] = [];
  for (let j = 0; j < jobCount; j++) jobIds.push((await submit(urls.slice(j * perJob, (j + 1) * perJob))).jobId);
  let lastReport = 0;
  await waitUntil(
    'every job to finish',
    async () => {
      const jobs = await db.job.findMany({ where: { id: { in: jobIds } }, select: { status: true, completed: true } });
      const completed = jobs.reduce((sum, job) => sum + job.completed, 0);
      if (completed - lastReport >= 100) step(`… pipeline ${(lastReport = completed)}/${urlCount}`);
      return jobs.every((job) => job.status === 'done');
    },
    30 * 60_000,
    200,
  );
  const pipelineSeconds = (performance.now() - pipelineStart) / 1000;
  const pipelineFailed = await db.jobResult.count({ where: { jobId: { in: jobIds }, ok: false } });

  // 3. Submission latency with concurrent submitters (small jobs; they run while the rest are submitted).
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

  const rawRate = urlCount / rawSeconds;
  const pipelineRate = urlCount / pipelineSeconds;
  console.log(
    JSON.stringify({
      urls: urlCount,
      distinct_pages: Math.min(urlCount, pages.length),
      raw_loop: { seconds: round(rawSeconds), pages_per_s: round(rawRate), failed: rawFailed },
      pipeline: { jobs: jobCount, seconds: round(pipelineSeconds), pages_per_s: round(pipelineRate), failed_entries: pipelineFailed },
      ratio: round(pipelineRate / rawRate, 2),
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
