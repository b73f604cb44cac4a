import { expect } from 'vitest';
import type { Db } from '../../src/db/prisma.js';

/**
 * A job that survived a failure ended exact: one stored result per URL (positions 0…n-1, each URL once,
 * in `order` when given), every one a success, metered once per URL under `endpoint`, and the job done.
 */
export async function expectExactlyOnce(db: Db, job: { jobId: string; accountId: string; endpoint: 'POST /bulk' | 'POST /crawl' }, urls: string[], options: { ordered: boolean }): Promise<void> {
  const rows = await db.jobResult.findMany({ where: { jobId: job.jobId }, orderBy: { position: 'asc' } });
  expect(rows.map((r) => r.position)).toEqual(urls.map((_, i) => i));
  if (options.ordered) expect(rows.map((r) => r.url)).toEqual(urls);
  else expect(rows.map((r) => r.url).sort()).toEqual([...urls].sort());
  expect(rows.filter((r) => !r.ok).map((r) => r.error)).toEqual([]);
  const metered = await db.usageEvent.aggregate({ where: { accountId: job.accountId, endpoint: job.endpoint }, _sum: { units: true } });
  expect(metered._sum.units).toBe(urls.length);
  const stored = await db.job.findUniqueOrThrow({ where: { id: job.jobId } });
  expect(stored).toMatchObject({ status: 'done', total: urls.length, completed: urls.length });
}
