import { userAgent, type Config } from '../config/config.js';
import { ApiError } from '../contract/errors.js';
import { limitsOf } from '../contract/plans.js';
import { extractUrl, type ExtractedContent } from '../extraction/index.js';
import type { BrowserPool } from '../extraction/render/index.js';
import type { HtmlExtractor } from '../extraction/threads/thread-pool.js';
import { tighten, type Policy, type PolicyRequest } from '../accounts/key-policy.js';
import { assertUrlsAccepted } from '../accounts/url-refusals.js';
import type { Db } from '../db/prisma.js';
import { indexPageQuietly } from '../search/index-page.js';
import { timeExtraction } from '../observability/metrics.js';
import type { Format } from '../contract/vocabulary.js';
import { ExtractionError } from '../contract/extraction-error.js';

export interface ExtractRequest {
  url: string;
  formats?: Format[] | undefined;
  chunk_tokens?: number | undefined;
  timeout_ms?: number | undefined;
  render_js?: boolean | undefined;
  include_tags?: string[] | undefined;
  exclude_tags?: string[] | undefined;
}

export interface ExtractServiceDeps {
  cfg: Config;
  /** Where the extracted page is indexed for the account's POST /search. */
  db: Db;
  renderer?: BrowserPool | undefined;
  extractor?: HtmlExtractor | undefined;
}

export interface ExtractCaller {
  /** The account the page is indexed for (its POST /search finds it). */
  accountId: string;
  plan: string;
  /** The key's policy, already tightened by the request and checked for this URL. */
  policy: Policy;
  /** Meters the call; runs once the request has passed every refusal. */
  meter: () => Promise<void>;
}

export type ExtractResponse = { url: string } & Partial<ExtractedContent>;

/**
 * POST /extract: one page, extracted now. Metered once the page is attempted (a fetch or extraction
 * failure is still a metered request); refusals before any work are not.
 */
export async function extractForAccount(deps: ExtractServiceDeps, caller: ExtractCaller, request: ExtractRequest): Promise<ExtractResponse> {
  if (request.render_js && !limitsOf(caller.plan).renderJs) {
    throw new ApiError('plan_not_supported', `render_js needs the Pro, Growth or Enterprise plan; this account is on ${caller.plan}`);
  }
  if (request.render_js && !deps.renderer?.available()) {
    throw new ApiError('js_rendering_unavailable', 'JS rendering is not available on this server right now; retry without render_js');
  }
  await caller.meter();
  try {
    const content = await timeExtraction('api', () => extractUrl(request.url, {
      allowPrivate: deps.cfg.ALLOW_PRIVATE_TARGETS,
      timeoutMs: request.timeout_ms ?? deps.cfg.FETCH_TIMEOUT_MS,
      maxBytes: deps.cfg.FETCH_MAX_BYTES,
      userAgent: userAgent(deps.cfg),
      robots: caller.policy.respectRobots,
      renderJs: request.render_js ?? false,
      ...(deps.renderer ? { renderer: deps.renderer } : {}),
      ...(deps.extractor ? { extractor: deps.extractor } : {}),
      ...(request.formats ? { formats: request.formats } : {}),
      ...(request.chunk_tokens ? { chunkTokens: request.chunk_tokens } : {}),
      ...(request.include_tags || request.exclude_tags ? { selectors: { include: request.include_tags ?? [], exclude: request.exclude_tags ?? [] } } : {}),
    }));
    // Search index: the page becomes findable by this account's POST /search (a failure is only logged).
    await indexPageQuietly(deps.db, deps.cfg, { accountId: caller.accountId }, request.url, content);
    return { url: request.url, ...content };
  } catch (err) {
    if (err instanceof ExtractionError) throw new ApiError(err.code, err.message);
    throw err;
  }
}

/**
 * POST /extract after validation, shared by the REST route and the MCP tool: the URL's address and the
 * key's policy (tightened by the request) checked before anything is metered (422 `unsafe_url` /
 * `invalid_request`, 403 `domain_*`), then the extraction.
 */
export async function extractForKey(
  deps: ExtractServiceDeps,
  key: { accountId: string; plan: string; policy: Policy },
  request: ExtractRequest & PolicyRequest,
  meter: () => Promise<void>,
): Promise<ExtractResponse> {
  const policy = tighten(key.policy, request);
  assertUrlsAccepted(deps.cfg, policy, [request.url], 'url');
  return extractForAccount(deps, { accountId: key.accountId, plan: key.plan, policy, meter }, request);
}
