import type { Db } from '../db/prisma.js';
import { FINISHED_JOB_STATUSES } from '../contract/vocabulary.js';
import { jobCounters, resultCounts, type JobCounters } from './store/index.js';
import { completedOf } from './view.js';

/** What a progress event of GET /jobs/{job_id}/events carries. */
export interface JobProgress {
  job_id: string;
  status: string;
  total: number;
  completed: number;
  failed: number;
}

/** Whether a job in this state can still change. */
export const isFinishedStatus = (status: string) => (FINISHED_JOB_STATUSES as readonly string[]).includes(status);

const sameCounters = (a: JobCounters, b: JobCounters) => a.status === b.status && a.total === b.total && a.completed === b.completed;

/**
 * Reads one job's progress, for a stream that asks every half second: each read looks up the job's
 * row, and counts its results only when the row's state or counters moved (a result is stored in the
 * same statement or transaction that raises `completed`, so the failed count cannot move alone).
 * Null once the job is gone.
 */
export function progressReader(db: Db, jobId: string): () => Promise<JobProgress | null> {
  let last: { counters: JobCounters; progress: JobProgress } | undefined;
  return async () => {
    const counters = await jobCounters(db, jobId);
    if (!counters) return null;
    if (last && sameCounters(last.counters, counters)) return last.progress;
    const counts = (await resultCounts(db, [jobId])).get(jobId) ?? { stored: 0, failed: 0 };
    const progress = { job_id: jobId, status: counters.status, total: counters.total, completed: completedOf(counters, counts.stored), failed: counts.failed };
    last = { counters, progress };
    return progress;
  };
}
