import type { Db } from '../db/prisma.js';
import { ApiError } from '../contract/errors.js';
import type { JobListQuery } from '../contract/requests.js';
import { listJobRows, resultCounts, type JobListPosition, type ListedJob } from './store/index.js';
import { toJobSummary, type JobSummary } from './view.js';

export interface JobPage {
  data: JobSummary[];
  next_cursor: string | null;
}

// `j1:` marks a cursor of this list (and its version); the rest is the last job's position.
const CURSOR = /^j1:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const encodeCursor = (job: ListedJob) => Buffer.from(`j1:${job.createdAt.toISOString()}|${job.id}`).toString('base64url');

/** The position a cursor points after; 422 `invalid_request` naming `cursor` when it is not one this list issued. */
export function decodeJobCursor(cursor: string): JobListPosition {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const createdAt = new Date(match?.[1] ?? '');
  if (!match || Number.isNaN(createdAt.getTime())) throw new ApiError('invalid_request', 'cursor: must be a next_cursor from a previous page');
  return { createdAt, id: match[2]! };
}

/**
 * GET /jobs: the account's bulk and crawl jobs still readable (a finished job past its lifetime is not
 * listed, as GET /jobs/{id} no longer finds it), newest first, with each one's failed results counted
 * in one grouped query for the whole page.
 */
export async function listJobs(db: Db, accountId: string, query: JobListQuery, now = new Date()): Promise<JobPage> {
  const after = query.cursor === undefined ? undefined : decodeJobCursor(query.cursor);
  // One row more than the page tells whether another page follows.
  const rows = await listJobRows(db, { accountId, kind: query.kind, status: query.status, now }, query.limit + 1, after);
  const shown = rows.slice(0, query.limit);
  const counts = await resultCounts(db, shown.map((job) => job.id));
  return {
    data: shown.map((job) => toJobSummary(job, counts.get(job.id))),
    next_cursor: rows.length > query.limit ? encodeCursor(shown.at(-1)!) : null,
  };
}
