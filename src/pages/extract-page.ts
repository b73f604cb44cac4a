import { userAgent, type Config } from '../config/config.js';
import { ApiError } from '../contract/errors.js';
import type { ExtractBody } from '../contract/requests.js';
import type { ExtractedContent } from '../extraction/index.js';
import { extractWithCache } from '../cache/cached-extraction.js';
import type { RecentCacheEntries } from '../cache/recent-entries.js';
import { changeOfFailure, withChange } from '../changes/page-change.js';
import type { PageChange } from '../changes/track-change.js';
import type { BrowserPool } from '../extraction/render/index.js';
import type { HtmlExtractor } from '../extraction/threads/thread-pool.js';
import { tighten, type Policy, type PolicyRequest } from '../accounts/key-policy.js';
import { assertUrlsAccepted } from '../accounts/url-refusals.js';
import type { Db } from '../db/prisma.js';
import { indexPageQuietly, indexedSince } from '../search/index-page.js';
import { timeExtraction } from '../observability/metrics.js';
import { timePhase } from '../observability/phases.js';
import { ExtractionError } from '../contract/extraction-error.js';
import type { FileLinkSigner } from '../files/signed-links.js';
import { extractionOptionsOf, pageOptionsOf } from './page-options.js';
import { linksUntil, storeCaptures, withFileLinks, type CapturedFiles } from './captured-files.js';
import { BROWSER_LIMITS } from '../contract/limits.js';

export type ExtractRequest = Omit<ExtractBody, keyof PolicyRequest>;

export interface ExtractServiceDeps {
  cfg: Config;
  /** Where the extracted page is indexed for the account's POST /search, and screenshots are kept. */
  db: Db;
  renderer?: BrowserPool | undefined;
  extractor?: HtmlExtractor | undefined;
  /** Signs the links of stored screenshots. */
  fileLinks: FileLinkSigner;
  /** Content-cache entries this process used lately. */
  recentCacheEntries?: RecentCacheEntries | undefined;
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

export type ExtractResponse = { url: string } & Partial<ExtractedContent> & CapturedFiles & { change?: PageChange };

/**
 * POST /extract: one page, extracted now. Metered once the page is attempted (a fetch or extraction
 * failure is still a metered request); refusals before any work are not.
 */
export async function extractForAccount(deps: ExtractServiceDeps, caller: ExtractCaller, request: ExtractRequest): Promise<ExtractResponse> {
  const page = pageOptionsOf(request, caller.plan);
  if (page.renderJs === true && !deps.renderer?.available()) {
    throw new ApiError('js_rendering_unavailable', 'JS rendering is not available on this server right now; retry without render_js');
  }
  // Metering (a database commit) runs while a cached answer is read; nothing is fetched before it is done.
  const metered = caller.meter();
  metered.catch(() => undefined); // awaited by extractWithCache; this only keeps an early refusal from being "unhandled"
  try {
    const extraction = await timeExtraction('api', () =>
      extractWithCache(deps, request.url, {
        allowPrivate: deps.cfg.ALLOW_PRIVATE_TARGETS,
        timeoutMs: request.timeout_ms ?? deps.cfg.FETCH_TIMEOUT_MS,
        maxBytes: deps.cfg.FETCH_MAX_BYTES,
        userAgent: userAgent(deps.cfg),
        robots: caller.policy.respectRobots,
        ...extractionOptionsOf(page),
        ...(deps.renderer ? { renderer: deps.renderer } : {}),
        ...(deps.extractor ? { extractor: deps.extractor } : {}),
      }, page.maxAgeSeconds, metered),
    );
    // A cached answer: whether this account's index already has it is read while the metering commits.
    const cachedAt = extraction.content.metadata?.cache === 'hit' ? extraction.content.metadata.cached_at : null;
    const alreadyIndexed = cachedAt ? indexedSince(deps.db, deps.cfg, { accountId: caller.accountId }, request.url, new Date(cachedAt)) : undefined;
    alreadyIndexed?.catch(() => undefined); // awaited (and its failure logged) by indexPageQuietly
    await timePhase('meter', () => metered);
    const content = page.trackChanges ? await timePhase('change', () => withChange(deps.db, caller.accountId, request.url, extraction.content, page.formats)) : extraction.content;
    // Search index: the page becomes findable by this account's POST /search (a failure is only logged).
    await timePhase('index', () => indexPageQuietly(deps.db, deps.cfg, { accountId: caller.accountId }, request.url, content, alreadyIndexed));
    // The link ends no later than the files: their lifetime starts when they are stored, after this.
    const linksEnd = new Date(Date.now() + BROWSER_LIMITS.fileLifetimeMs);
    const files = await timePhase('files', () => storeCaptures(deps.db, { accountId: caller.accountId }, extraction, request.screenshot_inline ?? false));
    return { url: request.url, ...content, ...withFileLinks(files, linksUntil(deps.fileLinks, linksEnd)) };
  } catch (err) {
    if (err instanceof ExtractionError) {
      // A tracked page that is gone: the refusal says `removed` (a 404/410 is still an error of /extract).
      const change = page.trackChanges ? await changeOfFailure(deps.db, caller.accountId, request.url, err) : undefined;
      throw new ApiError(err.code, err.message, undefined, {}, { ...(err.actionIndex !== undefined ? { action_index: err.actionIndex } : {}), ...(change ? { change } : {}) });
    }
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
