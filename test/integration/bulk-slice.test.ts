import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient, pollUntil } from '../support/api.js';

const paragraphs = (topic: string) =>
  Array.from({ length: 6 }, (_, i) => `${topic} paragraph ${i + 1}: durable workflows keep every URL accounted for, even when workers restart in the middle of a job and the queue has to pick the work up again.`);

let stack: Stack;
let pages: FixtureServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  pages = await startFixtureServer({
    '/one': { body: articlePage('First article', paragraphs('Alpha')) },
    '/two': { body: articlePage('Second article', paragraphs('Beta'), '<h2>Details</h2><ul><li>point one</li><li>point two</li></ul>') },
    '/gone': { status: 410, body: 'gone' },
    '/slow': { delayMs: 700, body: articlePage('Slow article', paragraphs('Gamma')) },
  });
  stack = await startStack({ JOB_URL_CONCURRENCY: '2' });
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
  await pages?.close();
});

describe('first vertical slice: register → POST /bulk → workflow → GET /bulk', () => {
  it('queues a bulk job at once and finishes it with one result per URL', async () => {
    const { api_key: key, account_id: accountId } = await api.register();
    expect(key).toMatch(/^ce_[0-9a-f]{40}$/);

    const urls = [pages.url('/one'), pages.url('/slow'), pages.url('/gone'), pages.url('/two')];
    const submitted = await api.post('/bulk', { urls }, key);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ kind: 'bulk', total: 4, webhook_signing_secret: null, results: [] });
    expect(submitted.body.job_id).toMatch(/^[0-9a-f-]{36}$/);
    // The response never waits for extraction: nothing can be complete yet.
    expect(['queued', 'running']).toContain(submitted.body.status);
    expect(submitted.body.completed).toBe(0);
    const jobId: string = submitted.body.job_id;

    const reads = await pollUntil(() => api.get(`/bulk/${jobId}`, key), (r) => r.body.status === 'done');
    expect(reads.every((r) => r.status === 200)).toBe(true);
    const counts = reads.map((r) => r.body.completed as number);
    expect(counts).toEqual([...counts].sort((a, b) => a - b)); // completed only rises
    expect(new Set(reads.map((r) => r.body.status))).not.toContain('failed');

    const final = reads.at(-1)!.body;
    expect(final).toMatchObject({ job_id: jobId, kind: 'bulk', status: 'done', total: 4, completed: 4 });
    expect(final.finished_at).not.toBeNull();
    expect(final.results.map((r: { url: string }) => r.url)).toEqual(urls);

    const [one, slow, gone, two] = final.results;
    for (const ok of [one, slow, two]) {
      expect(ok.error).toBeUndefined();
      expect(ok.markdown.length).toBeGreaterThan(100);
      expect(ok.metadata).toMatchObject({ author: 'Ada Lovelace', date: '2024-03-05T10:00:00.000Z' });
      expect(ok.metrics.output_tokens).toBeGreaterThan(0);
      expect(ok.chunks.length).toBeGreaterThan(0);
    }
    expect(one.metadata.title).toBe('First article');
    expect(two.markdown).toContain('## Details');
    expect(two.blocks).toContainEqual({ type: 'list_item', text: 'point one', level: 1 });
    expect(gone).toEqual({ url: pages.url('/gone'), error: expect.stringContaining('410'), error_code: 'target_http_error' });

    // The same job through the kind-agnostic read.
    const viaJobs = await api.get(`/jobs/${jobId}`, key);
    expect(viaJobs.status).toBe(200);
    expect(viaJobs.body.results).toHaveLength(4);

    // Findable in Temporal by account, as in the Web UI.
    const found: string[] = [];
    for await (const wf of stack.temporal.workflow.list({ query: `AccountId = '${accountId}' AND JobKind = 'bulk'` })) found.push(wf.workflowId);
    expect(found).toEqual([`bulk-${jobId}`]);

    // The submission is metered one request per URL; each read is one request.
    const usage = await stack.db.usageEvent.findMany({ where: { accountId } });
    const units = (endpoint: string) => usage.filter((u) => u.endpoint === endpoint).reduce((sum, u) => sum + u.units, 0);
    expect(units('POST /bulk')).toBe(4);
    expect(units('GET /bulk/{job_id}')).toBe(reads.length);
    expect(units('GET /jobs/{job_id}')).toBe(1);
  });

  it('enforces authentication, ownership and existence on reads', async () => {
    const owner = await api.register();
    const stranger = await api.register();
    const submitted = await api.post('/bulk', { urls: [pages.url('/one')] }, owner.api_key);
    const jobId = submitted.body.job_id as string;

    const missing = await api.get(`/bulk/${jobId}`);
    expect(missing.status).toBe(401);
    expect(missing.body.error).toMatchObject({ code: 'missing_api_key', retry: false });

    const malformed = await api.get(`/bulk/${jobId}`, 'ce_nothex');
    expect(malformed.status).toBe(401);
    expect(malformed.body.error.code).toBe('invalid_api_key');

    const unknown = await api.get(`/bulk/${jobId}`, `ce_${'0'.repeat(40)}`);
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('invalid_api_key');

    const foreign = await api.get(`/bulk/${jobId}`, stranger.api_key);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toMatchObject({ code: 'forbidden', retry: false });
    expect(foreign.body.error.docs_url).toMatch(/\/docs\/errors#forbidden$/);

    const foreignViaJobs = await api.get(`/jobs/${jobId}`, stranger.api_key);
    expect(foreignViaJobs.status).toBe(403);

    const nothing = await api.get('/bulk/00000000-0000-4000-8000-000000000000', owner.api_key);
    expect(nothing.status).toBe(404);
    expect(nothing.body.error.code).toBe('job_not_found');
  });

  it('refuses bad submissions with the envelope naming the field', async () => {
    const { api_key: key } = await api.register();
    const empty = await api.post('/bulk', { urls: [] }, key);
    expect(empty.status).toBe(422);
    expect(empty.body.error).toMatchObject({ code: 'invalid_request', retry: false });
    expect(empty.body.error.message).toMatch(/^urls/);

    const notUrl = await api.post('/bulk', { urls: ['https://ok.example/', 'not a url'] }, key);
    expect(notUrl.status).toBe(422);
    expect(notUrl.body.error.message).toMatch(/^urls\.1/);

    const overCap = await api.post('/bulk', { urls: Array.from({ length: 11 }, (_, i) => `https://example.com/${i}`) }, key);
    expect(overCap.status).toBe(422);
    expect(overCap.body.error).toMatchObject({ code: 'bulk_cap_exceeded', retry: false });
    expect(overCap.body.error.upgrade_url).toMatch(/\/pricing$/);

    const duplicateEmail = await api.post('/register', { email: 'dup@example.com' });
    expect(duplicateEmail.status).toBe(201);
    const again = await api.post('/register', { email: 'dup@example.com' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('email_taken');
  });

  it('reports database and Temporal health', async () => {
    const health = await api.get('/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', components: { database: 'ok', temporal: 'ok' } });
  });
});
