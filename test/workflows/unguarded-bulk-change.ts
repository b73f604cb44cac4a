import { proxyActivities } from '@temporalio/workflow';
import type { JobActivities } from '../../workflows/activities.js';

/**
 * bulkJobWorkflow as a careless change would leave it: the job is marked finished before its URLs run,
 * without `patched()`. Replaying a real history on it must fail — proof that the replay test catches
 * changes that would break running workflows.
 */
const { extractJobUrl, markJobRunning, markJobFinished } = proxyActivities<JobActivities>({ startToCloseTimeout: '1 minute' });

export async function bulkJobWorkflow(input: { jobId: string; urls: string[] }): Promise<void> {
  await markJobFinished({ jobId: input.jobId });
  await markJobRunning({ jobId: input.jobId });
  for (const [position, url] of input.urls.entries()) await extractJobUrl({ jobId: input.jobId, position, url });
}
