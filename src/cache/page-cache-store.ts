import { Prisma } from '@prisma/client';
import type { Db } from '../db/prisma.js';
import type { Validators } from '../net/safe-fetch.js';

/** The content cache's rows (`page_cache`): the only code that reads or writes them. */

export interface CacheEntry {
  urlKey: string;
  /** The extraction, every format. */
  content: Record<string, unknown>;
  validators: Validators;
  /** When the content was last known current (fetched, or confirmed by a 304). */
  fetchedAt: Date;
}

/** The entry for a normalised URL, if it is still within its retention, with the size of its stored JSON. */
export async function findCacheEntry(db: Db, urlKey: string, now = new Date()): Promise<(CacheEntry & { bytes: number }) | undefined> {
  // The content is stored as JSON text and parsed here: ~400 KB of JSONB costs a conversion in PostgreSQL
  // and the query engine's own JSON handling (`npm run bench:cache`, a 100 KB page: reading the entry took
  // 6–9 ms as JSONB, 4–5 ms as text with JSON.parse).
  const [row] = await db.$queryRaw<{ content: string; etag: string | null; last_modified: string | null; fetched_at: Date; expires_at: Date }[]>`
    SELECT content, etag, last_modified, fetched_at, expires_at FROM page_cache WHERE url_key = ${urlKey}`;
  if (!row || row.expires_at <= now) return undefined;
  return {
    urlKey,
    content: JSON.parse(row.content) as Record<string, unknown>,
    validators: { ...(row.etag ? { etag: row.etag } : {}), ...(row.last_modified ? { lastModified: row.last_modified } : {}) },
    fetchedAt: row.fetched_at,
    bytes: row.content.length,
  };
}

/**
 * Stores (or replaces) a page's extraction, kept `retentionSeconds`. `json` is the content already
 * serialised, so its size is what the caller measured against the per-entry cap.
 */
export async function saveCacheEntry(db: Db, entry: Omit<CacheEntry, 'content'> & { json: string }, retentionSeconds: number): Promise<void> {
  const expiresAt = new Date(entry.fetchedAt.getTime() + retentionSeconds * 1000);
  const size = Buffer.byteLength(entry.json);
  const { etag = null, lastModified = null } = entry.validators;
  await db.$executeRaw`
    INSERT INTO page_cache (url_key, content, etag, last_modified, fetched_at, expires_at, size_bytes)
    VALUES (${entry.urlKey}, ${entry.json}, ${etag}, ${lastModified}, ${entry.fetchedAt}, ${expiresAt}, ${size})
    ON CONFLICT (url_key) DO UPDATE SET content = EXCLUDED.content, etag = EXCLUDED.etag, last_modified = EXCLUDED.last_modified,
      fetched_at = EXCLUDED.fetched_at, expires_at = EXCLUDED.expires_at, size_bytes = EXCLUDED.size_bytes
    WHERE page_cache.fetched_at <= EXCLUDED.fetched_at`;
}

/** A 304 confirmed the stored content: it counts as fetched now, and its retention starts again. */
export async function confirmCacheEntry(db: Db, urlKey: string, validators: Validators, at: Date, retentionSeconds: number): Promise<void> {
  const expiresAt = new Date(at.getTime() + retentionSeconds * 1000);
  await db.pageCacheEntry.updateMany({
    where: { urlKey, fetchedAt: { lte: at } },
    data: { fetchedAt: at, expiresAt, ...(validators.etag ? { etag: validators.etag } : {}), ...(validators.lastModified ? { lastModified: validators.lastModified } : {}) },
  });
}

/** Drops an entry whose page is gone or changed into something not cached (a refusal, an error). */
export async function dropCacheEntry(db: Db, urlKey: string): Promise<void> {
  await db.pageCacheEntry.deleteMany({ where: { urlKey } });
}

const BATCH = 500;

/** Deletes entries past their retention, in batches; run by the expiry sweep. */
export async function purgeExpiredCacheEntries(db: Db): Promise<number> {
  let deleted = 0;
  for (;;) {
    const count = await db.$executeRaw(Prisma.sql`
      DELETE FROM page_cache WHERE url_key IN (SELECT url_key FROM page_cache WHERE expires_at <= now() LIMIT ${BATCH})`);
    deleted += count;
    if (count < BATCH) return deleted;
  }
}
