import { condition, continueAsNew, proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';
import type { JobActivities, TruncatedReason } from './activities.js';
import { setJobStatus } from './job-status.js';
import { BOOKKEEPING_ACTIVITY, URL_ACTIVITY } from './activity-options.js';
import { startCompletionWebhook } from './webhook-delivery.js';
import type { CrawlJobInput, CrawlProgress } from './job-inputs.js';

export type { CrawlJobInput, CrawlProgress } from './job-inputs.js';

/** Pages per run before the workflow continues as new, far below the history limits. */
export const PAGES_PER_RUN = 500;
const MAX_ROBOTS_DELAY_MS = 10_000;

const { crawlPage } = proxyActivities<JobActivities>(URL_ACTIVITY);

const { markJobRunning, finishCrawl } = proxyActivities<JobActivities>(BOOKKEEPING_ACTIVITY);

/**
 * A crawl: the frontier and the visited set live in `crawl_urls` (written by the `crawlPage` activity,
 * which also stores the page's result and meters it), so this workflow carries only counters. Lanes take
 * the next ordinal while one is admitted; when none is, they wait for pages in flight that may admit more.
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
  const rollOver = () => startedThisRun >= (input.pagesPerRun ?? PAGES_PER_RUN) || workflowInfo().continueAsNewSuggested;

  const lane = async () => {
    for (;;) {
      await condition(() => stopped !== null || rollOver() || progress.next < progress.discovered || inFlight === 0);
      if (stopped !== null || rollOver() || progress.next >= progress.discovered) return;
      if (Date.now() >= progress.deadline) {
        stopped = 'time_limit';
        return;
      }
      const ordinal = progress.next++;
      inFlight++;
      startedThisRun++;
      const page = await crawlPage({ jobId: input.jobId, ordinal });
      inFlight--;
      progress.discovered = Math.max(progress.discovered, page.discovered);
      if (page.quotaExhausted) stopped ??= 'quota_exhausted';
      progress.delayMs = Math.max(progress.delayMs, Math.min(page.crawlDelayMs, MAX_ROBOTS_DELAY_MS));
      if (progress.delayMs > 0 && stopped === null) await sleep(progress.delayMs);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, input.concurrency) }, lane));

  if (stopped === null && progress.next < progress.discovered) {
    // More pages are admitted: a fresh run keeps the history small however large the crawl.
    await continueAsNew<typeof crawlJobWorkflow>({ ...input, resume: progress });
  }
  const outcome = await finishCrawl({ jobId: input.jobId, stoppedBy: stopped });
  setJobStatus(outcome.status);
  await startCompletionWebhook(input.jobId);
  return { pages: outcome.pages, truncatedReason: outcome.truncatedReason };
}
