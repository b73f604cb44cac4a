import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient } from '../support/api.js';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/edge/app.js';
import { createApiDeps } from '../../src/edge/deps.js';
import { createTemporalClient } from '../../src/temporal/client.js';
import { freePort } from '../../scripts/lib/ports.js';

let stack: Stack;
let pages: FixtureServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  pages = await startFixtureServer({ '/a': { body: articlePage('Idempotent', Array.from({ length: 6 }, (_, i) => `Line ${i} of a page submitted more than once.`)) } });
  stack = await startStack();
  api = apiClient(stack.baseUrl);
});
afterAll(async () => {
  await stack?.stop();
  await pages?.close();
});

const submit = (key: string, idempotencyKey: string, body: unknown) =>
  api.call('POST', '/bulk', { key, body, headers: { 'idempotency-key': idempotencyKey }, raw: true });

describe('POST /bulk with Idempotency-Key', () => {
  it('replays the original job for the same key and body, and refuses the same key with another body', async () => {
    const reg = await api.register();
    const idem = randomUUID();
    const body = { urls: [pages.url('/a'), pages.url('/a?2')] };
    const first = await submit(reg.api_key, idem, body);
    expect(first.status).toBe(200);
    // Same body with its keys in another order is the same request.
    const again = await submit(reg.api_key, idem, { urls: body.urls });
    expect(again.status).toBe(200);
    expect(again.body.job_id).toBe(first.body.job_id);
    const reuse = await submit(reg.api_key, idem, { urls: [pages.url('/a')] });
    expect(reuse.status).toBe(422);
    expect(reuse.body.error).toMatchObject({ code: 'idempotency_key_reuse', retry: false });
    expect(await stack.db.job.count({ where: { accountId: reg.account_id } })).toBe(1);
    const usage = await stack.db.usageEvent.findMany({ where: { accountId: reg.account_id, endpoint: 'POST /bulk' } });
    expect(usage.map((u) => u.units)).toEqual([2]);
    // Keys are per account: another account may use the same key for its own job.
    const other = await api.register();
    const theirs = await submit(other.api_key, idem, body);
    expect(theirs.status).toBe(200);
    expect(theirs.body.job_id).not.toBe(first.body.job_id);
  });

  it('turns 50 concurrent identical submissions into exactly one job, metered once', async () => {
    const reg = await api.register();
    await stack.db.account.update({ where: { id: reg.account_id }, data: { plan: 'growth' } }); // 100 req/s: no per-second refusals
    const idem = randomUUID();
    const body = { urls: [pages.url('/a'), pages.url('/a?b'), pages.url('/a?c')] };
    const responses = await Promise.all(Array.from({ length: 50 }, () => submit(reg.api_key, idem, body)));
    const ok = responses.filter((r) => r.status === 200);
    const inProgress = responses.filter((r) => r.status === 409);
    expect(ok.length + inProgress.length).toBe(50);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body.job_id)).size).toBe(1);
    for (const r of inProgress) expect(r.body.error).toMatchObject({ code: 'idempotency_in_progress', retry: true });
    expect(await stack.db.job.count({ where: { accountId: reg.account_id } })).toBe(1);
    const metered = await stack.db.usageEvent.aggregate({ where: { accountId: reg.account_id, endpoint: 'POST /bulk' }, _sum: { units: true } });
    expect(metered._sum.units).toBe(3);
  });

  it('resumes a submission whose process died between writing the job and starting its workflow', async () => {
    const reg = await api.register();
    const idem = randomUUID();
    const body = { urls: [pages.url('/a?crashed')] };
    const first = await submit(reg.api_key, idem, body);
    const jobId = first.body.job_id as string;
    // The first start happens off the request path: let it finish before simulating that it never did.
    for (let i = 0; i < 100 && !(await stack.db.job.findUniqueOrThrow({ where: { id: jobId } })).workflowStartedAt; i++) await new Promise((r) => setTimeout(r, 50));
    // Simulate the crash: the job row exists, its workflow never started, and the crash was a while ago.
    await stack.temporal.workflow.getHandle(`bulk-${jobId}`).terminate('simulated crash before start').catch(() => undefined);
    await stack.db.job.update({ where: { id: jobId }, data: { workflowStartedAt: null, createdAt: new Date(Date.now() - 60_000), workflowId: `bulk-${jobId}-retry` } });
    const resumed = await submit(reg.api_key, idem, body);
    expect(resumed.status).toBe(200);
    expect(resumed.body.job_id).toBe(jobId);
    const running = await stack.temporal.workflow.getHandle(`bulk-${jobId}-retry`).describe();
    expect(['RUNNING', 'COMPLETED']).toContain(running.status.name);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const reg = await api.register();
    const res = await submit(reg.api_key, 'has spaces', { urls: [pages.url('/a')] });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(/^Idempotency-Key/);
  });
});

describe('the job starter (the job table as the outbox of workflow starts)', () => {
  it('starts a committed job whose workflow start was lost, with no retry from the client', async () => {
    const reg = await api.register();
    const jobId = randomUUID();
    // As if the API died right after committing the job: written, never started, a while ago.
    await stack.db.job.create({
      data: {
        id: jobId,
        accountId: reg.account_id,
        kind: 'bulk',
        total: 1,
        input: { urls: [pages.url('/a?lost')], robots: 'advisory' },
        workflowId: `bulk-${jobId}`,
        createdAt: new Date(Date.now() - 10_000),
        expiresAt: new Date(Date.now() + 6 * 60 * 60 * 1000),
      },
    });
    const deadline = Date.now() + 30_000;
    let job = await stack.db.job.findUniqueOrThrow({ where: { id: jobId } });
    while (job.status !== 'done' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      job = await stack.db.job.findUniqueOrThrow({ where: { id: jobId } });
    }
    expect(job).toMatchObject({ status: 'done', completed: 1 });
    expect(job.workflowStartedAt).not.toBeNull();
    // The workflow itself ends just after the job row says done (its last step hands over to webhooks).
    const handle = stack.temporal.workflow.getHandle(`bulk-${jobId}`);
    await handle.result();
    expect((await handle.describe()).status.name).toBe('COMPLETED');
  });
});

describe('submissions while Temporal is unreachable', () => {
  it('accepts the job (it waits in the outbox) and answers a replay with 409 idempotency_in_progress until it can start', async () => {
    // A second API on the same database whose Temporal address answers nothing.
    const deadTemporal = createTemporalClient(`127.0.0.1:${await freePort()}`, stack.cfg.TEMPORAL_NAMESPACE);
    const deps = createApiDeps({ ...stack.cfg, LOG_LEVEL: 'silent' }, stack.db, deadTemporal);
    const server: Server = createApp(deps).listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const cut = apiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      const reg = await cut.register();
      const idem = randomUUID();
      const body = { urls: [pages.url('/a?offline')] };
      const first = await cut.call('POST', '/bulk', { key: reg.api_key, body, headers: { 'idempotency-key': idem }, raw: true });
      expect(first.status).toBe(200);
      expect(first.body.status).toBe('queued');
      const replay = await cut.call('POST', '/bulk', { key: reg.api_key, body, headers: { 'idempotency-key': idem }, raw: true });
      expect(replay.status).toBe(409);
      expect(replay.body.error).toMatchObject({ code: 'idempotency_in_progress', retry: true });
      // Nothing lost: the job is committed and metered once (this file's healthy API sweeps it into Temporal).
      await stack.db.job.findUniqueOrThrow({ where: { id: first.body.job_id } });
      const metered = await stack.db.usageEvent.aggregate({ where: { accountId: reg.account_id, endpoint: 'POST /bulk' }, _sum: { units: true } });
      expect(metered._sum.units).toBe(1);
      // Once Temporal answers again (here: the healthy API of this file), the same replay gets the job.
      const healed = await submit(reg.api_key, idem, body);
      expect(healed.status).toBe(200);
      expect(healed.body.job_id).toBe(first.body.job_id);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.close();
    }
  });
});
