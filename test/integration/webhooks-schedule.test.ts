import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker, bundleWorkflowCode } from '@temporalio/worker';
import type { temporal } from '@temporalio/proto';
import { startTimeSkippingServer } from '../support/time-skipping.js';
import { parseConfig, type Config } from '../../src/config/config.js';
import { createDb, type Db } from '../../src/db/prisma.js';
import { SecretBox } from '../../src/accounts/webhook-secret.js';
import { createWebhookActivities } from '../../activities/webhook-activities.js';
import { createCompletionDelivery } from '../../src/webhooks/deliveries.js';
import { verifyPithWebhook } from '../../src/webhooks/verify.js';
import { accountWithSecret, finishedJob } from '../support/webhook-fixtures.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

/**
 * The delivery schedule on the Temporal time-skipping test server: 38 hours of durable timers in seconds
 * of wall time, real PostgreSQL, real HTTP receivers on loopback, and the workflow started the way a job
 * workflow starts it (startCompletionWebhook, from test/workflows/completion-webhook.ts).
 */

const workflowsPath = fileURLToPath(new URL('../workflows/completion-webhook.ts', import.meta.url));
const workerProcess = fileURLToPath(new URL('../support/webhook-worker-process.ts', import.meta.url));
const ENCRYPTION_KEY = 'cd'.repeat(32);

type History = temporal.api.history.v1.IHistory;

let env: TestWorkflowEnvironment;
let db: Db;
let cfg: Config;
let box: SecretBox;
let bundle: Awaited<ReturnType<typeof bundleWorkflowCode>>;
const receivers: Receiver[] = [];

beforeAll(async () => {
  env = await startTimeSkippingServer();
  db = createDb(inject('databaseUrl'));
  cfg = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: inject('databaseUrl'), ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_ENCRYPTION_KEY: ENCRYPTION_KEY });
  box = new SecretBox(ENCRYPTION_KEY);
  bundle = await bundleWorkflowCode({ workflowsPath, logger: { trace() {}, debug() {}, info() {}, warn: console.warn, error: console.error, log() {} } });
});

afterAll(async () => {
  await Promise.allSettled(receivers.map((r) => r.close()));
  await env?.teardown();
  await db?.$disconnect();
});

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

const newTaskQueue = () => `webhooks-${randomUUID().slice(0, 8)}`;

function newWorker(taskQueue: string): Promise<Worker> {
  return Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: bundle, activities: createWebhookActivities({ db, cfg }) });
}

/** What a job workflow does when it finishes; returns the delivery it created. */
async function finishJob(taskQueue: string, jobId: string): Promise<string> {
  await env.client.workflow.execute('finishJobWithWebhook', { taskQueue, workflowId: `job-end-${randomUUID()}`, args: [jobId] });
  return (await db.webhookDelivery.findUniqueOrThrow({ where: { completionOf: jobId } })).id;
}

/** Creates the job's delivery (what prepareJobWebhook does) and starts its workflow directly, as a redelivery does. */
async function startDelivery(taskQueue: string, jobId: string): Promise<string> {
  const created = await createCompletionDelivery(db, jobId, cfg.BASE_URL);
  if (!created) throw new Error('the job has no webhook_url');
  await env.client.workflow.start('webhookDeliveryWorkflow', { taskQueue, workflowId: `webhook-${created.deliveryId}`, args: [{ deliveryId: created.deliveryId }] });
  return created.deliveryId;
}

const seconds = (value: { seconds?: unknown; nanos?: number | null } | null | undefined) =>
  Number(String(value?.seconds ?? 0)) + (value?.nanos ?? 0) / 1e9;

const events = (history: History) => history.events ?? [];

/** startToFireTimeout of every durable timer, in seconds. */
function timerDelays(history: History): number[] {
  return events(history)
    .filter((e) => e.timerStartedEventAttributes)
    .map((e) => seconds(e.timerStartedEventAttributes?.startToFireTimeout));
}

/** When each attempt was scheduled, in (skipped) workflow time, relative to the first. */
function attemptOffsets(history: History): number[] {
  const times = events(history)
    .filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'attemptWebhookDelivery')
    .map((e) => seconds(e.eventTime));
  return times.map((t) => t - (times[0] ?? 0));
}

const attemptsOf = (deliveryId: string) => db.webhookAttempt.findMany({ where: { deliveryId }, orderBy: { number: 'asc' } });

describe('webhook delivery schedule (time-skipping test server)', () => {
  it('makes exactly 7 attempts at 0, 30 s, 5 min 30 s, 35 min 30 s, 2 h 35 min 30 s, 14 h 35 min 30 s, 38 h 35 min 30 s, then dead-letters', async () => {
    const failing = await receiver(() => ({ status: 500 }));
    const { accountId, secret } = await accountWithSecret(db, box);
    const job = await finishedJob(db, { accountId, webhookUrl: failing.url() });
    const taskQueue = newTaskQueue();
    const worker = await newWorker(taskQueue);

    const wallStart = Date.now();
    const { deliveryId, outcome, history } = await worker.runUntil(async () => {
      const id = await startDelivery(taskQueue, job.id);
      const handle = env.client.workflow.getHandle(`webhook-${id}`);
      return { deliveryId: id, outcome: await handle.result(), history: await handle.fetchHistory() };
    });
    expect(Date.now() - wallStart).toBeLessThan(60_000);

    expect(outcome).toEqual({ status: 'dead_lettered', attempts: 7 });
    expect(timerDelays(history)).toEqual([30, 300, 1800, 7200, 43_200, 86_400]);
    const expectedOffsets = [0, 30, 330, 2130, 9330, 52_530, 138_930];
    const offsets = attemptOffsets(history);
    expect(offsets).toHaveLength(7);
    offsets.forEach((offset, i) => expect(Math.abs(offset - expectedOffsets[i]!), `attempt ${i + 1} at ${offset} s`).toBeLessThan(5));

    expect(failing.received).toHaveLength(7);
    for (const request of failing.received) {
      expect(request.headers['x-pith-delivery-id']).toBe(deliveryId);
      expect(verifyPithWebhook({ rawBody: request.body, headers: request.headers as Record<string, string>, secrets: [secret] })).toMatchObject({ event: 'job.completed', job_id: job.id });
    }

    const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    expect(delivery.status).toBe('dead_lettered');
    expect(delivery.deadLetteredAt).toBeInstanceOf(Date);
    expect(delivery.deliveredAt).toBeNull();
    const attempts = await attemptsOf(deliveryId);
    expect(attempts.map((a) => [a.number, a.statusCode, a.error, a.succeeded])).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => [n, 500, 'HTTP 500', false]));
    for (const attempt of attempts) expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('retries an attempt whose worker was SIGKILLed mid-request on the next timer, with the same delivery id', async () => {
    const hangsOnce = await receiver((n) => (n === 1 ? 'hang' : { status: 200 }));
    const { accountId, secret } = await accountWithSecret(db, box);
    const job = await finishedJob(db, { accountId, webhookUrl: hangsOnce.url() });
    const taskQueue = newTaskQueue();

    const child = spawn(process.execPath, ['--import', 'tsx', workerProcess], {
      // A clean environment: vitest's own (BASE_URL=/ among others) is not Pith configuration.
      env: { PATH: process.env.PATH, TEMPORAL_ADDRESS: env.address, TASK_QUEUE: taskQueue, DATABASE_URL: inject('databaseUrl'), WEBHOOK_ENCRYPTION_KEY: ENCRYPTION_KEY },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`worker process exited early (${code})`)));
    });

    const deliveryId = await startDelivery(taskQueue, job.id);
    await hangsOnce.waitFor(1);
    const inFlight = await attemptsOf(deliveryId);
    expect(inFlight.map((a) => [a.number, a.finishedAt])).toEqual([[1, null]]);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const worker = await newWorker(taskQueue);
    const handle = env.client.workflow.getHandle(`webhook-${deliveryId}`);
    // The server notices the dead worker by the attempt's missing heartbeats (10 s, real time: the test
    // server does not skip time while an activity is outstanding), then the schedule goes on.
    const outcome = await worker.runUntil(handle.result());
    const history = await handle.fetchHistory();

    expect(outcome).toEqual({ status: 'delivered', attempts: 2 });
    expect(events(history).some((e) => e.activityTaskTimedOutEventAttributes)).toBe(true);
    expect(timerDelays(history)).toEqual([30]);
    expect(hangsOnce.received).toHaveLength(2);
    expect(hangsOnce.received.map((r) => r.headers['x-pith-delivery-id'])).toEqual([deliveryId, deliveryId]);
    verifyPithWebhook({ rawBody: hangsOnce.received[1]!.body, headers: hangsOnce.received[1]!.headers as Record<string, string>, secrets: [secret] });
    const attempts = await attemptsOf(deliveryId);
    expect(attempts.map((a) => [a.number, a.succeeded, a.statusCode])).toEqual([
      [1, false, null],
      [2, true, 200],
    ]);
    expect(attempts[0]!.error).toMatch(/^interrupted: /);
    expect(attempts[0]!.finishedAt).toBeInstanceOf(Date);
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).status).toBe('delivered');
  });
  // Last on purpose: after a parent has closed with an abandoned child, the Java test server no longer
  // skips time for later workflows of the same server (the dev-server tests cover the same path in real time).
  it('stops at the first 2xx: success on attempt 3 means exactly 3 attempts, delivered; a repeated job end creates no second delivery', async () => {
    // The first answer comes late, so attempt 2 is signed in a later second than attempt 1.
    const flaky = await receiver((n) => (n === 1 ? { status: 503, delayMs: 1100 } : n === 2 ? { status: 500 } : { status: 204 }));
    const { accountId, secret } = await accountWithSecret(db, box);
    const job = await finishedJob(db, { accountId, webhookUrl: flaky.url() });
    const taskQueue = newTaskQueue();
    const worker = await newWorker(taskQueue);

    const { deliveryId, again, outcome, history } = await worker.runUntil(async () => {
      const id = await finishJob(taskQueue, job.id);
      // A retried or re-run job workflow calls the helper again: same delivery, the running child is left alone.
      const second = await finishJob(taskQueue, job.id);
      const handle = env.client.workflow.getHandle(`webhook-${id}`);
      return { deliveryId: id, again: second, outcome: await handle.result(), history: await handle.fetchHistory() };
    });

    expect(again).toBe(deliveryId);
    expect(await db.webhookDelivery.count({ where: { jobId: job.id } })).toBe(1);
    expect(outcome).toEqual({ status: 'delivered', attempts: 3 });
    expect(timerDelays(history)).toEqual([30, 300]);
    expect(flaky.received).toHaveLength(3);
    const [first, second] = flaky.received;
    expect(new Set(flaky.received.map((r) => r.headers['x-pith-delivery-id']))).toEqual(new Set([deliveryId]));
    // Signed afresh on every attempt: a new timestamp and so a new signature, over the same body.
    expect(Number(second!.headers['x-pith-timestamp'])).toBeGreaterThan(Number(first!.headers['x-pith-timestamp']));
    expect(second!.headers['x-pith-signature']).not.toBe(first!.headers['x-pith-signature']);
    expect(new Set(flaky.received.map((r) => r.body.toString()))).toHaveProperty('size', 1);
    for (const request of flaky.received) verifyPithWebhook({ rawBody: request.body, headers: request.headers as Record<string, string>, secrets: [secret] });

    const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    expect(delivery.status).toBe('delivered');
    expect(delivery.deliveredAt).toBeInstanceOf(Date);
    expect(delivery.deadLetteredAt).toBeNull();
    const attempts = await attemptsOf(deliveryId);
    expect(attempts.map((a) => [a.number, a.statusCode, a.succeeded])).toEqual([
      [1, 503, false],
      [2, 500, false],
      [3, 204, true],
    ]);
    expect(attempts[0]!.durationMs).toBeGreaterThanOrEqual(1000);
  });
});
