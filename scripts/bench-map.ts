/**
 * npm run bench:map [-- --sitemaps 10 --urls 5000 --limit 50000 --rounds 3 --gzip 1]
 * The speed target of POST /map (issue 19): a site on 127.0.0.1 whose robots.txt names a sitemap index
 * listing 10 sitemaps of 5,000 URLs each, mapped with `limit: 50000` (the Growth cap). It runs the map
 * use case in this process (src/map/map-site.ts: robots.txt, index, every sitemap fetched through the
 * SSRF-guarded fetcher, parsed, normalised, scoped, robots-checked, de-duplicated) — not the HTTP layer
 * (auth, metering: a few ms). Each round uses a fresh server port, so robots.txt is not cached between
 * rounds. Progress on stderr, one JSON line of figures on stdout. Target: under 3 s.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { step } from './lib/log.js';
import { numberArg, percentile, round } from './lib/bench-figures.js';
import { mapSite } from '../src/map/map-site.js';

const sitemaps = numberArg('sitemaps', 10);
const urlsPerSitemap = numberArg('urls', 5000);
const limit = numberArg('limit', 50_000);
const rounds = numberArg('rounds', 3);
const gzip = numberArg('gzip', 0) === 1;

function siteFiles(origin: string): Map<string, { type: string; body: Buffer }> {
  const files = new Map<string, { type: string; body: Buffer }>();
  const ext = gzip ? '.xml.gz' : '.xml';
  const pack = (xml: string) => (gzip ? { type: 'application/gzip', body: gzipSync(xml) } : { type: 'application/xml', body: Buffer.from(xml) });
  files.set('/robots.txt', { type: 'text/plain', body: Buffer.from(`User-agent: *\nDisallow: /admin/\nSitemap: ${origin}/sitemap_index.xml\n`) });
  const children = Array.from({ length: sitemaps }, (_, i) => `${origin}/sitemap-${i}${ext}`);
  files.set('/sitemap_index.xml', { type: 'application/xml', body: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${children.map((loc) => `<sitemap><loc>${loc}</loc><lastmod>2024-05-01</lastmod></sitemap>`).join('\n')}\n</sitemapindex>\n`) });
  for (let s = 0; s < sitemaps; s++) {
    const entries = Array.from({ length: urlsPerSitemap }, (_, i) => `<url><loc>${origin}/section-${s}/article-${i}-some-readable-slug?page=${i % 7}</loc><lastmod>2024-05-${String((i % 28) + 1).padStart(2, '0')}T10:00:00+00:00</lastmod><changefreq>weekly</changefreq></url>`);
    files.set(`/sitemap-${s}${ext}`, pack(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`));
  }
  files.set('/', { type: 'text/html', body: Buffer.from(`<html><body>${Array.from({ length: 50 }, (_, i) => `<a href="/nav/${i}">Nav ${i}</a>`).join(' ')}</body></html>`) });
  return files;
}

async function serveSite(): Promise<{ origin: string; bytes: number; close(): Promise<void> }> {
  let files = new Map<string, { type: string; body: Buffer }>();
  const server = http.createServer((req, res) => {
    const file = files.get((req.url ?? '/').split('?')[0] ?? '/');
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  files = siteFiles(origin);
  const bytes = [...files.values()].reduce((sum, f) => sum + f.body.length, 0);
  return { origin, bytes, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

const timings: number[] = [];
let last: Awaited<ReturnType<typeof mapSite>> | undefined;
step(`bench:map — ${sitemaps} sitemaps × ${urlsPerSitemap} URLs${gzip ? ' (gzip)' : ''}, limit ${limit}, ${rounds} rounds`);
for (let r = 1; r <= rounds; r++) {
  const site = await serveSite();
  step(`round ${r}: site on ${site.origin} (${round(site.bytes / 1024 / 1024)} MB of sitemaps), mapping…`);
  const t0 = performance.now();
  last = await mapSite(
    { url: `${site.origin}/`, limit, includeSubdomains: false, sitemap: 'include' },
    {
      fetch: { allowPrivate: false, addressPolicy: (address) => address === '127.0.0.1', timeoutMs: 15_000, maxBytes: 10 * 1024 * 1024, userAgent: 'Pith/bench' },
      policy: { allowDomains: null, denyPatterns: [], respectRobots: 'advisory' },
    },
  );
  const ms = performance.now() - t0;
  timings.push(ms);
  step(`round ${r}: ${last.links.length} links (sitemap ${last.sources.sitemap}, page ${last.sources.page}), truncated ${last.truncated}, ${round(ms, 0)} ms`);
  await site.close();
}
const median = percentile(timings, 50);
step(`median ${round(median, 0)} ms for ${last?.links.length} links — target < 3000 ms: ${median < 3000 ? 'met' : 'NOT met'}`);
process.stdout.write(`${JSON.stringify({ sitemaps, urls_per_sitemap: urlsPerSitemap, limit, gzip, links: last?.links.length, truncated: last?.truncated, rounds_ms: timings.map((t) => round(t, 0)), median_ms: round(median, 0) })}\n`);
