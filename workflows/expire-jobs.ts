import { proxyActivities } from '@temporalio/workflow';
import type { JobActivities } from './activities.js';

const { deleteExpiredJobs } = proxyActivities<JobActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute', maximumAttempts: 5 },
});

/** Run by the `pith-expire-jobs` Schedule: deletes jobs (and their results) past their 6-hour lifetime. */
export async function expireJobsWorkflow(): Promise<{ deleted: number }> {
  return deleteExpiredJobs();
}
