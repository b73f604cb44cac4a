import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';
import { startFixtureServer, type FixtureRoute, type FixtureServer } from '../support/fixture-server.js';
import { apiClient } from '../support/api.js';
import { gz, sitemapIndex, text, urlset, xml } from '../support/sitemaps.js';
import { limitsOf, type PlanName } from '../../src/contract/plans.js';

/** POST /map through the whole API (auth, scope, validation, policy, metering) against sitemaps served on loopback. */

let stack: Stack;
let site: FixtureServer;
let api: ReturnType<typeof apiClient>;
const routes: Record<string, FixtureRoute> = {};

beforeAll(async () => {
  site = await startFixtureServer(routes);
  const url = site.url;
  Object.assign(routes, {
    '/robots.txt': text(`User-agent: *\nSitemap: ${url('/sitemap_index.xml')}\n`),
    '/sitemap_index.xml': xml(sitemapIndex([url('/blog.xml.gz'), url('/big.xml')])),
    '/blog.xml.gz': gz(urlset([{ loc: url('/blog/hello-world'), lastmod: '2024-05-01' }, url('/blog/second-post')])),
    '/big.xml': xml(urlset(Array.from({ length: 1500 }, (_, i) => url(`/item/${i}`)))),
    '/': { body: '<html><head><title>Home</title></head><body><a href="/about">About</a></body></html>' },
    '/down': { status: 503, body: 'maintenance' },
  });
  stack = await startStack();
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

async function accountOn(plan: PlanName) {
  const account = await api.register();
  if (plan !== 'free') await stack.db.account.update({ where: { id: account.account_id }, data: { plan } });
  return account;
}

const metered = async (accountId: string) =>
  (await stack.db.usageEvent.findMany({ where: { accountId, endpoint: 'POST /map' } })).reduce((sum, event) => sum + event.units, 0);

describe('POST /map', () => {
  it("answers a site's URLs from its sitemaps and start page, metered as one request", async () => {
    const account = await accountOn('pro');
    const res = await api.post('/map', { url: site.url('/') }, account.api_key);
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['links', 'skipped', 'sources', 'truncated']);
    expect(res.body.links.slice(0, 2)).toEqual([{ url: site.url('/blog/hello-world'), lastmod: '2024-05-01' }, { url: site.url('/blog/second-post') }]);
    expect(res.body.links.slice(-2)).toEqual([{ url: site.url('/') }, { url: site.url('/about'), title: 'About' }]);
    expect(res.body).toMatchObject({ sources: { sitemap: 1502, page: 2 }, truncated: false, skipped: [] });
    expect(await metered(account.account_id)).toBe(1);
  });

  it("lowers limit to the plan's cap and says truncated", async () => {
    const account = await accountOn('free');
    const res = await api.post('/map', { url: site.url('/'), sitemap: 'only' }, account.api_key);
    expect(res.status).toBe(200);
    expect(res.body.links).toHaveLength(limitsOf('free').mapLinks);
    expect(res.body.truncated).toBe(true);
    const small = await api.post('/map', { url: site.url('/'), sitemap: 'only', limit: 3, search: 'blog' }, account.api_key);
    expect(small.body.links.map((l: { url: string }) => l.url)).toEqual([site.url('/blog/hello-world'), site.url('/blog/second-post')]);
    expect(small.body.truncated).toBe(false);
  });

  it('refuses bad input and policy violations with the envelope, unmetered', async () => {
    const account = await accountOn('pro');
    const badMode = await api.post('/map', { url: site.url('/'), sitemap: 'sometimes' }, account.api_key);
    expect(badMode.status).toBe(422);
    expect(badMode.body.error).toMatchObject({ code: 'invalid_request', docs_url: expect.stringContaining('/docs/errors#invalid_request') });
    expect(badMode.body.error.message).toMatch(/^sitemap:/);
    const denied = await api.post('/map', { url: site.url('/'), deny_patterns: ['*127.0.0.1*'] }, account.api_key);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('domain_denied');
    const notHttp = await api.post('/map', { url: 'ftp://example.com/' }, account.api_key);
    expect(notHttp.status).toBe(422);
    expect(await metered(account.account_id)).toBe(0);
  });

  it('needs the crawl scope', async () => {
    const account = await accountOn('pro');
    const minted = await api.call('POST', '/keys', { key: account.api_key, body: { scopes: ['extract'] } });
    expect(minted.status).toBe(201);
    const res = await api.post('/map', { url: site.url('/') }, minted.body.api_key);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('insufficient_scope');
  });

  it("answers the start page's error when nothing was found, metered like a failed extraction", async () => {
    const account = await accountOn('pro');
    const res = await api.post('/map', { url: site.url('/down'), sitemap: 'skip' }, account.api_key);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'target_http_error', retry: true });
    expect(await metered(account.account_id)).toBe(1);
  });

  it('is in /openapi.json', async () => {
    const doc = (await api.get('/openapi.json')).body;
    expect(doc.paths['/map'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/MapRequest');
    expect(Object.keys(doc.components.schemas.MapResponse.properties).sort()).toEqual(['links', 'skipped', 'sources', 'truncated']);
  });
});
