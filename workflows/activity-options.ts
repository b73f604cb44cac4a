import type { ActivityOptions } from '@temporalio/workflow';

/**
 * One URL or page of a job. Infrastructure failures (database down, worker lost) retry without limit: a
 * job never loses a URL; per-URL extraction failures are stored as results by the activity, not thrown.
 * The heartbeat timeout hands a URL whose worker died to another worker in seconds rather than minutes.
 */
export const URL_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '3 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
};

/** Short bookkeeping on the job row (status, counters). */
export const BOOKKEEPING_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
};

/**
 * A batch of URLs or pages of a job, handled one after another by one activity: the one-URL budget
 * (URL_ACTIVITY's start-to-close) for each of them, and the same heartbeat timeout, which is what hands a
 * batch whose worker died to another worker (it resumes after the last stored URL).
 */
export function batchActivity(urls: number): ActivityOptions {
  return { ...URL_ACTIVITY, startToCloseTimeout: `${3 * Math.max(1, urls)} minutes` };
}
