import { Context } from '@temporalio/activity';
import { crawlBatchContext, crawlPageContext, finishCrawl, storedOutcome, storedOutcomesIn } from '../src/jobs/store/index.js';
import type { JobActivityDeps } from './job-activities.js';
import { withHeartbeat } from './extraction-options.js';
import { crawlDelayOf, crawlOnePage } from './crawl-page.js';
import { log } from '../src/observability/logger.js';
import type { CrawlBatchInput, CrawlBatchOutcome, CrawlFinish, CrawlPageOutcome, JobActivities, TruncatedReason } from '../workflows/activities.js';
import { heartbeatAtMostEverySecond } from './heartbeats.js';

export function createCrawlActivities(deps: JobActivityDeps): Pick<JobActivities, 'crawlPage' | 'crawlPages' | 'finishCrawl'> {
  const { db } = deps;
  return {
    /** One page per activity: the workflows of crawls started before page batches still schedule it. */
    async crawlPage({ jobId, ordinal }: { jobId: string; ordinal: number }): Promise<CrawlPageOutcome> {
      const context = await crawlPageContext(db, jobId, ordinal);
      if (!context) return { ok: false, discovered: 0, quotaExhausted: false, crawlDelayMs: 0 };
      const { job, page } = context;
      const crawlDelayMs = await crawlDelayOf(deps, job.input, page.url);
      const stored = await storedOutcome(db, jobId, ordinal);
      if (stored) return { ok: stored.ok, discovered: job.total, quotaExhausted: false, crawlDelayMs };
      return { ...(await crawlOnePage(deps, { jobId, ordinal, job, page })), crawlDelayMs };
    },

    /**
     * Admitted pages `from`…`to - 1` of a crawl, one after another in one activity, each as `crawlPage`
     * handles one (stored, metered and its links admitted in one transaction), with the crawl's pause
     * between them. Stops early at the time limit or when the month's allowance is spent. A retried
     * attempt (its worker died) starts after its heartbeat's checkpoint and skips every stored page.
     */
    async crawlPages({ jobId, from, to, delayMs, maxRobotsDelayMs, deadline }: CrawlBatchInput): Promise<CrawlBatchOutcome> {
      const context = Context.current();
      const checkpoint = { next: Math.max(from, (context.info.heartbeatDetails as { next?: number } | undefined)?.next ?? from) };
      const heartbeatDetails = () => checkpoint;
      const batch = await crawlBatchContext(db, jobId, from, to);
      const outcome: CrawlBatchOutcome = { succeeded: 0, failed: 0, discovered: batch?.job.total ?? 0, quotaExhausted: false, timeLimited: false, crawlDelayMs: 0 };
      if (!batch) return outcome;
      const stored = await storedOutcomesIn(db, jobId, from, to);
      for (let ordinal = from; ordinal < to; ordinal++) {
        const page = batch.pages.get(ordinal);
        const ok = stored.get(ordinal);
        if (ok !== undefined) outcome[ok ? 'succeeded' : 'failed']++;
        if (ok !== undefined || !page || ordinal < checkpoint.next) continue;
        if (Date.now() >= deadline) {
          outcome.timeLimited = true;
          break;
        }
        if (context.cancellationSignal.aborted) await context.cancelled;
        outcome.crawlDelayMs = Math.max(outcome.crawlDelayMs, await crawlDelayOf(deps, batch.job.input, page.url));
        const one = await crawlOnePage(deps, { jobId, ordinal, job: batch.job, page, batch: { heartbeatDetails } });
        if (one.quotaExhausted) {
          outcome.quotaExhausted = true;
          break;
        }
        outcome[one.ok ? 'succeeded' : 'failed']++;
        outcome.discovered = Math.max(outcome.discovered, one.discovered);
        checkpoint.next = ordinal + 1;
        heartbeatAtMostEverySecond(context, checkpoint);
        // The lane's pause between two pages (the workflow pauses after the batch's last).
        const pauseMs = Math.max(delayMs, Math.min(outcome.crawlDelayMs, maxRobotsDelayMs));
        if (pauseMs > 0 && ordinal + 1 < to) await withHeartbeat(() => context.sleep(pauseMs), 5000, heartbeatDetails);
      }
      return outcome;
    },

    async finishCrawl({ jobId, stoppedBy }: { jobId: string; stoppedBy: TruncatedReason | null }): Promise<CrawlFinish> {
      const outcome = await finishCrawl(db, jobId, stoppedBy);
      log().info(outcome, 'crawl finished');
      return outcome;
    },
  };
}
