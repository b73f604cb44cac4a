import { z } from 'zod';
import { jobListQuery } from '../../contract/requests.js';
import { JOB_EVENTS, JOB_LIST_PAGE } from '../../contract/limits.js';
import { CrawlJobObjectSchema, JobObjectSchema } from './content-shapes.js';

/** GET /jobs (the account's jobs) and GET /jobs/{job_id}/events (a job's progress as server-sent events): beyond the contract. */

const job = JobObjectSchema.shape;
const crawl = CrawlJobObjectSchema.shape;

export const JobListQuery = jobListQuery
  .extend({
    kind: jobListQuery.shape.kind.meta({ description: 'Only jobs of this kind.' }),
    status: jobListQuery.shape.status.meta({ description: 'Only jobs in this state.' }),
    limit: jobListQuery.shape.limit.meta({ description: `Jobs per page (1–${JOB_LIST_PAGE.max}, default ${JOB_LIST_PAGE.default}).` }),
    cursor: jobListQuery.shape.cursor.meta({ description: '`next_cursor` of the previous page; pass the same `kind` and `status` again. Anything else is 422 `invalid_request` naming `cursor`.' }),
  })
  .meta({ id: 'JobListQuery' });

const failed = z.int().min(0).meta({ description: 'Results stored with an `error` (per-URL failures: the job itself may be `done`). At most `completed`.' });

export const JobSummarySchema = z
  .object({
    job_id: job.job_id,
    kind: job.kind,
    status: job.status,
    total: job.total,
    completed: job.completed,
    failed,
    created_at: job.created_at,
    finished_at: job.finished_at,
    expires_at: job.expires_at,
    webhook_url: z.string().nullable().meta({ description: 'Where `job.completed` is sent; null without a webhook.' }),
    truncated: crawl.truncated.optional().meta({ description: 'Crawls only: whether the crawl stopped before visiting every page it found.' }),
    truncated_reason: crawl.truncated_reason.optional().meta({ description: 'Crawls only: `page_limit`, `quota_exhausted`, `time_limit`, or null.' }),
  })
  .meta({ id: 'JobSummary', description: 'A job as GET /jobs lists it: its state and counts, without results (read those with GET /jobs/{job_id}).' });

export const JobPageSchema = z
  .object({
    data: z.array(JobSummarySchema),
    next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` (with the same filters) for the next, older page; null on the last page.' }),
  })
  .meta({ id: 'JobPage', description: "The account's jobs still readable, newest first (`created_at`, then `job_id`)." });

export const JobProgressSchema = z
  .object({ job_id: job.job_id, status: job.status, total: job.total, completed: job.completed, failed })
  .meta({ id: 'JobProgress', description: 'The `data` of a `progress` or `done` event of GET /jobs/{job_id}/events (JSON on one line).' });

/**
 * One event of the stream, as OpenAPI 3.2 (`itemSchema`) and SSE-aware tools read a text/event-stream
 * schema: `event` and `data`, the data being JSON of the JobProgress component (registered by registry.ts).
 */
export const JobEventSchema = z
  .object({
    event: z.enum(['progress', 'done']).meta({ description: '`progress` at open and on every change; `done` once, last, when the job finished.' }),
    data: z.string().meta({ description: 'A JobProgress, as JSON on one line.', contentMediaType: 'application/json', contentSchema: { $ref: '#/components/schemas/JobProgress' } }),
  })
  .meta({ id: 'JobEvent', description: 'One server-sent event of GET /jobs/{job_id}/events. Comment lines (`: keep-alive`) and a lone `retry:` hint carry no data and are no events.' });

export const JOB_EVENTS_TEXT =
  `A stream of server-sent events (\`text/event-stream\`), each a block of lines ended by a blank line:\n\n` +
  '- `event: progress` with `data:` a JobProgress (`{ job_id, status, total, completed, failed }`): once at open, then whenever one of those changes (the job is checked every ' +
  `${JOB_EVENTS.pollMs} ms).\n` +
  '- `event: done` with the same data, once the job is `done`, `failed` or `cancelled`; then the stream ends. A job already finished answers `progress` and `done` at once.\n' +
  `- \`: keep-alive\`, a comment line every ${JOB_EVENTS.keepAliveMs / 1000} s.\n` +
  `- \`retry: ${JOB_EVENTS.retryMs}\` before the server closes a stream that has been open ${JOB_EVENTS.maxOpenMs / 60_000} minutes (or could not read the job): reopen it after that many milliseconds. A stream that ends without \`done\` should be reopened.\n\n` +
  `An account may hold ${JOB_EVENTS.maxStreamsPerAccount} open streams per API process; one more is 429 \`too_many_streams\` (not metered).`;
