import { randomUUID } from 'node:crypto';
import type { Db } from '../db/prisma.js';
import { BROWSER_LIMITS } from '../contract/limits.js';

export interface NewFile {
  accountId: string;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
  /** A job's file: it lives as long as the job's results, not by its own `expiresAt`, and is deleted with the job. */
  jobId?: string;
}

export interface StoredFileRow extends Omit<NewFile, 'bytes' | 'jobId'> {
  id: string;
  bytes: Uint8Array;
  expiresAt: Date;
  jobId: string | null;
}

/**
 * Keeps a file for the account as long as job results are kept; returns its id and end of life. A job's
 * file gets the same nominal end of life, but its job decides: see `findLiveFile`.
 */
export async function saveFile(db: Db, file: NewFile, now = new Date()): Promise<{ id: string; expiresAt: Date }> {
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + BROWSER_LIMITS.fileLifetimeMs);
  await db.storedFile.create({
    data: { id, accountId: file.accountId, jobId: file.jobId ?? null, contentType: file.contentType, width: file.width, height: file.height, bytes: new Uint8Array(file.bytes), createdAt: now, expiresAt },
  });
  return { id, expiresAt };
}

/**
 * A file still within its lifetime, or undefined (unknown, malformed id, or expired and not yet swept).
 * A job's file (`jobId` set) is returned whatever its own date: it lives while its job's results do, which
 * the caller checks with the job store.
 */
export async function findLiveFile(db: Db, id: string): Promise<StoredFileRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const row = await db.storedFile.findUnique({ where: { id } });
  if (!row || (row.jobId === null && row.expiresAt.getTime() <= Date.now())) return undefined;
  return row;
}

const BATCH = 500;

/** Deletes files past their lifetime, in batches; run by the job expiry sweep (a job's files go with its row). */
export async function purgeExpiredFiles(db: Db): Promise<number> {
  let deleted = 0;
  for (;;) {
    const count = await db.$executeRaw`
      DELETE FROM stored_files WHERE id IN (SELECT id FROM stored_files WHERE job_id IS NULL AND expires_at <= now() LIMIT ${BATCH})`;
    deleted += count;
    if (count < BATCH) return deleted;
  }
}
