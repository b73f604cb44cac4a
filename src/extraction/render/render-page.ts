import type { Page, Response } from 'playwright';
import { ExtractionError } from '../../contract/extraction-error.js';
import { NetworkActivity } from './network-quiet.js';
import { renderFailure } from './render-errors.js';
import type { SsrfRouteGuard } from './ssrf-route-guard.js';

export interface RenderedPage {
  /** The document's URL after redirects and client-side routing. */
  url: string;
  /** HTTP status of the main document. */
  status: number;
  /** The serialized DOM after the page's scripts ran. */
  html: string;
}

export interface PageTiming {
  /** Budget for the whole render; the main document must arrive (DOMContentLoaded) within it. */
  timeoutMs: number;
  /** Longest wait for the network to fall quiet after `load`; dynamic pages keep fetching, so it is capped. */
  settleMs: number;
}

/** Kept back from the waits so there is time to serialize the DOM before the deadline. */
function serializeReserveMs(timeoutMs: number): number {
  return Math.min(1_000, Math.round(timeoutMs / 10));
}

/**
 * Waits for `load`, then for the network to fall quiet (`NetworkActivity`), each only as long as the
 * budget allows. A page that never settles is still rendered as it stands: its document has already arrived.
 */
async function settle(page: Page, network: NetworkActivity, deadline: number, timing: PageTiming): Promise<void> {
  const budget = () => deadline - serializeReserveMs(timing.timeoutMs) - Date.now();
  if (budget() > 0) await page.waitForLoadState('load', { timeout: budget() }).catch(() => undefined);
  const idleWait = Math.min(timing.settleMs, budget());
  if (idleWait > 0) await network.quiet(idleWait);
  const idleBudget = Math.min(IDLE_CALLBACK_MS, budget());
  if (idleBudget > 0) await pageIdle(page, idleBudget);
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

/** Opens `target` in `page` (of a guarded context) and returns its rendered DOM. */
export async function renderPage(page: Page, guard: SsrfRouteGuard, target: URL, timing: PageTiming): Promise<RenderedPage> {
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

  await settle(page, network, deadline, timing);
  // A script may have sent the main frame somewhere refused after load; what is left is not the page.
  const lateRefusal = guard.mainFrameRefusal(page);
  if (lateRefusal) throw lateRefusal;
  let html: string;
  try {
    html = await page.content();
  } catch (err) {
    throw renderFailure(err, target);
  }
  return { url: page.url(), status, html };
}
