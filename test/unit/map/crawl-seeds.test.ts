import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureRoute, type FixtureServer } from '../../support/fixture-server.js';
import { sitemapIndex, text, urlset, xml } from '../../support/sitemaps.js';
import { crawlSitemapSeeds } from '../../../src/map/crawl-seeds.js';
import type { CrawlScope } from '../../../src/jobs/crawl/crawl-scope.js';

/** A crawl's sitemap seeding against a loopback site: the crawl's own scope decides, before the limit. */

const onlyLoopback = (address: string) => address === '127.0.0.1';
const fetchOptions = { allowPrivate: false, addressPolicy: onlyLoopback, timeoutMs: 5000, maxBytes: 10 * 1024 * 1024, userAgent: 'Pith/test' };
let server: FixtureServer;

beforeAll(async () => {
  const routes: Record<string, FixtureRoute> = {};
  server = await startFixtureServer(routes);
  const url = server.url;
  Object.assign(routes, {
    '/robots.txt': text(`User-agent: *\nDisallow: /blocked/\nSitemap: ${url('/index.xml')}\n`),
    '/index.xml': xml(sitemapIndex([url('/a.xml'), url('/b.xml')])),
    '/a.xml': xml(urlset([...Array.from({ length: 10 }, (_, i) => url(`/other/${i}`)), url('/blocked/x'), url('/docs/1'), url('/docs/1?utm_source=feed')])),
    '/b.xml': xml(urlset([url('/docs/2'), url('/docs/secret'), 'https://elsewhere.example/docs/3', url('/docs/3')])),
  });
});

afterAll(async () => {
  await server.close();
});

const scope = (overrides: Partial<CrawlScope> = {}): CrawlScope => ({
  startUrl: server.url('/'),
  allowSubdomains: false,
  includePatterns: [],
  excludePatterns: [],
  allowDomains: null,
  denyPatterns: [],
  ...overrides,
});

describe('crawlSitemapSeeds', () => {
  it("applies the crawl's patterns, stored policy and robots.txt before counting against the limit", async () => {
    const seeds = await crawlSitemapSeeds(scope({ includePatterns: ['/docs/*'], denyPatterns: ['*/docs/secret'] }), 'advisory', 3, fetchOptions);
    expect(seeds).toEqual({ urls: [server.url('/docs/1'), server.url('/docs/2'), server.url('/docs/3')], truncated: false, skipped: [] });
  });

  it('stops at the limit and says so; robots off admits disallowed paths', async () => {
    const seeds = await crawlSitemapSeeds(scope({ includePatterns: ['/blocked/*', '/docs/*'] }), 'off', 2, fetchOptions);
    expect(seeds.urls).toEqual([server.url('/blocked/x'), server.url('/docs/1')]);
    expect(seeds.truncated).toBe(true);
  });

  it('finds nothing, without failing, on a site with no sitemap', async () => {
    const seeds = await crawlSitemapSeeds({ ...scope(), startUrl: 'http://127.0.0.1:1/' }, 'off', 10, { ...fetchOptions, timeoutMs: 1000 });
    expect(seeds.urls).toEqual([]);
    expect(seeds.skipped).toHaveLength(1);
  });
});
