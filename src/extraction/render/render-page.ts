import type { Page, Response } from 'playwright';
import { ExtractionError } from '../../contract/extraction-error.js';
import { NetworkActivity } from './network-quiet.js';
import { isPlaywrightTimeout, renderFailure } from './render-errors.js';
import type { SsrfRouteGuard } from './ssrf-route-guard.js';
import type { BrowserSession, CapturedHtml, CapturedImage } from './browser-session.js';
import { runActions } from './page-actions.js';
import { captureScreenshot } from './screenshots.js';

export interface RenderedPage {
  /** The document's URL after redirects and client-side routing. */
  url: string;
  /** HTTP status of the main document. */
  status: number;
  /** The serialized DOM after the page's scripts ran (and the caller's actions, if any). */
  html: string;
  /** Screenshots, in the order taken: `screenshot` actions first, then those of the final page. */
  screenshots: CapturedImage[];
  /** The DOM at each `scrape` action. */
  scrapes: CapturedHtml[];
}

export interface PageTiming {
  /** Budget for the whole render; the main document must arrive (DOMContentLoaded) within it. */
  timeoutMs: number;
  /** Longest wait for the network to fall quiet after `load`; dynamic pages keep fetching, so it is capped. */
  settleMs: number;
  /** Called once the main document has arrived, before the page settles. */
  onDocument?: () => void;
}

/** Kept back from the waits so there is time to serialize the DOM before the deadline. */
function serializeReserveMs(timeoutMs: number): number {
  return Math.min(1_000, Math.round(timeoutMs / 10));
}

/**
 * Waits for `load`, then until the page is settled: no request in flight for a quiet window, and still
 * none after the page's event loop has drained (`pageIdle`) — the last response's handlers have run, and
 * whatever fetch they start restarts the wait. The whole wait is capped by `settleMs` (a page that polls
 * forever) and the budget; a page that never settles is still rendered as it stands: its document has
 * already arrived.
 */
async function settle(page: Page, network: NetworkActivity, deadline: number, timing: PageTiming): Promise<void> {
  const budget = () => deadline - serializeReserveMs(timing.timeoutMs) - Date.now();
  if (budget() > 0) await page.waitForLoadState('load', { timeout: budget() }).catch(() => undefined);
  const settleEnd = Date.now() + timing.settleMs;
  const left = () => Math.min(settleEnd - Date.now(), budget());
  while (left() > 0) {
    await network.quiet(left());
    const seen = network.changes;
    const idleBudget = Math.min(IDLE_CALLBACK_MS, budget());
    if (idleBudget > 0) await pageIdle(page, idleBudget);
    // Request events reach us over the DevTools protocol a little after the page sent them.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(EVENT_LAG_MS, left()))));
    if (network.changes === seen && network.idle) return;
  }
}

/**
 * The network falling quiet is not the page being done: the last response's handlers (parse the JSON,
 * write the DOM) still have to run, and on a busy machine the renderer runs them late — 1 render in 400
 * came back without its content with 4 in flight on 2 cores (`npm run bench:render`). `requestIdleCallback`
 * fires once the page's event loop has nothing queued, so those handlers have run; a page that is never
 * idle is waited for this long at most.
 */
const IDLE_CALLBACK_MS = 250;

async function pageIdle(page: Page, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = page.evaluate((ms) => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: ms })), timeoutMs).catch(() => undefined);
  // A page spinning in a script never runs the callback (nor this evaluate): the render's deadline handles it.
  await Promise.race([waited, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs + 50)))]);
  clearTimeout(timer);
}

/** How late a request's DevTools event may arrive after the page's script sent it, on a busy machine. */
const EVENT_LAG_MS = 30;

/** Opens `target` in `page` (of a guarded context), runs the session's actions and returns its rendered DOM and captures. */
export async function renderPage(page: Page, guard: SsrfRouteGuard, target: URL, timing: PageTiming, session: BrowserSession = {}): Promise<RenderedPage> {
  const deadline = Date.now() + timing.timeoutMs;
  const network = new NetworkActivity(page);
  let response: Response | null;
  try {
    response = await page.goto(target.href, { waitUntil: 'domcontentloaded', timeout: Math.max(1, deadline - Date.now()) });
  } catch (err) {
    throw guard.mainFrameRefusal(page) ?? renderFailure(err, target);
  }
  // Before the status: the guard proxy answers a refused redirect hop with its own 403.
  const refusal = guard.mainFrameRefusal(page);
  if (refusal) throw refusal;
  if (!response) throw new ExtractionError('fetch_failed', `${target.host} gave no document`);
  const status = response.status();
  if (status < 200 || status >= 300) throw new ExtractionError('target_http_error', `${new URL(response.url()).host} answered HTTP ${status}`, status);

  timing.onDocument?.();
  await settle(page, network, deadline, timing);
  // A script may have sent the main frame somewhere refused after load; what is left is not the page.
  const lateRefusal = guard.mainFrameRefusal(page);
  if (lateRefusal) throw lateRefusal;

  const remainingMs = () => deadline - serializeReserveMs(timing.timeoutMs) - Date.now();
  const image = session.image ?? { type: 'png' as const };
  const captured = session.actions?.length ? await runActions(session.actions, { page, guard, network, image, remainingMs }) : { screenshots: [], scrapes: [] };
  if (session.waitFor !== undefined) await waitFor(page, session.waitFor, remainingMs());
  const screenshots = [...captured.screenshots];
  try {
    for (const kind of session.screenshots ?? []) screenshots.push(await captureScreenshot(page, kind, image, Math.max(1, remainingMs())));
  } catch (err) {
    throw isPlaywrightTimeout(err) ? new ExtractionError('target_timeout', `${target.host}: the screenshot did not finish within timeout_ms`) : renderFailure(err, target);
  }
  let html: string;
  try {
    html = await page.content();
  } catch (err) {
    throw renderFailure(err, target);
  }
  return { url: page.url(), status, html, screenshots, scrapes: captured.scrapes };
}

/** `wait_for`: the selector must be in the page (attached; it may be hidden) before it is captured. */
async function waitFor(page: Page, selector: string, remainingMs: number): Promise<void> {
  if (remainingMs <= 0) throw new ExtractionError('action_failed', `wait_for "${selector}" was not started: the request's timeout_ms was spent`);
  try {
    await page.waitForSelector(selector, { state: 'attached', timeout: remainingMs });
  } catch (err) {
    const reason = isPlaywrightTimeout(err) ? `no element matched within ${remainingMs} ms` : String((err as Error).message).split('\n')[0];
    throw new ExtractionError('action_failed', `wait_for "${selector}" failed: ${reason}`);
  }
}
