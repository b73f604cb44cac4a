import type { ParsedSitemap } from './sitemap-xml.js';

/**
 * A plain-text sitemap (sitemaps.org "Text file"): UTF-8, one absolute URL per line, nothing else. Any
 * other line (an HTML page, a 404 text, a robots.txt) means the file is not one: null. A byte-order mark
 * and blank lines are tolerated; at most `maxEntries` URLs are kept, like an XML urlset.
 */
export function parseSitemapText(text: string, maxEntries: number): ParsedSitemap | null {
  const entries: { loc: string }[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (!/^https?:\/\/\S+$/i.test(line)) return null;
    if (entries.length < maxEntries) entries.push({ loc: line });
  }
  return entries.length > 0 ? { kind: 'urlset', entries } : null;
}
