import type { CacheEntry } from './page-cache-store.js';

/**
 * The content cache's entries this process read or wrote lately, parsed, for a few seconds: a hit then
 * costs no database read and no JSON.parse of ~400 KB (`npm run bench:cache`: reading the entry was the
 * largest part of a hit, 3.6 ms at p50 and 6 ms at p95 of a 100 KB page). Bounded by bytes (least
 * recently used go first) and by age: an entry another API process replaced or dropped meanwhile is
 * served at most `ttlMs` longer — and only while it is within the caller's `max_age`, as the database
 * entry would be.
 */
export class RecentCacheEntries {
  private readonly entries = new Map<string, { entry: CacheEntry; bytes: number; until: number }>();
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes: number,
  ) {}

  get(urlKey: string, now = Date.now()): CacheEntry | undefined {
    const held = this.entries.get(urlKey);
    if (!held) return undefined;
    if (held.until <= now) {
      this.delete(urlKey);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(urlKey);
    this.entries.set(urlKey, held);
    return held.entry;
  }

  /** `bytes`: the entry's stored JSON size. An entry larger than the whole budget is not kept. */
  set(entry: CacheEntry, bytes: number, now = Date.now()): void {
    if (this.ttlMs <= 0 || bytes > this.maxBytes) return;
    this.delete(entry.urlKey);
    this.entries.set(entry.urlKey, { entry, bytes, until: now + this.ttlMs });
    this.bytes += bytes;
    // Least recently used first. Expired entries go too, not only when looked up again: most pages are
    // read once, and a budget filled with dead entries held the whole budget, parsed, for as long as the
    // process ran (the soak's API main heap, issue 26).
    for (const [key, held] of this.entries) {
      if (this.bytes <= this.maxBytes && held.until > now) break;
      this.entries.delete(key);
      this.bytes -= held.bytes;
    }
  }

  /** Bytes of stored JSON held now (live and not yet swept). */
  get heldBytes(): number {
    return this.bytes;
  }

  delete(urlKey: string): void {
    const held = this.entries.get(urlKey);
    if (!held) return;
    this.entries.delete(urlKey);
    this.bytes -= held.bytes;
  }
}
