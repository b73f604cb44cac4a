import type { Db } from '../db/prisma.js';

const BATCH = 1000;

/**
 * Deletes index rows past their retention, in batches (searches already skip them; this frees the
 * space). Run by the job expiry schedule next to the job deletion.
 */
export async function purgeExpiredSearchDocuments(db: Db): Promise<number> {
  let deleted = 0;
  for (;;) {
    const count = await db.$executeRaw`
      DELETE FROM search_documents WHERE id IN (
        SELECT id FROM search_documents WHERE expires_at <= now() LIMIT ${BATCH})`;
    deleted += count;
    if (count < BATCH) return deleted;
  }
}
