import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient, pollUntil } from '../support/api.js';
import { generateJobToken } from '../../src/jobs/tokens.js';
import { ensureExpirySchedule } from '../../src/temporal/expiry-schedule.js';

let stack: Stack;
let pages: FixtureServer;
let api: ReturnType<typeof apiClient>;
const paths = ['/p0', '/p1', '/p2', '/p3', '/p4'];

beforeAll(async () => {
  const page = (path: string) => articlePage(`Page ${path}`, [`Text of ${path}: `.repeat(30), 'A second paragraph with enough words to count as content.'.repeat(3)]);
  pages = await startFixtureServer({
    ...Object.fromEntries(paths.map((path) => [path, { body: page(path) }])),
    '/slow': { delayMs: 4000, body: page('/slow') },
  });
  stack = await startStack();
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
  await pages?.close();
});

async function finishedBulkJob(key: string): Promise<string> {
  const submitted = await api.post('/bulk', { urls: paths.map((p) => pages.url(p)) }, key);
  expect(submitted.status).toBe(200);
  await pollUntil(() => api.get(`/bulk/${submitted.body.job_id}`, key), (r) => r.body.status === 'done');
  return submitted.body.job_id;
}

describe('job reads: paging', () => {
  it('pages results with limit and cursor, in submission order, and refuses a forged cursor', async () => {
    const { api_key: key } = await api.register();
    const jobId = await finishedBulkJob(key);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pagesRead = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = await api.get(`/bulk/${jobId}${query}`, key);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ total: 5, completed: 5, status: 'done' });
      expect(page.body.results.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.results.map((r: { url: string }) => r.url));
      cursor = page.body.next_cursor;
      pagesRead++;
    } while (cursor);
    expect(pagesRead).toBe(3);
    expect(seen).toEqual(paths.map((p) => pages.url(p)));

    const whole = await api.get(`/bulk/${jobId}`, key);
    expect(whole.body.results).toHaveLength(5);
    expect(whole.body.next_cursor).toBeNull();

    const forged = await api.get(`/bulk/${jobId}?cursor=not-a-cursor`, key);
    expect(forged.status).toBe(422);
    expect(forged.body.error).toMatchObject({ code: 'invalid_request' });
    expect(forged.body.error.message).toMatch(/^cursor:/);
    const tooMany = await api.get(`/bulk/${jobId}?limit=5000`, key);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.message).toMatch(/^limit:/);
  });
});

describe('job reads: ownership, kinds and X-Job-Token', () => {
  it('answers 404 for unknown ids, 403 for another account, and accepts the job token on the kind read only', async () => {
    const owner = await api.register();
    const other = await api.register();
    const jobId = await finishedBulkJob(owner.api_key);

    expect((await api.get(`/bulk/00000000-0000-4000-8000-000000000000`, owner.api_key)).body.error.code).toBe('job_not_found');
    expect((await api.get(`/bulk/not-a-uuid`, owner.api_key)).status).toBe(404);
    const foreign = await api.get(`/bulk/${jobId}`, other.api_key);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('forbidden');
    expect((await api.get(`/jobs/${jobId}`, other.api_key)).status).toBe(403);

    // A pay-per-request submission's token (issued by the x402 path) polls the job with no key.
    const { token, hash } = generateJobToken();
    await stack.db.job.update({ where: { id: jobId }, data: { jobTokenHash: hash } });
    const before = await stack.db.usageEvent.count({ where: { accountId: owner.account_id } });
    const viaToken = await api.call('GET', `/bulk/${jobId}`, { headers: { 'x-job-token': token } });
    expect(viaToken.status).toBe(200);
    expect(viaToken.body.results).toHaveLength(5);
    // No key, no second payment: the poll is not metered.
    expect(await stack.db.usageEvent.count({ where: { accountId: owner.account_id } })).toBe(before);

    const wrong = await api.call('GET', `/bulk/${jobId}`, { headers: { 'x-job-token': generateJobToken().token } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe('forbidden');
    // A token is for its own job only, and only on the kind-specific read.
    const otherJob = await finishedBulkJob(owner.api_key);
    expect((await api.call('GET', `/bulk/${otherJob}`, { headers: { 'x-job-token': token } })).status).toBe(403);
    expect((await api.call('GET', `/crawl/${jobId}`, { headers: { 'x-job-token': token } })).status).toBe(404);
    const jobsRoute = await api.call('GET', `/jobs/${jobId}`, { headers: { 'x-job-token': token } });
    expect(jobsRoute.status).toBe(401);
    expect(jobsRoute.body.error.code).toBe('missing_api_key');
  });

  it('needs the kind scope for the kind read and no scope for /jobs', async () => {
    const { api_key: key } = await api.register();
    const jobId = await finishedBulkJob(key);
    const extractOnly = await api.post('/keys', { scopes: ['extract'] }, key);
    expect(extractOnly.status).toBe(201);
    const scoped = await api.get(`/bulk/${jobId}`, extractOnly.body.api_key);
    expect(scoped.status).toBe(403);
    expect(scoped.body.error.code).toBe('insufficient_scope');
    expect((await api.get(`/jobs/${jobId}`, extractOnly.body.api_key)).status).toBe(200);
  });
});

describe('job expiry', () => {
  it('answers 404 once a finished job is past its lifetime, and the expiry schedule deletes it durably', async () => {
    const { api_key: key } = await api.register();
    const jobId = await finishedBulkJob(key);
    const job = await stack.db.job.findUniqueOrThrow({ where: { id: jobId } });
    // Contract: 6 hours after the job finished.
    expect(job.expiresAt.getTime() - (job.finishedAt as Date).getTime()).toBe(6 * 60 * 60 * 1000);

    await stack.db.job.update({ where: { id: jobId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await api.get(`/bulk/${jobId}`, key);
    expect(expired.status).toBe(404);
    expect(expired.body.error.code).toBe('job_not_found');

    const scheduleId = `expire-test-${jobId}`;
    await ensureExpirySchedule(stack.temporal, stack.cfg, scheduleId);
    const handle = stack.temporal.schedule.getHandle(scheduleId);
    try {
      // Idempotent: a second start of the worker keeps one schedule.
      await ensureExpirySchedule(stack.temporal, stack.cfg, scheduleId);
      await handle.trigger();
      await pollUntil(() => stack.db.job.findUnique({ where: { id: jobId } }), (row) => row === null, 30_000, 200);
      expect(await stack.db.jobResult.count({ where: { jobId } })).toBe(0);
    } finally {
      await handle.delete();
    }
  });

  it('keeps a running job readable past the creation-time lower bound', async () => {
    const { api_key: key } = await api.register();
    const submitted = await api.post('/bulk', { urls: [pages.url('/slow')] }, key);
    // Unfinished: expires_at is only a lower bound, so an old-looking running job is not expired.
    await stack.db.job.update({ where: { id: submitted.body.job_id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const read = await api.get(`/bulk/${submitted.body.job_id}`, key);
    expect(read.status).toBe(200);
  });
});
