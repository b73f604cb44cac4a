import { z } from 'zod';
import { HitCollector, webHits } from './hit-collector.js';
import { getProviderJson, providerUnavailable } from './provider-http.js';
import type { SearchHit, SearchProvider, SearchQuery } from './provider.js';

export interface SearxngSettings {
  /** Base address of the instance, e.g. `http://searxng:8080` or `https://example.org/searx/`. */
  baseUrl: string;
  timeoutMs: number;
  userAgent: string;
}

/** SearXNG answers about 10–20 results per page and has no page-size parameter: more are read page by page. */
const MAX_PAGES = 10;

/** The part of SearXNG's `format=json` answer Pith reads (`{ query, number_of_results, results: [{ url, title, content, engine, … }], … }`). */
const searxngAnswer = z.object({ results: z.array(z.unknown()) });

/** A self-hosted SearXNG metasearch instance, through its JSON API: `GET /search?q=…&format=json&pageno=N`. */
export function searxngProvider(settings: SearxngSettings): SearchProvider {
  const endpoint = new URL('search', settings.baseUrl.endsWith('/') ? settings.baseUrl : `${settings.baseUrl}/`);
  return {
    name: 'searxng',
    async search({ query, limit }: SearchQuery): Promise<SearchHit[]> {
      const collector = new HitCollector(limit);
      for (let page = 1; page <= MAX_PAGES && !collector.full; page++) {
        const url = new URL(endpoint);
        url.search = new URLSearchParams({ q: query, format: 'json', pageno: String(page) }).toString();
        const answer = searxngAnswer.safeParse(await getProviderJson({ provider: 'searxng', url, timeoutMs: settings.timeoutMs, userAgent: settings.userAgent }));
        if (!answer.success) throw providerUnavailable('searxng', 'answered in an unexpected format (no `results` array)');
        // A page with nothing new is the end: SearXNG repeats or empties pages past its engines' depth.
        if (collector.add(webHits(answer.data.results, 'content')) === 0) break;
      }
      return collector.hits;
    },
  };
}
