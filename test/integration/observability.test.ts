import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@prisma/client';
import { startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient, pollUntil } from '../support/api.js';
import { logCapture } from '../support/log-capture.js';
import { createApp } from '../../src/edge/app.js';
import { startJob } from '../../src/jobs/outbox.js';
import { REQUEST_ID_HEADER } from '../../workflows/interceptors.js';
import { parseServerTiming } from '../../src/observability/phases.js';

const paragraphs = (topic: string) => Array.from({ length: 5 }, (_, i) => `${topic} paragraph ${i + 1}: observability means every line of a job's logs can be traced back to the request that asked for it.`);

let stack: Stack;
let pages: FixtureServer;
let api: ReturnType<typeof apiClient>;
const logs = logCapture();

beforeAll(async () => {
  pages = await startFixtureServer({
    '/a': { body: articlePage('Article A', paragraphs('Alpha')) },
    '/b': { body: articlePage('Article B', paragraphs('Beta')) },
    '/gone': { status: 410, body: 'gone' },
  });
  stack = await startStack({ LOG_LEVEL: 'debug' }, { logDestination: logs.stream });
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
  await pages?.close();
});

const activityLinesOf = (workflowId: string) => logs.lines.filter((line) => line.workflowId === workflowId && line.activity);

async function waitForJob(jobId: string, key: string) {
  const reads = await pollUntil(() => api.get(`/bulk/${jobId}`, key), (r) => r.body.status === 'done');
  return reads.at(-1)!.body;
}

describe('request ids', () => {
  it('echoes a sane X-Request-Id and generates one otherwise, on successes and errors alike', async () => {
    const echoed = await api.call('GET', '/health', { headers: { 'X-Request-Id': 'client-req-42.a:b' } });
    expect(echoed.headers.get('x-request-id')).toBe('client-req-42.a:b');

    const generated = await api.get('/health');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    for (const insane of ['has spaces in it', 'x'.repeat(129), 'semi;colon', '<script>']) {
      const replaced = await api.call('GET', '/no-such-route', { headers: { 'X-Request-Id': insane } });
      expect(replaced.status).toBe(404);
      expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    const longest = 'y'.repeat(128);
    expect((await api.call('GET', '/health', { headers: { 'X-Request-Id': longest } })).headers.get('x-request-id')).toBe(longest);
    // The access log line of a request carries its id.
    expect(logs.lines.some((line) => line.msg === 'request' && line.requestId === 'client-req-42.a:b' && line.route === '/health' && line.status === 200)).toBe(true);
  });

  it("carries the submitting request's id into the workflow and every activity log line of its bulk job", async () => {
    const { api_key: key } = await api.register();
    const requestId = `bulk-${randomUUID()}`;
    const urls = [pages.url('/a'), pages.url('/gone'), pages.url('/b')];
    const submitted = await api.call('POST', '/bulk', { key, body: { urls }, headers: { 'X-Request-Id': requestId } });
    expect(submitted.status).toBe(200);
    expect(submitted.headers.get('x-request-id')).toBe(requestId);
    const jobId: string = submitted.body.job_id;
    await waitForJob(jobId, key);

    const workflowId = `bulk-${jobId}`;
    const lines = activityLinesOf(workflowId);
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['job running', 'job url extracted', 'job finished']));
    expect(lines.filter((line) => line.msg === 'job url extracted')).toHaveLength(3);
    for (const line of lines) expect(line).toMatchObject({ requestId, jobId, workflowId });
    expect(new Set(lines.map((line) => line.activity))).toEqual(new Set(['markJobRunning', 'extractJobUrls', 'markJobFinished']));

    // Durable: on the job row, in the workflow memo and in the workflow's start header.
    expect((await stack.db.job.findUniqueOrThrow({ where: { id: jobId } })).requestId).toBe(requestId);
    const handle = stack.temporal.workflow.getHandle(workflowId);
    expect((await handle.describe()).memo).toMatchObject({ requestId });
    const history = await handle.fetchHistory();
    const header = history.events?.[0]?.workflowExecutionStartedEventAttributes?.header?.fields?.[REQUEST_ID_HEADER];
    expect(Buffer.from(header?.data ?? new Uint8Array()).toString()).toBe(JSON.stringify(requestId));
  });

  it('takes the request id from the job row when the job starter sweeps up a start long after its request', async () => {
    const { api_key: key, account_id: accountId } = await api.register();
    const submitted = await api.post('/bulk', { urls: [pages.url('/a')] }, key);
    const original = await stack.db.job.findUniqueOrThrow({ where: { id: submitted.body.job_id } });
    // A committed job whose start was lost (the API died before it): the sweep runs startJob with no request around it.
    const id = randomUUID();
    const { id: _id, workflowId: _workflowId, workflowStartedAt: _started, sitemapSeeding: _seeding, input, ...rest } = original;
    const orphan: Job = await stack.db.job.create({
      data: { ...rest, input: input as object, id, accountId, workflowId: `bulk-${id}`, workflowStartedAt: null, requestId: 'req-from-the-job-row', idempotencyKey: null, status: 'queued', completed: 0, startedAt: null, finishedAt: null },
    });
    await startJob({ db: stack.db, temporal: stack.temporal, cfg: stack.cfg }, orphan);
    await waitForJob(id, key);
    const lines = activityLinesOf(`bulk-${id}`);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(line.requestId).toBe('req-from-the-job-row');
  });

  it('never writes an API key into the logs', async () => {
    const { api_key: key } = await api.register();
    await api.get(`/usage?api_key=${key}`, key);
    await api.call('GET', '/account', { key, headers: { 'X-Job-Token': 'jt_secretsecretsecretsecret', 'Payment-Signature': 'sig-secret' } });
    const text = logs.text();
    expect(text).not.toContain(key);
    expect(text).not.toContain('jt_secretsecretsecretsecret');
    expect(text).not.toContain('sig-secret');
  });
});

describe('Server-Timing', () => {
  it('answers POST /extract with where its time went: fetch, extraction, metering, index, total', async () => {
    const { api_key: key } = await api.register();
    const answered = await api.call('POST', '/extract', { key, body: { url: pages.url('/a') } });
    expect(answered.status).toBe(200);
    const phases = parseServerTiming(answered.headers.get('server-timing'));
    expect(Object.keys(phases)).toEqual(expect.arrayContaining(['robots', 'fetch', 'extract', 'meter', 'index', 'total']));
    for (const ms of Object.values(phases)) expect(ms).toBeGreaterThanOrEqual(0);
    expect(phases.extract).toBeGreaterThan(0);
    // Phases run one after another inside the request: together they fit in its total.
    const parts = Object.entries(phases).filter(([name]) => name !== 'total').reduce((sum, [, ms]) => sum + ms, 0);
    expect(parts).toBeLessThanOrEqual(phases.total! + 1);

    // A failed page and a refusal say it too: the fetch of a 410, and nothing but the total of a 401.
    const gone = await api.call('POST', '/extract', { key, body: { url: pages.url('/gone') } });
    expect(gone.status).toBe(422);
    expect(Object.keys(parseServerTiming(gone.headers.get('server-timing')))).toEqual(expect.arrayContaining(['fetch', 'total']));
    const refused = await api.call('POST', '/extract', { body: { url: pages.url('/a') } });
    expect(refused.status).toBe(401);
    expect(Object.keys(parseServerTiming(refused.headers.get('server-timing')))).toEqual(['total']);
  });
});

describe('GET /metrics', () => {
  const sample = (text: string, name: string, labels: Record<string, string>) => {
    const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
    const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
    return line ? Number(line.split(' ').at(-1)) : undefined;
  };

  it('exposes request counts by route pattern, latencies, job states and extraction durations as Prometheus text', async () => {
    const { api_key: key } = await api.register();
    for (let i = 0; i < 3; i++) await api.get('/health');
    const missing = randomUUID();
    await api.get(`/bulk/${missing}`, key);
    await api.get(`/some/unknown/path/${missing}`);

    const response = await fetch(`${stack.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(sample(text, 'pith_http_requests_total', { method: 'GET', route: '/health', status: '200' })).toBeGreaterThanOrEqual(3);
    // Route patterns, never raw paths: the label set stays bounded.
    expect(sample(text, 'pith_http_requests_total', { method: 'GET', route: '/bulk/{job_id}', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'pith_http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(missing);
    expect(sample(text, 'pith_http_request_duration_seconds_count', { method: 'GET', route: '/health' })).toBeGreaterThanOrEqual(3);
    // Earlier tests ran bulk jobs to the end.
    expect(sample(text, 'pith_jobs', { kind: 'bulk', status: 'done' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'pith_jobs', { kind: 'crawl', status: 'running' })).toBe(0);
    expect(sample(text, 'pith_extraction_duration_seconds_count', { source: 'job', outcome: 'ok' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'pith_extraction_duration_seconds_count', { source: 'job', outcome: 'error' })).toBeGreaterThanOrEqual(1);
    expect(text).toContain('# TYPE pith_webhook_delivery_attempts_total counter');
    expect(text).toContain('pith_process_resident_memory_bytes');
  });

  it('times POST /extract under source="api"', async () => {
    const { api_key: key } = await api.register();
    expect((await api.post('/extract', { url: pages.url('/b') }, key)).status).toBe(200);
    const text = await (await fetch(`${stack.baseUrl}/metrics`)).text();
    expect(sample(text, 'pith_extraction_duration_seconds_count', { source: 'api', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
  });

  async function serve(cfg: Partial<Stack['cfg']>): Promise<{ url: string; close(): Promise<void> }> {
    const server: Server = createApp({ ...stack.deps, cfg: { ...stack.cfg, ...cfg } }).listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
  }

  it('requires Authorization: Bearer <METRICS_TOKEN> when a token is configured', async () => {
    const token = 'metrics-token-0123456789';
    const app = await serve({ METRICS_TOKEN: token });
    try {
      const none = await fetch(`${app.url}/metrics`);
      expect(none.status).toBe(401);
      expect((await none.json()).error.code).toBe('missing_api_key');
      expect((await fetch(`${app.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-wrong-token' } })).status).toBe(401);
      const ok = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('pith_http_requests_total');
    } finally {
      await app.close();
    }
  });

  it('is absent (404) with METRICS_ENABLED=false', async () => {
    const app = await serve({ METRICS_ENABLED: false });
    try {
      const response = await fetch(`${app.url}/metrics`);
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe('not_found');
    } finally {
      await app.close();
    }
  });
});
