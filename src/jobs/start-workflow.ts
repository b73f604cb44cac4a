import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { PageOptions } from '../pages/page-options.js';
import type { Job } from '@prisma/client';
import type { Config } from '../config/config.js';
import { SEARCH_ATTRIBUTE_KEYS } from '../../workflows/search-attributes.js';
import { bulkJobWorkflow, type BulkJobInput } from '../../workflows/bulk-job.js';
import { crawlJobWorkflow, type CrawlJobInput } from '../../workflows/crawl-job.js';
import type { RobotsMode } from '../contract/vocabulary.js';
import { withLogContext } from '../observability/log-context.js';

export type JobKind = 'bulk' | 'crawl';

export const workflowIdFor = (kind: JobKind, jobId: string) => `${kind}-${jobId}`;

/** What a bulk job stores in `jobs.input` (the workflow gets the URLs from its start arguments). */
export interface StoredBulkInput {
  urls: string[];
  robots: RobotsMode;
  /** How each URL is loaded and what is kept; absent in jobs stored before page options (a plain fetch, everything kept). */
  page?: PageOptions;
}

export function bulkWorkflowInput(cfg: Config, job: Job): BulkJobInput {
  const stored = job.input as unknown as StoredBulkInput;
  return { jobId: job.id, urls: stored.urls, concurrency: cfg.JOB_URL_CONCURRENCY, robots: stored.robots, urlsPerRun: cfg.JOB_URLS_PER_RUN, batchMax: cfg.JOB_BATCH_MAX };
}

/** A crawl's URLs, scope and limits live in the database; the workflow carries ordinals only. */
export function crawlWorkflowInput(cfg: Config, job: Job): CrawlJobInput {
  return { jobId: job.id, concurrency: cfg.CRAWL_CONCURRENCY, delayMs: cfg.CRAWL_DELAY_MS, timeLimitMs: cfg.CRAWL_TIME_LIMIT_MS, pagesPerRun: cfg.JOB_URLS_PER_RUN, batchMax: cfg.JOB_BATCH_MAX };
}

/**
 * Starts `<kind>-<job_id>`. Idempotent: the job id is the workflow id, so a retried start (a resumed
 * submission) finds the running workflow instead of starting a second one. The id of the request that
 * submitted the job (stored on its row, so a start swept up later still has it) goes along in the
 * `pith-request-id` header (the client interceptor reads it from the log context) and the `requestId` memo.
 */
export async function startJobWorkflow(temporal: Client, cfg: Config, job: Job): Promise<void> {
  const requestId = job.requestId ?? undefined;
  const options = {
    workflowId: job.workflowId,
    taskQueue: cfg.TEMPORAL_TASK_QUEUE,
    typedSearchAttributes: [
      { key: SEARCH_ATTRIBUTE_KEYS.accountId, value: job.accountId },
      { key: SEARCH_ATTRIBUTE_KEYS.jobKind, value: job.kind },
      { key: SEARCH_ATTRIBUTE_KEYS.jobStatus, value: 'queued' },
    ],
    ...(requestId ? { memo: { requestId } } : {}),
  };
  try {
    await withLogContext({ requestId, jobId: job.id }, () =>
      job.kind === 'bulk'
        ? temporal.workflow.start(bulkJobWorkflow, { ...options, args: [bulkWorkflowInput(cfg, job)] })
        : temporal.workflow.start(crawlJobWorkflow, { ...options, args: [crawlWorkflowInput(cfg, job)] }),
    );
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}
