import { z } from 'zod';
import { HitCollector, webHits } from './hit-collector.js';
import { getProviderJson, providerUnavailable } from './provider-http.js';
import type { SearchHit, SearchProvider, SearchQuery } from './provider.js';

export interface BraveSettings {
  apiUrl: string;
  apiKey: string;
  timeoutMs: number;
  userAgent: string;
}

/** Brave's limits: at most 20 results per request, and `offset` (counted in pages of `count`) at most 9. */
const MAX_COUNT = 20;
const MAX_OFFSET = 9;

/**
 * The part of Brave's WebSearchApiResponse Pith reads: `{ query: { more_results_available }, web: { results:
 * [{ title, url, description, … }] } }`. `web` is absent when nothing matched.
 */
const braveAnswer = z.object({
  query: z.object({ more_results_available: z.boolean().optional() }).optional(),
  web: z.object({ results: z.array(z.unknown()) }).optional(),
});

/** The Brave Search API: `GET /res/v1/web/search?q=…&count=…&offset=…` with `X-Subscription-Token`. */
export function braveProvider(settings: BraveSettings): SearchProvider {
  return {
    name: 'brave',
    async search({ query, limit }: SearchQuery): Promise<SearchHit[]> {
      const collector = new HitCollector(limit);
      // `count` stays the same on every page: `offset` is counted in pages of that size.
      const count = Math.min(MAX_COUNT, limit);
      for (let offset = 0; offset <= MAX_OFFSET && !collector.full; offset++) {
        const url = new URL(settings.apiUrl);
        url.search = new URLSearchParams({ q: query, count: String(count), offset: String(offset), text_decorations: 'false' }).toString();
        const answer = braveAnswer.safeParse(
          await getProviderJson({ provider: 'brave', url, headers: { 'x-subscription-token': settings.apiKey }, timeoutMs: settings.timeoutMs, userAgent: settings.userAgent }),
        );
        if (!answer.success) throw providerUnavailable('brave', 'answered in an unexpected format (not a web search response)');
        const added = collector.add(webHits(answer.data.web?.results ?? [], 'description'));
        if (added === 0 || answer.data.query?.more_results_available !== true) break;
      }
      return collector.hits;
    },
  };
}
