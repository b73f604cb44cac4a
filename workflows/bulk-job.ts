import { proxyActivities, upsertSearchAttributes } from '@temporalio/workflow';
import type { JobActivities } from '../activities/index.js';
import { SEARCH_ATTRIBUTE_KEYS } from './search-attributes.js';

export interface BulkJobInput {
  jobId: string;
  urls: string[];
  /** URLs in flight at once for this job, fixed at submission so replays see the same value. */
  concurrency: number;
  /** robots.txt handling for each URL (absent in histories from before policies: treated as `advisory`). */
  robots?: 'off' | 'advisory' | 'strict';
}

export interface BulkJobOutcome {
  succeeded: number;
  failed: number;
}

// Infrastructure failures (database down, worker lost) retry without limit: a job never loses a URL.
// Per-URL extraction failures are recorded as results by the activity, not thrown.
const { extractJobUrl } = proxyActivities<JobActivities>({
  startToCloseTimeout: '3 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

const { markJobRunning, markJobFinished } = proxyActivities<JobActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

function setStatus(status: 'running' | 'done'): void {
  upsertSearchAttributes([{ key: SEARCH_ATTRIBUTE_KEYS.jobStatus, value: status }]);
}

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

/** One bulk job: every URL extracted once by an activity that stores its own result. */
export async function bulkJobWorkflow(input: BulkJobInput): Promise<BulkJobOutcome> {
  await markJobRunning({ jobId: input.jobId });
  setStatus('running');
  const outcome: BulkJobOutcome = { succeeded: 0, failed: 0 };
  await forEachBounded(input.urls, input.concurrency, async (url, position) => {
    const { ok } = await extractJobUrl({ jobId: input.jobId, position, url, robots: input.robots ?? 'advisory' });
    if (ok) outcome.succeeded++;
    else outcome.failed++;
  });
  await markJobFinished({ jobId: input.jobId });
  setStatus('done');
  return outcome;
}
