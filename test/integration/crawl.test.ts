import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient, pollUntil } from '../support/api.js';
import { quotaPeriod } from '../../src/accounts/metering.js';

const words = (topic: string) =>
  Array.from({ length: 5 }, (_, i) => `${topic} paragraph ${i + 1}: a crawl walks a site breadth-first, fetching each page once and following only the links it is allowed to follow.`);

/** A page of the test site: an article whose navigation links to `links`. */
const sitePage = (title: string, links: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1>${words(title).map((p) => `<p>${p}</p>`).join('')}
<p>See also: ${links.map((href, i) => `<a href="${href}">link ${i}</a>`).join(' ')}</p></article></body></html>`;

let stack: Stack;
let site: FixtureServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  site = await startFixtureServer({
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /site/disallowed\nDisallow: /refused\n' },
    '/site/': {
      body: sitePage('Start', [
        '/site/a',
        '/site/b',
        '/site/a#section', // same page, another fragment
        '/site/a?utm_source=newsletter', // same page, a tracking parameter
        '/site/report.pdf', // not a page
        '/private/x', // excluded by the request in one test
        'mailto:someone@example.com',
        'http://localhost:1/elsewhere', // another host: never followed
      ]),
    },
    '/site/a': { body: sitePage('Page A', ['/site/a1', '/site/']) },
    '/site/b': { body: sitePage('Page B', ['/site/b1', '/site/disallowed', '/site/a']) },
    '/site/a1': { body: sitePage('Page A1', ['/site/deep']) },
    '/site/b1': { body: sitePage('Page B1', []) },
    '/site/disallowed': { body: sitePage('Disallowed', []) },
    '/site/deep': { body: sitePage('Deep', []) },
    '/private/x': { body: sitePage('Private', []) },
    '/refused': { body: sitePage('Refused start', ['/site/a']) },
    '/slow/0': { delayMs: 900, body: sitePage('Slow 0', ['/slow/1', '/slow/2', '/slow/3', '/slow/4', '/slow/5', '/slow/6']) },
    ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`/slow/${n}`, { delayMs: 900, body: sitePage(`Slow ${n}`, []) }])),
  });
  stack = await startStack({ CRAWL_DELAY_MS: '0', CRAWL_CONCURRENCY: '2', CRAWL_TIME_LIMIT_MS: '2500' });
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

async function proAccount() {
  const account = await api.register();
  await stack.db.account.update({ where: { id: account.account_id }, data: { plan: 'pro' } });
  return account;
}

const urlsOf = (job: { results: { url: string }[] }) => job.results.map((r) => r.url);

async function crawlToEnd(key: string, body: object) {
  const submitted = await api.post('/crawl', body, key);
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const reads = await pollUntil(() => api.get(`/crawl/${submitted.body.job_id}`, key), (r) => ['done', 'failed'].includes(r.body.status), 60_000, 150);
  return { submitted: submitted.body, reads, final: reads.at(-1)!.body };
}

describe('POST /crawl: plan gating and validation', () => {
  it('refuses Free accounts with 403 plan_not_supported and an upgrade_url', async () => {
    const { api_key: key } = await api.register();
    const response = await api.post('/crawl', { url: site.url('/site/') }, key);
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({ code: 'plan_not_supported', retry: false });
    expect(response.body.error.upgrade_url).toMatch(/\/pricing$/);
  });

  it('caps the depth by plan (422 crawl_depth_exceeded) and names bad fields', async () => {
    const { api_key: key, account_id: accountId } = await proAccount();
    const tooDeep = await api.post('/crawl', { url: site.url('/site/'), depth: 6 }, key);
    expect(tooDeep.status).toBe(422);
    expect(tooDeep.body.error.code).toBe('crawl_depth_exceeded');
    expect(tooDeep.body.error.message).toContain('5');
    const badLimit = await api.post('/crawl', { url: site.url('/site/'), limit: 0 }, key);
    expect(badLimit.status).toBe(422);
    expect(badLimit.body.error.message).toMatch(/^limit:/);
    const badPattern = await api.post('/crawl', { url: site.url('/site/'), include_patterns: 'x' }, key);
    expect(badPattern.body.error.message).toMatch(/^include_patterns:/);
    // Refusals are never metered.
    expect(await stack.db.usageEvent.count({ where: { accountId } })).toBe(0);
  });

  it('checks the start URL against the key policy and the address rules before queueing', async () => {
    const { api_key: key } = await proAccount();
    const denied = await api.post('/crawl', { url: site.url('/site/'), deny_patterns: ['*/site/*'] }, key);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('domain_denied');
    const webhook = await api.post('/crawl', { url: site.url('/site/'), webhook_url: 'ftp://example.com/hook' }, key);
    expect(webhook.status).toBe(422);
    expect(webhook.body.error.code).toBe('webhook_url_invalid');
  });
});

describe('crawl execution', () => {
  it('crawls breadth-first to the depth, same-site only, de-duplicated, obeying robots.txt; metered per page', async () => {
    const { api_key: key, account_id: accountId } = await proAccount();
    const { submitted, reads, final } = await crawlToEnd(key, { url: site.url('/site/'), depth: 2 });
    expect(submitted).toMatchObject({ kind: 'crawl', total: 1, completed: 0, truncated: false, truncated_reason: null, webhook_signing_secret: null });

    expect(final).toMatchObject({ kind: 'crawl', status: 'done', truncated: false, truncated_reason: null, next_cursor: null });
    const urls = urlsOf(final);
    // Level 0, then level 1, then level 2: breadth-first in discovery order.
    expect(urls.slice(0, 4)).toEqual([site.url('/site/'), site.url('/site/a'), site.url('/site/b'), site.url('/private/x')]);
    expect(new Set(urls.slice(4))).toEqual(new Set([site.url('/site/a1'), site.url('/site/b1')]));
    // Depth 3, robots-disallowed, non-page, mailto and other-host links were never fetched.
    expect(site.hits.get('/site/deep')).toBeUndefined();
    expect(site.hits.get('/site/disallowed')).toBeUndefined();
    expect(site.hits.get('/site/report.pdf')).toBeUndefined();
    expect(final.total).toBe(6);
    expect(final.completed).toBe(6);
    expect(final.results.every((r: { markdown?: string }) => (r.markdown ?? '').length > 50)).toBe(true);

    // Progress only rises, never beyond total, and reads never fail.
    expect(reads.every((r) => r.status === 200)).toBe(true);
    const completed = reads.map((r) => r.body.completed as number);
    expect(completed).toEqual([...completed].sort((a, b) => a - b));
    expect(reads.every((r) => r.body.completed <= r.body.total)).toBe(true);

    // One metered request per page fetched, under POST /crawl.
    const events = await stack.db.usageEvent.findMany({ where: { accountId, endpoint: 'POST /crawl' } });
    expect(events.reduce((sum, e) => sum + e.units, 0)).toBe(6);

    // The crawl is a crawl: the bulk read does not know it; the kind-agnostic read does.
    expect((await api.get(`/bulk/${final.job_id}`, key)).status).toBe(404);
    expect((await api.get(`/jobs/${final.job_id}`, key)).body).toMatchObject({ kind: 'crawl', truncated: false });

    const found: string[] = [];
    for await (const wf of stack.temporal.workflow.list({ query: `AccountId = '${accountId}' AND JobKind = 'crawl' AND JobStatus = 'done'` })) found.push(wf.workflowId);
    expect(found).toEqual([`crawl-${final.job_id}`]);
  });

  it('fetches up to CRAWL_CONCURRENCY pages at once while its frontier allows', async () => {
    // A site of its own, so that what is in flight there is this crawl's alone.
    const leaves = [1, 2, 3, 4, 5, 6, 7, 8];
    const hub = await startFixtureServer({
      '/': { delayMs: 200, body: sitePage('Hub', leaves.map((n) => `/${n}`)) },
      ...Object.fromEntries(leaves.map((n) => [`/${n}`, { delayMs: 200, body: sitePage(`Leaf ${n}`, []) }])),
    });
    try {
      const { api_key: key } = await proAccount();
      const { final } = await crawlToEnd(key, { url: hub.url('/'), depth: 1 });
      expect(final).toMatchObject({ status: 'done', total: 9, completed: 9, truncated: false });
      // This stack runs CRAWL_CONCURRENCY 2: once the start page admitted eight links, two lanes took
      // four each and fetched them two at a time, never more.
      expect(hub.peakInFlight()).toBe(2);
    } finally {
      await hub.close();
    }
  });

  it('stops at the page limit with truncated_reason page_limit', async () => {
    const { api_key: key } = await proAccount();
    const { final } = await crawlToEnd(key, { url: site.url('/site/'), depth: 2, limit: 3 });
    expect(final).toMatchObject({ status: 'done', total: 3, completed: 3, truncated: true, truncated_reason: 'page_limit' });
    expect(urlsOf(final)).toEqual([site.url('/site/'), site.url('/site/a'), site.url('/site/b')]);
  });

  it('lowers a limit above the plan cap to the cap instead of refusing it', async () => {
    const { api_key: key, account_id: accountId } = await proAccount();
    const submitted = await api.post('/crawl', { url: site.url('/site/b1'), depth: 0, limit: 100_000 }, key);
    expect(submitted.status).toBe(200);
    const job = await stack.db.job.findUniqueOrThrow({ where: { id: submitted.body.job_id } });
    expect((job.input as { limit: number }).limit).toBe(500);
    expect(job.accountId).toBe(accountId);
  });

  it('follows include_patterns and exclude_patterns', async () => {
    const { api_key: key } = await proAccount();
    const included = await crawlToEnd(key, { url: site.url('/site/'), depth: 2, include_patterns: ['/site/a*'] });
    expect(urlsOf(included.final)).toEqual([site.url('/site/'), site.url('/site/a'), site.url('/site/a1')]);
    const excluded = await crawlToEnd(key, { url: site.url('/site/'), depth: 1, exclude_patterns: ['*/private/*', '/site/b'] });
    expect(urlsOf(excluded.final)).toEqual([site.url('/site/'), site.url('/site/a')]);
  });

  it('stops with quota_exhausted when the month runs out mid-crawl, metering exactly what it fetched', async () => {
    const { api_key: key, account_id: accountId } = await proAccount();
    // Two requests left: the start page (reserved at submission) and one more page.
    await stack.db.usageCounter.create({ data: { accountId, periodStart: quotaPeriod().start, used: 100_000 - 2 } });
    const submitted = await api.post('/crawl', { url: site.url('/site/'), depth: 2 }, key);
    expect(submitted.status).toBe(200);
    // Reads count as requests too: wait on the database so that polling does not spend the last request.
    await pollUntil(() => stack.db.job.findUniqueOrThrow({ where: { id: submitted.body.job_id } }), (job) => job.status === 'done');
    const read = await api.get(`/crawl/${submitted.body.job_id}`, key);
    expect(read.status).toBe(200);
    const final = read.body;
    expect(final).toMatchObject({ status: 'done', total: 2, completed: 2, truncated: true, truncated_reason: 'quota_exhausted' });
    // Exactly the two pages were metered for the crawl; the reads went on counting without being refused.
    const crawlUnits = await stack.db.usageEvent.aggregate({ where: { accountId, endpoint: 'POST /crawl' }, _sum: { units: true } });
    expect(crawlUnits._sum.units).toBe(2);
    const counter = await stack.db.usageCounter.findUniqueOrThrow({ where: { accountId_periodStart: { accountId, periodStart: quotaPeriod().start } } });
    expect(counter.used).toBeGreaterThan(100_000);
    // A new submission is refused: the month is spent.
    const refused = await api.post('/crawl', { url: site.url('/site/') }, key);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limit_exceeded');
  });

  it('stops with time_limit when the crawl runs past CRAWL_TIME_LIMIT_MS', async () => {
    const { api_key: key } = await proAccount();
    const { final } = await crawlToEnd(key, { url: site.url('/slow/0'), depth: 1 });
    expect(final).toMatchObject({ status: 'done', truncated: true, truncated_reason: 'time_limit' });
    expect(final.total).toBe(final.completed);
    expect(final.total).toBeGreaterThanOrEqual(1);
    expect(final.total).toBeLessThan(7);
  });

  it('fails the job when the start URL itself is refused (strict robots), with the reason as the entry', async () => {
    const { api_key: key } = await proAccount();
    const { final } = await crawlToEnd(key, { url: site.url('/refused'), respect_robots: 'strict' });
    expect(final).toMatchObject({ status: 'failed', total: 1, completed: 1 });
    expect(final.results[0]).toMatchObject({ url: site.url('/refused'), error_code: 'robots_disallowed' });
    expect(site.hits.get('/refused')).toBeUndefined();
  });
});
