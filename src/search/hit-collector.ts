import type { SearchHit } from './provider.js';

/** Hits gathered over several provider pages: each URL once, in the order first seen, at most `limit`. */
export class HitCollector {
  private readonly byUrl = new Map<string, SearchHit>();

  constructor(private readonly limit: number) {}

  /** Adds a page of hits; returns how many were new (0 means the provider has nothing more to give). */
  add(hits: Iterable<SearchHit>): number {
    let added = 0;
    for (const hit of hits) {
      if (this.full) break;
      if (this.byUrl.has(hit.url)) continue;
      this.byUrl.set(hit.url, hit);
      added++;
    }
    return added;
  }

  get full(): boolean {
    return this.byUrl.size >= this.limit;
  }

  get hits(): SearchHit[] {
    return [...this.byUrl.values()];
  }
}
