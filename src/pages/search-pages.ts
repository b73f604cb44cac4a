import type { Db } from '../db/prisma.js';
import { ApiError, type ErrorCode } from '../contract/errors.js';
import { limitsOf } from '../contract/plans.js';
import type { ExtractedContent } from '../extraction/types.js';
import type { SearchBody } from '../contract/requests.js';
import type { SearchHit, SearchProvider, SearchProviderName } from '../search/provider.js';
import { boundedMap } from '../search/bounded-map.js';
import { assertQuotaLeft } from '../accounts/metering.js';
import { extractForAccount, type ExtractServiceDeps } from './extract-page.js';
import type { Policy } from '../accounts/key-policy.js';
import { urlRefusal } from '../accounts/url-refusals.js';

export interface SearchServiceDeps extends ExtractServiceDeps {
  db: Db;
}

export interface SearchCaller {
  accountId: string;
  plan: string;
  /** The key's policy, tightened by the request; applied to each result that is extracted. */
  policy: Policy;
  /** Meters `units` requests at once (429 when they do not fit in the month). */
  meter: (units: number) => Promise<void>;
}

/** One result: where it ranked and, with `extract: true`, its extraction or why it has none. */
export type SearchResultEntry = SearchHit & { position: number } & Partial<ExtractedContent> & { error?: string; error_code?: ErrorCode };

export interface SearchResponse {
  query: string;
  provider: SearchProviderName;
  results: SearchResultEntry[];
}

/** Extracts one result; every failure becomes the result's own `error`/`error_code`, never a failed search. */
async function extractResult(deps: SearchServiceDeps, caller: SearchCaller, formats: SearchBody['formats'], result: SearchResultEntry): Promise<SearchResultEntry> {
  // Refused before any fetch (address or policy): the result's own error, and not metered (see searchForAccount).
  const refusal = urlRefusal(deps.cfg, caller.policy, result.url);
  if (refusal) return { ...result, error: refusal.message, error_code: refusal.code };
  try {
    // Metered already, with the search (see searchForAccount).
    const { url: _url, ...content } = await extractForAccount(deps, { accountId: caller.accountId, plan: caller.plan, policy: caller.policy, meter: async () => {} }, { url: result.url, formats });
    return { ...result, ...content };
  } catch (err) {
    if (err instanceof ApiError) return { ...result, error: err.message, error_code: err.code };
    // As in jobs: an unexpected failure on one odd page is that result's error, not the whole search's.
    return { ...result, error: `Extraction failed: ${(err as Error).message}`, error_code: 'internal_error' };
  }
}

/**
 * POST /search. In order: the plan's cap on `num_results` (422 `search_cap_exceeded`), a spent month
 * (429, before a provider is asked), the provider, then metering — one request for the search plus one
 * per result that will be fetched (results refused before any fetch — their address or the key's policy —
 * are not counted) —
 * and the extractions. A provider failure (503) is not metered: nothing was performed.
 */
export async function searchForAccount(deps: SearchServiceDeps, provider: SearchProvider, caller: SearchCaller, request: SearchBody): Promise<SearchResponse> {
  const cap = limitsOf(caller.plan).searchResults;
  if (request.num_results > cap) {
    throw new ApiError('search_cap_exceeded', `num_results: ${request.num_results} is above the ${caller.plan} plan's limit of ${cap}`);
  }
  await assertQuotaLeft(deps.db, caller.accountId, caller.plan);
  const hits = await provider.search({ query: request.query, limit: request.num_results, accountId: caller.accountId });
  const results: SearchResultEntry[] = hits.slice(0, request.num_results).map((hit, index) => ({ ...hit, position: index + 1 }));
  if (!request.extract) {
    await caller.meter(1);
    return { query: request.query, provider: provider.name, results };
  }
  const fetched = results.filter((result) => urlRefusal(deps.cfg, caller.policy, result.url) === null).length;
  await caller.meter(1 + fetched);
  const extracted = await boundedMap(results, deps.cfg.SEARCH_EXTRACT_CONCURRENCY, (result) => extractResult(deps, caller, request.formats, result));
  return { query: request.query, provider: provider.name, results: extracted };
}
