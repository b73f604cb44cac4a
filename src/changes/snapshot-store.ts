import type { Db } from '../db/prisma.js';
import { CHANGE_LIMITS } from '../contract/limits.js';

/** Change tracking's rows (`page_snapshots`): an account's last version of each page it tracks. */

export interface Snapshot {
  markdown: string;
  fingerprint: string;
  removed: boolean;
  seenAt: Date;
}

export async function findSnapshot(db: Db, accountId: string, urlKey: string): Promise<Snapshot | undefined> {
  const [row] = await db.$queryRaw<{ markdown: string; fingerprint: string; removed: boolean; seen_at: Date }[]>`
    SELECT markdown, fingerprint, removed, seen_at FROM page_snapshots WHERE account_id = ${accountId}::uuid AND url_key = ${urlKey}`;
  return row ? { markdown: row.markdown, fingerprint: row.fingerprint, removed: row.removed, seenAt: row.seen_at } : undefined;
}

/** Keeps this version as the one the next look compares with (a later look never loses to an earlier one). */
export async function saveSnapshot(db: Db, accountId: string, urlKey: string, snapshot: Snapshot): Promise<void> {
  const markdown = snapshot.markdown.slice(0, CHANGE_LIMITS.snapshotMaxChars);
  await db.$executeRaw`
    INSERT INTO page_snapshots (account_id, url_key, markdown, fingerprint, removed, seen_at)
    VALUES (${accountId}::uuid, ${urlKey}, ${markdown}, ${snapshot.fingerprint}, ${snapshot.removed}, ${snapshot.seenAt})
    ON CONFLICT (account_id, url_key) DO UPDATE SET markdown = EXCLUDED.markdown, fingerprint = EXCLUDED.fingerprint,
      removed = EXCLUDED.removed, seen_at = EXCLUDED.seen_at
    WHERE page_snapshots.seen_at <= EXCLUDED.seen_at`;
}

const BATCH = 500;

/** Forgets versions not seen for CHANGE_LIMITS.retentionDays; run by the expiry sweep. */
export async function purgeOldSnapshots(db: Db): Promise<number> {
  let deleted = 0;
  for (;;) {
    const count = await db.$executeRaw`
      DELETE FROM page_snapshots WHERE (account_id, url_key) IN (
        SELECT account_id, url_key FROM page_snapshots WHERE seen_at <= now() - make_interval(days => ${CHANGE_LIMITS.retentionDays}::int) LIMIT ${BATCH})`;
    deleted += count;
    if (count < BATCH) return deleted;
  }
}
