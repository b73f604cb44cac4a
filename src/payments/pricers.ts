import { parseOrThrow } from '../contract/parse.js';
import { bulkBody, crawlBody, extractBody, mapBody } from '../contract/requests.js';
import { PAYER_LIMITS } from '../contract/plans.js';

/** What a request body costs, in metered requests; throws `invalid_request` for a body that is not valid. */
export type Pricer = (body: unknown) => number;

/**
 * What a paid request costs, in metered requests (decisions: "one per call, one per URL for POST /bulk").
 * A crawl meters its pages as they are fetched; a payer cannot be charged later, so a paid crawl buys
 * its page `limit` (lowered to the payer plan's cap) up front and never fetches more.
 */
export const extractPrice: Pricer = (body) => {
  parseOrThrow(extractBody, body);
  return 1;
};

export const bulkPrice: Pricer = (body) => parseOrThrow(bulkBody, body).urls.length;

export const crawlPrice: Pricer = (body) => Math.min(parseOrThrow(crawlBody, body).limit, PAYER_LIMITS.crawlPagesPerJob ?? 1);

/** A map is one metered request whatever its `limit` (like a keyed caller's). */
export const mapPrice: Pricer = (body) => {
  parseOrThrow(mapBody, body);
  return 1;
};
