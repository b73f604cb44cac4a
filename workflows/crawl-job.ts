import { condition, continueAsNew, patched, proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';
import type { JobActivities, TruncatedReason } from './activities.js';
import { setJobStatus } from './job-status.js';
import { BOOKKEEPING_ACTIVITY, URL_ACTIVITY, batchActivity } from './activity-options.js';
import { BATCH_MAX, CRAWL_SPREAD_START_SIZING, EVEN_SHARE_SIZING, FIRST_BATCH_SIZING, nextBatchSize } from './batches.js';
import { startCompletionWebhook } from './webhook-delivery.js';
import type { CrawlJobInput, CrawlProgress } from './job-inputs.js';

export type { CrawlJobInput, CrawlProgress } from './job-inputs.js';

/** Pages per run before the workflow continues as new, far below the history limits. */
export const PAGES_PER_RUN = 500;
const MAX_ROBOTS_DELAY_MS = 10_000;

const { crawlPage } = proxyActivities<JobActivities>(URL_ACTIVITY);

const { markJobRunning, finishCrawl } = proxyActivities<JobActivities>(BOOKKEEPING_ACTIVITY);

/**
 * A crawl: the frontier and the visited set live in `crawl_urls` (written by the `crawlPages` activity,
 * which also stores each page's result and meters it), so this workflow carries only counters. Lanes take
 * the next batch of admitted ordinals while any is admitted (small while the frontier is small); when none
 * is, they wait for pages in flight that may admit more.
 */
export async function crawlJobWorkflow(input: CrawlJobInput): Promise<{ pages: number; truncatedReason: TruncatedReason | null }> {
  if (!input.resume) {
    await markJobRunning({ jobId: input.jobId });
    setJobStatus('running');
  }
  const progress: CrawlProgress = input.resume ?? { next: 0, discovered: 1, deadline: Date.now() + input.timeLimitMs, delayMs: input.delayMs };
  let stopped: TruncatedReason | null = null;
  let inFlight = 0;
  let startedThisRun = 0;
  const pagesPerRun = input.pagesPerRun ?? PAGES_PER_RUN;
  const rollOver = () => startedThisRun >= pagesPerRun || workflowInfo().continueAsNewSuggested;
  const lanes = Math.max(1, input.concurrency);
  // Histories recorded before page batches scheduled one activity per page; they replay unchanged.
  const batched = patched('crawl-page-batches');
  // Since `crawl-lanes-v2`: (1) a lane that finds nothing admitted waits for the pages in flight. Before,
  // it ended: at the start only the start page is admitted, so every lane but the first ended there and a
  // crawl ran on one lane whatever its concurrency (bench:bulk: 5 crawls on 8 lanes, each one chain of
  // batches). (2) Batches are an even share of at least 4 pages, as a bulk job's (batches.ts).
  // Histories recorded before either patch replay with what they ran.
  const lanesV2 = patched('crawl-lanes-v2');
  const sizing = lanesV2 ? EVEN_SHARE_SIZING : batched && patched('batch-sizes-v2') ? CRAWL_SPREAD_START_SIZING : FIRST_BATCH_SIZING;

  const lane = async () => {
    for (;;) {
      await condition(() => stopped !== null || rollOver() || progress.next < progress.discovered || inFlight === 0);
      if (stopped !== null || rollOver()) return;
      if (progress.next >= progress.discovered) {
        // Nothing admitted now: pages in flight may admit more, so wait for them; none in flight, the crawl is done.
        if (lanesV2 && inFlight > 0) continue;
        return;
      }
      if (Date.now() >= progress.deadline) {
        stopped = 'time_limit';
        return;
      }
      const from = progress.next;
      const size = batched ? nextBatchSize(Math.min(progress.discovered - from, pagesPerRun - startedThisRun), lanes, input.batchMax ?? BATCH_MAX, sizing) : 1;
      progress.next += size;
      inFlight++;
      startedThisRun += size;
      const page = batched
        ? await proxyActivities<JobActivities>(batchActivity(size)).crawlPages({ jobId: input.jobId, from, to: from + size, delayMs: progress.delayMs, maxRobotsDelayMs: MAX_ROBOTS_DELAY_MS, deadline: progress.deadline })
        : await crawlPage({ jobId: input.jobId, ordinal: from });
      inFlight--;
      progress.discovered = Math.max(progress.discovered, page.discovered);
      if (page.quotaExhausted) stopped ??= 'quota_exhausted';
      if ('timeLimited' in page && page.timeLimited) stopped ??= 'time_limit';
      progress.delayMs = Math.max(progress.delayMs, Math.min(page.crawlDelayMs, MAX_ROBOTS_DELAY_MS));
      if (progress.delayMs > 0 && stopped === null) await sleep(progress.delayMs);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));

  if (stopped === null && progress.next < progress.discovered) {
    // More pages are admitted: a fresh run keeps the history small however large the crawl.
    await continueAsNew<typeof crawlJobWorkflow>({ ...input, resume: progress });
  }
  const outcome = await finishCrawl({ jobId: input.jobId, stoppedBy: stopped });
  setJobStatus(outcome.status);
  await startCompletionWebhook(input.jobId);
  return { pages: outcome.pages, truncatedReason: outcome.truncatedReason };
}
