import { randomUUID } from 'node:crypto';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Db } from '../db/prisma.js';
import type { Config } from '../config.js';
import { ApiError } from '../errors.js';
import { SEARCH_ATTRIBUTE_KEYS } from '../../workflows/search-attributes.js';
import type { BulkJobInput } from '../../workflows/bulk-job.js';
import { toJobObject, type JobObject } from './job-view.js';
import { meter, refund } from './metering.js';
import { mintSecretOnFirstUse, type SecretBox } from './webhook-secrets.js';
import type { RobotsMode } from './policy.js';

/** Contract: job results expire 6 hours after the job. */
export const RESULT_LIFETIME_MS = 6 * 60 * 60 * 1000;

export interface JobServiceDeps {
  db: Db;
  temporal: Client;
  cfg: Config;
  secrets: SecretBox;
}

export interface Actor {
  accountId: string;
  keyId: string | null;
  plan: string;
}

export interface BulkRequest {
  urls: string[];
  webhook_url?: string | undefined;
  webhook_include_results?: boolean | undefined;
  /** robots.txt handling for every URL of the job (the key's policy, tightened by the request). */
  robots: RobotsMode;
}

export type BulkJobObject = JobObject & { webhook_signing_secret: string | null };

export const workflowIdFor = (kind: 'bulk' | 'crawl', jobId: string) => `${kind}-${jobId}`;

/**
 * Writes the job and its metering, then starts `bulk-<job_id>`; answers at once with the job object.
 * If Temporal refuses the start, the job and its metering are removed and the caller gets 503.
 */
export async function submitBulkJob(deps: JobServiceDeps, actor: Actor, request: BulkRequest): Promise<BulkJobObject> {
  const { db, temporal, cfg } = deps;
  const jobId = randomUUID();
  const workflowId = workflowIdFor('bulk', jobId);
  const now = new Date();
  const { eventId, signingSecret } = await db.$transaction(async (tx) => {
    await tx.job.create({
      data: {
        id: jobId,
        accountId: actor.accountId,
        kind: 'bulk',
        total: request.urls.length,
        input: { urls: request.urls },
        webhookUrl: request.webhook_url ?? null,
        webhookIncludeResults: request.webhook_include_results ?? false,
        workflowId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESULT_LIFETIME_MS),
      },
    });
    // One metered request per URL, reserved in the same transaction: no job without its metering.
    const metered = await meter(tx, { accountId: actor.accountId, keyId: actor.keyId, plan: actor.plan, endpoint: 'POST /bulk', units: request.urls.length }, now);
    const signingSecret = request.webhook_url ? await mintSecretOnFirstUse(tx, deps.secrets, actor.accountId) : null;
    return { ...metered, signingSecret };
  });

  const input: BulkJobInput = { jobId, urls: request.urls, concurrency: cfg.JOB_URL_CONCURRENCY, robots: request.robots };
  try {
    await temporal.workflow.start('bulkJobWorkflow', {
      workflowId,
      taskQueue: cfg.TEMPORAL_TASK_QUEUE,
      args: [input],
      typedSearchAttributes: [
        { key: SEARCH_ATTRIBUTE_KEYS.accountId, value: actor.accountId },
        { key: SEARCH_ATTRIBUTE_KEYS.jobKind, value: 'bulk' },
        { key: SEARCH_ATTRIBUTE_KEYS.jobStatus, value: 'queued' },
      ],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) {
      await db.$transaction(async (tx) => {
        await refund(tx, actor.accountId, request.urls.length, eventId, now);
        if (signingSecret) await tx.account.update({ where: { id: actor.accountId }, data: { webhookSecret: null, webhookSecretRotatedAt: null } });
        await tx.job.delete({ where: { id: jobId } });
      });
      throw new ApiError('service_unavailable', 'The job queue is unavailable; nothing was queued or metered. Retry shortly.');
    }
  }
  const started = await db.job.update({ where: { id: jobId }, data: { workflowStartedAt: new Date() } });
  return { ...toJobObject(started, []), webhook_signing_secret: signingSecret };
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads a job for `accountId`: 404 `job_not_found` when unknown, of another kind, or past its lifetime;
 * 403 `forbidden` when it belongs to another account.
 */
export async function readJob(db: Db, jobId: string, accountId: string, kind?: 'bulk' | 'crawl'): Promise<JobObject> {
  const notFound = new ApiError('job_not_found', `No job ${jobId}, or its results have expired`);
  if (!UUID_PATTERN.test(jobId)) throw notFound;
  const job = await db.job.findUnique({ where: { id: jobId } });
  // Only a finished job expires: a job still running after 6 hours stays readable until it ends.
  const expired = job?.finishedAt !== null && job !== null && job.expiresAt.getTime() <= Date.now();
  if (!job || expired || (kind && job.kind !== kind)) throw notFound;
  if (job.accountId !== accountId) throw new ApiError('forbidden', 'This job belongs to another account');
  const results = await db.jobResult.findMany({ where: { jobId }, orderBy: { position: 'asc' } });
  return toJobObject(job, results);
}
