import type { LookupAddress } from 'node:dns';
import type { BrowserContext, Page, Request, Route } from 'playwright';
import { ExtractionError } from '../../contract/extraction-error.js';
import type { AddressPolicy } from '../../net/address-policy.js';
import { resolveAll, resolveAndCheck, type HostRefusal } from '../../net/resolve-and-check.js';

export interface Refusal {
  url: string;
  /** `unsafe`: an address the policy refuses; `scheme`: not http(s)/ws(s); `unresolvable`: no DNS answer. */
  reason: 'unsafe' | 'scheme' | 'unresolvable';
  detail: string;
  /** Set when the route handler refused it (the proxy sees no Playwright request). */
  request?: Request;
}

/** Where a request may go: the addresses checked (connect to these and no others), or why not. */
export type TargetVerdict = { allowed: true; addresses: string[] | undefined } | { allowed: false; refusal: Refusal };

export interface GuardOptions {
  policy: AddressPolicy;
  /** Lifts the address policy (local development and tests only); schemes are still checked. */
  allowPrivate: boolean;
  /** Playwright resource types aborted before any check (images, fonts, media: not needed for text). */
  blockedResourceTypes: ReadonlySet<string>;
  /** The caller's headers, added to requests for this origin (the page's own) and no other. */
  originHeaders?: { origin: string; headers: Record<string, string> };
}

const NETWORK_SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:']);
// data: and blob: are served from memory; they make no network request.
const LOCAL_SCHEMES = new Set(['data:', 'blob:']);

/**
 * Browser APIs that open connections outside the HTTP stack (and so outside the proxy): WebRTC
 * (also limited by a launch flag) and WebTransport (HTTP/3; QUIC is disabled at launch as well).
 */
const REMOVE_UNPROXIED_APIS = `
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'WebTransport']) {
    try { delete globalThis[name]; } catch {}
  }`;

const ignore = () => undefined;

/** The guard's wording of a host refusal, as the render error will show it. */
function refusalOf(url: URL, refusal: HostRefusal): Pick<Refusal, 'reason' | 'detail'> {
  switch (refusal.kind) {
    case 'dns_failed':
      return { reason: 'unresolvable', detail: `${url.hostname}: ${refusal.error.code ?? 'no address'}` };
    case 'no_address':
      return { reason: 'unresolvable', detail: `${url.hostname} has no address` };
    case 'refused':
      return { reason: 'unsafe', detail: `${url.hostname} resolves to a refused address (${refusal.address})` };
  }
}

/**
 * The SSRF guard of one render, enforced in two places that share one DNS resolution per host:
 *
 * - Playwright routing (`attach`): every request the page makes is checked before it is sent and
 *   aborted if refused; it also drops images, fonts and media, and tells which refusal stopped the
 *   main frame. Playwright does not route redirect hops, nor do preconnects pass through it.
 * - The guard proxy (guard-proxy.ts), through which the context sends all its traffic: it checks
 *   every hop again, redirects and WebSockets included, and connects to the addresses checked here,
 *   so a name re-resolving to a private address after the check (DNS rebinding) is never reached.
 */
export class SsrfRouteGuard {
  readonly refusals: Refusal[] = [];
  /** One resolution per host per render: the browser's many sub-requests share it. */
  private readonly resolutions = new Map<string, Promise<LookupAddress[]>>();
  /** Hosts the main frame navigated to (redirect hops included), to attribute the proxy's refusals. */
  private readonly mainFrameHosts = new Set<string>();

  constructor(private readonly options: GuardOptions) {}

  /** What this render asks beyond the address policy: set before the page navigates (a pre-warmed page learns it late). */
  useFor(request: Pick<GuardOptions, 'blockedResourceTypes' | 'originHeaders'>): void {
    this.options.blockedResourceTypes = request.blockedResourceTypes;
    if (request.originHeaders) this.options.originHeaders = request.originHeaders;
    else delete this.options.originHeaders;
  }

  async attach(context: BrowserContext, page: Page): Promise<void> {
    await context.addInitScript(REMOVE_UNPROXIED_APIS);
    await context.route('**/*', (route) => this.onRoute(route));
    page.on('request', (request) => {
      if (request.isNavigationRequest() && frameOf(request) === page.mainFrame()) this.mainFrameHosts.add(new URL(request.url()).host);
    });
  }

  async check(url: URL): Promise<TargetVerdict> {
    const refuse = (reason: Refusal['reason'], detail: string): TargetVerdict => ({ allowed: false, refusal: { url: url.href, reason, detail } });
    if (LOCAL_SCHEMES.has(url.protocol)) return { allowed: true, addresses: undefined };
    if (!NETWORK_SCHEMES.has(url.protocol)) return refuse('scheme', `${url.protocol} is not fetched`);
    if (this.options.allowPrivate) return { allowed: true, addresses: undefined };
    const checked = await resolveAndCheck(url.hostname, this.options.policy, this.resolveOnce);
    if (!checked.allowed) return { allowed: false, refusal: { url: url.href, ...refusalOf(url, checked.refusal) } };
    return { allowed: true, addresses: checked.addresses.map((a) => a.address) };
  }

  /** The refusal that stopped a navigation of the page's main frame, as the render's error. */
  mainFrameRefusal(page: Page): ExtractionError | undefined {
    const refusal = this.refusals.find((r) =>
      r.request ? r.request.isNavigationRequest() && frameOf(r.request) === page.mainFrame() : this.mainFrameHosts.has(new URL(r.url).host),
    );
    if (!refusal) return undefined;
    if (refusal.reason === 'unresolvable') return new ExtractionError('fetch_failed', `Could not resolve ${refusal.detail}`);
    return new ExtractionError('unsafe_url', `Refused to load ${refusal.url}: ${refusal.detail}`);
  }

  /** Resolves each name once per render; the policy still judges the answer at every check. */
  private readonly resolveOnce = (hostname: string): Promise<LookupAddress[]> => {
    let resolution = this.resolutions.get(hostname);
    if (!resolution) {
      resolution = resolveAll(hostname);
      this.resolutions.set(hostname, resolution);
    }
    return resolution;
  };

  private async onRoute(route: Route): Promise<void> {
    const request = route.request();
    if (this.options.blockedResourceTypes.has(request.resourceType())) return route.abort('blockedbyclient').catch(ignore);
    const verdict = await this.check(new URL(request.url()));
    if (!verdict.allowed) {
      this.refusals.push({ ...verdict.refusal, request });
      return route.abort(verdict.refusal.reason === 'unresolvable' ? 'namenotresolved' : 'blockedbyclient').catch(ignore);
    }
    const extra = this.options.originHeaders;
    if (extra && new URL(request.url()).origin === extra.origin) {
      // Playwright applies these to this request only, not to a redirect it answers with: another origin never sees them.
      return route.continue({ headers: { ...(await request.allHeaders()), ...extra.headers } }).catch(ignore);
    }
    return route.continue().catch(ignore);
  }
}

function frameOf(request: Request) {
  try {
    return request.frame();
  } catch {
    return undefined; // service-worker requests have no frame
  }
}
