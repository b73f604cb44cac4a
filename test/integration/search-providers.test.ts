import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient } from '../support/api.js';
import { startReplayServer, type ReplayRequest, type ReplayServer } from '../support/replay-server.js';
import { braveAnswer, braveEmptyAnswer, searxngAnswer, type PageOfHits } from '../support/search-formats.js';
import { createApp } from '../../src/edge/app.js';
import type { Config } from '../../src/config/config.js';
import { quotaPeriod } from '../../src/accounts/metering.js';
import { limitsOf } from '../../src/contract/plans.js';
import { freePort } from '../../scripts/lib/ports.js';

let stack: Stack;
let site: FixtureServer;
let searx: ReplayServer;
let brave: ReplayServer;
let searxApi: ReturnType<typeof apiClient>;
let braveApi: ReturnType<typeof apiClient>;
const servers: Server[] = [];

const BRAVE_KEY = 'BSA-test-subscription-token';

/** `count` distinct web hits, numbered from `from`. */
const hits = (count: number, from = 1): PageOfHits[] =>
  Array.from({ length: count }, (_, i) => ({ url: `https://example.org/article/${from + i}`, title: `Article ${from + i}`, text: `About topic number ${from + i}.` }));

/** Pith's API on the test stack's database and worker, with the search provider settings of a test. */
async function apiWith(overrides: Partial<Config>) {
  const cfg = Object.freeze({ ...stack.cfg, ...overrides }) as Config;
  const server = createApp({ ...stack.deps, cfg }).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  servers.push(server);
  return apiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

beforeAll(async () => {
  site = await startFixtureServer({
    '/one': { body: articlePage('Comets and their tails', ['A comet grows a tail of gas and dust as the Sun heats its nucleus.', 'The tail always points away from the Sun, pushed by the solar wind.']) },
    '/two': { body: articlePage('Meteor showers', ['A meteor shower happens when Earth crosses the debris trail left by a comet.', 'The Perseids peak every August.']) },
  });
  searx = await startReplayServer(() => ({ body: searxngAnswer('q', []) }));
  brave = await startReplayServer(() => ({ body: braveAnswer('q', [], false) }));
  stack = await startStack();
  // SearXNG under a path prefix, as instances behind a reverse proxy are.
  searxApi = await apiWith({ SEARCH_PROVIDER: 'searxng', SEARXNG_URL: searx.url('/searx'), SEARCH_TIMEOUT_MS: 300 });
  braveApi = await apiWith({ SEARCH_PROVIDER: 'brave', BRAVE_API_URL: brave.url('/res/v1/web/search'), BRAVE_API_KEY: BRAVE_KEY, SEARCH_TIMEOUT_MS: 300 });
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await stack?.stop();
  await Promise.all([site?.close(), searx?.close(), brave?.close()]);
});

async function account(plan = 'free') {
  const created = await searxApi.register();
  if (plan !== 'free') await stack.db.account.update({ where: { id: created.account_id }, data: { plan: plan as 'pro' } });
  return created;
}

const searchUnits = async (accountId: string) =>
  (await stack.db.usageEvent.findMany({ where: { accountId, endpoint: 'POST /search' } })).reduce((sum, event) => sum + event.units, 0);

describe('SEARCH_PROVIDER=searxng', () => {
  it("asks SearXNG's JSON API page by page and maps its results to url, title, plain snippet and position", async () => {
    const { api_key: key } = await account('pro');
    searx.requests.length = 0;
    const pages: Record<string, unknown> = {
      // A torrent result (not a web page) and entities in the text, as engines deliver them.
      '1': searxngAnswer('comet tails', hits(6), [{ url: 'magnet:?xt=urn:btih:abc', title: 'comet.torrent', content: '', engine: 'piratebay', template: 'torrent.html' }]),
      '2': searxngAnswer('comet tails', [...hits(2, 5), ...hits(4, 7).map((hit) => ({ ...hit, text: `Rust &amp; <b>comets</b> &#8212; part ${hit.title}` }))]),
      '3': searxngAnswer('comet tails', hits(6, 11)),
    };
    searx.answer = (request) => ({ body: pages[request.query.get('pageno') ?? ''] ?? searxngAnswer('comet tails', []) });

    const res = await searxApi.post('/search', { query: 'comet tails', num_results: 10 }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.provider).toBe('searxng');
    expect(res.body.results.map((r: { url: string }) => r.url)).toEqual(hits(10).map((hit) => hit.url));
    expect(res.body.results.map((r: { position: number }) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(res.body.results[0]).toEqual({ url: 'https://example.org/article/1', title: 'Article 1', snippet: 'About topic number 1.', position: 1 });
    expect(res.body.results[6].snippet).toBe('Rust & comets — part Article 7');

    expect(searx.requests.map((r) => [r.method, r.path, r.query.get('q'), r.query.get('format'), r.query.get('pageno')])).toEqual([
      ['GET', '/searx/search', 'comet tails', 'json', '1'],
      ['GET', '/searx/search', 'comet tails', 'json', '2'],
    ]);
    expect(searx.requests[0]!.headers['user-agent']).toMatch(/^Pith\//);
  });

  it('stops reading pages when SearXNG has nothing new', async () => {
    const { api_key: key } = await account('pro');
    searx.requests.length = 0;
    searx.answer = () => ({ body: searxngAnswer('comets', hits(3)) });
    const res = await searxApi.post('/search', { query: 'comets', num_results: 10 }, key);
    expect(res.body.results).toHaveLength(3);
    expect(searx.requests).toHaveLength(2);
  });

  it('extracts each result with extract: true, metered as the search plus one per result', async () => {
    const { api_key: key, account_id: accountId } = await account();
    searx.answer = () => ({
      body: searxngAnswer('comets', [
        { url: site.url('/one'), title: 'Comets', text: 'tails of gas' },
        { url: site.url('/two'), title: 'Meteors', text: 'debris trail' },
      ]),
    });
    const res = await searxApi.post('/search', { query: 'comets', extract: true, formats: ['markdown'] }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results[0]).toMatchObject({ url: site.url('/one'), title: 'Comets', snippet: 'tails of gas', position: 1 });
    expect(res.body.results[0].markdown).toContain('pushed by the solar wind');
    expect(res.body.results[1].markdown).toContain('The Perseids peak every August');
    expect(await searchUnits(accountId)).toBe(3);
  });

  it('answers 503 service_unavailable when SearXNG refuses the JSON format (403), unmetered', async () => {
    const { api_key: key, account_id: accountId } = await account();
    searx.answer = () => ({ status: 403, body: '<html>403 Forbidden</html>', contentType: 'text/html' });
    const res = await searxApi.post('/search', { query: 'comets' }, key);
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ code: 'service_unavailable', retry: true });
    expect(res.body.error.message).toContain('(searxng) answered HTTP 403');
    expect(res.body.error.message).toContain('search.formats');
    expect(await searchUnits(accountId)).toBe(0);
  });
});

describe('SEARCH_PROVIDER=brave', () => {
  it("sends the subscription token, q and count, and maps web.results (markup stripped from descriptions)", async () => {
    const { api_key: key } = await account();
    brave.requests.length = 0;
    const results = hits(5).map((hit, i) => (i === 0 ? { ...hit, text: 'Learn <strong>Rust</strong> &amp; it&#x27;s <strong>ownership</strong> model' } : hit));
    brave.answer = () => ({ body: braveAnswer('rust ownership', results, true) });
    const res = await braveApi.post('/search', { query: 'rust ownership' }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ query: 'rust ownership', provider: 'brave' });
    expect(res.body.results).toHaveLength(5);
    expect(res.body.results[0]).toEqual({ url: 'https://example.org/article/1', title: 'Article 1', snippet: "Learn Rust & it's ownership model", position: 1 });

    expect(brave.requests).toHaveLength(1);
    const [request] = brave.requests as [ReplayRequest];
    expect(request.path).toBe('/res/v1/web/search');
    expect(Object.fromEntries(request.query)).toMatchObject({ q: 'rust ownership', count: '5', offset: '0' });
    expect(request.headers['x-subscription-token']).toBe(BRAVE_KEY);
    expect(request.headers.accept).toBe('application/json');
  });

  it('pages with offset (20 per page) while more results are available', async () => {
    const { api_key: key } = await account('enterprise');
    brave.requests.length = 0;
    brave.answer = (request) => {
      const offset = Number(request.query.get('offset'));
      return { body: braveAnswer('stars', hits(20, 1 + offset * 20), true) };
    };
    const res = await braveApi.post('/search', { query: 'stars', num_results: 45 }, key);
    expect(res.body.results.map((r: { url: string }) => r.url)).toEqual(hits(45).map((hit) => hit.url));
    expect(brave.requests.map((r) => [r.query.get('count'), r.query.get('offset')])).toEqual([['20', '0'], ['20', '1'], ['20', '2']]);

    brave.requests.length = 0;
    brave.answer = () => ({ body: braveAnswer('stars', hits(20), false) });
    const last = await braveApi.post('/search', { query: 'stars', num_results: 45 }, key);
    expect(last.body.results).toHaveLength(20);
    expect(brave.requests).toHaveLength(1);
  });

  it('answers no results when Brave has no web section', async () => {
    const { api_key: key } = await account();
    brave.answer = () => ({ body: braveEmptyAnswer('zzzxqy') });
    const res = await braveApi.post('/search', { query: 'zzzxqy' }, key);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([]);
  });

  it('does not ask the provider when the month is spent (429 first)', async () => {
    const { api_key: key, account_id: accountId } = await account();
    await stack.db.usageCounter.create({ data: { accountId, periodStart: quotaPeriod().start, used: limitsOf('free').includedRequestsPerMonth } });
    brave.requests.length = 0;
    const res = await braveApi.post('/search', { query: 'anything' }, key);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('rate_limit_exceeded');
    expect(brave.requests).toHaveLength(0);
  });
});

describe('provider failures map to 503 service_unavailable, never 500, and are not metered', () => {
  const cases: { name: string; provider: 'brave' | 'searxng'; answer?: ReplayServer['answer']; unreachable?: boolean; message: RegExp }[] = [
    { name: 'unreachable', provider: 'brave', unreachable: true, message: /\(brave\) is unreachable \(ECONNREFUSED\)/ },
    { name: 'HTTP 500', provider: 'brave', answer: () => ({ status: 500, body: { error: 'internal' } }), message: /\(brave\) answered HTTP 500/ },
    { name: 'HTTP 429', provider: 'brave', answer: () => ({ status: 429, body: { type: 'ErrorResponse', error: { code: 'RATE_LIMITED' } } }), message: /answered HTTP 429: its rate limit/ },
    { name: 'HTTP 401 (bad key)', provider: 'brave', answer: () => ({ status: 401, body: { type: 'ErrorResponse', error: { code: 'SUBSCRIPTION_TOKEN_INVALID' } } }), message: /answered HTTP 401: check its credentials/ },
    { name: 'not JSON', provider: 'brave', answer: () => ({ body: '<html>captcha</html>', contentType: 'text/html' }), message: /\(brave\) answered with a body that is not JSON/ },
    { name: 'timeout', provider: 'brave', answer: () => ({ delayMs: 1500, body: braveAnswer('x', hits(1), false) }), message: /\(brave\) did not answer within 300 ms/ },
    { name: 'unexpected shape', provider: 'brave', answer: () => ({ body: { web: { results: 'none' } } }), message: /\(brave\) answered in an unexpected format/ },
    { name: 'unexpected shape', provider: 'searxng', answer: () => ({ body: { error: 'no engines' } }), message: /\(searxng\) answered in an unexpected format/ },
    { name: 'HTTP 502', provider: 'searxng', answer: () => ({ status: 502, body: 'Bad Gateway', contentType: 'text/plain' }), message: /\(searxng\) answered HTTP 502/ },
    { name: 'timeout', provider: 'searxng', answer: () => ({ delayMs: 1500, body: searxngAnswer('x', hits(1)) }), message: /\(searxng\) did not answer within 300 ms/ },
  ];

  for (const failure of cases) {
    it(`${failure.provider}: ${failure.name}`, async () => {
      const { api_key: key, account_id: accountId } = await account();
      const client = failure.unreachable
        ? await apiWith({ SEARCH_PROVIDER: 'brave', BRAVE_API_URL: `http://127.0.0.1:${await freePort()}/res/v1/web/search`, BRAVE_API_KEY: BRAVE_KEY })
        : failure.provider === 'brave'
          ? braveApi
          : searxApi;
      if (failure.answer) (failure.provider === 'brave' ? brave : searx).answer = failure.answer;
      const res = await client.post('/search', { query: 'anything' }, key);
      expect({ status: res.status, code: res.body.error?.code, retry: res.body.error?.retry }).toEqual({ status: 503, code: 'service_unavailable', retry: true });
      expect(res.body.error.message).toMatch(failure.message);
      expect(res.body.error.upgrade_url).toBeUndefined();
      expect(await searchUnits(accountId)).toBe(0);
    });
  }
});
