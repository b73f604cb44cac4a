import type { Page } from 'playwright';
import { isPlaywrightTimeout } from './render-errors.js';
import { ExtractionError } from '../../contract/extraction-error.js';
import { BROWSER_LIMITS } from '../../contract/limits.js';
import type { CapturedHtml, CapturedImage, ImageFormat, PageAction } from './browser-session.js';
import type { NetworkActivity } from './network-quiet.js';
import { captureScreenshot } from './screenshots.js';
import type { SsrfRouteGuard } from './ssrf-route-guard.js';

/**
 * After an action that may start work in the page (a click, a key, a scroll), this long at most for the
 * network to fall quiet: a click that fetches more content, or navigates, has answered by then on a
 * healthy site; the caller adds `wait` actions for slower ones.
 */
const AFTER_ACTION_SETTLE_MS = 1_000;

export interface ActionRun {
  page: Page;
  guard: SsrfRouteGuard;
  network: NetworkActivity;
  image: ImageFormat;
  /** Time left for the render (the request's budget, less the time kept to serialize the page). */
  remainingMs: () => number;
}

export interface ActionCaptures {
  screenshots: CapturedImage[];
  scrapes: CapturedHtml[];
}

/** What an action does, in words, for its error message: `actions[2] (click "#buy")`. */
function describe(action: PageAction, index: number): string {
  const subject = 'selector' in action && action.selector ? ` "${action.selector}"` : action.type === 'press' ? ` ${action.key}` : action.type === 'wait' ? ` ${action.ms} ms` : '';
  return `actions[${index}] (${action.type}${subject})`;
}

function actionFailed(message: string, index: number): ExtractionError {
  return new ExtractionError('action_failed', message, undefined, index);
}

/** Why Playwright gave up, in the caller's terms. */
function reasonOf(err: unknown, action: PageAction, timeoutMs: number): string {
  if (isPlaywrightTimeout(err)) {
    return 'selector' in action && action.selector ? `no visible element matched within ${timeoutMs} ms` : `did not finish within ${timeoutMs} ms`;
  }
  return (err as Error | undefined)?.message?.split('\n')[0] ?? String(err);
}

/**
 * Runs the caller's actions in order, each within its own timeout and all within the request's budget.
 * A failing action stops the list with 422 `action_failed` naming it; an action that sends the page to a
 * refused address stops it with `unsafe_url` (the guard refused the request; nothing reached the address).
 */
export async function runActions(actions: readonly PageAction[], run: ActionRun): Promise<ActionCaptures> {
  const captures: ActionCaptures = { screenshots: [], scrapes: [] };
  for (const [index, action] of actions.entries()) {
    const remaining = run.remainingMs();
    if (remaining <= 0) throw actionFailed(`${describe(action, index)} was not started: the request's timeout_ms was spent by the actions before it`, index);
    const timeoutMs = Math.min(action.timeoutMs ?? BROWSER_LIMITS.actionTimeoutMs.default, remaining);
    try {
      await perform(action, index, timeoutMs, run, captures);
    } catch (err) {
      if (err instanceof ExtractionError) throw err;
      throw actionFailed(`${describe(action, index)} failed: ${reasonOf(err, action, timeoutMs)}`, index);
    }
    const refusal = run.guard.mainFrameRefusal(run.page);
    if (refusal) throw new ExtractionError(refusal.code, `${describe(action, index)} led the page to a refused address. ${refusal.message}`, undefined, index);
  }
  return captures;
}

async function perform(action: PageAction, index: number, timeoutMs: number, run: ActionRun, captures: ActionCaptures): Promise<void> {
  const { page } = run;
  switch (action.type) {
    case 'wait':
      if (action.selector !== undefined) await page.waitForSelector(action.selector, { state: 'visible', timeout: timeoutMs });
      else if ((action.ms ?? 0) > timeoutMs) throw new Error(`waiting ${action.ms} ms does not fit in the ${timeoutMs} ms left`);
      else await page.waitForTimeout(action.ms ?? 0);
      return;
    case 'click':
      await page.click(action.selector, { timeout: timeoutMs });
      return settleAfter(run, timeoutMs);
    case 'write':
      // Types into whatever has focus (click an input first), key by key, as a person would.
      await page.keyboard.type(action.text);
      return settleAfter(run, timeoutMs);
    case 'press':
      await page.keyboard.press(action.key);
      return settleAfter(run, timeoutMs);
    case 'scroll': {
      const step = action.amount ?? page.viewportSize()?.height ?? BROWSER_LIMITS.viewport.desktop.height;
      // The wheel, not scrollTo: pages that load more on scroll listen for wheel and scroll events.
      await page.mouse.wheel(0, action.direction === 'up' ? -step : step);
      return settleAfter(run, timeoutMs);
    }
    case 'screenshot':
      captures.screenshots.push({ ...(await captureScreenshot(page, action.fullPage ? 'full_page' : 'viewport', run.image, timeoutMs)), actionIndex: index });
      return;
    case 'scrape':
      captures.scrapes.push({ actionIndex: index, url: page.url(), html: await page.content() });
      return;
  }
}

async function settleAfter(run: ActionRun, timeoutMs: number): Promise<void> {
  const wait = Math.min(AFTER_ACTION_SETTLE_MS, timeoutMs, run.remainingMs());
  if (wait > 0) await run.network.quiet(wait);
}
