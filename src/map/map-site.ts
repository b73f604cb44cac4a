import type { Policy } from '../accounts/key-policy.js';
import type { SitemapMode } from '../contract/vocabulary.js';
import { ExtractionError } from '../contract/extraction-error.js';
import { normalizeUrl } from '../net/normalize-url.js';
import type { FetchOptions } from '../net/safe-fetch.js';
import { LinkCollector, type MapLink } from './link-collector.js';
import { MapBudget, type MapBudgetLimits } from './map-budget.js';
import { noteSkip, type MapContext, type MapSkip } from './map-context.js';
import { searchWords } from './rank-links.js';
import { collectSiteSitemaps } from './site-sitemaps.js';
import { startPageLinks } from './start-page-links.js';

export interface MapRequest {
  url: string;
  /** Already capped by plan. */
  limit: number;
  includeSubdomains: boolean;
  sitemap: SitemapMode;
  search?: string | undefined;
}

export interface MapOptions {
  /** SSRF-guarded fetch settings; `maxBytes` bounds the start page, `timeoutMs` each request. */
  fetch: FetchOptions;
  /** The key's policy tightened by the request (allow/deny and robots mode). */
  policy: Policy;
  /** MAP_BUDGET unless a test or the crawl seeding says otherwise. */
  budget?: MapBudgetLimits;
}

export interface MapResult {
  links: MapLink[];
  /** How many of the returned links each source contributed (a link in both counts for the sitemap). */
  sources: { sitemap: number; page: number };
  truncated: boolean;
  /** Files not read, or read in part, with the reason. */
  skipped: MapSkip[];
}

/**
 * The site's URLs from its sitemaps (robots.txt `Sitemap:` lines, else /sitemap.xml; indexes followed)
 * and the start page's links, under the crawl's scope rules, the key's policy and robots.txt, within
 * one budget. The start page is read alongside the sitemaps; its failure is the map's failure only
 * when nothing else was found.
 */
export async function mapSite(request: MapRequest, options: MapOptions): Promise<MapResult> {
  const ctx: MapContext = { fetch: options.fetch, policy: options.policy, budget: new MapBudget(options.budget), skipped: [] };
  const startUrl = normalizeUrl(request.url) ?? request.url;
  const scope = { startUrl, allowSubdomains: request.includeSubdomains, includePatterns: [], excludePatterns: [], allowDomains: options.policy.allowDomains, denyPatterns: options.policy.denyPatterns };
  const collector = new LinkCollector(scope, request.limit, options.policy.respectRobots, request.search ? searchWords(request.search) : [], ctx);

  // Started at once, read after the sitemaps: sitemap links come first in the answer.
  const page = request.sitemap === 'only' ? null : startPageLinks(startUrl, ctx, options.fetch.maxBytes).then((value) => ({ value }), (error: unknown) => ({ error }));
  let sitemapsUnread = false;
  if (request.sitemap !== 'skip') {
    sitemapsUnread = await collectSiteSitemaps(startUrl, ctx, collector);
  }
  if (page) {
    const outcome = await page;
    if ('value' in outcome) {
      await collector.add([{ href: outcome.value.url, base: outcome.value.url }, ...outcome.value.links.map((link) => ({ href: link.href, base: outcome.value.url, title: link.title }))], 'page');
    } else {
      if (!(outcome.error instanceof ExtractionError)) throw outcome.error;
      const found = collector.result().links.length;
      if (found === 0) throw outcome.error;
      noteSkip(ctx, startUrl, `${outcome.error.code}: ${outcome.error.message}`);
    }
  }
  const { links, sources } = collector.result();
  const truncated = collector.overflow || collector.robotsOriginsCapped || sitemapsUnread || ctx.budget.exhausted !== null;
  return { links, sources, truncated, skipped: ctx.skipped };
}
