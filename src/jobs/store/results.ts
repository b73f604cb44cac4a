import type { JobResult } from '@prisma/client';
import type { Db } from '../../db/prisma.js';
import type { PageChange } from '../../changes/track-change.js';

/** Reads and writes of `job_results`. */

/** What one URL of a job came to: its content, or its error. */
/** A failure may carry the page's `change` (change tracking: a page now 404/410 is `removed`), kept in `content`. */
export type UrlOutcome = { ok: true; content: object } | { ok: false; errorCode: string; error: string; change?: object };

export interface ResultSlot {
  jobId: string;
  position: number;
  url: string;
}

/** The stored outcome at a position, if any: a retried attempt finds it and does nothing again. */
export function storedOutcome(db: Db, jobId: string, position: number): Promise<{ ok: boolean } | null> {
  return db.jobResult.findUnique({ where: { jobId_position: { jobId, position } }, select: { ok: true } });
}

/**
 * Stores one URL's outcome once, in one statement: (job_id, position) is unique, so a retried or
 * duplicated attempt inserts nothing and `completed` rises only with a row that was really inserted.
 */
export async function storeUrlOutcome(db: Db, slot: ResultSlot, outcome: UrlOutcome): Promise<void> {
  const content = outcome.ok ? JSON.stringify(outcome.content) : outcome.change ? JSON.stringify({ change: outcome.change }) : null;
  await db.$executeRaw`
    WITH stored AS (
      INSERT INTO job_results (job_id, position, url, ok, error_code, error, content)
      VALUES (${slot.jobId}::uuid, ${slot.position}, ${slot.url}, ${outcome.ok}, ${outcome.ok ? null : outcome.errorCode},
              ${outcome.ok ? null : outcome.error}, ${content}::jsonb)
      ON CONFLICT (job_id, position) DO NOTHING
      RETURNING 1
    )
    UPDATE jobs SET completed = completed + 1 WHERE id = ${slot.jobId}::uuid AND EXISTS (SELECT 1 FROM stored)`;
}

/** Up to `limit` results from position `from` on, in position order. */
export function resultsFrom(db: Db, jobId: string, from: number, limit: number): Promise<JobResult[]> {
  return db.jobResult.findMany({ where: { jobId, position: { gte: from } }, orderBy: { position: 'asc' }, take: limit });
}

/**
 * The job's results whose change-tracking `change` is `changed` or `removed`, in position order, with the
 * number of results (a watch run's `watch.changed`).
 */
export async function changedResults(db: Db, jobId: string): Promise<{ pages: number; changes: ({ url: string } & PageChange)[] }> {
  const [count] = await db.$queryRaw<{ pages: number }[]>`SELECT count(*)::int AS pages FROM job_results WHERE job_id = ${jobId}::uuid`;
  const rows = await db.$queryRaw<{ url: string; change: PageChange }[]>`
    SELECT url, content->'change' AS change FROM job_results
    WHERE job_id = ${jobId}::uuid AND content->'change'->>'status' IN ('changed', 'removed')
    ORDER BY position`;
  return { pages: count?.pages ?? 0, changes: rows.map((row) => ({ url: row.url, ...row.change })) };
}
