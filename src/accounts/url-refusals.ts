import type { Config } from '../config/config.js';
import { ApiError } from '../contract/errors.js';
import { assertFetchableUrl } from '../net/fetchable-url.js';
import { ExtractionError } from '../contract/extraction-error.js';
import { assertUrlsAllowed, type Policy } from './key-policy.js';

/**
 * The one place that decides whether a URL is refused before any fetch (decisions, second round:
 * such a refusal is never metered, on every route). Every route that meters per URL — POST /extract,
 * /bulk, /crawl, /search with `extract`, and the MCP tools that share their services — asks here
 * before it meters, so that a refusal costs nothing whichever way the URL came in:
 * - not http(s), or credentials in the URL: 422 `invalid_request`;
 * - a literal private, loopback or link-local address (or `localhost`): 422 `unsafe_url`
 *   (a name that resolves to one is found at fetch time, when the fetch is already under way);
 * - the key's policy: 403 `domain_denied` / `domain_not_allowed`.
 */

/** Literal-address SSRF check of submitted URLs (DNS is checked again when each URL is fetched). */
export function assertSubmittedUrlsFetchable(cfg: Pick<Config, 'ALLOW_PRIVATE_TARGETS'>, urls: readonly string[], field: string): void {
  urls.forEach((url, index) => {
    try {
      assertFetchableUrl(url, cfg.ALLOW_PRIVATE_TARGETS);
    } catch (err) {
      if (err instanceof ExtractionError) {
        const where = urls.length > 1 || field === 'urls' ? `${field}.${index}` : field;
        throw new ApiError(err.code === 'unsafe_url' ? 'unsafe_url' : 'invalid_request', `${where}: ${err.message}`);
      }
      throw err;
    }
  });
}

/** Throws the first refusal of `urls` (every URL's address first, then the policy for every URL). */
export function assertUrlsAccepted(cfg: Pick<Config, 'ALLOW_PRIVATE_TARGETS'>, policy: Policy, urls: readonly string[], field: string): void {
  assertSubmittedUrlsFetchable(cfg, urls, field);
  assertUrlsAllowed(policy, urls, field);
}

/** The refusal of one URL, or null when it will be fetched (a result of POST /search, which refuses per result). */
export function urlRefusal(cfg: Pick<Config, 'ALLOW_PRIVATE_TARGETS'>, policy: Policy, url: string): ApiError | null {
  try {
    assertUrlsAccepted(cfg, policy, [url], 'url');
    return null;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
}
