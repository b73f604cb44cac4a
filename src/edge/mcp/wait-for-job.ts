import { setTimeout as sleep } from 'node:timers/promises';
import { jobStatus } from '../../jobs/store/index.js';
import { readJob, type JobReadDeps, type JobReader, type JobRead, type ResultsPage } from '../../jobs/read.js';
import { isFinishedStatus } from '../../jobs/progress.js';

/** Status checks while waiting read one column, not the results. */
const POLL_INTERVAL_MS = 500;

/**
 * Reads the job (404/403 as `GET /jobs/{job_id}`), then waits until it has finished or `timeoutMs` has
 * passed (or the host gave up on the call), and answers the job as it is then: finished, or the progress
 * so far. A caller that sees `queued` or `running` calls again.
 */
export async function waitForJob(deps: JobReadDeps, jobId: string, reader: JobReader, timeoutMs: number, signal?: AbortSignal, page?: ResultsPage): Promise<JobRead> {
  const { db } = deps;
  const first = await readJob(deps, jobId, reader, undefined, page);
  if (isFinishedStatus(first.status)) return first;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !signal?.aborted) {
    await sleep(Math.min(POLL_INTERVAL_MS, Math.max(0, deadline - Date.now())));
    const status = await jobStatus(db, jobId);
    if (!status || isFinishedStatus(status)) break;
  }
  return readJob(deps, jobId, reader, undefined, page);
}
