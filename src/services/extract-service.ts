import { userAgent, type Config } from '../config.js';
import { ApiError } from '../errors.js';
import { limitsOf } from '../plans.js';
import { ExtractionError, extractUrl, type ExtractedContent, type Format } from '../extraction/index.js';
import type { BrowserPool } from '../extraction/render/index.js';
import type { HtmlExtractor } from '../extraction/thread-pool.js';
import type { Policy } from './policy.js';

export interface ExtractRequest {
  url: string;
  formats?: Format[] | undefined;
  chunk_tokens?: number | undefined;
  timeout_ms?: number | undefined;
  render_js?: boolean | undefined;
}

export interface ExtractServiceDeps {
  cfg: Config;
  renderer?: BrowserPool | undefined;
  extractor?: HtmlExtractor | undefined;
}

export interface ExtractCaller {
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
    const content = await extractUrl(request.url, {
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
    });
    return { url: request.url, ...content };
  } catch (err) {
    if (err instanceof ExtractionError) throw new ApiError(err.code, err.message);
    throw err;
  }
}
