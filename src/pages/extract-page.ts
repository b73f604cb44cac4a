import { userAgent, type Config } from '../config/config.js';
import { ApiError } from '../contract/errors.js';
import { limitsOf } from '../contract/plans.js';
import type { ExtractBody } from '../contract/requests.js';
import { extractPage, type ExtractedContent, type RenderMode } from '../extraction/index.js';
import type { BrowserPool } from '../extraction/render/index.js';
import type { HtmlExtractor } from '../extraction/threads/thread-pool.js';
import { tighten, type Policy, type PolicyRequest } from '../accounts/key-policy.js';
import { assertUrlsAccepted } from '../accounts/url-refusals.js';
import type { Db } from '../db/prisma.js';
import { indexPageQuietly } from '../search/index-page.js';
import { timeExtraction } from '../observability/metrics.js';
import { ALL_FORMATS, type Format } from '../contract/vocabulary.js';
import { ExtractionError } from '../contract/extraction-error.js';
import type { FileLinkSigner } from '../files/signed-links.js';
import { browserSessionOf, needsBrowser } from './browser-request.js';
import { storeCaptures, type CapturedFiles } from './captured-files.js';

export type ExtractRequest = Omit<ExtractBody, keyof PolicyRequest>;

export interface ExtractServiceDeps {
  cfg: Config;
  /** Where the extracted page is indexed for the account's POST /search, and screenshots are kept. */
  db: Db;
  renderer?: BrowserPool | undefined;
  extractor?: HtmlExtractor | undefined;
  /** Signs the links of stored screenshots. */
  fileLinks: FileLinkSigner;
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

export type ExtractResponse = { url: string } & Partial<ExtractedContent> & CapturedFiles;

/**
 * How the page is loaded: the browser when the caller asks for it or for something only the browser
 * does (screenshots, actions, `wait_for`, a viewport); otherwise the caller's `render_js`, which defaults
 * to `auto` on plans with rendering and to a plain fetch on the others.
 */
function renderModeOf(request: ExtractRequest, planRenders: boolean): RenderMode {
  if (needsBrowser(request)) return true;
  return request.render_js ?? (planRenders ? 'auto' : false);
}

/**
 * POST /extract: one page, extracted now. Metered once the page is attempted (a fetch or extraction
 * failure is still a metered request); refusals before any work are not.
 */
export async function extractForAccount(deps: ExtractServiceDeps, caller: ExtractCaller, request: ExtractRequest): Promise<ExtractResponse> {
  const planRenders = limitsOf(caller.plan).renderJs;
  const renderJs = renderModeOf(request, planRenders);
  if (renderJs === true && !planRenders) {
    const what = request.render_js === true ? 'render_js' : 'Screenshots, actions, wait_for and viewport (the browser)';
    throw new ApiError('plan_not_supported', `${what} need${request.render_js === true ? 's' : ''} the Pro, Growth or Enterprise plan; this account is on ${caller.plan}`);
  }
  if (request.render_js === 'auto' && !planRenders) {
    throw new ApiError('plan_not_supported', `render_js "auto" needs the Pro, Growth or Enterprise plan; this account is on ${caller.plan}`);
  }
  if (renderJs === true && !deps.renderer?.available()) {
    throw new ApiError('js_rendering_unavailable', 'JS rendering is not available on this server right now; retry without render_js');
  }
  // Screenshot formats are the browser's; the extractor is asked for the content formats only.
  const formats = request.formats?.filter((format): format is Format => (ALL_FORMATS as readonly string[]).includes(format));
  await caller.meter();
  try {
    const extraction = await timeExtraction('api', () =>
      extractPage(request.url, {
        allowPrivate: deps.cfg.ALLOW_PRIVATE_TARGETS,
        timeoutMs: request.timeout_ms ?? deps.cfg.FETCH_TIMEOUT_MS,
        maxBytes: deps.cfg.FETCH_MAX_BYTES,
        userAgent: userAgent(deps.cfg),
        robots: caller.policy.respectRobots,
        renderJs,
        session: browserSessionOf(request),
        ...(deps.renderer ? { renderer: deps.renderer } : {}),
        ...(deps.extractor ? { extractor: deps.extractor } : {}),
        ...(formats ? { formats } : {}),
        ...(request.chunk_tokens ? { chunkTokens: request.chunk_tokens } : {}),
        ...(request.include_tags || request.exclude_tags ? { selectors: { include: request.include_tags ?? [], exclude: request.exclude_tags ?? [] } } : {}),
      }),
    );
    const content = extraction.content;
    // Search index: the page becomes findable by this account's POST /search (a failure is only logged).
    await indexPageQuietly(deps.db, deps.cfg, { accountId: caller.accountId }, request.url, content);
    const files = await storeCaptures(deps, caller.accountId, extraction, request.screenshot_inline ?? false);
    return { url: request.url, ...content, ...files };
  } catch (err) {
    if (err instanceof ExtractionError) throw new ApiError(err.code, err.message, undefined, {}, err.actionIndex !== undefined ? { action_index: err.actionIndex } : {});
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
