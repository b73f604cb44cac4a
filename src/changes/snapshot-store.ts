import type { Db } from '../db/prisma.js';
import { CHANGE_LIMITS } from '../contract/limits.js';

/** Change tracking's rows (`page_snapshots`): an account's last version of each page it tracks. */

export interface Version {
  markdown: string;
  fingerprint: string;
  removed: boolean;
  seenAt: Date;
}

export interface Snapshot extends Version {
  /** The job whose look wrote it (null: a single extraction). */
  lookId?: string | null;
  /** With a look id: the version it replaced (null: there was none). */
  previous?: Version | null;
}

type StoredVersion = { markdown: string; fingerprint: string; removed: boolean; seen_at: string };

export async function findSnapshot(db: Db, accountId: string, urlKey: string): Promise<Snapshot | undefined> {
  const [row] = await db.$queryRaw<{ markdown: string; fingerprint: string; removed: boolean; seen_at: Date; look_id: string | null; previous: StoredVersion | null }[]>`
    SELECT markdown, fingerprint, removed, seen_at, look_id, previous FROM page_snapshots WHERE account_id = ${accountId}::uuid AND url_key = ${urlKey}`;
  if (!row) return undefined;
  const previous = row.previous ? { markdown: row.previous.markdown, fingerprint: row.previous.fingerprint, removed: row.previous.removed, seenAt: new Date(row.previous.seen_at) } : null;
  return { markdown: row.markdown, fingerprint: row.fingerprint, removed: row.removed, seenAt: row.seen_at, lookId: row.look_id, previous };
}

/** Keeps this version as the one the next look compares with (a later look never loses to an earlier one). */
export async function saveSnapshot(db: Db, accountId: string, urlKey: string, snapshot: Snapshot): Promise<void> {
  const markdown = snapshot.markdown.slice(0, CHANGE_LIMITS.snapshotMaxChars);
  const prior = snapshot.previous;
  const previous = prior ? JSON.stringify({ markdown: prior.markdown.slice(0, CHANGE_LIMITS.snapshotMaxChars), fingerprint: prior.fingerprint, removed: prior.removed, seen_at: prior.seenAt.toISOString() }) : null;
  await db.$executeRaw`
    INSERT INTO page_snapshots (account_id, url_key, markdown, fingerprint, removed, seen_at, look_id, previous)
    VALUES (${accountId}::uuid, ${urlKey}, ${markdown}, ${snapshot.fingerprint}, ${snapshot.removed}, ${snapshot.seenAt}, ${snapshot.lookId ?? null}, ${previous}::jsonb)
    ON CONFLICT (account_id, url_key) DO UPDATE SET markdown = EXCLUDED.markdown, fingerprint = EXCLUDED.fingerprint,
      removed = EXCLUDED.removed, seen_at = EXCLUDED.seen_at, look_id = EXCLUDED.look_id, previous = EXCLUDED.previous
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
