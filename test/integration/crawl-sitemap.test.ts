import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proKey, startStack, type Stack } from '../support/stack.js';
import { startFixtureServer, type FixtureRoute, type FixtureServer } from '../support/fixture-server.js';
import { apiClient, pollUntil } from '../support/api.js';
import { gz, sitemapIndex, text, urlset, xml } from '../support/sitemaps.js';

/**
 * POST /crawl with `sitemap` (issue 19) against a loopback site whose sitemaps list pages the start page
 * does not link to: `include` crawls them after the start page's links, `only` crawls them instead of
 * following links, `skip` (the default) crawls as before; the page limit truncates the seeding too.
 */

const page = (title: string, links: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1>${Array.from({ length: 4 }, (_, i) => `<p>${title} paragraph ${i + 1}: a crawl seeded from sitemaps reaches pages no link leads to, within the same rules as links.</p>`).join('')}
<p>${links.map((href, i) => `<a href="${href}">link ${i}</a>`).join(' ')}</p></article></body></html>`;

let stack: Stack;
let site: FixtureServer;
let api: ReturnType<typeof apiClient>;
const routes: Record<string, FixtureRoute> = {};

beforeAll(async () => {
  site = await startFixtureServer(routes);
  const url = site.url;
  Object.assign(routes, {
    '/robots.txt': text(`User-agent: *\nDisallow: /disallowed\nSitemap: ${url('/sitemap_index.xml')}\n`),
    '/sitemap_index.xml': xml(sitemapIndex([url('/pages.xml.gz'), url('/more.xml'), url('/broken.xml')])),
    // A file that is no sitemap: skipped, and the job says so.
    '/broken.xml': { body: '<html><body>Not a sitemap</body></html>' },
    // Pages, then what the crawl's rules refuse: a PDF, robots-disallowed, another host, an excluded path.
    '/pages.xml.gz': gz(urlset([url('/s/one'), url('/s/two'), url('/report.pdf'), url('/disallowed'), 'http://localhost:1/elsewhere', url('/private/p')])),
    // The start page again and a page also linked from it: each is crawled once.
    '/more.xml': xml(urlset([url('/s/three'), url('/'), url('/linked')])),
    '/': { body: page('Start', ['/linked']) },
    '/linked': { body: page('Linked', ['/deep']) },
    '/deep': { body: page('Deep', []) },
    '/s/one': { body: page('Sitemap one', ['/s/one-child']) },
    '/s/two': { body: page('Sitemap two', []) },
    '/s/three': { body: page('Sitemap three', []) },
    '/s/one-child': { body: page('Child of one', []) },
    '/private/p': { body: page('Private', []) },
    '/disallowed': { body: page('Disallowed', []) },
  });
  stack = await startStack({ CRAWL_DELAY_MS: '0', CRAWL_CONCURRENCY: '2' });
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

async function crawlToEnd(key: string, body: object) {
  const submitted = await api.post('/crawl', body, key);
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const reads = await pollUntil(() => api.get(`/crawl/${submitted.body.job_id}`, key), (r) => ['done', 'failed'].includes(r.body.status), 60_000, 150);
  const final = reads.at(-1)!.body;
  const job = await stack.db.job.findUniqueOrThrow({ where: { id: submitted.body.job_id } });
  return { final, urls: (final.results as { url: string }[]).map((r) => r.url), input: job.input as Record<string, unknown> };
}

describe('POST /crawl sitemap', () => {
  it('validates the mode', async () => {
    const key = await proKey(stack, api);
    const bad = await api.post('/crawl', { url: site.url('/'), sitemap: 'all' }, key);
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toMatch(/^sitemap: must be one of include, only, skip/);
  });

  it('skip (the default) crawls links only and stores the input it always did', async () => {
    const key = await proKey(stack, api);
    const before = site.hits.get('/sitemap_index.xml') ?? 0;
    const { final, urls, input } = await crawlToEnd(key, { url: site.url('/'), depth: 1 });
    expect(final).toMatchObject({ status: 'done', truncated: false });
    expect(final).not.toHaveProperty('sitemap_seeding');
    expect(urls).toEqual([site.url('/'), site.url('/linked')]);
    expect(input).not.toHaveProperty('sitemap');
    expect(site.hits.get('/sitemap_index.xml') ?? 0).toBe(before);
    const explicit = await crawlToEnd(key, { url: site.url('/'), depth: 1, sitemap: 'skip' });
    expect(explicit.urls).toEqual(urls);
    expect(explicit.input).toEqual(input);
  });

  it("include admits the sitemap URLs after the start page's links, under the crawl's scope and robots.txt", async () => {
    const key = await proKey(stack, api);
    const { final, urls, input } = await crawlToEnd(key, { url: site.url('/'), depth: 1, sitemap: 'include', exclude_patterns: ['/private/*'] });
    expect(input).toMatchObject({ sitemap: 'include' });
    expect(final).toMatchObject({ status: 'done', truncated: false, total: 5, completed: 5 });
    // What the walk found is on the job: the admissible sitemap URLs (the start page and /linked among them) and the file it could not read.
    expect(final.sitemap_seeding).toEqual({ urls: 5, truncated: false, skipped: [{ url: site.url('/broken.xml'), reason: expect.stringMatching(/^not a sitemap/) }] });
    // Ordinal order: the start page, its link, then the sitemaps in order (the start page and /linked once each).
    expect(urls).toEqual([site.url('/'), site.url('/linked'), site.url('/s/one'), site.url('/s/two'), site.url('/s/three')]);
    // Sitemap URLs are depth 1: at depth 1 their links are not followed; nor were the refused entries fetched.
    for (const path of ['/s/one-child', '/deep', '/report.pdf', '/disallowed', '/private/p']) expect(site.hits.get(path), path).toBeUndefined();
  });

  it('include at depth 2 follows the links of sitemap pages too', async () => {
    const key = await proKey(stack, api);
    const { urls } = await crawlToEnd(key, { url: site.url('/'), depth: 2, sitemap: 'include' });
    expect(urls.slice(0, 6)).toEqual([site.url('/'), site.url('/linked'), site.url('/s/one'), site.url('/s/two'), site.url('/private/p'), site.url('/s/three')]);
    expect(new Set(urls.slice(6))).toEqual(new Set([site.url('/deep'), site.url('/s/one-child')]));
  });

  it('only crawls the start page and the sitemap URLs, following no links', async () => {
    const key = await proKey(stack, api);
    const childHits = site.hits.get('/s/one-child') ?? 0;
    const { final, urls } = await crawlToEnd(key, { url: site.url('/'), depth: 3, sitemap: 'only' });
    expect(final).toMatchObject({ status: 'done', truncated: false });
    expect(urls).toEqual([site.url('/'), site.url('/s/one'), site.url('/s/two'), site.url('/private/p'), site.url('/s/three'), site.url('/linked')]);
    expect(site.hits.get('/s/one-child') ?? 0).toBe(childHits);
  });

  it('the page limit truncates the seeding (page_limit)', async () => {
    const key = await proKey(stack, api);
    const included = await crawlToEnd(key, { url: site.url('/'), sitemap: 'include', limit: 3 });
    expect(included.final).toMatchObject({ status: 'done', total: 3, completed: 3, truncated: true, truncated_reason: 'page_limit' });
    expect(included.urls).toEqual([site.url('/'), site.url('/linked'), site.url('/s/one')]);
    expect(included.final.sitemap_seeding).toMatchObject({ urls: 3, truncated: true });
    const only = await crawlToEnd(key, { url: site.url('/'), sitemap: 'only', limit: 2 });
    expect(only.final).toMatchObject({ total: 2, truncated: true, truncated_reason: 'page_limit' });
    expect(only.urls).toEqual([site.url('/'), site.url('/s/one')]);
  });
});
