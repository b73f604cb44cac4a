import { randomUUID } from 'node:crypto';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { Prisma, type Job } from '@prisma/client';
import type { Db } from '../db/prisma.js';
import type { Config } from '../config.js';
import { ApiError } from '../errors.js';
import { SEARCH_ATTRIBUTE_KEYS } from '../../workflows/search-attributes.js';
import type { BulkJobInput } from '../../workflows/bulk-job.js';
import { toJobObject, type JobObject } from './job-view.js';
import { meter, refund } from './metering.js';
import { ENQUEUE_STALE_MS, IDEMPOTENCY_WINDOW_MS, requestFingerprint } from './idempotency.js';
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
  /** The `Idempotency-Key` header, if sent, and the request body it protects. */
  idempotencyKey?: string | undefined;
  body?: unknown;
}

export type BulkJobObject = JobObject & { webhook_signing_secret: string | null };

export const workflowIdFor = (kind: 'bulk' | 'crawl', jobId: string) => `${kind}-${jobId}`;

interface StoredBulkInput {
  urls: string[];
  robots: RobotsMode;
}

/** Starts `bulk-<job_id>` (idempotent: the job id is the workflow id) and records that it started. */
async function startBulkWorkflow(deps: JobServiceDeps, job: Job): Promise<Job> {
  const stored = job.input as unknown as StoredBulkInput;
  const input: BulkJobInput = { jobId: job.id, urls: stored.urls, concurrency: deps.cfg.JOB_URL_CONCURRENCY, robots: stored.robots };
  try {
    await deps.temporal.workflow.start('bulkJobWorkflow', {
      workflowId: job.workflowId,
      taskQueue: deps.cfg.TEMPORAL_TASK_QUEUE,
      args: [input],
      typedSearchAttributes: [
        { key: SEARCH_ATTRIBUTE_KEYS.accountId, value: job.accountId },
        { key: SEARCH_ATTRIBUTE_KEYS.jobKind, value: 'bulk' },
        { key: SEARCH_ATTRIBUTE_KEYS.jobStatus, value: 'queued' },
      ],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
  return deps.db.job.update({ where: { id: job.id }, data: { workflowStartedAt: new Date() } });
}

/**
 * An earlier submission with the same Idempotency-Key: the same body gets the original job back (nothing
 * queued or metered again); another body is 422 `idempotency_key_reuse`; a first submission still being
 * enqueued is 409 `idempotency_in_progress` — unless it is stale (its process died between writing the
 * job and starting the workflow), in which case it is resumed here, so no job is left that never runs.
 */
async function replaySubmission(deps: JobServiceDeps, prior: Job, fingerprint: string): Promise<BulkJobObject> {
  if (prior.requestHash !== fingerprint) {
    throw new ApiError('idempotency_key_reuse', 'Idempotency-Key: already used with a different request body');
  }
  let job = prior;
  if (!job.workflowStartedAt) {
    if (Date.now() - job.createdAt.getTime() < ENQUEUE_STALE_MS) {
      throw new ApiError('idempotency_in_progress', 'The first submission with this Idempotency-Key is still being enqueued; retry shortly');
    }
    job = await startBulkWorkflow(deps, job);
  }
  const results = await deps.db.jobResult.findMany({ where: { jobId: job.id }, orderBy: { position: 'asc' } });
  return { ...toJobObject(job, results), webhook_signing_secret: null };
}

const isUniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

/**
 * Writes the job, its metering and (with an Idempotency-Key) its fingerprint in one transaction, then
 * starts `bulk-<job_id>`; answers at once with the job object. If Temporal refuses the start, the job and
 * its metering are removed and the caller gets 503. Concurrent identical submissions meet at the unique
 * (account, key) index: one job, metered once.
 */
export async function submitBulkJob(deps: JobServiceDeps, actor: Actor, request: BulkRequest): Promise<BulkJobObject> {
  const { db } = deps;
  const now = new Date();
  const key = request.idempotencyKey;
  const fingerprint = key ? requestFingerprint(request.body) : null;
  if (key && fingerprint) {
    const prior = await db.job.findUnique({ where: { accountId_idempotencyKey: { accountId: actor.accountId, idempotencyKey: key } } });
    if (prior && now.getTime() - prior.createdAt.getTime() < IDEMPOTENCY_WINDOW_MS) return replaySubmission(deps, prior, fingerprint);
    // Older than the window: the key is free again.
    if (prior) await db.job.update({ where: { id: prior.id }, data: { idempotencyKey: null } });
  }

  const jobId = randomUUID();
  const stored: StoredBulkInput = { urls: request.urls, robots: request.robots };
  let created: { job: Job; eventId: bigint; signingSecret: string | null };
  try {
    created = await db.$transaction(async (tx) => {
      const job = await tx.job.create({
        data: {
          id: jobId,
          accountId: actor.accountId,
          kind: 'bulk',
          total: request.urls.length,
          input: stored as unknown as Prisma.InputJsonObject,
          webhookUrl: request.webhook_url ?? null,
          webhookIncludeResults: request.webhook_include_results ?? false,
          idempotencyKey: key ?? null,
          requestHash: fingerprint,
          workflowId: workflowIdFor('bulk', jobId),
          createdAt: now,
          expiresAt: new Date(now.getTime() + RESULT_LIFETIME_MS),
        },
      });
      // One metered request per URL, reserved in the same transaction: no job without its metering.
      const metered = await meter(tx, { accountId: actor.accountId, keyId: actor.keyId, plan: actor.plan, endpoint: 'POST /bulk', units: request.urls.length }, now);
      const signingSecret = request.webhook_url ? await mintSecretOnFirstUse(tx, deps.secrets, actor.accountId) : null;
      return { job, eventId: metered.eventId, signingSecret };
    });
  } catch (err) {
    if (key && fingerprint && isUniqueViolation(err)) {
      const winner = await db.job.findUnique({ where: { accountId_idempotencyKey: { accountId: actor.accountId, idempotencyKey: key } } });
      if (winner) return replaySubmission(deps, winner, fingerprint);
    }
    throw err;
  }

  try {
    const started = await startBulkWorkflow(deps, created.job);
    return { ...toJobObject(started, []), webhook_signing_secret: created.signingSecret };
  } catch {
    await db.$transaction(async (tx) => {
      await refund(tx, actor.accountId, request.urls.length, created.eventId, now);
      if (created.signingSecret) await tx.account.update({ where: { id: actor.accountId }, data: { webhookSecret: null, webhookSecretRotatedAt: null } });
      await tx.job.delete({ where: { id: jobId } });
    });
    throw new ApiError('service_unavailable', 'The job queue is unavailable; nothing was queued or metered. Retry shortly.');
  }
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
