import type { Config } from '../config/config.js';

/** The search backends POST /search can use, chosen by SEARCH_PROVIDER. */
export type SearchProviderName = Config['SEARCH_PROVIDER'];

/** One result as every provider reports it: the page, its title and a plain-text snippet. */
export interface SearchHit {
  url: string;
  title: string | null;
  snippet: string | null;
}

export interface SearchQuery {
  /** The user's query, as sent. */
  query: string;
  /** Most hits wanted (already capped by plan). */
  limit: number;
  /** The searching account: the local index only answers with pages this account extracted. */
  accountId: string;
}

/**
 * A search backend. Hits come best first, at most `limit`, each URL once. A backend that cannot answer
 * (unreachable, non-2xx, not JSON, too slow) throws ApiError `service_unavailable`, never a raw error.
 */
export interface SearchProvider {
  readonly name: SearchProviderName;
  search(query: SearchQuery): Promise<SearchHit[]>;
}
