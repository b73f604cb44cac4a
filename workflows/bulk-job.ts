import { continueAsNew, patched, proxyActivities } from '@temporalio/workflow';
import type { JobActivities } from './activities.js';
import { setJobStatus } from './job-status.js';
import { BOOKKEEPING_ACTIVITY, URL_ACTIVITY, batchActivity } from './activity-options.js';
import { BATCH_MAX, EVEN_SHARE_SIZING, FIRST_BATCH_SIZING, nextBatchSize } from './batches.js';
import { startCompletionWebhook } from './webhook-delivery.js';
import type { BulkJobInput } from './job-inputs.js';

export type { BulkJobInput } from './job-inputs.js';

export interface BulkJobOutcome {
  succeeded: number;
  failed: number;
}

/** URLs per run before the workflow continues as new, far below the history limits. */
export const URLS_PER_RUN = 500;

const { extractJobUrl } = proxyActivities<JobActivities>(URL_ACTIVITY);

const { markJobRunning, markJobFinished } = proxyActivities<JobActivities>(BOOKKEEPING_ACTIVITY);

/** Runs `work` over `items` with at most `limit` in flight, in submission order. */
async function forEachBounded<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  });
  await Promise.all(lanes);
}

/**
 * `concurrency` lanes over `urls` (positions from `from`), each taking the next batch and extracting its
 * URLs one after another in one activity: `concurrency` URLs in flight, as with one activity per URL.
 */
async function runBatches(input: BulkJobInput, from: number, urls: readonly string[], outcome: BulkJobOutcome): Promise<void> {
  const lanes = Math.max(1, Math.min(input.concurrency, urls.length));
  const max = input.batchMax ?? BATCH_MAX;
  // Histories recorded before it took the smaller batches of the first sizing; they replay unchanged.
  const sizing = patched('batch-sizes-v2') ? EVEN_SHARE_SIZING : FIRST_BATCH_SIZING;
  let next = 0;
  const lane = async () => {
    while (next < urls.length) {
      const start = next;
      const size = nextBatchSize(urls.length - start, lanes, max, sizing);
      next += size;
      const { extractJobUrls } = proxyActivities<JobActivities>(batchActivity(size));
      const batch = await extractJobUrls({ jobId: input.jobId, from: from + start, urls: urls.slice(start, start + size), robots: input.robots ?? 'advisory' });
      outcome.succeeded += batch.succeeded;
      outcome.failed += batch.failed;
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

/**
 * One bulk job: every URL extracted once by an activity that stores its own result (only counts come
 * back through history), in batches of URLs. Runs of URLS_PER_RUN URLs, continuing as new between them.
 */
export async function bulkJobWorkflow(input: BulkJobInput): Promise<BulkJobOutcome> {
  const from = input.from ?? 0;
  if (from === 0) {
    await markJobRunning({ jobId: input.jobId });
    setJobStatus('running');
  }
  // Histories recorded before runs existed handled every URL in one run; they replay unchanged.
  const windowed = patched('bulk-runs-of-500');
  const until = windowed ? Math.min(input.urls.length, from + (input.urlsPerRun ?? URLS_PER_RUN)) : input.urls.length;
  const outcome: BulkJobOutcome = { succeeded: 0, failed: 0 };
  // Histories recorded before batches scheduled one activity per URL; they replay unchanged.
  if (patched('bulk-url-batches')) {
    await runBatches(input, from, input.urls.slice(from, until), outcome);
  } else {
    await forEachBounded(input.urls.slice(from, until), input.concurrency, async (url, index) => {
      const { ok } = await extractJobUrl({ jobId: input.jobId, position: from + index, url, robots: input.robots ?? 'advisory' });
      if (ok) outcome.succeeded++;
      else outcome.failed++;
    });
  }
  if (until < input.urls.length) await continueAsNew<typeof bulkJobWorkflow>({ ...input, from: until });
  await markJobFinished({ jobId: input.jobId });
  setJobStatus('done');
  // The delivery runs as its own workflow, outliving this one (histories from before webhooks replay unchanged).
  if (patched('completion-webhook')) await startCompletionWebhook(input.jobId);
  return outcome;
}
