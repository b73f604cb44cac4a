import type { CrawlScope } from '../jobs/crawl/crawl-scope.js';
import type { RobotsMode } from '../contract/vocabulary.js';
import type { FetchOptions } from '../net/safe-fetch.js';
import { LinkCollector } from './link-collector.js';
import { MapBudget, type MapBudgetLimits } from './map-budget.js';
import type { MapContext, MapSkip } from './map-context.js';
import { collectSiteSitemaps } from './site-sitemaps.js';

export interface CrawlSeeds {
  /** Normalised URLs the crawl may admit, in sitemap order, at most the `limit` asked for. */
  urls: string[];
  /** More admissible URLs than `limit`, or sitemap files left unread (budget): for the logs. */
  truncated: boolean;
  skipped: MapSkip[];
}

/**
 * A crawl's `sitemap` seeding: one sitemap walk of the start URL's site (as POST /map reads it, within
 * MAP_BUDGET), each URL admitted by the crawl's own scope (same site, include/exclude patterns, the key's
 * policy as stored with the job) and by robots.txt unless `off`. Nothing is thrown for a missing or broken
 * sitemap: the crawl goes on with what was found (possibly nothing).
 */
export async function crawlSitemapSeeds(scope: CrawlScope, robots: RobotsMode, limit: number, fetch: FetchOptions, budget?: MapBudgetLimits): Promise<CrawlSeeds> {
  const ctx: MapContext = { fetch, policy: { allowDomains: scope.allowDomains, denyPatterns: scope.denyPatterns, respectRobots: robots }, budget: new MapBudget(budget), skipped: [] };
  const collector = new LinkCollector(scope, limit, robots, [], ctx);
  const unread = await collectSiteSitemaps(scope.startUrl, ctx, collector);
  const urls = collector.result().links.map((link) => link.url);
  return { urls, truncated: collector.overflow || collector.robotsOriginsCapped || unread || ctx.budget.exhausted !== null, skipped: ctx.skipped };
}
