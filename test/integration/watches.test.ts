import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, Connection, ScheduleNotFoundError, ScheduleOverlapPolicy } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import { startTemporalServer, type TemporalServerHandle } from '../../scripts/lib/temporal-server.js';
import { freePort } from '../../scripts/lib/ports.js';
import type { ManagedProcess } from '../../scripts/lib/processes.js';
import { createDb, type Db } from '../../src/db/prisma.js';
import { quotaPeriod } from '../../src/accounts/metering.js';
import { PLANS } from '../../src/contract/plans.js';
import { verifyPithWebhook } from '../../src/webhooks/verify.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { apiClient, pollUntil } from '../support/api.js';
import { serviceEnv, startApiProcess, startWorkerProcess } from '../support/service-processes.js';

/**
 * Watches end to end with real processes: the API and a worker as `npm start` runs them, a Temporal dev
 * server of this file's own (SQLite file, so it can be restarted), real Schedules. The time-skipping test
 * server does not implement Schedules (temporalio/sdk-java#1954, closed as not planned), so "30 days" is
 * the Schedule's own backfill: Temporal takes the actions of 30 past daily ticks, in order, one after the
 * other — the same runs the schedule would have started, with their scheduled times.
 */

const DAY = 86_400_000;
let scratch: string;
let temporalPort: number;
let temporal: TemporalServerHandle;
let connection: Connection;
let schedules: Client;
let pages: FixtureServer;
let receiver: Receiver;
let db: Db;
let worker: ManagedProcess | undefined;
let api: { process: ManagedProcess; baseUrl: string; port: number };
let client: ReturnType<typeof apiClient>;

const startTemporal = () =>
  startTemporalServer({ cli: inject('temporalCli'), port: temporalPort, dbFile: path.join(scratch, 'temporal.db'), namespace: 'default', logFile: path.join(scratch, 'temporal.log') });

const steady = articlePage('Steady page', [
  'This page never changes. A watch looks at it every day and finds the same words, however the whitespace is laid out.',
  'A second paragraph so that the extractor has real content to keep on every look.',
]);
const before = articlePage('Price list', ['The basic plan costs nine euros a month and includes one hundred pages a day.', 'Prices were last reviewed in the autumn.']);
const after = articlePage('Price list', ['The basic plan costs twelve euros a month and includes one hundred pages a day.', 'Prices were last reviewed in the autumn.']);
/** The changing page answers `before` on its first 12 fetches (the baseline and days 1–11), then `after`. */
const CHANGE_AFTER_FETCHES = 12;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'pith-watches-'));
  chmodSync(scratch, 0o755);
  temporalPort = await freePort();
  temporal = await startTemporal();
  connection = await Connection.connect({ address: temporal.address });
  schedules = new Client({ connection, namespace: 'default' });
  pages = await startFixtureServer({
    '/steady': { body: steady },
    '/prices': {
      get body() {
        return (pages.hits.get('/prices') ?? 0) <= CHANGE_AFTER_FETCHES ? before : after;
      },
    },
    '/other': { body: steady },
  });
  receiver = await startReceiver(() => ({ status: 200 }));
  db = createDb(inject('databaseUrl'));
  const env = serviceEnv({ TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: `watches-${Date.now()}`, EXTRACTION_THREADS: '1' });
  worker = await startWorkerProcess(env, path.join(scratch, 'worker.log'));
  api = await startApiProcess(env, path.join(scratch, 'api.log'));
  client = apiClient(api.baseUrl);
}, 240_000);

afterAll(async () => {
  await worker?.stop('SIGTERM', 5000);
  await api?.process.stop('SIGTERM', 5000);
  await connection?.close();
  await temporal?.stop();
  await pages?.close();
  await receiver?.close();
  await db?.$disconnect();
  if (scratch && !process.env.KEEP_SCRATCH) rmSync(scratch, { recursive: true, force: true });
});

async function account(plan: 'free' | 'pro' | 'enterprise'): Promise<{ key: string; accountId: string }> {
  const registered = await client.register();
  await db.account.update({ where: { id: registered.account_id }, data: { plan } });
  return { key: registered.api_key, accountId: registered.account_id };
}

const runsDone = (watchId: string) => db.watchRun.count({ where: { watchId, status: 'done' } });

async function waitForRuns(watchId: string, count: number, timeoutMs = 240_000): Promise<void> {
  await pollUntil(() => runsDone(watchId), (done) => done >= count, timeoutMs, 250);
}

describe('watches: bad input', () => {
  it('refuses bad watches with clear errors naming the field, and meters none of them', async () => {
    const free = await account('free');
    const enterprise = await account('enterprise');
    const url = pages.url('/steady');
    const cases: [string, unknown, number, string, RegExp][] = [
      [free.key, { urls: [url], every: '1h' }, 422, 'watch_interval_too_short', /^every: .*free plan allows one run every 1 day/],
      [enterprise.key, { urls: [url], every: '1m' }, 422, 'watch_interval_too_short', /enterprise plan allows one run every 5 minutes/],
      [enterprise.key, { urls: [url], every: '*/2 * * * *' }, 422, 'watch_interval_too_short', /as often as every 2 minutes/],
      [enterprise.key, { urls: [url], every: 'banana' }, 422, 'invalid_request', /^every: /],
      [enterprise.key, { urls: [url], every: '61 * * * *' }, 422, 'invalid_request', /^every: .*not a valid cron/],
      [enterprise.key, { urls: [url], every: '0 0 30 2 *' }, 422, 'invalid_request', /never runs/],
      [enterprise.key, { urls: [url], every: '31d' }, 422, 'invalid_request', /30d/],
      [enterprise.key, { every: '1d' }, 422, 'invalid_request', /urls/],
      [enterprise.key, { urls: [url], crawl: { url }, every: '1d' }, 422, 'invalid_request', /crawl/],
      [enterprise.key, { urls: [url], every: '1d', max_age: 60 }, 422, 'invalid_request', /max_age/],
      [enterprise.key, { urls: ['file:///etc/passwd'], every: '1d' }, 422, 'invalid_request', /urls/],
      [enterprise.key, { urls: [url], every: '1d', webhook_url: 'ftp://example.com/hook' }, 422, 'webhook_url_invalid', /webhook_url/],
      [free.key, { crawl: { url }, every: '1d' }, 403, 'plan_not_supported', /Crawling/],
      [free.key, { urls: Array.from({ length: 11 }, (_, i) => `${url}?n=${i}`), every: '1d' }, 422, 'bulk_cap_exceeded', /urls/],
      [enterprise.key, { urls: [url], every: '1d', deny_patterns: ['*/steady*'] }, 403, 'domain_denied', /./],
    ];
    for (const [key, body, status, code, message] of cases) {
      const res = await client.post('/watches', body, key);
      expect({ body, status: res.status, code: res.body?.error?.code }).toEqual({ body, status, code });
      expect(res.body.error.message).toMatch(message);
    }
    // A key without the `crawl` scope cannot make a crawl watch.
    const bulkOnly = await client.post('/keys', { scopes: ['bulk'] }, enterprise.key);
    const refused = await client.post('/watches', { crawl: { url }, every: '1d' }, bulkOnly.body.api_key);
    expect(refused.body.error?.code).toBe('insufficient_scope');
    expect(await db.watch.count({ where: { accountId: { in: [free.accountId, enterprise.accountId] } } })).toBe(0);
    const metered = await db.usageEvent.findMany({ where: { accountId: { in: [free.accountId, enterprise.accountId] }, endpoint: { in: ['POST /watches', 'watch run'] } } });
    expect(metered).toEqual([]);
  });

  it("keeps the plan's watch count, and another account's watch is not found", async () => {
    const free = await account('free');
    const made: string[] = [];
    for (let i = 0; i < PLANS.free.watches!; i++) {
      const res = await client.post('/watches', { urls: [pages.url('/other')], every: '1d' }, free.key);
      expect(res.status).toBe(201);
      made.push(res.body.watch_id);
    }
    const over = await client.post('/watches', { urls: [pages.url('/other')], every: '1d' }, free.key);
    expect(over.status).toBe(403);
    expect(over.body.error).toMatchObject({ code: 'watch_limit_reached', upgrade_url: expect.any(String) });
    const listed = await client.get('/watches?limit=2', free.key);
    expect(listed.body.watches).toHaveLength(2);
    const rest = await client.get(`/watches?limit=2&cursor=${listed.body.next_cursor}`, free.key);
    expect([...listed.body.watches, ...rest.body.watches].map((w: { watch_id: string }) => w.watch_id).sort()).toEqual([...made].sort());
    expect(rest.body.next_cursor).toBeNull();

    const stranger = await account('enterprise');
    for (const [method, body] of [['GET', undefined], ['PATCH', { paused: true }], ['DELETE', undefined]] as const) {
      const res = await client.call(method, `/watches/${made[0]}`, { key: stranger.key, ...(body ? { body } : {}) });
      expect({ method, status: res.status, code: res.body?.error?.code }).toEqual({ method, status: 404, code: 'watch_not_found' });
    }
    const bad = await client.call('PATCH', `/watches/${made[0]}`, { key: free.key, body: { every: '1h' } });
    expect(bad.body.error?.code).toBe('watch_interval_too_short');
    const empty = await client.call('PATCH', `/watches/${made[0]}`, { key: free.key, body: {} });
    expect(empty.body.error?.code).toBe('invalid_request');
    for (const id of made) expect((await client.call('DELETE', `/watches/${id}`, { key: free.key })).status).toBe(200);
  });
});

describe('watches: durable runs on a Temporal Schedule', () => {
  let owner: { key: string; accountId: string };
  let watchId: string;
  let createdAt: Date;
  let secret: string;

  it('ticks daily for 30 days; the page that changes on day 12 makes exactly one watch.changed, listing only it', async () => {
    owner = await account('enterprise');
    const created = await client.post('/watches', { urls: [pages.url('/steady'), pages.url('/prices')], every: '1d', webhook_url: receiver.url('/hook') }, owner.key);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'bulk', every: '1d', status: 'active', schedule_id: `watch-${created.body.watch_id}`, webhook_signing_secret: expect.stringMatching(/^whsec_/) });
    watchId = created.body.watch_id;
    secret = created.body.webhook_signing_secret;
    createdAt = new Date(created.body.created_at);

    // The first run starts at once: the baseline, every page `new`, nothing sent.
    await waitForRuns(watchId, 1, 60_000);
    // next_run_at is null while Temporal does not answer within the API's deadline (1.5 s; a loaded machine): ask again until it does.
    const first = (await pollUntil(() => client.get(`/watches/${watchId}`, owner.key), (r) => r.body.next_run_at != null, 30_000, 250)).at(-1)!;
    expect(first.body.recent_runs).toHaveLength(1);
    expect(first.body.recent_runs[0]).toMatchObject({ status: 'done', pages: 2, changed: 0, job_id: expect.any(String) });
    expect(Date.parse(first.body.next_run_at) - createdAt.getTime()).toBeGreaterThan(DAY - 5_000);
    const baseline = await client.get(`/jobs/${first.body.recent_runs[0].job_id}`, owner.key);
    expect(baseline.body.results.map((r: { change: { status: string } }) => r.change.status)).toEqual(['new', 'new']);

    // Thirty daily ticks, taken in order by the Schedule (backfill: the days before creation).
    await schedules.schedule.getHandle(`watch-${watchId}`).backfill({ start: new Date(createdAt.getTime() - 30.5 * DAY), end: new Date(createdAt.getTime() - 0.5 * DAY), overlap: ScheduleOverlapPolicy.BUFFER_ALL });
    await waitForRuns(watchId, 31);

    const runs = await db.watchRun.findMany({ where: { watchId }, orderBy: { scheduledAt: 'asc' } });
    expect(runs).toHaveLength(31);
    expect(new Set(runs.map((r) => r.jobId)).size).toBe(31);
    const ticks = runs.slice(0, 30);
    // One tick a day, 30 days.
    expect(ticks.slice(1).map((r, i) => r.scheduledAt.getTime() - ticks[i]!.scheduledAt.getTime())).toEqual(Array(29).fill(DAY));
    expect(ticks.map((r) => r.changed)).toEqual(Array.from({ length: 30 }, (_, day) => (day + 1 === 12 ? 1 : 0)));

    const [event] = await receiver.waitFor(1, 60_000);
    // Exactly one: wait a little for any second one that should not come.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(receiver.received).toHaveLength(1);
    const body = verifyPithWebhook<any>({ rawBody: event!.body.toString('utf8'), headers: event!.headers, secrets: [secret] });
    expect(body).toMatchObject({ event: 'watch.changed', watch_id: watchId, pages: 2, changed: 1, job_id: ticks[11]!.jobId, scheduled_at: ticks[11]!.scheduledAt.toISOString() });
    expect(body.changes).toHaveLength(1);
    expect(body.changes[0]).toMatchObject({ url: pages.url('/prices'), status: 'changed' });
    expect(body.changes[0].diff).toMatch(/-.*nine euros[\s\S]*\+.*twelve euros/);
    expect(ticks[11]!.deliveryId).toBe(event!.headers['x-pith-delivery-id']);

    // Metered like the jobs they are: one request per URL per run.
    const metered = await db.usageEvent.aggregate({ where: { accountId: owner.accountId, endpoint: 'watch run' }, _sum: { units: true } });
    expect(metered._sum.units).toBe(62);

    // In the Web UI: the runs and their jobs carry the watch's search attributes.
    const listed = await pollUntil(
      async () => {
        const found: string[] = [];
        for await (const wf of schedules.workflow.list({ query: `WatchId = '${watchId}' AND AccountId = '${owner.accountId}'` })) found.push(wf.type);
        return found;
      },
      (found) => found.length >= 62,
      30_000,
      500,
    );
    const types = listed.at(-1)!;
    expect(types.filter((t) => t === 'watchRunWorkflow')).toHaveLength(31);
    expect(types.filter((t) => t === 'bulkJobWorkflow')).toHaveLength(31);

    if (process.env.CAPTURE_WATCH_HISTORY) {
      // Developer aid: `CAPTURE_WATCH_HISTORY=<file> npx vitest run test/integration/watches.test.ts` keeps a run's history for test/replay.
      const changedRun = await schedules.workflow.getHandle(ticks[11]!.tickId).fetchHistory();
      writeFileSync(process.env.CAPTURE_WATCH_HISTORY, historyToJSON(changedRun));
    }
  }, 420_000);

  it('loses no tick when the Temporal server is restarted mid-run', async () => {
    await schedules.schedule.getHandle(`watch-${watchId}`).backfill({ start: new Date(createdAt.getTime() - 36.5 * DAY), end: new Date(createdAt.getTime() - 30.5 * DAY), overlap: ScheduleOverlapPolicy.BUFFER_ALL });
    await waitForRuns(watchId, 33);
    await temporal.stop();
    await new Promise((r) => setTimeout(r, 2_000));
    temporal = await startTemporal();
    await waitForRuns(watchId, 37);
    const runs = await db.watchRun.findMany({ where: { watchId } });
    expect(runs).toHaveLength(37);
    expect(new Set(runs.map((r) => r.tickId)).size).toBe(37);
    const jobs = await db.job.findMany({ where: { id: { in: runs.map((r) => r.jobId!) } }, select: { status: true, completed: true } });
    expect(jobs).toHaveLength(37);
    expect(jobs.every((job) => job.status === 'done' && job.completed === 2)).toBe(true);
    // Nothing changed in those runs: still exactly one event.
    expect(receiver.received).toHaveLength(1);
  }, 300_000);

  it('pauses itself when the month is spent or the account is deactivated, with the reason visible; PATCH resumes it', async () => {
    const handle = schedules.schedule.getHandle(`watch-${watchId}`);
    const { start } = quotaPeriod();
    const allowance = PLANS.enterprise.includedRequestsPerMonth;
    await db.usageCounter.upsert({ where: { accountId_periodStart: { accountId: owner.accountId, periodStart: start } }, create: { accountId: owner.accountId, periodStart: start, used: allowance }, update: { used: allowance } });
    await handle.trigger();
    const paused = await pollUntil(() => client.get(`/watches/${watchId}`, owner.key), (r) => r.body.status === 'paused', 60_000, 250);
    expect(paused.at(-1)!.body).toMatchObject({ status: 'paused', paused_reason: 'quota_exhausted', next_run_at: null });
    expect(paused.at(-1)!.body.recent_runs[0]).toMatchObject({ status: 'skipped', skipped_reason: 'quota_exhausted', job_id: null });
    expect((await handle.describe()).state.paused).toBe(true);

    await db.usageCounter.update({ where: { accountId_periodStart: { accountId: owner.accountId, periodStart: start } }, data: { used: 0 } });
    const resumed = await client.call('PATCH', `/watches/${watchId}`, { key: owner.key, body: { paused: false } });
    expect(resumed.body).toMatchObject({ status: 'active', paused_reason: null });
    expect((await handle.describe()).state.paused).toBe(false);

    await db.account.update({ where: { id: owner.accountId }, data: { active: false } });
    // A run's workflow id is the schedule's id plus its time in whole seconds: a second trigger within the
    // same second would be the same run, and Temporal would start nothing.
    await new Promise((r) => setTimeout(r, 1_100));
    await handle.trigger();
    await pollUntil(() => db.watch.findUniqueOrThrow({ where: { id: watchId } }), (w) => w.paused, 60_000, 250);
    expect(await db.watch.findUniqueOrThrow({ where: { id: watchId } })).toMatchObject({ paused: true, pausedReason: 'account_deactivated' });
    expect((await handle.describe()).state.paused).toBe(true);
    await db.account.update({ where: { id: owner.accountId }, data: { active: true } });
  }, 180_000);

  it('changes its interval and pauses on PATCH; DELETE stops the schedule', async () => {
    const handle = schedules.schedule.getHandle(`watch-${watchId}`);
    const changed = await client.call('PATCH', `/watches/${watchId}`, { key: owner.key, body: { every: '2h', paused: false } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ every: '2h', status: 'active' });
    expect((await handle.describe()).spec.intervals?.[0]?.every).toBe(2 * 3_600_000);
    const paused = await client.call('PATCH', `/watches/${watchId}`, { key: owner.key, body: { paused: true } });
    expect(paused.body).toMatchObject({ status: 'paused', paused_reason: 'user' });
    expect((await handle.describe()).state.paused).toBe(true);

    const deleted = await client.call('DELETE', `/watches/${watchId}`, { key: owner.key });
    expect(deleted.status).toBe(200);
    await expect(handle.describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);
    expect((await client.get(`/watches/${watchId}`, owner.key)).body.error?.code).toBe('watch_not_found');
    expect(await db.watchRun.count({ where: { watchId } })).toBe(0);
  }, 60_000);
});
