import type { Config } from '../config/config.js';
import { DEFAULT_CHUNK_TOKENS } from '../contract/limits.js';
import { ExtractionError } from '../contract/extraction-error.js';
import type { Db } from '../db/prisma.js';
import { extractPage, robotsVerdict, type ExtractUrlOptions, type PageExtraction } from '../extraction/index.js';
import type { ExtractedContent, Metadata } from '../extraction/types.js';
import { normalizeUrl } from '../net/normalize-url.js';
import { confirmCacheEntry, dropCacheEntry, findCacheEntry, saveCacheEntry, type CacheEntry } from './page-cache-store.js';
import { timePhase } from '../observability/phases.js';
import type { RecentCacheEntries } from './recent-entries.js';

export interface CacheDeps {
  db: Db;
  cfg: Pick<Config, 'CACHE_RETENTION_SECONDS' | 'CACHE_ENTRY_MAX_BYTES'>;
  /** The entries this process used lately (API processes); absent: every lookup reads the database. */
  recentCacheEntries?: RecentCacheEntries | undefined;
}

/** The stored entry, from this process's recent ones when it holds it, else from the database. */
async function lookUp(deps: CacheDeps, urlKey: string, now: Date): Promise<CacheEntry | undefined> {
  const recent = deps.recentCacheEntries?.get(urlKey, now.getTime());
  if (recent) return recent;
  const stored = await findCacheEntry(deps.db, urlKey, now);
  if (stored) deps.recentCacheEntries?.set(stored, stored.bytes, now.getTime());
  return stored;
}

/**
 * Whether the shared cache may answer (and keep) this page: a plain load of the URL, the same for every
 * caller. Headers, actions, selectors, screenshots, a viewport, forced rendering or another chunk size
 * make a page only this caller's.
 */
export function cacheable(options: ExtractUrlOptions): boolean {
  const session = options.session ?? {};
  return (
    options.renderJs !== true &&
    options.selectors === undefined &&
    (options.chunkTokens === undefined || options.chunkTokens === DEFAULT_CHUNK_TOKENS) &&
    session.headers === undefined &&
    session.actions === undefined &&
    session.waitFor === undefined &&
    session.viewport === undefined &&
    session.mobile === undefined &&
    (session.screenshots ?? []).length === 0
  );
}

/** The formats asked for out of a full extraction; `metadata` always, since it carries the cache status. */
function formatsOf(full: Partial<ExtractedContent>, options: ExtractUrlOptions): Partial<ExtractedContent> {
  if (!options.formats) return { ...full };
  const wanted = new Set<string>([...options.formats, 'metadata']);
  return Object.fromEntries(Object.entries(full).filter(([name]) => wanted.has(name))) as Partial<ExtractedContent>;
}

function withCacheStatus(content: Partial<ExtractedContent>, cache: NonNullable<Metadata['cache']>, cachedAt: Date | null, robotsAllowed?: boolean | null): Partial<ExtractedContent> {
  if (!content.metadata) return content;
  return { ...content, metadata: { ...content.metadata, ...(robotsAllowed !== undefined ? { robots_allowed: robotsAllowed } : {}), cache, cached_at: cachedAt?.toISOString() ?? null } };
}

const answer = (content: Partial<ExtractedContent>): PageExtraction => ({ content, rendered: false, screenshots: [], scrapes: [], validators: {}, notModified: false });

/**
 * `max_age` (seconds): the stored extraction of the same normalised URL answers when it was fetched (or
 * confirmed) no longer ago — no fetch, but robots.txt in the caller's mode still applies. An older entry
 * is revalidated (`If-None-Match` / `If-Modified-Since`: a 304 keeps it); otherwise the page is fetched,
 * extracted in every format and stored for everyone (up to CACHE_ENTRY_MAX_BYTES; a page `auto` had to
 * render is not stored: its entry would not be a plain fetch). Options the cache does not serve bypass it.
 * Without `max_age` the cache is neither read nor written.
 *
 * `admitted` settles when the request may do work (its metering): a fetch waits for it, so a refused
 * request never reaches the target. A hit does not wait for it: the caller must await `admitted` before
 * it answers or writes anything (it reads meanwhile).
 */
export async function extractWithCache(deps: CacheDeps, url: string, options: ExtractUrlOptions, maxAgeSeconds: number | undefined, admitted: Promise<void> = Promise.resolve()): Promise<PageExtraction> {
  if (maxAgeSeconds === undefined) {
    await admitted;
    return extractPage(url, options);
  }
  if (!cacheable(options)) {
    await admitted;
    const extraction = await extractPage(url, options);
    return { ...extraction, content: withCacheStatus(extraction.content, 'bypass', null) };
  }
  const urlKey = normalizeUrl(url) ?? url;
  const now = new Date();
  const entry = await timePhase('cache-read', () => lookUp(deps, urlKey, now));
  if (entry && now.getTime() - entry.fetchedAt.getTime() <= maxAgeSeconds * 1000) {
    const robotsAllowed = await robotsVerdict(url, options);
    return answer(withCacheStatus(formatsOf(entry.content, options), 'hit', entry.fetchedAt, robotsAllowed));
  }
  await admitted;

  // Every format, whatever this caller asked for: the entry serves every later caller.
  const everyFormat: ExtractUrlOptions = { ...options };
  delete everyFormat.formats;
  const revalidate = entry && (entry.validators.etag || entry.validators.lastModified) ? { validators: entry.validators } : {};
  let extraction: PageExtraction;
  try {
    // Stored as fetched `now`: the entry's age and the content's `retrieved_at` are one time.
    extraction = await extractPage(url, { ...everyFormat, ...revalidate, retrievedAt: now });
  } catch (err) {
    // A page now gone is not answered from the cache later either.
    if (entry && err instanceof ExtractionError && (err.httpStatus === 404 || err.httpStatus === 410)) {
      deps.recentCacheEntries?.delete(urlKey);
      await dropCacheEntry(deps.db, urlKey);
    }
    throw err;
  }
  if (extraction.notModified && entry) {
    const confirmedAt = new Date();
    await confirmCacheEntry(deps.db, urlKey, extraction.validators, confirmedAt, deps.cfg.CACHE_RETENTION_SECONDS);
    deps.recentCacheEntries?.delete(urlKey); // read again (with its new validators) next time
    const robotsAllowed = await robotsVerdict(url, options); // robots.txt is cached per origin: no second fetch
    return answer(withCacheStatus(formatsOf(entry.content, options), 'hit', confirmedAt, robotsAllowed));
  }
  if (!extraction.rendered) {
    const json = JSON.stringify(extraction.content);
    if (Buffer.byteLength(json) <= deps.cfg.CACHE_ENTRY_MAX_BYTES) {
      await timePhase('cache-write', () => saveCacheEntry(deps.db, { urlKey, json, validators: extraction.validators, fetchedAt: now }, deps.cfg.CACHE_RETENTION_SECONDS));
      deps.recentCacheEntries?.set({ urlKey, content: extraction.content as Record<string, unknown>, validators: extraction.validators, fetchedAt: now }, json.length, now.getTime());
    }
  }
  return { ...extraction, content: withCacheStatus(formatsOf(extraction.content, options), 'miss', null) };
}
