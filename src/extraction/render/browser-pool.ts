import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright';
import { ExtractionError } from '../../contract/extraction-error.js';
import { isPublicAddress, type AddressPolicy } from '../../net/address-policy.js';
import { DEFAULT_CHROMIUM_PATH } from './chromium-flags.js';
import { startGuardProxy, type GuardProxy } from './guard-proxy.js';
import { launchChromium } from './launch-chromium.js';
import { RenderUnavailableError, renderFailure } from './render-errors.js';
import { renderPage, type RenderedPage } from './render-page.js';
import { Semaphore } from './semaphore.js';
import { SsrfRouteGuard } from './ssrf-route-guard.js';
import { wantsPixels, type BrowserSession } from './browser-session.js';
import { BROWSER_LIMITS } from '../../contract/limits.js';
import { cookiesOf, originHeaders } from './origin-headers.js';

export interface BrowserPoolOptions {
  executablePath?: string;
  /** Pages rendering at once; further renders wait their turn. */
  maxConcurrentPages?: number;
  /** Pages one browser serves before it is replaced (Chromium's memory only grows). */
  pagesPerBrowser?: number;
  /** Default budget of one render. */
  timeoutMs?: number;
  /** Longest wait for network idle after `load`. */
  settleMs?: number;
  launchTimeoutMs?: number;
  /** After a failed launch, renders fail at once (no relaunch) for this long. */
  launchRetryAfterMs?: number;
  /** Which addresses the browser may reach; public unicast only by default. */
  addressPolicy?: AddressPolicy;
  userAgent?: string;
}

export interface RenderOptions {
  /** Lifts the SSRF guard (local development and tests only). */
  allowPrivate?: boolean;
  timeoutMs?: number;
  userAgent?: string;
  /** Viewport, headers, actions, `wait_for` and screenshots the caller asked for. */
  session?: BrowserSession;
}

export interface RenderStatus {
  available: boolean;
  /** Why rendering is unavailable, when it is. */
  reason?: string;
  /** Browsers started since the pool was created. */
  browserLaunches: number;
  /** Browsers running now (a retiring one stays until its last page is done). */
  browsersOpen: number;
  pagesInFlight: number;
  pagesQueued: number;
}

/** A guarded context and blank page, made before it is needed. */
interface PreparedPage {
  generation: BrowserGeneration;
  allowPrivate: boolean;
  userAgent: string | undefined;
  mobile: boolean;
  guard: SsrfRouteGuard;
  proxy: GuardProxy;
  context: BrowserContext;
  page: Page;
}

/** One Chromium process and the pages it has served. */
interface BrowserGeneration {
  browser: Promise<Browser>;
  served: number;
  leased: number;
  retired: boolean;
}

/** Not needed for text, so never fetched; a screenshot needs images and fonts, never audio and video. */
const BLOCKED_FOR_TEXT: ReadonlySet<string> = new Set(['image', 'font', 'media']);
const BLOCKED_FOR_PIXELS: ReadonlySet<string> = new Set(['media']);

/**
 * JS rendering with one lazily started Chromium: a fresh context (no shared cookies or storage) and
 * SSRF guard per render, a bounded number of pages at once, and the browser replaced after
 * `pagesPerBrowser` pages without disturbing the renders still running on the old one.
 */
export class BrowserPool {
  private readonly executablePath: string;
  private readonly pagesPerBrowser: number;
  private readonly slots: Semaphore;
  private readonly open = new Set<BrowserGeneration>();
  private current: BrowserGeneration | undefined;
  private launches = 0;
  private lastLaunchFailure: { at: number; error: RenderUnavailableError } | undefined;
  /** The next render's page, being prepared or ready. */
  private spare: Promise<PreparedPage | undefined> | undefined;
  /** Used pages being closed after their renders answered. */
  private readonly disposing = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: BrowserPoolOptions = {}) {
    this.executablePath = options.executablePath ?? DEFAULT_CHROMIUM_PATH;
    this.pagesPerBrowser = options.pagesPerBrowser ?? 100;
    this.slots = new Semaphore(options.maxConcurrentPages ?? 4);
  }

  /** Cheap (no launch): whether a render can be attempted now. For /health. */
  available(): boolean {
    return this.unavailableReason() === undefined;
  }

  status(): RenderStatus {
    const reason = this.unavailableReason();
    return {
      available: reason === undefined,
      ...(reason ? { reason } : {}),
      browserLaunches: this.launches,
      browsersOpen: this.open.size,
      pagesInFlight: this.slots.inUse,
      pagesQueued: this.slots.queued,
    };
  }

  /**
   * Renders `url` and returns its DOM after scripts ran. Throws RenderUnavailableError when Chromium
   * cannot be used, ExtractionError (unsafe_url, target_timeout, fetch_failed, target_http_error,
   * invalid_request) for the page itself.
   */
  async render(url: string, options: RenderOptions = {}): Promise<RenderedPage> {
    const target = parseTarget(url);
    const release = await this.slots.acquire();
    return this.renderWith(target, options, release);
  }

  /** Closes every browser; later renders fail with RenderUnavailableError. */
  async close(): Promise<void> {
    this.closed = true;
    this.current = undefined;
    const spare = await this.takeSpare();
    if (spare) await this.dispose(spare);
    await Promise.all(this.disposing);
    await Promise.all([...this.open].map((generation) => this.shutDown(generation)));
  }

  private unavailableReason(): string | undefined {
    if (this.closed) return 'the renderer is shut down';
    if (!existsSync(this.executablePath)) return `Chromium is not installed at ${this.executablePath}`;
    if (this.recentLaunchFailure()) return this.lastLaunchFailure?.error.message;
    return undefined;
  }

  private recentLaunchFailure(): RenderUnavailableError | undefined {
    const failure = this.lastLaunchFailure;
    const retryAfter = this.options.launchRetryAfterMs ?? 30_000;
    return failure && Date.now() - failure.at < retryAfter ? failure.error : undefined;
  }

  private async leaseBrowser(): Promise<BrowserGeneration> {
    if (this.closed) throw new RenderUnavailableError('the renderer is shut down');
    if (this.current && this.current.served >= this.pagesPerBrowser) this.retire(this.current);
    const generation = this.current ?? this.launch();
    generation.served++;
    generation.leased++;
    try {
      await generation.browser;
    } catch (err) {
      this.returnLease(generation);
      throw err;
    }
    return generation;
  }

  private launch(): BrowserGeneration {
    const failure = this.recentLaunchFailure();
    if (failure) throw failure;
    this.launches++;
    const generation: BrowserGeneration = { browser: launchChromium(this.executablePath, this.options.launchTimeoutMs ?? 30_000), served: 0, leased: 0, retired: false };
    this.current = generation;
    this.open.add(generation);
    generation.browser.then(
      (browser) => {
        // A crashed browser is replaced on the next render rather than failing every render after it.
        browser.on('disconnected', () => this.retire(generation));
        if (this.closed) void this.shutDown(generation);
      },
      (err: unknown) => {
        this.lastLaunchFailure = { at: Date.now(), error: err instanceof RenderUnavailableError ? err : new RenderUnavailableError(String(err)) };
        this.retire(generation);
      },
    );
    return generation;
  }

  /** No new pages go to `generation`; it is closed once its last page is done. */
  private retire(generation: BrowserGeneration): void {
    generation.retired = true;
    if (this.current === generation) this.current = undefined;
    if (generation.leased === 0) void this.shutDown(generation);
  }

  private returnLease(generation: BrowserGeneration): void {
    generation.leased--;
    if (generation.retired && generation.leased === 0) void this.shutDown(generation);
  }

  private async shutDown(generation: BrowserGeneration): Promise<void> {
    this.open.delete(generation);
    const browser = await generation.browser.catch(() => undefined);
    await browser?.close().catch(() => undefined);
  }

  /**
   * A context (with its guard and proxy) and a blank page, ready to navigate. Starting the page's renderer
   * process is ~160 ms of a loopback render (`npm run bench:render`), so one is kept ready in advance.
   */
  private async prepare(generation: BrowserGeneration, allowPrivate: boolean, userAgent: string | undefined, mobile: boolean): Promise<PreparedPage> {
    const browser = await generation.browser;
    const guard = new SsrfRouteGuard({ policy: this.options.addressPolicy ?? isPublicAddress, allowPrivate, blockedResourceTypes: BLOCKED_FOR_TEXT });
    const proxy = await startGuardProxy(guard);
    let context: BrowserContext | undefined;
    try {
      context = await browser.newContext({
        // All traffic through the guard proxy; Playwright adds `<-loopback>` so loopback is proxied too.
        proxy: { server: proxy.server },
        serviceWorkers: 'block', // their requests would bypass routing
        acceptDownloads: false,
        ...(userAgent ? { userAgent } : {}),
        viewport: mobile ? BROWSER_LIMITS.viewport.mobile : BROWSER_LIMITS.viewport.desktop,
        deviceScaleFactor: 1,
        ...(mobile ? { isMobile: true, hasTouch: true } : {}),
      });
      const page = await context.newPage();
      await guard.attach(context, page);
      return { generation, allowPrivate, userAgent, mobile, guard, proxy, context, page };
    } catch (err) {
      await context?.close().catch(() => undefined);
      await proxy.close();
      throw err;
    }
  }

  /** A page for this render: the ready one when it fits (same guard mode, agent and device, a live browser), else a new one. */
  private async pageFor(target: URL, options: RenderOptions): Promise<PreparedPage> {
    const allowPrivate = options.allowPrivate ?? false;
    const userAgent = options.userAgent ?? this.options.userAgent;
    const mobile = options.session?.mobile ?? false;
    const spare = await this.takeSpare();
    if (spare && !spare.generation.retired && spare.allowPrivate === allowPrivate && spare.userAgent === userAgent && spare.mobile === mobile && spare.context.browser()?.isConnected()) {
      // A page counts against its browser's `pagesPerBrowser` when it is used, not when it is made ready.
      spare.generation.served++;
      return spare;
    }
    if (spare) void this.dispose(spare);
    const generation = await this.leaseBrowser();
    try {
      const prepared = await this.prepare(generation, allowPrivate, userAgent, mobile);
      return prepared;
    } catch (err) {
      this.returnLease(generation);
      throw renderFailure(err, target); // the browser died under us; the next render relaunches it
    }
  }

  private async takeSpare(): Promise<PreparedPage | undefined> {
    const spare = this.spare;
    this.spare = undefined;
    return spare ? await spare : undefined;
  }

  /**
   * Starts preparing the next page while this one renders (never more than one waits), on the current
   * browser only: a browser is never launched, nor one retired, for a page that may not be needed.
   */
  private refillSpare(allowPrivate: boolean, userAgent: string | undefined): void {
    const generation = this.current;
    if (this.closed || this.spare || !generation || generation.retired || generation.served >= this.pagesPerBrowser) return;
    generation.leased++;
    this.spare = this.prepare(generation, allowPrivate, userAgent, false).catch(() => {
      this.returnLease(generation);
      return undefined;
    });
  }

  private async dispose(prepared: PreparedPage): Promise<void> {
    await prepared.context.close().catch(() => undefined);
    await prepared.proxy.close().catch(() => undefined);
    this.returnLease(prepared.generation);
  }

  /**
   * Closes a used page after its render has answered: closing a context takes 15–20 ms (more after a heavy page)
   * (`npm run bench:render`) that the caller need not wait for. Its page slot is released only once it is
   * closed, so no more than `maxConcurrentPages` contexts ever exist; `close()` waits for these.
   */
  private disposeLater(prepared: PreparedPage, release: () => void): void {
    const disposal = this.dispose(prepared).finally(() => {
      this.disposing.delete(disposal);
      release();
    });
    this.disposing.add(disposal);
  }

  /** Renders into a prepared page; `release` frees the render's slot once that page is closed. */
  private async renderWith(target: URL, options: RenderOptions, release: () => void): Promise<RenderedPage> {
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? 15_000;
    const session = options.session ?? {};
    let prepared: PreparedPage;
    try {
      prepared = await this.pageFor(target, options);
    } catch (err) {
      release();
      throw err;
    }
    const { guard, context, page } = prepared;
    // The next page is prepared while this one waits for its network to settle (mostly idle time), not while
    // it loads: a renderer starting then slows this page's load as much as it saves the next one.
    let refilled = false;
    const refill = () => {
      if (refilled || prepared.mobile) return;
      refilled = true;
      this.refillSpare(prepared.allowPrivate, prepared.userAgent);
    };
    try {
      guard.useFor({
        blockedResourceTypes: wantsPixels(session) ? BLOCKED_FOR_PIXELS : BLOCKED_FOR_TEXT,
        ...(session.headers ? { originHeaders: { origin: target.origin, headers: originHeaders(session.headers) } } : {}),
      });
      try {
        if (session.viewport) await page.setViewportSize(session.viewport);
        // Cookies of the caller's `cookie` header belong to the page's origin only, as its other headers do.
        const cookies = session.headers ? cookiesOf(session.headers, target) : [];
        if (cookies.length > 0) await context.addCookies(cookies);
      } catch (err) {
        throw renderFailure(err, target);
      }
      return await withDeadline(renderPage(page, guard, target, { timeoutMs, settleMs: this.options.settleMs ?? 2_000, onDocument: refill }, session), timeoutMs, target);
    } finally {
      this.disposeLater(prepared, release);
      refill();
    }
  }
}

/** Only absolute http(s) URLs without credentials are rendered; the guard judges the host. */
function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ExtractionError('invalid_request', `Not a valid absolute URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ExtractionError('invalid_request', `Only http and https URLs can be rendered, not ${url.protocol}`);
  if (url.username || url.password) throw new ExtractionError('invalid_request', 'URLs with credentials are not rendered');
  return url;
}

/**
 * The hard stop: a page stuck in a script loop never answers Playwright's calls, so the render
 * is abandoned at the deadline and its context closed by the caller.
 */
async function withDeadline<T>(work: Promise<T>, timeoutMs: number, target: URL): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ExtractionError('target_timeout', `${target.host} did not render in ${timeoutMs} ms`)), timeoutMs + 250);
  });
  work.catch(() => undefined); // its late failure, after the deadline won, is of no interest
  try {
    return await Promise.race([work, expiry]);
  } finally {
    clearTimeout(timer);
  }
}
