import { ApiError } from '../contract/errors.js';
import { limitsOf } from '../contract/plans.js';
import type { PageRequest } from '../contract/requests.js';
import { ALL_FORMATS, CHANGE_TRACKING_FORMAT, type Format } from '../contract/vocabulary.js';
import { formatsToTrack } from '../changes/page-change.js';
import type { ExtractUrlOptions, RenderMode } from '../extraction/index.js';
import type { BrowserSession } from '../extraction/render/browser-session.js';
import { browserSessionOf, needsBrowser } from './browser-request.js';

/**
 * How one page is loaded and what is kept of it, decided once from the request's page fields and the
 * plan. POST /extract uses it at once; a job stores it (`jobs.input.page`, plain JSON) and applies it to
 * every page, so a page of a job is loaded exactly as the same page on /extract would be.
 */
export interface PageOptions {
  renderJs: RenderMode;
  /** Content formats asked for (screenshots are the session's); absent: all of them. */
  formats?: Format[];
  chunkTokens?: number;
  /** `formats` named `change_tracking`: each result says what changed since the account's previous look (src/changes). */
  trackChanges?: boolean;
  /** `max_age`: the content cache may answer with an extraction this many seconds old (src/cache). */
  maxAgeSeconds?: number;
  selectors?: { include: string[]; exclude: string[] };
  /** Viewport, headers (sent by a plain fetch too), actions, `wait_for`, screenshots. */
  session: BrowserSession;
}

/**
 * How the page is loaded: the browser when the caller asks for it or for something only the browser
 * does (screenshots, actions, `wait_for`, a viewport); otherwise the caller's `render_js`, which defaults
 * to `auto` on plans with rendering and to a plain fetch on the others.
 */
function renderModeOf(request: PageRequest, planRenders: boolean): RenderMode {
  if (needsBrowser(request)) return true;
  return request.render_js ?? (planRenders ? 'auto' : false);
}

/** The request's page fields as options, after the plan check: 403 `plan_not_supported` for the browser on a plan without it. */
export function pageOptionsOf(request: PageRequest, plan: string): PageOptions {
  const planRenders = limitsOf(plan).renderJs;
  const renderJs = renderModeOf(request, planRenders);
  if (renderJs === true && !planRenders) {
    const what = request.render_js === true ? 'render_js' : 'Screenshots, actions, wait_for and viewport (the browser)';
    throw new ApiError('plan_not_supported', `${what} need${request.render_js === true ? 's' : ''} the Pro, Growth or Enterprise plan; this account is on ${plan}`);
  }
  if (request.render_js === 'auto' && !planRenders) {
    throw new ApiError('plan_not_supported', `render_js "auto" needs the Pro, Growth or Enterprise plan; this account is on ${plan}`);
  }
  // Screenshot formats are the browser's; the extractor is asked for the content formats only.
  const formats = request.formats?.filter((format): format is Format => (ALL_FORMATS as readonly string[]).includes(format));
  return {
    renderJs,
    ...(formats ? { formats } : {}),
    ...(request.chunk_tokens ? { chunkTokens: request.chunk_tokens } : {}),
    ...(request.max_age !== undefined ? { maxAgeSeconds: request.max_age } : {}),
    ...(request.formats?.includes(CHANGE_TRACKING_FORMAT) ? { trackChanges: true } : {}),
    ...(request.include_tags || request.exclude_tags ? { selectors: { include: request.include_tags ?? [], exclude: request.exclude_tags ?? [] } } : {}),
    session: browserSessionOf(request),
  };
}

/** The extraction options of `page` (what to render, capture and keep). */
export function extractionOptionsOf(page: PageOptions): Pick<ExtractUrlOptions, 'renderJs' | 'formats' | 'chunkTokens' | 'selectors' | 'session'> {
  return {
    renderJs: page.renderJs,
    // A tracked change compares the markdown, so it is extracted even when not asked for.
    ...(page.formats ? { formats: page.trackChanges ? (formatsToTrack(page.formats) ?? []) : page.formats } : {}),
    ...(page.chunkTokens ? { chunkTokens: page.chunkTokens } : {}),
    ...(page.selectors ? { selectors: page.selectors } : {}),
    session: page.session,
  };
}
