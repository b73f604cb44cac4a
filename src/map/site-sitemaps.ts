import { robotsSitemaps } from '../net/robots.js';
import type { LinkCollector } from './link-collector.js';
import { fetchWithinBudget, type MapContext } from './map-context.js';
import { walkSitemaps } from './sitemap-walk.js';

/**
 * The site's sitemaps into `collector` (as `sitemap` links): the robots.txt `Sitemap:` lines of the start
 * URL's origin, else /sitemap.xml; indexes followed, all within `ctx`'s budget. Shared by POST /map and a
 * crawl's sitemap seeding. True when files were left unread because the budget ran out.
 */
export async function collectSiteSitemaps(startUrl: string, ctx: MapContext, collector: LinkCollector): Promise<boolean> {
  const listed = await robotsSitemaps(startUrl, fetchWithinBudget(ctx, ctx.fetch.maxBytes));
  const roots = listed.length > 0 ? listed : [new URL('/sitemap.xml', startUrl).href];
  return walkSitemaps(roots, ctx, (entries) => collector.add(entries.map((entry) => ({ href: entry.loc, base: entry.loc, title: entry.title, lastmod: entry.lastmod })), 'sitemap'));
}
