import type { Job } from '@prisma/client';
import { queryPrepared, type Db } from '../../db/prisma.js';

export type JobCounters = Pick<Job, 'status' | 'total' | 'completed'>;

const COUNTERS_SQL = 'SELECT status::text AS status, total, completed FROM jobs WHERE id = $1::uuid';

/**
 * A job's state and counters: a primary-key lookup as a prepared statement, because an open event
 * stream asks for it every half second. Null once the job is gone.
 */
export async function jobCounters(db: Db, jobId: string): Promise<JobCounters | null> {
  const [row] = await queryPrepared<JobCounters>(db, 'pith-job-counters', COUNTERS_SQL, [jobId]);
  return row ?? null;
}
