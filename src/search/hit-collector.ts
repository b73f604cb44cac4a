import { z } from 'zod';
import type { SearchHit } from './provider.js';
import { isWebUrl } from './provider-http.js';
import { plainSnippet } from './plain-text.js';

/**
 * A web provider's result entries as hits: entries without an http(s) `url` are skipped; the title and
 * the provider's snippet field (`description`, `content`, …) become plain text.
 */
export function webHits(results: unknown[], snippetField: string): SearchHit[] {
  const entry = z.looseObject({ url: z.string(), title: z.string().nullish() });
  const hits: SearchHit[] = [];
  for (const result of results) {
    const parsed = entry.safeParse(result);
    if (!parsed.success || !isWebUrl(parsed.data.url)) continue;
    const snippet = parsed.data[snippetField] ?? null;
    if (snippet !== null && typeof snippet !== 'string') continue;
    hits.push({ url: parsed.data.url, title: plainSnippet(parsed.data.title), snippet: plainSnippet(snippet) });
  }
  return hits;
}

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
