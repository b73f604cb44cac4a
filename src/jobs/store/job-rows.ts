import type { Job } from '@prisma/client';
import { queryPrepared, type Db } from '../../db/prisma.js';
import { RESULT_LIFETIME_MS } from '../../contract/limits.js';
import type { PageOptions } from '../../pages/page-options.js';

/** Reads and updates of `jobs` rows (the one place besides insert-job.ts that writes them). */

export function findJob(db: Db, jobId: string): Promise<Job | null> {
  return db.job.findUnique({ where: { id: jobId } });
}

export function findJobByIdempotencyKey(db: Db, accountId: string, idempotencyKey: string): Promise<Job | null> {
  return db.job.findUnique({ where: { accountId_idempotencyKey: { accountId, idempotencyKey } } });
}

/** An Idempotency-Key older than its window is free again. */
export async function releaseIdempotencyKey(db: Db, jobId: string): Promise<void> {
  await db.job.update({ where: { id: jobId }, data: { idempotencyKey: null } });
}

/** When the job finished and when its results expire: two columns, not the input (a bulk job's holds all its URLs). */
export function jobLifetime(db: Db, jobId: string): Promise<Pick<Job, 'finishedAt' | 'expiresAt'> | null> {
  return db.job.findUnique({ where: { id: jobId }, select: { finishedAt: true, expiresAt: true } });
}

/** One column, for callers that poll until a job ends. */
export async function jobStatus(db: Db, jobId: string): Promise<Job['status'] | null> {
  const job = await db.job.findUnique({ where: { id: jobId }, select: { status: true } });
  return job?.status ?? null;
}

/** What each page of a job needs to know of it: its account, and how to load the page (`input.page`, absent in older jobs). */
export interface JobPageSettings {
  accountId: string;
  page: PageOptions | null;
}

/** Reads only `input->'page'`, not the whole input: a bulk job's input holds all of its URLs. */
export async function jobPageSettings(db: Db, jobId: string): Promise<JobPageSettings | null> {
  const [row] = await db.$queryRaw<{ account_id: string; page: PageOptions | null }[]>`SELECT account_id, input->'page' AS page FROM jobs WHERE id = ${jobId}::uuid`;
  return row ? { accountId: row.account_id, page: row.page } : null;
}

/** Outbox: these jobs' workflows are started (only the first start of each is recorded), in one statement. */
export async function markWorkflowsStarted(db: Db, jobs: readonly Pick<Job, 'id' | 'workflowId'>[]): Promise<void> {
  if (jobs.length === 0) return;
  await queryPrepared(db, 'pith-mark-workflows-started', MARK_STARTED_SQL, [jobs.map((job) => job.id), jobs.map((job) => job.workflowId)]);
}

const MARK_STARTED_SQL = `
    UPDATE jobs SET workflow_started_at = now()
    FROM unnest($1::uuid[], $2::text[]) AS started(id, workflow_id)
    WHERE jobs.id = started.id AND jobs.workflow_id = started.workflow_id AND jobs.workflow_started_at IS NULL`;

/** Outbox: jobs written before `before` whose workflow start was never recorded, oldest first. */
export function findUnstartedJobs(db: Db, before: Date, limit: number): Promise<Job[]> {
  return db.job.findMany({ where: { workflowStartedAt: null, createdAt: { lt: before } }, orderBy: { createdAt: 'asc' }, take: limit });
}

/** queued → running; false when the job was already past queued (a retried or replayed activity). */
export async function markJobRunning(db: Db, jobId: string): Promise<boolean> {
  const { count } = await db.job.updateMany({ where: { id: jobId, status: 'queued' }, data: { status: 'running', startedAt: new Date() } });
  return count > 0;
}

/** A bulk job ends: `completed` becomes the results stored, and its 6-hour lifetime starts. Returns that count. */
export async function markJobFinished(db: Db, jobId: string): Promise<number> {
  const finishedAt = new Date();
  const stored = await db.jobResult.count({ where: { jobId } });
  await db.job.update({
    where: { id: jobId },
    data: { status: 'done', finishedAt, completed: stored, expiresAt: new Date(finishedAt.getTime() + RESULT_LIFETIME_MS) },
  });
  return stored;
}

/** Deletes up to `limit` finished jobs past their lifetime (results and crawl URLs cascade); returns how many. */
export function deleteExpiredJobs(db: Db, limit: number): Promise<number> {
  return db.$executeRaw`
    DELETE FROM jobs WHERE id IN (
      SELECT id FROM jobs WHERE finished_at IS NOT NULL AND expires_at <= now() LIMIT ${limit})`;
}

/** Jobs by kind and status, for the `pith_jobs` gauge. */
export async function countJobsByKindAndStatus(db: Db): Promise<{ kind: string; status: string; count: number }[]> {
  const rows = await db.$queryRaw<{ kind: string; status: string; n: bigint }[]>`SELECT kind::text, status::text, count(*) AS n FROM jobs GROUP BY 1, 2`;
  return rows.map((row) => ({ kind: row.kind, status: row.status, count: Number(row.n) }));
}

/**
 * A subquery answering the job's account id, for statements of other features that store per account
 * (prepared statements on the pg pool: the job id is the statement's parameter $1).
 */
export const JOB_ACCOUNT_ID_SQL_TEXT = 'SELECT account_id FROM jobs WHERE id = $1::uuid';
