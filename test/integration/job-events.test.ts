import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient } from '../support/api.js';
import { eventually, readEventStream, type SseEvent } from '../support/event-stream.js';
import { deleteStoredJobs, storedJob } from '../support/stored-jobs.js';
import { pgPoolOf } from '../../src/db/prisma.js';
import { JOB_EVENTS } from '../../src/contract/limits.js';

/**
 * GET /jobs/{job_id}/events against the real API, PostgreSQL and worker, read as a browser reads it:
 * fetch() with `Authorization: Bearer` and the body's stream reader.
 */

let stack: Stack;
let pages: FixtureServer;
let api: ReturnType<typeof apiClient>;
const ENDPOINT = 'GET /jobs/{job_id}/events';

beforeAll(async () => {
  const page = (n: number) => articlePage(`Event page ${n}`, [`Paragraph of event page ${n}, long enough to be kept as the content of the page.`, 'A second paragraph with enough words to count as content.']);
  pages = await startFixtureServer({
    '/a': { body: page(1) },
    '/b': { body: page(2) },
    '/slow': { delayMs: 1500, body: page(3) },
  });
  stack = await startStack();
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  if (stack) await deleteStoredJobs(stack.db);
  await stack?.stop();
  await pages?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function open(jobId: string, key: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${stack.baseUrl}/jobs/${jobId}/events`, { headers: { authorization: `Bearer ${key}` }, ...(signal ? { signal } : {}) });
}

const named = (events: SseEvent[]) => events.filter((event) => event.event !== undefined).map((event) => ({ event: event.event, ...JSON.parse(event.data ?? '{}') }));

async function openStreams(): Promise<number> {
  const text = await (await fetch(`${stack.baseUrl}/metrics`)).text();
  return Number(/^pith_job_event_streams (\d+)/m.exec(text)?.[1]);
}

describe('GET /jobs/{job_id}/events', () => {
  it('streams the progress of a real bulk job run by the worker and ends with done; metered once', async () => {
    const { account_id: accountId, api_key: key } = await api.register();
    const submitted = await api.post('/bulk', { urls: [pages.url('/a'), pages.url('/slow'), pages.url('/missing'), pages.url('/b')] }, key);
    expect(submitted.status).toBe(200);
    const jobId = submitted.body.job_id as string;

    const response = await open(jobId, key);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-encoding')).toBeNull();
    const stream = readEventStream(response);
    await Promise.race([stream.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the stream did not end')), 60_000))]);

    const events = named(stream.events);
    expect(events.length).toBeGreaterThanOrEqual(3);
    const progress = events.filter((event) => event.event === 'progress');
    expect(progress[0]).toMatchObject({ event: 'progress', job_id: jobId, total: 4 });
    expect(['queued', 'running']).toContain(progress[0].status);
    // Sent on change only, and never going back.
    for (const [i, event] of progress.entries()) {
      if (i === 0) continue;
      const before = progress[i - 1];
      expect(event.completed).toBeGreaterThanOrEqual(before.completed);
      expect([event.status, event.completed, event.failed, event.total]).not.toEqual([before.status, before.completed, before.failed, before.total]);
    }
    expect(new Set(progress.map((event) => event.completed)).size).toBeGreaterThan(1);
    const done = events.at(-1);
    expect(done).toEqual({ event: 'done', job_id: jobId, status: 'done', total: 4, completed: 4, failed: 1 });
    expect(progress.at(-1)).toEqual({ ...done, event: 'progress' });
    expect(events.filter((event) => event.event === 'done')).toHaveLength(1);

    const read = await api.get(`/jobs/${jobId}`, key);
    expect(read.body).toMatchObject({ status: 'done', total: 4, completed: 4 });
    expect(await stack.db.usageEvent.count({ where: { accountId, endpoint: ENDPOINT } })).toBe(1);
  });

  it('answers 404 and 403 as JSON before any stream, unmetered', async () => {
    const owner = await api.register();
    const other = await api.register();
    const job = await storedJob(stack.db, owner.account_id, { status: 'running' });
    for (const [id, key, status, code] of [
      ['not-a-uuid', owner.api_key, 404, 'job_not_found'],
      [randomUUID(), owner.api_key, 404, 'job_not_found'],
      [job.id, other.api_key, 403, 'forbidden'],
    ] as const) {
      const res = await open(id, key);
      expect({ id, status: res.status }).toEqual({ id, status });
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await res.json()).error.code).toBe(code);
    }
    expect((await fetch(`${stack.baseUrl}/jobs/${job.id}/events`)).status).toBe(401);
    expect(await stack.db.usageEvent.count({ where: { accountId: { in: [owner.account_id, other.account_id] }, endpoint: ENDPOINT } })).toBe(0);
  });

  it('sends progress when the counts change, done when the job ends, and at once for a job already finished', async () => {
    const { account_id: accountId, api_key: key } = await api.register();
    const job = await storedJob(stack.db, accountId, { status: 'running', total: 3 });
    const stream = readEventStream(await open(job.id, key));
    await eventually(() => named(stream.events).length === 1, 5_000, 'the first progress event');
    expect(named(stream.events)[0]).toEqual({ event: 'progress', job_id: job.id, status: 'running', total: 3, completed: 0, failed: 0 });

    // As the store writes a failed URL: the result and `completed` together.
    await stack.db.jobResult.create({ data: { jobId: job.id, position: 0, url: 'https://example.com/gone', ok: false, errorCode: 'target_http_error', error: 'HTTP 404' } });
    await stack.db.job.update({ where: { id: job.id }, data: { completed: 1 } });
    await eventually(() => named(stream.events).length === 2, 5_000, 'a progress event for the failed URL');
    expect(named(stream.events)[1]).toMatchObject({ event: 'progress', completed: 1, failed: 1 });

    await stack.db.job.update({ where: { id: job.id }, data: { status: 'cancelled', finishedAt: new Date() } });
    await stream.ended;
    expect(named(stream.events).slice(2)).toEqual([
      { event: 'progress', job_id: job.id, status: 'cancelled', total: 3, completed: 1, failed: 1 },
      { event: 'done', job_id: job.id, status: 'cancelled', total: 3, completed: 1, failed: 1 },
    ]);

    const again = readEventStream(await open(job.id, key));
    await again.ended;
    expect(named(again.events).map((event) => event.event)).toEqual(['progress', 'done']);
  });

  it('stops polling the moment the client disconnects', async () => {
    const { account_id: accountId, api_key: key } = await api.register();
    const job = await storedJob(stack.db, accountId, { status: 'running', total: 2 });
    const pool = pgPoolOf(stack.db)!;
    const query = vi.spyOn(pool, 'query');
    // Each check of the row is one run of the prepared statement (src/jobs/store/job-progress.ts) for this job.
    const polls = () =>
      query.mock.calls.filter(([config]) => {
        const statement = config as unknown as { name?: string; values?: unknown[] };
        return statement.name === 'pith-job-counters' && statement.values?.[0] === job.id;
      }).length;

    const client = new AbortController();
    const stream = readEventStream(await open(job.id, key, client.signal));
    await eventually(() => named(stream.events).length === 1, 5_000, 'the first progress event');
    expect(await openStreams()).toBe(1);
    // The row is checked about every pollMs while the stream is open.
    const start = polls();
    await new Promise((resolve) => setTimeout(resolve, JOB_EVENTS.pollMs * 3 + 100));
    expect(polls() - start).toBeGreaterThanOrEqual(2);

    client.abort();
    await stream.ended;
    // The server sees the connection close: its stream ends, and with it every timer and poll.
    await eventually(async () => (await openStreams()) === 0, 5_000, 'the server to close the stream');
    const afterDisconnect = polls();
    await new Promise((resolve) => setTimeout(resolve, JOB_EVENTS.pollMs * 4));
    expect(polls()).toBe(afterDisconnect);
  });

  it('caps the streams one account holds open: one more is 429 too_many_streams, unmetered, and a closed stream frees its place', async () => {
    const { account_id: accountId, api_key: key } = await api.register();
    // Enterprise: no per-second limit, so twenty opens in a row meet only the stream cap.
    await stack.db.account.update({ where: { id: accountId }, data: { plan: 'enterprise' } });
    const other = await api.register();
    const job = await storedJob(stack.db, accountId, { status: 'running', total: 1 });
    const otherJob = await storedJob(stack.db, other.account_id, { status: 'running', total: 1 });
    const clients = Array.from({ length: JOB_EVENTS.maxStreamsPerAccount }, () => new AbortController());
    try {
      for (const client of clients) {
        const res = await open(job.id, key, client.signal);
        expect(res.status).toBe(200);
        readEventStream(res);
      }
      const refused = await open(job.id, key);
      expect(refused.status).toBe(429);
      expect((await refused.json()).error).toMatchObject({ code: 'too_many_streams', retry: true });
      expect(await stack.db.usageEvent.count({ where: { accountId, endpoint: ENDPOINT } })).toBe(JOB_EVENTS.maxStreamsPerAccount);
      // Another account is not affected.
      const others = new AbortController();
      expect((await open(otherJob.id, other.api_key, others.signal)).status).toBe(200);
      others.abort();

      clients[0]!.abort();
      await eventually(async () => {
        const again = await open(job.id, key, clients[0]!.signal.aborted ? (clients[0] = new AbortController()).signal : clients[0]!.signal);
        if (again.status === 200) readEventStream(again);
        return again.status === 200;
      }, 5_000, 'a place freed by the closed stream');
    } finally {
      clients.forEach((client) => client.abort());
    }
  });
});
