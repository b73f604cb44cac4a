import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proKey, startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureRoute, type FixtureServer } from '../support/fixture-server.js';
import { apiClient, finishedJob } from '../support/api.js';

/**
 * The content cache (issue 21, `max_age`): a stored extraction answers without a fetch, a stale one is
 * revalidated (304 keeps it), only plain loads are shared, the caller's policy still applies to a hit,
 * a gone page leaves the cache, and an entry over the size cap is not kept. Real API, PostgreSQL and a
 * loopback site that counts its requests.
 */

const text = (topic: string) => Array.from({ length: 6 }, (_, i) => `${topic} paragraph ${i + 1}: a cached answer is the stored extraction of the same page, served without a fetch.`);

let stack: Stack;
let site: FixtureServer;
let api: ReturnType<typeof apiClient>;
const routes: Record<string, FixtureRoute> = {
  '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private\n' },
  '/article': { body: articlePage('Cached article', text('First')) },
  '/tagged': { body: articlePage('Tagged article', text('Tagged')), etag: '"v1"' },
  '/private': { body: articlePage('Private article', text('Private')) },
  '/vanishing': { body: articlePage('Vanishing article', text('Vanishing')) },
  '/huge': { body: articlePage('Huge article', Array.from({ length: 400 }, (_, i) => `Huge paragraph ${i}: ${'words that make the stored entry larger than the cap. '.repeat(4)}`)) },
  '/job-page': { body: articlePage('Job page', text('Job')) },
};

beforeAll(async () => {
  site = await startFixtureServer(routes);
  stack = await startStack({ CACHE_ENTRY_MAX_BYTES: '65536' });
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

const hits = (path: string) => site.hits.get(path) ?? 0;
const used = async (key: string) => (await api.get('/usage', key)).body.used_requests as number;

describe('max_age', () => {
  it('answers a second request from the stored extraction without a fetch, metered like a fetch, whatever the URL’s spelling', async () => {
    const key = await proKey(stack, api);
    const first = await api.post('/extract', { url: site.url('/article?b=2&a=1'), max_age: 3600 }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.metadata).toMatchObject({ cache: 'miss', cached_at: null });
    expect(hits('/article')).toBe(1);

    // Another spelling of the same page (parameter order, a tracking parameter, a fragment), a subset of formats.
    const second = await api.post('/extract', { url: `${site.url('/article?a=1&utm_source=news&b=2')}#top`, max_age: 3600, formats: ['markdown'] }, key);
    expect(second.status).toBe(200);
    expect(hits('/article')).toBe(1);
    expect(Object.keys(second.body).sort()).toEqual(['markdown', 'metadata', 'url']);
    expect(second.body.markdown).toBe(first.body.markdown);
    expect(second.body.metadata).toMatchObject({ cache: 'hit', cached_at: first.body.metadata.retrieved_at, retrieved_at: first.body.metadata.retrieved_at });
    expect(await used(key)).toBe(2);

    // Without max_age the cache is not read: the page is fetched.
    const plain = await api.post('/extract', { url: site.url('/article?a=1&b=2') }, key);
    expect(plain.body.metadata.cache).toBeUndefined();
    expect(hits('/article')).toBe(2);
  });

  it('revalidates a stale entry with If-None-Match and keeps it on a 304', async () => {
    const key = await proKey(stack, api);
    const first = await api.post('/extract', { url: site.url('/tagged'), max_age: 0 }, key);
    expect(first.body.metadata.cache).toBe('miss');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await api.post('/extract', { url: site.url('/tagged'), max_age: 0 }, key);
    expect(again.status).toBe(200);
    expect(hits('/tagged')).toBe(2);
    expect(site.received.filter((r) => r.path === '/tagged').at(-1)?.headers['if-none-match']).toBe('"v1"');
    expect(again.body.metadata.cache).toBe('hit');
    expect(Date.parse(again.body.metadata.cached_at)).toBeGreaterThan(Date.parse(first.body.metadata.retrieved_at));
    expect(again.body.markdown).toBe(first.body.markdown);

    // A new version: the 200 replaces the entry.
    routes['/tagged'] = { body: articlePage('Tagged article', text('Second')), etag: '"v2"' };
    const changed = await api.post('/extract', { url: site.url('/tagged'), max_age: 0 }, key);
    expect(changed.body.metadata.cache).toBe('miss');
    expect(changed.body.markdown).toContain('Second paragraph 1');
    const hit = await api.post('/extract', { url: site.url('/tagged'), max_age: 60 }, key);
    expect(hit.body.markdown).toContain('Second paragraph 1');
    expect(hit.body.metadata.cache).toBe('hit');
  });

  it('serves only plain loads: headers, selectors or another chunk size bypass the cache', async () => {
    const key = await proKey(stack, api);
    await api.post('/extract', { url: site.url('/article'), max_age: 3600 }, key);
    const before = hits('/article');
    for (const options of [{ headers: { 'x-tenant': 'a' } }, { exclude_tags: ['footer'] }, { chunk_tokens: 128 }]) {
      const res = await api.post('/extract', { url: site.url('/article'), max_age: 3600, ...options }, key);
      expect(res.status, JSON.stringify(options)).toBe(200);
      expect(res.body.metadata.cache).toBe('bypass');
    }
    expect(hits('/article')).toBe(before + 3);
  });

  it('applies the caller’s robots.txt mode to a hit as to a fetch', async () => {
    const key = await proKey(stack, api);
    const stored = await api.post('/extract', { url: site.url('/private'), max_age: 3600, respect_robots: 'advisory' }, key);
    expect(stored.status).toBe(200);
    expect(stored.body.metadata.robots_allowed).toBe(false);
    const fetches = hits('/private');
    const strict = await api.post('/extract', { url: site.url('/private'), max_age: 3600, respect_robots: 'strict' }, key);
    expect(strict.status).toBe(403);
    expect(strict.body.error.code).toBe('robots_disallowed');
    const advisory = await api.post('/extract', { url: site.url('/private'), max_age: 3600 }, key);
    expect(advisory.body.metadata).toMatchObject({ cache: 'hit', robots_allowed: false });
    expect(hits('/private')).toBe(fetches);
  });

  it('forgets a page that is gone, and does not keep an entry over the size cap', async () => {
    const key = await proKey(stack, api);
    await api.post('/extract', { url: site.url('/vanishing'), max_age: 3600 }, key);
    expect(await stack.db.pageCacheEntry.count({ where: { urlKey: site.url('/vanishing') } })).toBe(1);
    routes['/vanishing'] = { status: 410, body: 'gone' };
    const gone = await api.post('/extract', { url: site.url('/vanishing'), max_age: 0 }, key);
    expect(gone.body.error.code).toBe('target_http_error');
    expect(await stack.db.pageCacheEntry.count({ where: { urlKey: site.url('/vanishing') } })).toBe(0);

    const huge = await api.post('/extract', { url: site.url('/huge'), max_age: 3600 }, key);
    expect(huge.status).toBe(200);
    expect(huge.body.metadata.cache).toBe('miss');
    expect(await stack.db.pageCacheEntry.count({ where: { urlKey: site.url('/huge') } })).toBe(0);
    expect((await api.post('/extract', { url: site.url('/huge'), max_age: 3600 }, key)).body.metadata.cache).toBe('miss');
  });

  it('works in jobs: a bulk URL stored by /extract is a hit, and is still metered', async () => {
    const key = await proKey(stack, api);
    await api.post('/extract', { url: site.url('/job-page'), max_age: 3600 }, key);
    const fetched = hits('/job-page');
    const { byUrl } = await finishedJob<{ url: string; markdown?: string; metadata?: { cache?: string } }>(api, 'bulk', key, { urls: [site.url('/job-page')], max_age: 3600, formats: ['markdown'] });
    expect(byUrl.get(site.url('/job-page'))?.metadata?.cache).toBe('hit');
    expect(byUrl.get(site.url('/job-page'))?.markdown).toContain('Job paragraph 6');
    expect(hits('/job-page')).toBe(fetched);
    expect((await api.get('/usage', key)).body.by_endpoint).toMatchObject({ 'POST /extract': 1, 'POST /bulk': 1 });
  });

  it('refuses a max_age out of range, naming the field', async () => {
    const key = await proKey(stack, api);
    const res = await api.post('/extract', { url: site.url('/article'), max_age: -1 }, key);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toContain('max_age');
  });
});
