import { normalizeUrl } from '../net/normalize-url.js';
import { boundedMap } from '../search/bounded-map.js';
import type { MapContext } from './map-context.js';
import { readSitemap } from './read-sitemap.js';
import type { SitemapEntry } from './sitemap-xml.js';

/** Sitemap files fetched at once: a site's sitemaps are usually on one host; this is the politeness. */
const SITEMAP_CONCURRENCY = 4;

/**
 * Reads sitemaps breadth-first from `roots`, following indexes (nested to any depth) and handing every
 * urlset's entries, in order, to `take`, which answers true once it wants no more. A sitemap URL is read
 * at most once per walk (by its normalised form), so an index that lists itself or its ancestors ends.
 * Returns true when files were left unread because a budget ran out.
 */
export async function walkSitemaps(roots: readonly string[], ctx: MapContext, take: (entries: readonly SitemapEntry[]) => Promise<boolean> | boolean): Promise<boolean> {
  const seen = new Set<string>();
  const fresh = (url: string, base?: string): string | null => {
    const key = normalizeUrl(url, base);
    if (!key || seen.has(key)) return null;
    seen.add(key);
    return key;
  };
  let level = roots.map((url) => fresh(url)).filter((url): url is string => url !== null);
  let unread = false;
  while (level.length > 0) {
    const granted: string[] = [];
    for (const url of level) {
      if (ctx.budget.over || !ctx.budget.takeFile()) {
        unread = true;
        break;
      }
      granted.push(url);
    }
    const parsed = await boundedMap(granted, SITEMAP_CONCURRENCY, async (url) => (ctx.budget.over ? null : readSitemap(url, ctx)));
    const next: string[] = [];
    for (const [index, sitemap] of parsed.entries()) {
      if (!sitemap) continue;
      if (sitemap.kind === 'urlset') {
        if (await take(sitemap.entries)) return unread;
        continue;
      }
      for (const child of sitemap.entries) {
        const url = fresh(child.loc, granted[index]);
        if (url) next.push(url);
      }
    }
    if (unread || ctx.budget.over) return true;
    level = next;
  }
  return false;
}
