import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { startFixtureServer, type FixtureRoute, type FixtureServer } from '../../support/fixture-server.js';
import { gz, sitemapIndex, text, urlset, xml } from '../../support/sitemaps.js';
import { mapSite, type MapOptions, type MapRequest } from '../../../src/map/map-site.js';
import type { Policy } from '../../../src/accounts/key-policy.js';

/**
 * The map use case against real HTTP servers on loopback. The address policy admits 127.0.0.1 only, so
 * a sitemap pointing at any other address meets the SSRF guard exactly as a public deployment would.
 */

const servers: FixtureServer[] = [];
const onlyLoopback = (address: string) => address === '127.0.0.1';
const openPolicy: Policy = { allowDomains: null, denyPatterns: [], respectRobots: 'advisory' };

async function site(build: (url: (path: string) => string) => Record<string, FixtureRoute>): Promise<FixtureServer> {
  const routes: Record<string, FixtureRoute> = {};
  const server = await startFixtureServer(routes);
  Object.assign(routes, build(server.url));
  servers.push(server);
  return server;
}

function run(server: FixtureServer, request: Partial<MapRequest> = {}, options: Partial<MapOptions> = {}) {
  return mapSite(
    { url: server.url('/'), limit: 5000, includeSubdomains: false, sitemap: 'include', ...request },
    { fetch: { allowPrivate: false, addressPolicy: onlyLoopback, timeoutMs: 5000, maxBytes: 10 * 1024 * 1024, userAgent: 'Pith/test' }, policy: openPolicy, ...options },
  );
}

const home = (links: string) => ({ body: `<!doctype html><html><head><title>Home</title></head><body>${links}</body></html>` });

let main: FixtureServer;

beforeAll(async () => {
  main = await site((url) => ({
    '/robots.txt': text(`User-agent: *\nDisallow: /private/\nSitemap: ${url('/index.xml')}\n`),
    '/index.xml': xml(sitemapIndex([url('/posts.xml.gz'), url('/nested-index.xml')])),
    '/nested-index.xml': xml(sitemapIndex([url('/pages.xml')])),
    '/posts.xml.gz': gz(urlset([{ loc: url('/posts/1'), lastmod: '2024-05-01' }, { loc: url('/posts/2?utm_source=x'), lastmod: 'not a date' }, url('/private/secret')])),
    '/pages.xml': xml(urlset([url('/about'), url('/posts/1#top'), url('/logo.png'), 'https://elsewhere.example/page', url('/docs/getting-started')])),
    '/': home(`<a href="/about">About us</a> <a href="/contact">Contact <b>the team</b></a> <a href="https://other.example/x">Other</a> <a href="/private/admin">Admin</a>`),
  }));
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('mapSite', () => {
  it('reads robots.txt Sitemap lines, nested and gzipped indexes and the start page, under the crawl rules', async () => {
    const result = await run(main);
    expect(result.links).toEqual([
      { url: main.url('/posts/1'), lastmod: '2024-05-01' },
      { url: main.url('/posts/2') },
      { url: main.url('/about'), title: 'About us' },
      { url: main.url('/docs/getting-started') },
      { url: main.url('/') },
      { url: main.url('/contact'), title: 'Contact the team' },
    ]);
    expect(result.sources).toEqual({ sitemap: 4, page: 2 });
    expect(result.truncated).toBe(false);
    expect(result.skipped).toEqual([]);
  });

  it('reads only the sitemaps, or only the start page, as asked', async () => {
    const only = await run(main, { sitemap: 'only' });
    expect(only.links.map((l) => l.url)).toEqual([main.url('/posts/1'), main.url('/posts/2'), main.url('/about'), main.url('/docs/getting-started')]);
    expect(only.sources).toEqual({ sitemap: 4, page: 0 });
    const skip = await run(main, { sitemap: 'skip' });
    expect(skip.links.map((l) => l.url)).toEqual([main.url('/'), main.url('/about'), main.url('/contact')]);
    expect(skip.sources).toEqual({ sitemap: 0, page: 3 });
  });

  it('lists robots-disallowed links only with respect_robots off, and never what the key denies', async () => {
    const off = await run(main, { sitemap: 'only' }, { policy: { ...openPolicy, respectRobots: 'off' } });
    expect(off.links.map((l) => l.url)).toContain(main.url('/private/secret'));
    const denied = await run(main, { sitemap: 'only' }, { policy: { ...openPolicy, respectRobots: 'off', denyPatterns: ['*/posts/*'] } });
    expect(denied.links.map((l) => l.url)).toEqual([main.url('/private/secret'), main.url('/about'), main.url('/docs/getting-started')]);
  });

  it('stops at limit with truncated, and ranks by the search words', async () => {
    const limited = await run(main, { limit: 2 });
    expect(limited.links).toHaveLength(2);
    expect(limited.truncated).toBe(true);
    const searched = await run(main, { search: 'team posts' });
    expect(searched.links.map((l) => l.url)).toEqual([main.url('/posts/1'), main.url('/posts/2'), main.url('/contact')]);
    const ranked = await run(main, { search: 'getting started docs' });
    expect(ranked.links.map((l) => l.url)).toEqual([main.url('/docs/getting-started')]);
  });

  it('with search words, answers the best matches of everything read, not the first found', async () => {
    // Weak matches come first in the sitemap; the strong one is its last entry, past the limit.
    const server = await site((url) => ({
      '/sitemap.xml': xml(urlset([url('/pricing'), url('/pricing/faq'), url('/blog/pricing-news'), url('/docs/api/pricing')])),
      '/': home(''),
    }));
    const result = await run(server, { sitemap: 'only', search: 'docs api pricing', limit: 2 });
    expect(result.links.map((l) => l.url)).toEqual([server.url('/docs/api/pricing'), server.url('/pricing')]);
    expect(result.truncated).toBe(true);
    expect(result.sources).toEqual({ sitemap: 2, page: 0 });
  });

  it('reads a plain-text sitemap (one URL per line), and refuses a text file that holds anything else', async () => {
    const server = await site((url) => ({
      '/robots.txt': text(`Sitemap: ${url('/urls.txt')}\nSitemap: ${url('/notes.txt')}\n`),
      '/urls.txt': text(`\uFEFF${url('/one')}\r\n\r\n${url('/two')}\nhttps://elsewhere.example/three\n`),
      '/notes.txt': text(`${url('/four')}\nThese are our pages.\n`),
      '/': home(''),
    }));
    const result = await run(server, { sitemap: 'only' });
    expect(result.links.map((l) => l.url)).toEqual([server.url('/one'), server.url('/two')]);
    expect(result.skipped).toEqual([{ url: server.url('/notes.txt'), reason: expect.stringMatching(/not a sitemap: .*nor a text file of URLs/) }]);
  });

  it('falls back to /sitemap.xml when robots.txt lists none', async () => {
    const server = await site((url) => ({ '/sitemap.xml': xml(urlset([url('/a'), url('/b')])), '/': home('') }));
    const result = await run(server, { sitemap: 'only' });
    expect(result.links.map((l) => l.url)).toEqual([server.url('/a'), server.url('/b')]);
  });

  it('answers with the start page alone when the sitemap is not XML, and says why', async () => {
    const server = await site((url) => ({
      '/robots.txt': text(`Sitemap: ${url('/sitemap.xml')}\nSitemap: ${url('/feed.json')}\n`),
      '/sitemap.xml': { body: '<html><body><p>Welcome!</p></body></html>' },
      '/feed.json': { headers: { 'content-type': 'application/json' }, body: '{"urls": ["/x"]}' },
      '/': home('<a href="/a">A</a>'),
    }));
    const result = await run(server);
    expect(result.links.map((l) => l.url)).toEqual([server.url('/'), server.url('/a')]);
    expect(result.truncated).toBe(false);
    expect(result.skipped.map((s) => s.url)).toEqual([server.url('/sitemap.xml'), server.url('/feed.json')]);
    expect(result.skipped[0]!.reason).toMatch(/not a sitemap: root element <html>/);
    expect(result.skipped[1]!.reason).toMatch(/not a sitemap: not XML/);
  });

  it('keeps the entries before a break in the XML', async () => {
    const server = await site((url) => ({ '/sitemap.xml': xml(`<urlset><url><loc>${url('/ok')}</loc></url><url><loc>${url('/cut')}</loc`), '/': home('') }));
    const result = await run(server, { sitemap: 'only' });
    expect(result.links.map((l) => l.url)).toEqual([server.url('/ok')]);
    expect(result.skipped[0]!.reason).toMatch(/broken XML after 1 entries/);
  });

  it('stops a gzip bomb at the byte budget, quickly', async () => {
    // 200 MB of one repeated entry compresses to well under 1 MB.
    const entry = '<url><loc>http://127.0.0.1/same</loc></url>';
    const bomb = gzipSync(Buffer.concat([Buffer.from('<urlset>'), Buffer.alloc(200 * 1024 * 1024, ' ')]), { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const server = await site((url) => ({
      '/robots.txt': text(`Sitemap: ${url('/bomb.xml.gz')}\nSitemap: ${url('/after.xml')}\n`),
      '/bomb.xml.gz': { headers: { 'content-type': 'application/gzip' }, body: bomb },
      '/after.xml': xml(urlset([url('/never-read') + entry.slice(0, 0)])),
      '/': home(''),
    }));
    const started = Date.now();
    const result = await run(server, { sitemap: 'only' }, { budget: { sitemapFiles: 50, bytes: 5 * 1024 * 1024, deadlineMs: 30_000 } });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.truncated).toBe(true);
    expect(result.skipped.find((s) => s.url === server.url('/bomb.xml.gz'))?.reason).toMatch(/byte budget/);
  });

  it('refuses data that claims to be gzip but is not', async () => {
    const server = await site((url) => ({
      '/sitemap.xml': { headers: { 'content-type': 'application/gzip' }, body: Buffer.concat([Buffer.from([0x1f, 0x8b]), deflateRawSync('garbage')]) },
      '/': home(`<a href="${url('/a')}">A</a>`),
    }));
    const result = await run(server);
    expect(result.links.map((l) => l.url)).toEqual([server.url('/'), server.url('/a')]);
    expect(result.skipped[0]!.reason).toMatch(/not valid gzip/);
  });

  it('reads an index that lists itself once, and never fetches a private address it points at', async () => {
    const server = await site((url) => ({
      '/sitemap.xml': xml(sitemapIndex([url('/sitemap.xml'), url('/sitemap.xml?utm_source=loop'), 'http://10.0.0.1/internal.xml', 'http://127.0.0.2/internal.xml', url('/leaf.xml')])),
      '/leaf.xml': xml(sitemapIndex([url('/sitemap.xml'), url('/urls.xml')])),
      '/urls.xml': xml(urlset([url('/page')])),
      '/': home(''),
    }));
    const result = await run(server, { sitemap: 'only' });
    expect(result.links.map((l) => l.url)).toEqual([server.url('/page')]);
    expect(server.hits.get('/sitemap.xml')).toBe(1);
    expect(server.hits.get('/leaf.xml')).toBe(1);
    const refused = result.skipped.filter((s) => s.reason.startsWith('unsafe_url'));
    expect(refused.map((s) => s.url)).toEqual(['http://10.0.0.1/internal.xml', 'http://127.0.0.2/internal.xml']);
  });

  it('reads at most the budget of sitemap files', async () => {
    const server = await site((url) => {
      const routes: Record<string, FixtureRoute> = { '/sitemap.xml': xml(sitemapIndex(Array.from({ length: 60 }, (_, i) => url(`/part-${i}.xml`)))), '/': home('') };
      for (let i = 0; i < 60; i++) routes[`/part-${i}.xml`] = xml(urlset([url(`/p/${i}`)]));
      return routes;
    });
    const result = await run(server, { sitemap: 'only' });
    // The index is the first of the 50 files.
    expect(result.links).toHaveLength(49);
    expect(result.truncated).toBe(true);
    expect(server.hits.get('/part-49.xml')).toBeUndefined();
  });

  it('answers by the deadline with what it has when a sitemap hangs', async () => {
    const server = await site((url) => ({
      '/robots.txt': text(`Sitemap: ${url('/fast.xml')}\nSitemap: ${url('/slow.xml')}\n`),
      '/fast.xml': xml(urlset([url('/fast')])),
      '/slow.xml': { ...xml(urlset([url('/slow')])), delayMs: 10_000 },
      '/': home(''),
    }));
    const started = Date.now();
    const result = await run(server, { sitemap: 'only' }, { budget: { sitemapFiles: 50, bytes: 50 * 1024 * 1024, deadlineMs: 800 } });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result.links.map((l) => l.url)).toEqual([server.url('/fast')]);
    expect(result.truncated).toBe(true);
  });

  it('reads a 10 MB robots.txt up to its first 512 KiB', async () => {
    const server = await site((url) => ({
      '/robots.txt': text(`User-agent: *\nDisallow: /hidden\nSitemap: ${url('/sitemap.xml')}\n${'# filler line\n'.repeat(800_000)}Sitemap: ${url('/late.xml')}\n`),
      '/sitemap.xml': xml(urlset([url('/visible'), url('/hidden')])),
      '/late.xml': xml(urlset([url('/late')])),
      '/': home(''),
    }));
    const result = await run(server, { sitemap: 'only' });
    expect(result.links.map((l) => l.url)).toEqual([server.url('/visible')]);
    expect(server.hits.get('/late.xml')).toBeUndefined();
  });

  it('fails with the start page error when nothing was found', async () => {
    const server = await site(() => ({ '/': { status: 500, body: 'down' } }));
    await expect(run(server)).rejects.toMatchObject({ code: 'target_http_error' });
    const sitemapsOnly = await run(server, { sitemap: 'only' });
    expect(sitemapsOnly).toMatchObject({ links: [], truncated: false });
  });
});
