import { randomUUID } from 'node:crypto';
import type { Job } from '@prisma/client';
import type { Db } from '../../src/db/prisma.js';
import { RESULT_LIFETIME_MS } from '../../src/contract/limits.js';

export type StoredJobFields = Partial<Pick<Job, 'kind' | 'status' | 'createdAt' | 'finishedAt' | 'expiresAt' | 'total' | 'completed' | 'truncated' | 'truncatedReason' | 'webhookUrl'>>;

/** Rows this test file wrote, so that it can take them away: the database is shared by every file of a run. */
const written = new Set<string>();

/**
 * A job row written directly, with a chosen creation time and state: lists and streams need ties, old
 * rows and states a submission cannot make on demand. `workflowStartedAt` is set so the outbox never
 * starts a workflow for it: nothing but the test changes it.
 */
export function storedJob(db: Db, accountId: string, fields: StoredJobFields = {}): Promise<Job> {
  const id = randomUUID();
  written.add(id);
  const kind = fields.kind ?? 'bulk';
  const createdAt = fields.createdAt ?? new Date();
  return db.job.create({
    data: {
      id,
      accountId,
      kind,
      total: 1,
      input: {},
      workflowId: `${kind}-${id}`,
      workflowStartedAt: createdAt,
      expiresAt: new Date(createdAt.getTime() + RESULT_LIFETIME_MS),
      ...fields,
      createdAt,
    },
  });
}

/**
 * Deletes the rows `storedJob` wrote (their results cascade): a job left `running` forever would show in
 * other files' job gauges (`pith_jobs`).
 */
export async function deleteStoredJobs(db: Db): Promise<void> {
  await db.job.deleteMany({ where: { id: { in: [...written] } } });
  written.clear();
}
