import type { Job } from '@prisma/client';
import type { Db } from '../../db/prisma.js';

/** The account's jobs as lists show them, and their results counted per job. */

export type ListedJob = Pick<Job, 'id' | 'kind' | 'status' | 'total' | 'completed' | 'createdAt' | 'finishedAt' | 'expiresAt' | 'webhookUrl' | 'truncated' | 'truncatedReason'>;

export interface JobListFilter {
  accountId: string;
  kind?: Job['kind'] | undefined;
  status?: Job['status'] | undefined;
  /** Jobs that finished with a lifetime ending at or before this are no longer listed (as reads no longer find them). */
  now: Date;
}

/** Where the previous page ended: jobs strictly older in (created_at, id) order come next. */
export interface JobListPosition {
  createdAt: Date;
  id: string;
}

/**
 * Up to `limit` jobs, newest first (id breaks ties), after `after`. Only the columns a list shows:
 * `input` holds a bulk job's every URL. Served by the (account_id, created_at) index.
 */
export function listJobRows(db: Db, filter: JobListFilter, limit: number, after?: JobListPosition): Promise<ListedJob[]> {
  return db.job.findMany({
    where: {
      accountId: filter.accountId,
      ...(filter.kind ? { kind: filter.kind } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      AND: [
        { OR: [{ finishedAt: null }, { expiresAt: { gt: filter.now } }] },
        ...(after ? [{ OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }] : []),
      ],
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
    select: { id: true, kind: true, status: true, total: true, completed: true, createdAt: true, finishedAt: true, expiresAt: true, webhookUrl: true, truncated: true, truncatedReason: true },
  });
}

export interface ResultCounts {
  stored: number;
  failed: number;
}

/** Results stored and results that failed, per job, in one grouped query; a job with none is absent. */
export async function resultCounts(db: Db, jobIds: string[]): Promise<Map<string, ResultCounts>> {
  const counts = new Map<string, ResultCounts>();
  if (jobIds.length === 0) return counts;
  const groups = await db.jobResult.groupBy({ by: ['jobId', 'ok'], where: { jobId: { in: jobIds } }, _count: { _all: true } });
  for (const group of groups) {
    const entry = counts.get(group.jobId) ?? { stored: 0, failed: 0 };
    entry.stored += group._count._all;
    if (!group.ok) entry.failed += group._count._all;
    counts.set(group.jobId, entry);
  }
  return counts;
}
