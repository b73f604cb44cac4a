import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { startStack, type Stack } from '../support/stack.js';
import { startFixtureServer, type FixtureRoute, type FixtureServer } from '../support/fixture-server.js';
import { apiClient, pollUntil } from '../support/api.js';
import { quotaPeriod } from '../../src/accounts/metering.js';
import { limitsOf, PLAN_NAMES } from '../../src/contract/plans.js';
import { searchBody } from '../../src/contract/requests.js';
import { createExpiryActivities } from '../../activities/expiry-activities.js';

/** A page whose <title> (what the index weights highest) and visible heading can differ. */
const page = (title: string, heading: string, paragraphs: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${heading}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</article></body></html>`;

const filler = 'The rest of this paragraph is ordinary prose that gives the page enough substance to be treated as an article by the extractor.';

/** The corpus: five pages on distinct topics, and a few overlaps that ranking must sort out. */
const CORPUS: Record<string, FixtureRoute> = {
  '/bread': {
    body: page('Baking Sourdough Bread', 'Baking Sourdough Bread', [
      'A sourdough starter is a culture of wild yeast and bacteria kept alive with flour and water.',
      'Feed the starter twice a day; when it doubles, mix it into the dough with salt and let the dough ferment overnight.',
      `Bake the loaf in a hot Dutch oven so the crust blisters. ${filler}`,
    ]),
  },
  '/volcano': {
    body: page('Volcano Eruptions Explained', 'Volcano Eruptions Explained', [
      'A volcano erupts when magma rises through the crust and pressure from dissolved gases is released.',
      'Lava flows, ash clouds and pyroclastic flows are the main hazards of an erupting volcano.',
      `Geologists watch each volcano with seismometers to forecast eruptions. ${filler}`,
    ]),
  },
  '/iceland': {
    body: page('Travelling Around Iceland', 'Travelling Around Iceland', [
      'The ring road circles the island past waterfalls, black sand beaches and glaciers.',
      'Most visitors soak in the hot springs near Reykjavik, and some take a day trip to see a volcano from a distance.',
      `Summer brings the midnight sun and crowded campsites. ${filler}`,
    ]),
  },
  // "lighthouse" is only in the <title> of the first page, and twice in the text of the second.
  '/keepers': {
    body: page('Lighthouse Keepers', 'Keepers of the North Sea', [
      'For two centuries keepers trimmed wicks, polished lenses and logged the weather on remote rocks.',
      'The last keeper left the tower in 1998 when the lamp was automated.',
      `Their logbooks are now kept in a maritime museum. ${filler}`,
    ]),
  },
  '/coast': {
    body: page('Coastal Walking Routes', 'Coastal Walking Routes', [
      'The coastal path follows the cliffs for forty miles between two fishing harbours.',
      'Walkers pass a lighthouse, seal colonies and several sandy coves; the lighthouse café sells tea.',
      `Sturdy boots are recommended after rain. ${filler}`,
    ]),
  },
  '/quasar': { body: page('Quasars', 'Quasars', ['A quasar is an extremely luminous active galactic nucleus powered by a supermassive black hole.', filler]) },
  '/glacier': { body: page('How Glaciers Move', 'How Glaciers Move', ['A glacier flows downhill under its own weight, sliding on meltwater at its base.', filler]) },
  '/fleeting': { body: page('Fleeting Volcano Notes', 'Fleeting Volcano Notes', ['These notes on a volcano will soon be taken offline by their author.', filler]) },
};

let stack: Stack;
let site: FixtureServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  site = await startFixtureServer(CORPUS);
  stack = await startStack({ CRAWL_DELAY_MS: '0' });
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

async function accountOn(plan: (typeof PLAN_NAMES)[number] = 'free') {
  const account = await api.register();
  if (plan !== 'free') await stack.db.account.update({ where: { id: account.account_id }, data: { plan } });
  return account;
}

/** Extracts pages through POST /extract, which indexes them for this account. */
async function extractAll(key: string, paths: string[]) {
  for (const path of paths) {
    const res = await api.post('/extract', { url: site.url(path) }, key);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  }
}

async function search(key: string, body: object) {
  const res = await api.post('/search', body, key);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { query: string; provider: string; results: Record<string, any>[] };
}

const searchUnits = async (accountId: string) =>
  (await stack.db.usageEvent.findMany({ where: { accountId, endpoint: 'POST /search' } })).reduce((sum, event) => sum + event.units, 0);

describe('POST /search with the local index: ranking', () => {
  let key: string;
  beforeAll(async () => {
    key = (await accountOn()).api_key;
    await extractAll(key, ['/bread', '/volcano', '/iceland', '/keepers', '/coast']);
  });

  it('finds the page a query is about first', async () => {
    const cases: [string, string][] = [
      ['sourdough starter', '/bread'],
      ['lava magma', '/volcano'],
      ['ring road waterfalls', '/iceland'],
      ['"hot springs"', '/iceland'],
      ['how do eruptions happen', '/volcano'],
    ];
    for (const [query, expected] of cases) {
      const found = await search(key, { query });
      expect({ query, first: found.results[0]?.url }).toEqual({ query, first: site.url(expected) });
    }
  });

  it('ranks a page that is about the term above one that mentions it in passing, and leaves out the rest', async () => {
    const found = await search(key, { query: 'volcano' });
    expect(found.results.map((r) => r.url)).toEqual([site.url('/volcano'), site.url('/iceland')]);
    expect(found.results.map((r) => r.position)).toEqual([1, 2]);
  });

  it('weights the title above the body', async () => {
    // One mention in the title (weight A = 1.0) beats two in the text (weight B = 0.4 each) of a page of similar length.
    const found = await search(key, { query: 'lighthouse' });
    expect(found.results.map((r) => r.url)).toEqual([site.url('/keepers'), site.url('/coast')]);
  });

  it('puts pages matching every word before pages matching some of them', async () => {
    // /iceland has both words once; /volcano has "volcano" many times but no waterfalls.
    const found = await search(key, { query: 'volcano waterfalls' });
    expect(found.results.map((r) => r.url).slice(0, 2)).toEqual([site.url('/iceland'), site.url('/volcano')]);
  });

  it('reads the query like a web search box: -excluded words', async () => {
    const found = await search(key, { query: 'volcano -iceland' });
    expect(found.results.map((r) => r.url)).toEqual([site.url('/volcano')]);
  });

  it('answers url, title, a plain-text snippet around the match, and position', async () => {
    const found = await search(key, { query: 'sourdough starter' });
    expect(found).toMatchObject({ query: 'sourdough starter', provider: 'local' });
    const [first] = found.results;
    expect(first).toMatchObject({ url: site.url('/bread'), title: 'Baking Sourdough Bread', position: 1 });
    expect(first!.snippet).toMatch(/starter/i);
    expect(first!.snippet).not.toMatch(/[<>*#[\]]/);
    expect(Object.keys(first!).sort()).toEqual(['position', 'snippet', 'title', 'url']);
  });

  it('answers an empty list when nothing matches, and returns at most num_results', async () => {
    expect((await search(key, { query: 'submarine telemetry' })).results).toEqual([]);
    const found = await search(key, { query: 'the ring road or volcano or lighthouse or starter', num_results: 2 });
    expect(found.results).toHaveLength(2);
  });

  it("searches only the account's own pages", async () => {
    const other = await accountOn();
    expect((await search(other.api_key, { query: 'sourdough starter' })).results).toEqual([]);
  });
});

describe('indexing', () => {
  it('indexes bulk and crawl results as they are stored, failed URLs not at all', async () => {
    const account = await accountOn('pro');
    const bulk = await api.post('/bulk', { urls: [site.url('/quasar'), site.url('/missing-page')] }, account.api_key);
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    const crawl = await api.post('/crawl', { url: site.url('/glacier'), depth: 0 }, account.api_key);
    expect(crawl.status, JSON.stringify(crawl.body)).toBe(200);
    await pollUntil(() => api.get(`/bulk/${bulk.body.job_id}`, account.api_key), (r) => r.body.status === 'done');
    await pollUntil(() => api.get(`/crawl/${crawl.body.job_id}`, account.api_key), (r) => r.body.status === 'done');

    expect((await search(account.api_key, { query: 'supermassive black hole' })).results.map((r) => r.url)).toEqual([site.url('/quasar')]);
    expect((await search(account.api_key, { query: 'glacier meltwater' })).results.map((r) => r.url)).toEqual([site.url('/glacier')]);
    const rows = await stack.db.searchDocument.findMany({ where: { accountId: account.account_id }, select: { url: true } });
    expect(rows.map((row) => row.url).sort()).toEqual([site.url('/glacier'), site.url('/quasar')].sort());
  });

  it('keeps one row per page, refreshed on re-extraction, for SEARCH_INDEX_RETENTION_HOURS (24 by default)', async () => {
    const account = await accountOn();
    await extractAll(account.api_key, ['/quasar', '/quasar']);
    const rows = await stack.db.searchDocument.findMany({ where: { accountId: account.account_id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.indexedAt.getTime()).toBe(24 * 60 * 60 * 1000);
  });

  it('stops finding expired rows at once, and the expiry sweep deletes them', async () => {
    const account = await accountOn();
    await extractAll(account.api_key, ['/bread', '/volcano']);
    await stack.db.searchDocument.updateMany({ where: { accountId: account.account_id, url: site.url('/bread') }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await search(account.api_key, { query: 'sourdough' })).results).toEqual([]);

    await createExpiryActivities({ db: stack.db }).deleteExpiredJobs();
    const left = await stack.db.searchDocument.findMany({ where: { accountId: account.account_id }, select: { url: true } });
    expect(left.map((row) => row.url)).toEqual([site.url('/volcano')]);
  });
});

describe('POST /search: limits, scopes, validation', () => {
  it('caps num_results by plan with 422 search_cap_exceeded and an upgrade_url, unmetered', async () => {
    for (const plan of PLAN_NAMES) {
      const account = await accountOn(plan);
      const cap = limitsOf(plan).searchResults;
      expect({ plan, cap }).toEqual({ plan, cap: { free: 5, pro: 10, growth: 50, enterprise: 100 }[plan] });
      const atCap = await api.post('/search', { query: 'anything', num_results: cap }, account.api_key);
      expect({ plan, status: atCap.status }).toEqual({ plan, status: 200 });
      const over = await api.post('/search', { query: 'anything', num_results: cap + 1 }, account.api_key);
      expect({ plan, status: over.status }).toEqual({ plan, status: 422 });
      expect(over.body.error).toMatchObject({ code: 'search_cap_exceeded', retry: false });
      expect(over.body.error.upgrade_url).toMatch(/\/pricing$/);
      expect(over.body.error.message).toContain(String(cap));
      expect(await searchUnits(account.account_id)).toBe(1);
    }
  });

  it('checks the cap before the monthly quota', async () => {
    const account = await accountOn();
    await stack.db.usageCounter.create({ data: { accountId: account.account_id, periodStart: quotaPeriod().start, used: limitsOf('free').includedRequestsPerMonth } });
    const over = await api.post('/search', { query: 'anything', num_results: 6 }, account.api_key);
    expect(over.body.error.code).toBe('search_cap_exceeded');
    const spent = await api.post('/search', { query: 'anything', num_results: 5 }, account.api_key);
    expect(spent.status).toBe(429);
    expect(spent.body.error.code).toBe('rate_limit_exceeded');
  });

  it('needs the search scope (403 insufficient_scope, no upgrade_url)', async () => {
    const account = await accountOn();
    const extractOnly = await api.post('/keys', { scopes: ['extract'] }, account.api_key);
    const searchOnly = await api.post('/keys', { scopes: ['search'] }, account.api_key);
    expect([extractOnly.status, searchOnly.status]).toEqual([201, 201]);
    const refused = await api.post('/search', { query: 'volcano' }, extractOnly.body.api_key);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'insufficient_scope', retry: false });
    expect(refused.body.error.upgrade_url).toBeUndefined();
    expect((await api.post('/search', { query: 'volcano' }, searchOnly.body.api_key)).status).toBe(200);
    expect((await api.post('/search', { query: 'volcano' })).body.error.code).toBe('missing_api_key');
  });

  it('names the offending field of an invalid body, unmetered', async () => {
    const account = await accountOn();
    const cases: [object, RegExp][] = [
      [{}, /^query:/],
      [{ query: '   ' }, /^query: must not be empty/],
      [{ query: 'x'.repeat(401) }, /^query: must be at most 400/],
      [{ query: 'volcano', num_results: 0 }, /^num_results: must be at least 1/],
      [{ query: 'volcano', num_results: 2.5 }, /^num_results: must be an integer/],
      [{ query: 'volcano', formats: ['markdown'] }, /^formats: applies only with extract: true/],
      [{ query: 'volcano', extract: true, formats: ['pdf'] }, /^formats\.0: must be one of/],
      [{ query: 'volcano', page: 2 }, /page/],
    ];
    for (const [body, message] of cases) {
      const res = await api.post('/search', body, account.api_key);
      expect({ body, status: res.status, code: res.body.error?.code }).toEqual({ body, status: 422, code: 'invalid_request' });
      expect(res.body.error.message).toMatch(message);
    }
    expect(await searchUnits(account.account_id)).toBe(0);
  });
});

describe('POST /search with extract: true', () => {
  let account: { account_id: string; api_key: string };
  let found: { results: Record<string, any>[] };

  beforeAll(async () => {
    account = await accountOn();
    await extractAll(account.api_key, ['/volcano', '/iceland', '/fleeting']);
    // The page goes away after it was indexed: its extraction now fails.
    CORPUS['/fleeting'] = { status: 404, body: 'gone' };
    found = await search(account.api_key, { query: 'volcano', extract: true, formats: ['markdown', 'metadata'], deny_patterns: ['*/iceland*'] });
  });

  it("returns each result's extraction, and a per-result error where the policy refuses or the fetch fails", () => {
    const byPath = Object.fromEntries(found.results.map((r) => [new URL(r.url).pathname, r]));
    expect(Object.keys(byPath).sort()).toEqual(['/fleeting', '/iceland', '/volcano']);
    for (const result of found.results) expect(result).toMatchObject({ url: expect.any(String), title: expect.any(String), snippet: expect.any(String), position: expect.any(Number) });

    expect(byPath['/volcano']!.markdown).toContain('magma rises through the crust');
    expect(byPath['/volcano']!.metadata).toMatchObject({ title: 'Volcano Eruptions Explained' });
    expect(byPath['/volcano']!.html).toBeUndefined();
    expect(byPath['/volcano']!.error).toBeUndefined();

    expect(byPath['/iceland']).toMatchObject({ error_code: 'domain_denied', error: expect.stringContaining('deny_patterns') });
    expect(byPath['/iceland']!.markdown).toBeUndefined();
    expect(byPath['/fleeting']).toMatchObject({ error_code: 'target_http_error' });
    expect(byPath['/fleeting']!.markdown).toBeUndefined();
  });

  it('meters one request for the search plus one per result fetched (not the ones the policy refused)', async () => {
    const events = await stack.db.usageEvent.findMany({ where: { accountId: account.account_id, endpoint: 'POST /search' } });
    expect(events.map((event) => event.units)).toEqual([3]);
    await search(account.api_key, { query: 'volcano' });
    expect(await searchUnits(account.account_id)).toBe(4);
    const usage = await api.get('/usage', account.api_key);
    expect(usage.body.by_endpoint['POST /search']).toBe(4);
  });

  it('answers what the OpenAPI document describes, and the document validates requests as the API does', async () => {
    const doc = await (await fetch(`${stack.baseUrl}/openapi.json`)).json();
    const operation = doc.paths['/search'].post;
    expect(operation['x-pith-scope']).toBe('search');
    expect(operation['x-pith-error-codes']).toEqual(expect.arrayContaining(['search_cap_exceeded', 'service_unavailable', 'insufficient_scope', 'rate_limit_exceeded']));
    expect(operation.description).toMatch(/one request for the search plus one per result/);

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const validResponse = ajv.compile({ $ref: `doc${operation.responses['200'].content['application/json'].schema.$ref}` });
    expect(validResponse(found), JSON.stringify(validResponse.errors)).toBe(true);
    expect(validResponse({ ...found, results: [{ url: 'x', title: null, snippet: null }] })).toBe(false);

    const validRequest = ajv.compile({ $ref: `doc${operation.requestBody.content['application/json'].schema.$ref}` });
    const bodies = [
      { query: 'volcano' },
      { query: 'volcano', num_results: 100, extract: true, formats: ['markdown'], deny_patterns: ['*x*'], respect_robots: 'strict' },
      {},
      { query: '' },
      { query: 'volcano', num_results: 0 },
      { query: 'volcano', extract: 'yes' },
      { query: 'volcano', unknown: 1 },
    ];
    for (const body of bodies) expect({ body, document: validRequest(body) }).toEqual({ body, document: searchBody.safeParse(body).success });
  });
});
