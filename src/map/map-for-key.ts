import { userAgent, type Config } from '../config/config.js';
import { ApiError } from '../contract/errors.js';
import { ExtractionError } from '../contract/extraction-error.js';
import { limitsOf } from '../contract/plans.js';
import type { MapBody } from '../contract/requests.js';
import { assertUrlsAllowed, tighten, type Policy } from '../accounts/key-policy.js';
import { addressPolicyFor } from '../net/address-policy.js';
import { assertFetchableUrl } from '../net/fetchable-url.js';
import { resolveAndCheck } from '../net/resolve-and-check.js';
import { mapSite, type MapResult } from './map-site.js';

export interface MapCaller {
  plan: string;
  policy: Policy;
}

/**
 * The start URL's refusals, all before anything is fetched (so none is metered): not http(s) or with
 * credentials (422 invalid_request), the key's allow/deny policy (403), a literal or resolved address the
 * SSRF policy refuses (422 unsafe_url). DNS failures are left to the fetch: that is a failed map, not a refusal.
 */
async function assertMappable(cfg: Config, policy: Policy, url: string): Promise<void> {
  try {
    assertFetchableUrl(url, cfg.ALLOW_PRIVATE_TARGETS);
  } catch (err) {
    if (err instanceof ExtractionError) throw new ApiError(err.code === 'unsafe_url' ? 'unsafe_url' : 'invalid_request', `url: ${err.message}`);
    throw err;
  }
  assertUrlsAllowed(policy, [url]);
  const host = new URL(url).hostname;
  const checked = await resolveAndCheck(host, addressPolicyFor(cfg.ALLOW_PRIVATE_TARGETS));
  if (!checked.allowed && checked.refusal.kind === 'refused') throw new ApiError('unsafe_url', `url: ${host} resolves to a non-public address`);
}

/**
 * POST /map after validation, shared by the REST route and the MCP tool: the limit lowered to the plan's
 * cap, the refusals above, then one metered request (429 when the month is spent), then the map. A map
 * that found nothing because its start page failed answers with that page's error code, metered like a
 * failed /extract.
 */
export async function mapForKey(cfg: Config, caller: MapCaller, body: MapBody, meter: () => Promise<void>): Promise<MapResult> {
  const policy = tighten(caller.policy, body);
  await assertMappable(cfg, policy, body.url);
  await meter();
  try {
    return await mapSite(
      { url: body.url, limit: Math.min(body.limit, limitsOf(caller.plan).mapLinks), includeSubdomains: body.include_subdomains, sitemap: body.sitemap, search: body.search },
      { policy, fetch: { allowPrivate: cfg.ALLOW_PRIVATE_TARGETS, timeoutMs: cfg.FETCH_TIMEOUT_MS, maxBytes: cfg.FETCH_MAX_BYTES, userAgent: userAgent(cfg) } },
    );
  } catch (err) {
    if (err instanceof ExtractionError) throw new ApiError(err.code, err.message);
    throw err;
  }
}
