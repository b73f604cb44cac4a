import { gzipSync } from 'node:zlib';

/** Sitemap fixtures (sitemaps.org XML) for the map tests and `npm run bench:map`. */

export function urlset(entries: readonly (string | { loc: string; lastmod?: string })[]): string {
  const items = entries.map((e) => (typeof e === 'string' ? { loc: e } : e));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items
    .map((e) => `<url><loc>${e.loc}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`)
    .join('\n')}\n</urlset>\n`;
}

export function sitemapIndex(locs: readonly string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs
    .map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
}

export const xml = (body: string) => ({ headers: { 'content-type': 'application/xml' }, body });
export const gz = (body: string | Buffer) => ({ headers: { 'content-type': 'application/gzip' }, body: gzipSync(body) });
export const text = (body: string) => ({ headers: { 'content-type': 'text/plain' }, body });
