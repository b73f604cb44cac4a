import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { Prisma, Job } from '@prisma/client';
import type { Db } from '../db/prisma.js';
import type { Config } from '../config/config.js';
import { ApiError } from '../contract/errors.js';
import { toJobObject, type JobObject } from './view.js';
import { requestFingerprint } from './idempotency.js';
import type { SecretBox } from '../accounts/webhook-secret.js';
import type { JobInsertGroups } from './insert-groups.js';
import { findJobByIdempotencyKey, insertJob, isUniqueViolation, newJob, releaseIdempotencyKey } from './store/index.js';
import { generateJobToken } from './tokens.js';
import { workflowIdFor, type JobKind, type StoredBulkInput } from './start-workflow.js';
import { startJob } from './outbox.js';
import type { StoredCrawlInput } from './crawl/crawl-input.js';
import { log } from '../observability/logger.js';
import { currentRequestId } from '../observability/log-context.js';

export { workflowIdFor } from './start-workflow.js';
import { IDEMPOTENCY_WINDOW_MS, RESULT_LIFETIME_MS } from '../contract/limits.js';
import { timePhase } from '../observability/phases.js';

const REPLAY_START_DEADLINE_MS = 3_000;


export interface JobServiceDeps {
  db: Db;
  temporal: Client;
  cfg: Config;
  secrets: SecretBox;
  /** Writes concurrent submissions of one account together (absent: each alone). */
  jobInserts?: JobInsertGroups;
}

export interface Actor {
  accountId: string;
  keyId: string | null;
  plan: string;
}

interface SubmissionCommon {
  webhook_url?: string | undefined;
  webhook_include_results?: boolean | undefined;
  /** The `Idempotency-Key` header, if sent, and the request body it protects. */
  idempotencyKey?: string | undefined;
  body?: unknown;
  /**
   * A pay-per-request (x402) submission: its payment is settled right before the job is written (after
   * the Idempotency-Key check, so a replay is never charged twice) and the job gets a `job_token` to poll
   * with (X-Job-Token).
   */
  payment?: JobPayment | undefined;
}

/** The part of a paid request a job submission drives (src/payments/paid-request.ts). */
export interface JobPayment {
  charge(): Promise<void>;
  release(): Promise<void>;
  attachJob(jobId: string): Promise<void>;
}

export type JobSubmission = SubmissionCommon &
  ({ kind: 'bulk'; input: StoredBulkInput } | { kind: 'crawl'; input: StoredCrawlInput });

export type SubmittedJob = JobObject & { webhook_signing_secret: string | null; job_token?: string };

/** Requests metered when the job is accepted: one per URL of a bulk job; the start page of a crawl (later pages as they are fetched). */
const unitsAtSubmission = (submission: JobSubmission) => (submission.kind === 'bulk' ? submission.input.urls.length : 1);
const initialTotal = (submission: JobSubmission) => (submission.kind === 'bulk' ? submission.input.urls.length : 1);

/** Starts the workflow off the request path; a failure is left to the job starter's sweep, never lost. */
function startSoon(deps: JobServiceDeps, job: Job): void {
  startJob(deps, job).catch((err: Error) => {
    log().warn({ jobId: job.id, error: err.message }, 'workflow start deferred to the job starter');
  });
}

/**
 * An earlier submission with the same Idempotency-Key: the same body gets the original job back (nothing
 * queued or metered again); another body is 422 `idempotency_key_reuse`. A committed job whose workflow
 * start is still pending (it runs off the request path) or was lost (the process died first) is started
 * here, idempotently; only when that start cannot be made now is the answer 409 `idempotency_in_progress`
 * — the job is safe in the outbox and the job starter will start it.
 */
async function replaySubmission(deps: JobServiceDeps, prior: Job, fingerprint: string): Promise<SubmittedJob> {
  const token = prior.jobTokenSealed ? deps.secrets.open(prior.jobTokenSealed) : null;
  if (prior.requestHash !== fingerprint) {
    throw new ApiError('idempotency_key_reuse', 'Idempotency-Key: already used with a different request body');
  }
  if (!prior.workflowStartedAt) {
    try {
      // Bounded: a client waiting on its replay learns in seconds that Temporal is unreachable.
      await deps.temporal.withDeadline(Date.now() + REPLAY_START_DEADLINE_MS, () => startJob(deps, prior));
    } catch {
      throw new ApiError('idempotency_in_progress', 'The first submission with this Idempotency-Key is still being enqueued; retry shortly');
    }
  }
  return { ...toJobObject(prior, []), webhook_signing_secret: null, ...(token ? { job_token: token } : {}) };
}

/**
 * Writes the job, its metering and (with an Idempotency-Key) its fingerprint in one transaction and
 * answers at once with the job object; the workflow `<kind>-<job_id>` is started right after, off the
 * request path (the job table is the outbox: see job-starter.ts), so an accepted job runs even if Temporal
 * is briefly down. Concurrent identical submissions meet at the unique (account, key) index: one job,
 * metered once.
 */
export async function submitJob(deps: JobServiceDeps, actor: Actor, submission: JobSubmission): Promise<SubmittedJob> {
  const { db } = deps;
  const now = new Date();
  const key = submission.idempotencyKey;
  const fingerprint = key ? requestFingerprint(submission.body) : null;
  if (key && fingerprint) {
    const prior = await findJobByIdempotencyKey(db, actor.accountId, key);
    if (prior && now.getTime() - prior.createdAt.getTime() < IDEMPOTENCY_WINDOW_MS) return replaySubmission(deps, prior, fingerprint);
    // Older than the window: the key is free again.
    if (prior) await releaseIdempotencyKey(db, prior.id);
  }

  const jobId = randomUUID();
  const { payment } = submission;
  const token = payment ? generateJobToken() : null;
  const job = newJob({
    id: jobId,
    accountId: actor.accountId,
    kind: submission.kind,
    total: initialTotal(submission),
    input: submission.input as unknown as Prisma.JsonObject,
    webhookUrl: submission.webhook_url ?? null,
    webhookIncludeResults: submission.webhook_include_results ?? false,
    idempotencyKey: key ?? null,
    requestHash: fingerprint,
    workflowId: workflowIdFor(submission.kind, jobId),
    jobTokenHash: token?.hash ?? null,
    jobTokenSealed: token ? deps.secrets.seal(token.token) : null,
    requestId: currentRequestId() ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESULT_LIFETIME_MS),
  });
  let created: { signingSecret: string | null };
  await payment?.charge();
  try {
    const row = {
      job,
      accountId: actor.accountId,
      keyId: actor.keyId,
      plan: actor.plan,
      units: unitsAtSubmission(submission),
      endpoint: `POST /${submission.kind}`,
      startUrl: submission.kind === 'crawl' ? submission.input.startUrl : null,
      mintSecret: Boolean(submission.webhook_url),
    };
    created = await timePhase('job-write', () => (deps.jobInserts ? deps.jobInserts.insert(row) : insertJob(db, deps.secrets, row)));
  } catch (err) {
    // Not stored: the payment stays settled but unspent, so the same request can be retried with it.
    await payment?.release();
    if (key && fingerprint && isUniqueViolation(err)) {
      const winner = await findJobByIdempotencyKey(db, actor.accountId, key);
      if (winner) return replaySubmission(deps, winner, fingerprint);
    }
    throw err;
  }
  await payment?.attachJob(job.id);
  startSoon(deps, job);
  return { ...toJobObject(job, []), webhook_signing_secret: created.signingSecret, ...(token ? { job_token: token.token } : {}) };
}
export type { JobKind };
