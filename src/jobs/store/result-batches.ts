import { queryPrepared, type Db } from '../../db/prisma.js';
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

const STORE_OUTCOMES_SQL = `
    WITH stored AS (
      INSERT INTO job_results (job_id, position, url, ok, error_code, error, content)
      SELECT $1::uuid, r.position, r.url, r.ok, r.error_code, r.error, r.content
      FROM jsonb_to_recordset($2::jsonb) AS r(position int, url text, ok boolean, error_code text, error text, content jsonb)
      ON CONFLICT (job_id, position) DO NOTHING
      RETURNING position
    ), counted AS (
      UPDATE jobs SET completed = completed + (SELECT count(*) FROM stored)::int
      WHERE id = $1::uuid AND EXISTS (SELECT 1 FROM stored)
    )
    SELECT position FROM stored`;

/**
 * Stores the outcomes of one job's URLs in one statement: (job_id, position) is unique, so rows already
 * stored (a retried batch) are skipped, and `completed` rises by the rows really inserted, in the same
 * statement. One job per statement: each takes only its own job's row lock, so flushes of two workers
 * never wait on each other in opposite orders. Returns the positions inserted. A prepared statement on
 * the pg pool: through Prisma's raw-query layer its parameter (every page's content) crossed into the
 * query compiler and back, ~3 ms of the worker's main thread per page (`bench:bulk` profile).
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
  const inserted = await queryPrepared<{ position: number }>(db, 'pith-store-outcomes', STORE_OUTCOMES_SQL, [jobId, JSON.stringify(records)]);
  return inserted.map((row) => row.position);
}
