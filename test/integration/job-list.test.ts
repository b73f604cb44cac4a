import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@prisma/client';
import { startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient, pollUntil } from '../support/api.js';
import { deleteStoredJobs, storedJob as storedJobRow, type StoredJobFields } from '../support/stored-jobs.js';
import { quotaPeriod } from '../../src/accounts/metering.js';
import { PLANS } from '../../src/contract/plans.js';
import { RESULT_LIFETIME_MS } from '../../src/contract/limits.js';

/** GET /jobs against the real API and PostgreSQL: paging, filters, ownership, expiry, counts, refusals and metering. */

let stack: Stack;
let pages: FixtureServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  const page = (n: number) => articlePage(`List page ${n}`, [`Paragraph of list page ${n}, long enough to be kept as the content of the page.`, 'A second paragraph with enough words to count as content.']);
  pages = await startFixtureServer({ '/a': { body: page(1) }, '/b': { body: page(2) } });
  stack = await startStack();
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  if (stack) await deleteStoredJobs(stack.db);
  await stack?.stop();
  await pages?.close();
});

const storedJob = (accountId: string, fields?: StoredJobFields) => storedJobRow(stack.db, accountId, fields);

/** Every job of the list, page by page, and how many pages that took. */
async function readAll(key: string, query: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let count = 0;
  do {
    const res: { status: number; body: any } = await api.get(`/jobs?${query}${cursor ? `&cursor=${cursor}` : ''}`, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids.push(...res.body.data.map((job: { job_id: string }) => job.job_id));
    cursor = res.body.next_cursor;
    count++;
  } while (cursor);
  return { ids, pages: count };
}

const metered = (accountId: string, endpoint = 'GET /jobs') => stack.db.usageEvent.count({ where: { accountId, endpoint } });

describe('GET /jobs: paging', () => {
  it('lists the account’s jobs newest first across pages, ties broken by id, and never another account’s', async () => {
    const owner = await api.register();
    const other = await api.register();
    const base = Date.now() - 60_000;
    const tied = new Date(base + 20_000);
    const jobs = [
      await storedJob(owner.account_id, { createdAt: new Date(base) }),
      await storedJob(owner.account_id, { createdAt: new Date(base + 10_000), kind: 'crawl' }),
      await storedJob(owner.account_id, { createdAt: tied }),
      await storedJob(owner.account_id, { createdAt: tied }),
      await storedJob(owner.account_id, { createdAt: new Date(base + 30_000) }),
    ];
    const foreign = await storedJob(other.account_id, { createdAt: new Date(base + 15_000) });
    const expected = [...jobs].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((job) => job.id);

    const { ids, pages: pageCount } = await readAll(owner.api_key, 'limit=2');
    expect(pageCount).toBe(3);
    expect(ids).toEqual(expected);
    expect(ids).not.toContain(foreign.id);
    // The whole list in one page when it fits; the default page is 20.
    const whole = await api.get('/jobs', owner.api_key);
    expect(whole.body.data.map((job: { job_id: string }) => job.job_id)).toEqual(expected);
    expect(whole.body.next_cursor).toBeNull();
    const foreignList = await api.get('/jobs', other.api_key);
    expect(foreignList.body.data.map((job: { job_id: string }) => job.job_id)).toEqual([foreign.id]);
  });

  it('filters by kind and by status, keeping the filters across pages', async () => {
    const owner = await api.register();
    const base = Date.now() - 60_000;
    const rows = await Promise.all([
      storedJob(owner.account_id, { createdAt: new Date(base + 1000), kind: 'crawl', status: 'running', truncated: false }),
      storedJob(owner.account_id, { createdAt: new Date(base + 2000), kind: 'crawl', status: 'done', finishedAt: new Date(), truncated: true, truncatedReason: 'page_limit' }),
      storedJob(owner.account_id, { createdAt: new Date(base + 3000), kind: 'crawl', status: 'failed', finishedAt: new Date() }),
      storedJob(owner.account_id, { createdAt: new Date(base + 4000), kind: 'bulk', status: 'done', finishedAt: new Date() }),
      storedJob(owner.account_id, { createdAt: new Date(base + 5000), kind: 'bulk', status: 'queued' }),
      storedJob(owner.account_id, { createdAt: new Date(base + 6000), kind: 'crawl', status: 'done', finishedAt: new Date() }),
    ]);
    const idsWhere = (keep: (job: Job) => boolean) => rows.filter(keep).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((job) => job.id);

    expect((await readAll(owner.api_key, 'kind=crawl&limit=1')).ids).toEqual(idsWhere((job) => job.kind === 'crawl'));
    expect((await readAll(owner.api_key, 'status=done&limit=1')).ids).toEqual(idsWhere((job) => job.status === 'done'));
    expect((await readAll(owner.api_key, 'kind=crawl&status=done&limit=1')).ids).toEqual(idsWhere((job) => job.kind === 'crawl' && job.status === 'done'));
    expect((await readAll(owner.api_key, 'status=cancelled')).ids).toEqual([]);

    // A crawl carries `truncated` and `truncated_reason`; a bulk job does not.
    const listed = (await api.get('/jobs?status=done', owner.api_key)).body.data as Record<string, unknown>[];
    const truncatedCrawl = listed.find((job) => job.job_id === rows[1]!.id)!;
    expect(truncatedCrawl).toMatchObject({ kind: 'crawl', truncated: true, truncated_reason: 'page_limit' });
    const bulk = listed.find((job) => job.job_id === rows[3]!.id)!;
    expect('truncated' in bulk).toBe(false);
    expect('truncated_reason' in bulk).toBe(false);
  });
});

describe('GET /jobs: what a job shows', () => {
  it('shows a real bulk job run by the worker with its counts, failed results included', async () => {
    const { account_id: accountId, api_key: key } = await api.register();
    const webhookless = await api.post('/bulk', { urls: [pages.url('/a'), pages.url('/b'), pages.url('/missing')] }, key);
    expect(webhookless.status).toBe(200);
    const jobId = webhookless.body.job_id as string;
    await pollUntil(() => api.get(`/jobs/${jobId}`, key), (r) => r.body.status === 'done');

    const listed = await api.get('/jobs', key);
    expect(listed.status).toBe(200);
    const job = await stack.db.job.findUniqueOrThrow({ where: { id: jobId } });
    expect(listed.body).toEqual({
      data: [
        {
          job_id: jobId,
          kind: 'bulk',
          status: 'done',
          total: 3,
          completed: 3,
          failed: 1,
          created_at: job.createdAt.toISOString(),
          finished_at: job.finishedAt!.toISOString(),
          expires_at: job.expiresAt.toISOString(),
          webhook_url: null,
        },
      ],
      next_cursor: null,
    });
    expect(await metered(accountId)).toBe(1);
  });

  it('leaves out finished jobs past their lifetime, as reads do, but keeps a job still running after 6 hours', async () => {
    const { account_id: accountId, api_key: key } = await api.register();
    const longAgo = new Date(Date.now() - 2 * RESULT_LIFETIME_MS);
    const expired = await storedJob(accountId, { createdAt: longAgo, status: 'done', finishedAt: new Date(longAgo.getTime() + 1000), expiresAt: new Date(Date.now() - 1000) });
    const stillRunning = await storedJob(accountId, { createdAt: longAgo, status: 'running', expiresAt: new Date(longAgo.getTime() + RESULT_LIFETIME_MS) });
    const fresh = await storedJob(accountId, { status: 'done', finishedAt: new Date(), expiresAt: new Date(Date.now() + RESULT_LIFETIME_MS) });
    const { ids } = await readAll(key, 'limit=100');
    expect(ids).toEqual([fresh.id, stillRunning.id]);
    expect((await api.get(`/jobs/${expired.id}`, key)).status).toBe(404);
  });
});

describe('GET /jobs: refusals and metering', () => {
  it('refuses bad query parameters with invalid_request naming the field, unmetered', async () => {
    const { account_id: accountId, api_key: key } = await api.register();
    await storedJob(accountId);
    const forged = Buffer.from(`j1:2020-01-01T00:00:00.000Z|not-a-uuid`).toString('base64url');
    const cases: [string, RegExp][] = [
      ['kind=watch', /^kind: must be one of bulk, crawl/],
      ['status=finished', /^status: must be one of queued, running, done, failed, cancelled/],
      ['limit=0', /^limit: must be at least 1/],
      ['limit=101', /^limit: must be at most 100/],
      ['limit=ten', /^limit: must be a number/],
      ['cursor=not-a-cursor', /^cursor: must be a next_cursor/],
      [`cursor=${forged}`, /^cursor: must be a next_cursor/],
      [`cursor=${'x'.repeat(300)}`, /^cursor: /],
    ];
    for (const [query, message] of cases) {
      const res = await api.get(`/jobs?${query}`, key);
      expect({ query, status: res.status, code: res.body.error?.code }).toEqual({ query, status: 422, code: 'invalid_request' });
      expect(res.body.error.message).toMatch(message);
    }
    expect(await metered(accountId)).toBe(0);
    expect((await api.get('/jobs')).body.error.code).toBe('missing_api_key');
    expect((await api.get('/jobs?limit=1', key)).status).toBe(200);
    expect(await metered(accountId)).toBe(1);
  });

  it('needs no scope and stays readable when the month is spent, counted all the same', async () => {
    const owner = await api.register();
    const extractOnly = await api.post('/keys', { scopes: ['extract'] }, owner.api_key);
    const job = await storedJob(owner.account_id);
    expect((await api.get('/jobs', extractOnly.body.api_key)).body.data.map((j: { job_id: string }) => j.job_id)).toEqual([job.id]);
    const { start } = quotaPeriod();
    await stack.db.usageCounter.update({ where: { accountId_periodStart: { accountId: owner.account_id, periodStart: start } }, data: { used: PLANS.free.includedRequestsPerMonth } });
    expect((await api.post('/extract', { url: pages.url('/a') }, owner.api_key)).body.error.code).toBe('rate_limit_exceeded');
    const spent = await api.get('/jobs', owner.api_key);
    expect(spent.status).toBe(200);
    expect(spent.body.data).toHaveLength(1);
    expect(await metered(owner.account_id)).toBe(2);
  });
});
