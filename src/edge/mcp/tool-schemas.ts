import { z } from 'zod';
import { jobListQuery, jobReadQuery } from '../../contract/requests.js';
import { JOB_LIST_PAGE } from '../../contract/limits.js';

/**
 * Arguments of the tools that have no REST body: the job reads take the path parameter and the query of
 * `GET /jobs/{job_id}`; `extract`, `bulk` and `crawl` take the REST bodies themselves (src/contract/requests.ts).
 */

/** Any string: an id that is not a job is `job_not_found`, as on the REST route. */
const jobId = z.string({ error: 'must be a string' }).min(1).max(100).describe('The `job_id` returned by `bulk` or `crawl`.');

export const getJobArgs = z.strictObject({
  job_id: jobId,
  limit: jobReadQuery.shape.limit.describe('Results per page (1–1000, default 100).'),
  cursor: jobReadQuery.shape.cursor.describe('`next_cursor` of the previous page.'),
});

/** The query of `GET /jobs`, as arguments. */
export const listJobsArgs = z.strictObject({
  kind: jobListQuery.shape.kind.describe('Only `bulk` or only `crawl` jobs.'),
  status: jobListQuery.shape.status.describe('Only jobs in this state: `queued`, `running`, `done`, `failed` or `cancelled`.'),
  limit: jobListQuery.shape.limit.describe(`Jobs per page (1–${JOB_LIST_PAGE.max}, default ${JOB_LIST_PAGE.default}).`),
  cursor: jobListQuery.shape.cursor.describe('`next_cursor` of the previous page (pass the same `kind` and `status` again).'),
});

/** Longest wait of one `wait_for_job` call (decisions: at most 60 seconds). */
export const MAX_WAIT_SECONDS = 60;

export const waitForJobArgs = z.strictObject({
  job_id: jobId,
  timeout_seconds: z
    .number({ error: 'must be a number' })
    .min(1, { error: 'must be at least 1' })
    .max(MAX_WAIT_SECONDS, { error: `must be at most ${MAX_WAIT_SECONDS}` })
    .default(30)
    .describe('How long to wait for the job to finish, in seconds (1–60, default 30).'),
});

export const noArgs = z.strictObject({});
