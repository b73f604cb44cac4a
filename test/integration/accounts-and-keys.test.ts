import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient } from '../support/api.js';
import { hashApiKey } from '../../src/accounts/api-keys.js';
import { quotaPeriod, usageReport } from '../../src/accounts/metering.js';

let stack: Stack;
let pages: FixtureServer;
let api: ReturnType<typeof apiClient>;

const paragraphs = Array.from({ length: 8 }, (_, i) => `Policy paragraph ${i} carries enough text to count as the main content of this page.`);

beforeAll(async () => {
  pages = await startFixtureServer({
    '/open': { body: articlePage('Open page', paragraphs) },
    '/private/page': { body: articlePage('Private page', paragraphs) },
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private/\n' },
  });
  stack = await startStack();
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
  await pages?.close();
});

async function mint(parentKey: string, body: Record<string, unknown>) {
  const res = await api.post('/keys', body, parentKey);
  if (res.status !== 201) throw new Error(`mint failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; api_key: string; scopes: string[]; policy: Record<string, unknown> };
}

describe('keys', () => {
  it('stores only a SHA-256 of the key and never returns secrets when listing', async () => {
    const reg = await api.register();
    const stored = await stack.db.apiKey.findUnique({ where: { id: reg.key_id } });
    expect(stored?.keyHash).toBe(hashApiKey(reg.api_key));
    expect(JSON.stringify(stored)).not.toContain(reg.api_key);
    const listed = await api.get('/keys', reg.api_key);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ id: reg.key_id, scopes: ['*'] });
    expect(JSON.stringify(listed.body)).not.toContain('ce_');
    expect(listed.headers.get('set-cookie')).toBeNull(); // Bearer only, no cookies anywhere
  });

  it('mints keys with a subset of the caller’s scopes and refuses scopes the caller lacks', async () => {
    const reg = await api.register();
    const extractOnly = await mint(reg.api_key, { name: 'extractor', scopes: ['extract', 'keys'] });
    expect(extractOnly.api_key).toMatch(/^ce_[0-9a-f]{40}$/);
    expect(extractOnly.id).toMatch(/^key_/);
    const escalate = await api.post('/keys', { scopes: ['bulk'] }, extractOnly.api_key);
    expect(escalate.status).toBe(403);
    expect(escalate.body.error.code).toBe('insufficient_scope');
    const star = await api.post('/keys', { scopes: ['*'] }, extractOnly.api_key);
    expect(star.status).toBe(403);
    const bad = await api.post('/keys', { scopes: ['admin'] }, reg.api_key);
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toMatch(/^scopes\.0/);
  });

  it('rotation kills the old key at once and returns a working new one', async () => {
    const reg = await api.register();
    const rotated = await api.post('/keys/rotate', undefined, reg.api_key);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ rotated_from: reg.key_id });
    expect(rotated.body.api_key).toMatch(/^ce_[0-9a-f]{40}$/);
    const old = await api.get('/usage', reg.api_key);
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe('invalid_api_key');
    expect((await api.get('/usage', rotated.body.api_key)).status).toBe(200);
  });

  it('revocation stops a key at once; other accounts’ keys are not found', async () => {
    const reg = await api.register();
    const other = await api.register();
    const child = await mint(reg.api_key, { scopes: ['extract'] });
    const revoked = await api.call('DELETE', `/keys/${child.id}`, { key: reg.api_key });
    expect(revoked.body).toEqual({ id: child.id, revoked: true });
    expect((await api.get('/usage', child.api_key)).body.error.code).toBe('invalid_api_key');
    const foreign = await api.call('DELETE', `/keys/${other.key_id}`, { key: reg.api_key });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('key_not_found');
    expect((await api.get('/usage', other.api_key)).status).toBe(200);
  });

  it('expired keys fail and deactivated accounts get account_inactive', async () => {
    const reg = await api.register();
    const shortLived = await mint(reg.api_key, { scopes: ['extract'], expires_at: new Date(Date.now() + 1500).toISOString() });
    expect((await api.get('/usage', shortLived.api_key)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1700));
    expect((await api.get('/usage', shortLived.api_key)).body.error.code).toBe('invalid_api_key');

    await stack.db.account.update({ where: { id: reg.account_id }, data: { active: false } });
    const inactive = await api.get('/usage', reg.api_key);
    expect(inactive.status).toBe(403);
    expect(inactive.body.error).toMatchObject({ code: 'account_inactive', retry: false });
  });

  it('answers missing and malformed authorization with the right codes', async () => {
    expect((await api.get('/usage')).body.error.code).toBe('missing_api_key');
    expect((await api.call('GET', '/usage', { headers: { authorization: 'Basic abc' } })).body.error.code).toBe('missing_api_key');
    expect((await api.get('/usage', 'ce_ABCDEF')).body.error.code).toBe('invalid_api_key');
    expect((await api.get('/usage', `ce_${'a'.repeat(40)}`)).body.error.code).toBe('invalid_api_key');
  });
});

describe('webhook signing secret', () => {
  it('is minted by the first submission with a webhook_url, null afterwards, rotated unmetered, and sealed at rest', async () => {
    const reg = await api.register();
    const without = await api.post('/bulk', { urls: [pages.url('/open')] }, reg.api_key);
    expect(without.body.webhook_signing_secret).toBeNull();
    const first = await api.post('/bulk', { urls: [pages.url('/open')], webhook_url: 'https://hooks.example.com/pith' }, reg.api_key);
    expect(first.body.webhook_signing_secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const second = await api.post('/bulk', { urls: [pages.url('/open')], webhook_url: 'https://hooks.example.com/pith' }, reg.api_key);
    expect(second.body.webhook_signing_secret).toBeNull();

    const stored = await stack.db.account.findUnique({ where: { id: reg.account_id } });
    expect(stored?.webhookSecret).toMatch(/^v1\./);
    expect(stored?.webhookSecret).not.toContain(first.body.webhook_signing_secret.slice(6));
    expect(stack.deps.secrets.open(stored!.webhookSecret!)).toBe(first.body.webhook_signing_secret);

    const usedBefore = (await api.get('/usage', reg.api_key)).body.used_requests;
    const rotated = await api.post('/webhook/rotate', undefined, reg.api_key);
    expect(rotated.status).toBe(200);
    expect(rotated.body.webhook_signing_secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(rotated.body.webhook_signing_secret).not.toBe(first.body.webhook_signing_secret);
    expect(Date.parse(rotated.body.rotated_at)).toBeGreaterThan(Date.now() - 60_000);
    const after = await stack.db.account.findUnique({ where: { id: reg.account_id } });
    expect(stack.deps.secrets.open(after!.webhookSecret!)).toBe(rotated.body.webhook_signing_secret);
    expect((await api.get('/usage', reg.api_key)).body.used_requests).toBe(usedBefore);
  });
});

describe('scopes: every route × every scope', () => {
  // Route → the scope the contract requires (null: any valid key). Each call is a request the key could
  // legitimately make; only the scope decides between 403 insufficient_scope and anything else.
  const routes: { method: string; path: (jobId: string) => string; scope: string | null; body?: unknown | ((scope: string) => unknown) }[] = [
    { method: 'POST', path: () => '/extract', scope: 'extract', body: { url: 'http://127.0.0.1:1/' } },
    { method: 'POST', path: () => '/bulk', scope: 'bulk', body: { urls: ['http://127.0.0.1:1/'] } },
    { method: 'GET', path: (id) => `/bulk/${id}`, scope: 'bulk' },
    { method: 'POST', path: () => '/keys', scope: 'keys', body: (scope: string) => ({ scopes: [scope] }) },
    { method: 'GET', path: () => '/keys', scope: 'keys' },
    { method: 'DELETE', path: () => '/keys/key_00000000-0000-4000-8000-000000000000', scope: 'keys' },
    { method: 'POST', path: () => '/webhook/rotate', scope: 'keys' },
    { method: 'GET', path: (id) => `/jobs/${id}`, scope: null },
    { method: 'GET', path: () => '/usage', scope: null },
    { method: 'GET', path: () => '/logs', scope: null },
  ];
  const scopes = ['extract', 'bulk', 'crawl', 'search', 'keys', '*'];

  it('allows exactly the keys holding the route’s scope (or *), with the contract’s 403 otherwise', async () => {
    const reg = await api.register();
    await stack.db.account.update({ where: { id: reg.account_id }, data: { plan: 'growth' } }); // room for many requests per second
    const job = await api.post('/bulk', { urls: [pages.url('/open')] }, reg.api_key);
    const keys = Object.fromEntries(await Promise.all(scopes.map(async (scope) => [scope, (await mint(reg.api_key, { scopes: [scope] })).api_key] as const)));
    const failures: string[] = [];
    for (const route of routes) {
      for (const scope of scopes) {
        const body = typeof route.body === 'function' ? route.body(scope) : route.body;
        const res = await api.call(route.method, route.path(job.body.job_id), { key: keys[scope], body });
        const allowed = route.scope === null || scope === '*' || scope === route.scope;
        const refused = res.status === 403 && res.body?.error?.code === 'insufficient_scope';
        if (allowed === refused) failures.push(`${route.method} ${route.path(':id')} with ${scope}: ${res.status} ${res.body?.error?.code ?? ''}`);
        if (refused && (res.body.error.retry !== false || 'upgrade_url' in res.body.error)) failures.push(`${route.method} envelope: ${JSON.stringify(res.body.error)}`);
      }
    }
    expect(failures).toEqual([]);
    // Rotation needs `keys` too; checked last because it consumes the key.
    expect((await api.post('/keys/rotate', undefined, keys.extract)).body.error.code).toBe('insufficient_scope');
    expect((await api.post('/keys/rotate', undefined, keys.keys)).status).toBe(200);
  });
});

describe('policies: tighten, never loosen', () => {
  it('enforces allow_domains and deny_patterns of the key on /extract and /bulk, before metering', async () => {
    const reg = await api.register();
    const onlyLoopback = await mint(reg.api_key, { scopes: ['extract', 'bulk'], allow_domains: ['127.0.0.1'], deny_patterns: ['*/private/*'] });
    expect(onlyLoopback.policy).toEqual({ allow_domains: ['127.0.0.1'], deny_patterns: ['*/private/*'], respect_robots: 'advisory' });

    expect((await api.post('/extract', { url: pages.url('/open') }, onlyLoopback.api_key)).status).toBe(200);
    const elsewhere = await api.post('/extract', { url: 'http://elsewhere.test/' }, onlyLoopback.api_key);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error.code).toBe('domain_not_allowed');
    const denied = await api.post('/extract', { url: pages.url('/private/page') }, onlyLoopback.api_key);
    expect(denied.body.error.code).toBe('domain_denied');

    const before = await stack.db.usageEvent.count({ where: { accountId: reg.account_id, endpoint: 'POST /bulk' } });
    const bulk = await api.post('/bulk', { urls: [pages.url('/open'), pages.url('/private/page')] }, onlyLoopback.api_key);
    expect(bulk.status).toBe(403);
    expect(bulk.body.error.code).toBe('domain_denied');
    expect(bulk.body.error.message).toMatch(/^urls\.1: /);
    expect(await stack.db.usageEvent.count({ where: { accountId: reg.account_id, endpoint: 'POST /bulk' } })).toBe(before);
  });

  it('ignores every attempt to loosen: wider domains, fewer denials, laxer robots handling', async () => {
    const reg = await api.register();
    const strict = await mint(reg.api_key, { scopes: ['extract', 'keys'], allow_domains: ['127.0.0.1'], deny_patterns: ['*/nothing-here/*'], respect_robots: 'strict' });
    // A request asking for another domain intersects to nothing.
    expect((await api.post('/extract', { url: pages.url('/open'), allow_domains: ['elsewhere.test'] }, strict.api_key)).body.error.code).toBe('domain_not_allowed');
    // A request cannot drop the key's denials by sending an empty list.
    const emptyDenials = await api.post('/extract', { url: pages.url('/open'), deny_patterns: [] }, strict.api_key);
    expect(emptyDenials.status, JSON.stringify(emptyDenials.body).slice(0, 300)).toBe(200);
    const stillDenied = await api.post('/extract', { url: `${pages.url('/open')}?x=/nothing-here/1`, deny_patterns: [] }, strict.api_key);
    expect(stillDenied.body.error.code).toBe('domain_denied');
    // robots: asking for `off` on a strict key stays strict.
    const robots = await api.post('/extract', { url: pages.url('/private/page'), respect_robots: 'off' }, strict.api_key);
    expect(robots.status).toBe(403);
    expect(robots.body.error.code).toBe('robots_disallowed');
    // A child key cannot be looser than its parent either.
    const child = await mint(strict.api_key, { scopes: ['extract'], respect_robots: 'off' });
    expect(child.policy).toMatchObject({ allow_domains: ['127.0.0.1'], respect_robots: 'strict' });
    expect(child.policy.deny_patterns).toContain('*/nothing-here/*');
    const wider = await api.post('/keys', { scopes: ['extract'], allow_domains: ['elsewhere.test'] }, strict.api_key);
    expect(wider.status).toBe(422);
  });

  it('advisory robots handling extracts but reports robots_allowed: false; a request can tighten to strict', async () => {
    const reg = await api.register();
    const advisory = await api.post('/extract', { url: pages.url('/private/page') }, reg.api_key);
    expect(advisory.status).toBe(200);
    expect(advisory.body.metadata.robots_allowed).toBe(false);
    const open = await api.post('/extract', { url: pages.url('/open') }, reg.api_key);
    expect(open.body.metadata.robots_allowed).toBe(true);
    const tightened = await api.post('/extract', { url: pages.url('/private/page'), respect_robots: 'strict' }, reg.api_key);
    expect(tightened.body.error.code).toBe('robots_disallowed');
  });
});

describe('limits and metering', () => {
  it('limits requests per second per account with rate_limit_too_fast, Retry-After-Ms and retry_after', async () => {
    const reg = await api.register(); // free: 5 requests per second
    const burst = await Promise.all(Array.from({ length: 12 }, () => api.call('GET', '/usage', { key: reg.api_key, raw: true })));
    const limited = burst.filter((r) => r.status === 429);
    expect(burst.filter((r) => r.status === 200).length).toBeLessThanOrEqual(5);
    expect(limited.length).toBeGreaterThanOrEqual(7);
    const { error } = limited[0]!.body;
    expect(error).toMatchObject({ code: 'rate_limit_too_fast', retry: true });
    expect(error.retry_after).toBeGreaterThanOrEqual(1);
    expect('upgrade_url' in error).toBe(false);
    expect(Number(limited[0]!.headers.get('retry-after-ms'))).toBeGreaterThan(0);
  });

  it('admits exactly the remaining quota under 50 parallel requests, then 429 rate_limit_exceeded with upgrade_url', async () => {
    const reg = await api.register();
    await stack.db.account.update({ where: { id: reg.account_id }, data: { plan: 'growth' } });
    const first = await api.get('/logs?limit=1', reg.api_key); // creates this month's counter
    expect(first.status).toBe(200);
    const periodStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    await stack.db.usageCounter.update({ where: { accountId_periodStart: { accountId: reg.account_id, periodStart } }, data: { used: 1_000_000 - 20 } });
    const results = await Promise.all(Array.from({ length: 50 }, () => api.call('GET', '/logs?limit=1', { key: reg.api_key, raw: true })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(30);
    const { error } = refused[0]!.body;
    expect(error).toMatchObject({ code: 'rate_limit_exceeded', retry: true });
    expect(error.upgrade_url).toBeDefined();
    const periodEnd = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1);
    expect(Math.abs(error.retry_after - (periodEnd - Date.now()) / 1000)).toBeLessThan(60);
    const usage = await api.get('/usage', reg.api_key);
    expect(usage.body).toMatchObject({ plan: 'growth', included_requests: 1_000_000, used_requests: 1_000_000, remaining_requests: 0, rate_limit_rps: 100 });
  });

  it('refuses a bulk batch that would exceed the quota whole, queueing nothing', async () => {
    const reg = await api.register();
    await api.get('/logs?limit=1', reg.api_key);
    const periodStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    await stack.db.usageCounter.update({ where: { accountId_periodStart: { accountId: reg.account_id, periodStart } }, data: { used: 1000 - 3 } });
    const res = await api.post('/bulk', { urls: [1, 2, 3, 4].map((i) => pages.url(`/open?${i}`)) }, reg.api_key);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('rate_limit_exceeded');
    expect(await stack.db.job.count({ where: { accountId: reg.account_id } })).toBe(0);
    const fits = await api.post('/bulk', { urls: [1, 2, 3].map((i) => pages.url(`/open?${i}`)) }, reg.api_key);
    expect(fits.status).toBe(200);
  });

  it('reports usage by endpoint for the calendar month', async () => {
    const reg = await api.register();
    await api.post('/extract', { url: pages.url('/open') }, reg.api_key);
    await api.post('/bulk', { urls: [pages.url('/open'), pages.url('/open?2')] }, reg.api_key);
    const usage = await api.get('/usage', reg.api_key);
    expect(usage.body).toMatchObject({ plan: 'free', included_requests: 1000, used_requests: 3, remaining_requests: 997, rate_limit_rps: 5 });
    expect(usage.body.by_endpoint).toEqual({ 'POST /extract': 1, 'POST /bulk': 2 });
    expect(usage.body.period_start).toMatch(/-01T00:00:00.000Z$/);
  });

  it('reports requests per UTC day of the period, every day up to today, zeros included', async () => {
    const reg = await api.register();
    const other = await api.register();
    await api.post('/extract', { url: pages.url('/open') }, reg.api_key);
    await api.post('/bulk', { urls: [pages.url('/open'), pages.url('/open?2')] }, reg.api_key);
    const { start } = quotaPeriod();
    // The period's first instant counts for its first day; last month's last instant and another account never count.
    await stack.db.usageEvent.createMany({
      data: [
        { accountId: reg.account_id, endpoint: 'POST /extract', units: 5, createdAt: start },
        { accountId: reg.account_id, endpoint: 'POST /extract', units: 7, createdAt: new Date(start.getTime() - 1) },
        { accountId: other.account_id, endpoint: 'POST /extract', units: 11, createdAt: start },
      ],
    });
    const usage = await api.get('/usage', reg.api_key);
    const today = new Date().toISOString().slice(0, 10);
    const days: { date: string; requests: number }[] = usage.body.by_day;
    expect(days).toHaveLength(new Date().getUTCDate());
    expect(days[0]!.date).toBe(usage.body.period_start.slice(0, 10));
    expect(days.at(-1)!.date).toBe(today);
    for (const [i, day] of days.entries()) expect(day.date).toBe(new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10));
    const expected = new Map<string, number>([[days[0]!.date, 5]]);
    expected.set(today, (expected.get(today) ?? 0) + 3);
    expect(days.filter((day) => day.requests > 0)).toEqual([...expected].map(([date, requests]) => ({ date, requests })));
    const byEndpoint = Object.values(usage.body.by_endpoint as Record<string, number>).reduce((sum, n) => sum + n, 0);
    expect(days.reduce((sum, day) => sum + day.requests, 0)).toBe(byEndpoint);
  });

  it('sums whole UTC days of a past month, its length that month’s', async () => {
    const reg = await api.register();
    const at = (iso: string, units: number) => ({ accountId: reg.account_id, endpoint: 'POST /bulk', units, createdAt: new Date(iso) });
    await stack.db.usageEvent.createMany({ data: [at('2024-02-01T00:00:00.000Z', 2), at('2024-02-14T23:59:59.999Z', 3), at('2024-02-15T00:00:00.000Z', 4), at('2024-02-29T12:00:00.000Z', 1), at('2024-03-01T00:00:00.000Z', 9)] });
    const report = await usageReport(stack.db, reg.account_id, 'free', 'http://pith.test/pricing', new Date('2024-02-29T23:00:00.000Z'));
    expect(report.by_day).toHaveLength(29);
    expect(report.by_day.filter((day) => day.requests > 0)).toEqual([
      { date: '2024-02-01', requests: 2 },
      { date: '2024-02-14', requests: 3 },
      { date: '2024-02-15', requests: 4 },
      { date: '2024-02-29', requests: 1 },
    ]);
    expect(report.by_endpoint).toEqual({ 'POST /bulk': 10 });
    expect((await usageReport(stack.db, reg.account_id, 'free', 'http://pith.test/pricing', new Date('2024-03-01T00:00:00.000Z'))).by_day).toEqual([{ date: '2024-03-01', requests: 9 }]);
  });
});

describe('GET /logs', () => {
  it('lists the account’s own requests newest first, with cursor paging', async () => {
    const reg = await api.register();
    const other = await api.register();
    await api.get('/usage', other.api_key);
    for (const path of ['/usage', '/keys', '/jobs/00000000-0000-4000-8000-000000000000']) await api.get(path, reg.api_key);
    const page1 = await api.get('/logs?limit=2', reg.api_key);
    expect(page1.status).toBe(200);
    expect(page1.body.data).toHaveLength(2);
    const [newest] = page1.body.data;
    expect(newest).toMatchObject({ method: 'GET', endpoint: 'GET /jobs/{job_id}', url: '/jobs/00000000-0000-4000-8000-000000000000', status: 404, key_id: reg.key_id });
    expect(newest.latency_ms).toBeGreaterThanOrEqual(0);
    expect(page1.body.next_cursor).not.toBeNull();
    const page2 = await api.get(`/logs?limit=10&cursor=${page1.body.next_cursor}`, reg.api_key);
    const endpoints = [...page1.body.data, ...page2.body.data].map((e: { endpoint: string }) => e.endpoint);
    expect(endpoints).toEqual(['GET /jobs/{job_id}', 'GET /keys', 'GET /usage']);
    expect(page2.body.next_cursor).toBeNull();
    const bad = await api.get('/logs?limit=0', reg.api_key);
    expect(bad.body.error.message).toMatch(/^limit/);
  });

  it('filters by endpoint, status (exact or class) and key, combined, and pages with the filters', async () => {
    const reg = await api.register();
    // Unlimited per second: a 429 rate_limit_too_fast waited out by the test client would be logged too.
    await stack.db.account.update({ where: { id: reg.account_id }, data: { plan: 'enterprise' } });
    const second = await mint(reg.api_key, { scopes: ['*'] });
    const missingJob = '/jobs/00000000-0000-4000-8000-000000000000';
    for (const path of ['/usage', missingJob, '/keys']) expect((await api.get(path, reg.api_key)).status).not.toBe(500);
    expect((await api.post('/extract', { url: 'not a url' }, reg.api_key)).status).toBe(422);
    for (const path of ['/usage', missingJob, missingJob]) await api.get(path, second.api_key);

    type Entry = { endpoint: string; status: number; key_id: string };
    const list = async (query: string): Promise<Entry[]> => {
      const entries: Entry[] = [];
      let cursor: string | null = null;
      do {
        const res: { status: number; body: any } = await api.get(`/logs?${query}&limit=1${cursor ? `&cursor=${cursor}` : ''}`, reg.api_key);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        entries.push(...res.body.data);
        cursor = res.body.next_cursor;
      } while (cursor);
      return entries;
    };
    const shape = (entries: Entry[]) => entries.map((entry) => [entry.endpoint, entry.status, entry.key_id === second.id ? 'second' : 'first']);

    expect(shape(await list(`endpoint=${encodeURIComponent('GET /usage')}`))).toEqual([['GET /usage', 200, 'second'], ['GET /usage', 200, 'first']]);
    expect(shape(await list('status=404'))).toEqual([['GET /jobs/{job_id}', 404, 'second'], ['GET /jobs/{job_id}', 404, 'second'], ['GET /jobs/{job_id}', 404, 'first']]);
    expect(shape(await list('status=4xx'))).toEqual([['GET /jobs/{job_id}', 404, 'second'], ['GET /jobs/{job_id}', 404, 'second'], ['POST /extract', 422, 'first'], ['GET /jobs/{job_id}', 404, 'first']]);
    expect(shape(await list(`key_id=${second.id}`))).toEqual([['GET /jobs/{job_id}', 404, 'second'], ['GET /jobs/{job_id}', 404, 'second'], ['GET /usage', 200, 'second']]);
    expect(shape(await list(`key_id=${reg.key_id}&status=4xx&endpoint=${encodeURIComponent('GET /jobs/{job_id}')}`))).toEqual([['GET /jobs/{job_id}', 404, 'first']]);
    expect(await list('status=5xx')).toEqual([]);

    const before = await stack.db.usageEvent.count({ where: { accountId: reg.account_id, endpoint: 'GET /logs' } });
    for (const [query, field] of [['status=abc', 'status'], ['status=600', 'status'], ['status=40', 'status'], ['key_id=nobody', 'key_id'], ['endpoint=extract', 'endpoint'], [`endpoint=${'GET%20%2F' + 'x'.repeat(400)}`, 'endpoint']] as const) {
      const res = await api.get(`/logs?${query}`, reg.api_key);
      expect({ query, status: res.status, code: res.body.error?.code }).toEqual({ query, status: 422, code: 'invalid_request' });
      expect(res.body.error.message.startsWith(`${field}:`)).toBe(true);
    }
    expect(await stack.db.usageEvent.count({ where: { accountId: reg.account_id, endpoint: 'GET /logs' } })).toBe(before);
  });
});
