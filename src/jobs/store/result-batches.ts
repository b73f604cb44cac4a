import type { Db } from '../../db/prisma.js';
import type { UrlOutcome } from './results.js';

/** Reads and writes of many `job_results` rows of one job at once (bulk jobs' URL batches). */

export interface StoredOutcomeRow {
  position: number;
  url: string;
  outcome: UrlOutcome;
}

/** Whether each position in [from, to) already has its outcome stored: a resumed batch skips those. */
export async function storedOutcomesIn(db: Db, jobId: string, from: number, to: number): Promise<Map<number, boolean>> {
  const rows = await db.jobResult.findMany({ where: { jobId, position: { gte: from, lt: to } }, select: { position: true, ok: true } });
  return new Map(rows.map((row) => [row.position, row.ok]));
}

const contentOf = (outcome: UrlOutcome) => (outcome.ok ? outcome.content : outcome.change ? { change: outcome.change } : null);

/**
 * Stores the outcomes of one job's URLs in one statement: (job_id, position) is unique, so rows already
 * stored (a retried batch) are skipped, and `completed` rises by the rows really inserted, in the same
 * statement. One job per statement: each takes only its own job's row lock, so flushes of two workers
 * never wait on each other in opposite orders. Returns the positions inserted.
 */
export async function storeUrlOutcomes(db: Db, jobId: string, rows: readonly StoredOutcomeRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const records = rows.map(({ position, url, outcome }) => ({
    position,
    url,
    ok: outcome.ok,
    error_code: outcome.ok ? null : outcome.errorCode,
    error: outcome.ok ? null : outcome.error,
    content: contentOf(outcome),
  }));
  const inserted = await db.$queryRaw<{ position: number }[]>`
    WITH stored AS (
      INSERT INTO job_results (job_id, position, url, ok, error_code, error, content)
      SELECT ${jobId}::uuid, r.position, r.url, r.ok, r.error_code, r.error, r.content
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS r(position int, url text, ok boolean, error_code text, error text, content jsonb)
      ON CONFLICT (job_id, position) DO NOTHING
      RETURNING position
    ), counted AS (
      UPDATE jobs SET completed = completed + (SELECT count(*) FROM stored)::int
      WHERE id = ${jobId}::uuid AND EXISTS (SELECT 1 FROM stored)
    )
    SELECT position FROM stored`;
  return inserted.map((row) => row.position);
}
