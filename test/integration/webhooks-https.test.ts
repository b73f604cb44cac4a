import { createHmac } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { WorkflowHandle } from '@temporalio/client';
import { startStack, type Stack } from '../support/stack.js';
import { apiClient } from '../support/api.js';
import { createTestPki, type TestPki } from '../support/test-ca.js';
import { startReceiver, type ReceivedWebhook, type Receiver } from '../support/webhook-receiver.js';
import { accountWithSecret, finishedJob, successContent, type FinishedJobOptions } from '../support/webhook-fixtures.js';
import { userAgent } from '../../src/config/config.js';
import { isPublicAddress } from '../../src/net/address-policy.js';
import { createCompletionDelivery } from '../../src/webhooks/deliveries.js';
import { INLINE_RESULTS_MAX_BYTES } from '../../src/webhooks/completion-payload.js';
import { sendWebhookAttempt } from '../../src/webhooks/send-attempt.js';
import { PithWebhookVerificationError, verifyPithWebhook } from '../../src/webhooks/verify.js';

/**
 * Deliveries to real HTTPS receivers on loopback, through the real worker on the Temporal dev server. The
 * receivers' certificates come from a CA made at test time, trusted only through WEBHOOK_CA_FILE.
 */

const RECEIVER_TIMEOUT_MS = 1500;

let stack: Stack;
let pki: TestPki;
const receivers: Receiver[] = [];

beforeAll(async () => {
  pki = createTestPki();
  stack = await startStack({ WEBHOOK_CA_FILE: pki.caFile, WEBHOOK_TIMEOUT_MS: String(RECEIVER_TIMEOUT_MS) });
});

afterAll(async () => {
  await Promise.allSettled(receivers.map((r) => r.close()));
  await stack?.stop();
  pki?.remove();
});

async function httpsReceiver(reply: Parameters<typeof startReceiver>[0], certificate = pki.server): Promise<Receiver> {
  const receiver = await startReceiver(reply, certificate);
  receivers.push(receiver);
  return receiver;
}

const headersOf = (request: ReceivedWebhook) => request.headers as Record<string, string>;

/** The job's delivery, created as prepareJobWebhook creates it, and its workflow started on the stack's worker. */
async function deliver(options: FinishedJobOptions): Promise<{ deliveryId: string; jobId: string; handle: WorkflowHandle }> {
  const job = await finishedJob(stack.db, options);
  const created = await createCompletionDelivery(stack.db, job.id, stack.cfg.BASE_URL);
  if (!created) throw new Error('no delivery created');
  const handle = await stack.temporal.workflow.start('webhookDeliveryWorkflow', {
    taskQueue: stack.cfg.TEMPORAL_TASK_QUEUE,
    workflowId: `webhook-${created.deliveryId}`,
    args: [{ deliveryId: created.deliveryId }],
  });
  return { deliveryId: created.deliveryId, jobId: job.id, handle };
}

/** Waits for the first attempt's record, then stops the schedule (the next attempt would be 30 s later). */
async function firstFailedAttempt(deliveryId: string, handle: WorkflowHandle) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const attempt = await stack.db.webhookAttempt.findUnique({ where: { deliveryId_number: { deliveryId, number: 1 } } });
    if (attempt?.finishedAt) {
      await handle.terminate('test: first attempt seen');
      return attempt;
    }
    if (Date.now() > deadline) throw new Error('attempt 1 was not recorded in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const twoResults = [
  { url: 'https://example.com/a', ok: true, content: successContent('# A\n\nSome text.') },
  { url: 'https://example.com/b', ok: false, error: 'example.com answered HTTP 500', errorCode: 'target_http_error' },
];

describe('signed deliveries over HTTPS', () => {
  it('signs each delivery so that Pith\'s verifier and the standardwebhooks library both accept it, with the documented headers', async () => {
    const receiver = await httpsReceiver(() => ({ status: 200 }));
    const { accountId, secret } = await accountWithSecret(stack.db, stack.deps.secrets);
    const { deliveryId, jobId, handle } = await deliver({ accountId, webhookUrl: receiver.url(), results: twoResults });
    expect(await handle.result()).toEqual({ status: 'delivered', attempts: 1 });

    const [request] = receiver.received;
    const headers = headersOf(request!);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toBe(userAgent(stack.cfg));
    expect(headers['x-pith-delivery-id']).toBe(deliveryId);
    const timestamp = Number(headers['x-pith-timestamp']);
    expect(Math.abs(Date.now() / 1000 - timestamp)).toBeLessThan(30);
    // The contract's algorithm, computed here independently of Pith's code.
    const key = Buffer.from(secret.slice('whsec_'.length), 'hex');
    const expected = createHmac('sha256', key).update(`${deliveryId}.${timestamp}.`).update(request!.body).digest('base64');
    expect(headers['x-pith-signature']).toBe(`v1,${expected}`);

    const payload = verifyPithWebhook({ rawBody: request!.body, headers, secrets: [secret] });
    // Standard Webhooks: the same scheme under other header names, with a base64 secret.
    const standard = new Webhook(`whsec_${key.toString('base64')}`);
    const standardHeaders = { 'webhook-id': headers['x-pith-delivery-id']!, 'webhook-timestamp': headers['x-pith-timestamp']!, 'webhook-signature': headers['x-pith-signature']! };
    expect(standard.verify(request!.body, standardHeaders)).toEqual(payload);

    const tampered = Buffer.from(request!.body);
    tampered[tampered.length - 2]! ^= 1;
    expect(() => verifyPithWebhook({ rawBody: tampered, headers, secrets: [secret] })).toThrow(PithWebhookVerificationError);
    expect(() => standard.verify(tampered, standardHeaders)).toThrow();

    const job = await stack.db.job.findUniqueOrThrow({ where: { id: jobId } });
    expect(payload).toEqual({
      event: 'job.completed',
      job_id: jobId,
      kind: 'bulk',
      status: 'done',
      total: 2,
      completed: 2,
      finished_at: job.finishedAt!.toISOString(),
      results_url: `${stack.cfg.BASE_URL}/bulk/${jobId}`,
    });
    const attempts = await stack.db.webhookAttempt.findMany({ where: { deliveryId } });
    expect(attempts.map((a) => [a.number, a.statusCode, a.succeeded, a.error])).toEqual([[1, 200, true, null]]);
  });

  it('adds truncated and truncated_reason for a crawl, and points results_url at GET /crawl/{job_id}', async () => {
    const receiver = await httpsReceiver(() => ({ status: 202 }));
    const { accountId, secret } = await accountWithSecret(stack.db, stack.deps.secrets);
    const { jobId, handle } = await deliver({ accountId, webhookUrl: receiver.url(), kind: 'crawl', results: twoResults, truncatedReason: 'page_limit' });
    await handle.result();
    const payload = verifyPithWebhook({ rawBody: receiver.received[0]!.body, headers: headersOf(receiver.received[0]!), secrets: [secret] });
    expect(payload).toMatchObject({ kind: 'crawl', truncated: true, truncated_reason: 'page_limit', results_url: `${stack.cfg.BASE_URL}/crawl/${jobId}` });
    expect(payload).not.toHaveProperty('results');
  });

  it('inlines the results with webhook_include_results, as the job read shows them', async () => {
    const receiver = await httpsReceiver(() => ({ status: 200 }));
    const { accountId, secret } = await accountWithSecret(stack.db, stack.deps.secrets);
    const { handle } = await deliver({ accountId, webhookUrl: receiver.url(), includeResults: true, results: twoResults });
    await handle.result();
    const payload = verifyPithWebhook({ rawBody: receiver.received[0]!.body, headers: headersOf(receiver.received[0]!), secrets: [secret] });
    expect(payload.results).toEqual([
      { url: 'https://example.com/a', ...successContent('# A\n\nSome text.') },
      { url: 'https://example.com/b', error: 'example.com answered HTTP 500', error_code: 'target_http_error' },
    ]);
    expect(payload).not.toHaveProperty('results_truncated_for_size');
  });

  it('falls back to the thin shape with results_truncated_for_size when the results would pass 5 MB', async () => {
    const receiver = await httpsReceiver(() => ({ status: 200 }));
    const { accountId, secret } = await accountWithSecret(stack.db, stack.deps.secrets);
    const big = [
      { url: 'https://example.com/big', ok: true, content: successContent('x'.repeat(3_000_000)) },
      { url: 'https://example.com/big2', ok: true, content: successContent('y'.repeat(3_000_000)) },
    ];
    const { jobId, handle } = await deliver({ accountId, webhookUrl: receiver.url(), includeResults: true, results: big });
    await handle.result();
    const { body } = receiver.received[0]!;
    expect(body.byteLength).toBeLessThan(INLINE_RESULTS_MAX_BYTES);
    const payload = verifyPithWebhook({ rawBody: body, headers: headersOf(receiver.received[0]!), secrets: [secret] });
    expect(payload).toMatchObject({ job_id: jobId, total: 2, results_truncated_for_size: true });
    expect(payload).not.toHaveProperty('results');
  });

  it('records a receiver that does not answer within WEBHOOK_TIMEOUT_MS as a timed-out attempt', async () => {
    const receiver = await httpsReceiver(() => 'hang');
    const { accountId } = await accountWithSecret(stack.db, stack.deps.secrets);
    const { deliveryId, handle } = await deliver({ accountId, webhookUrl: receiver.url() });
    const attempt = await firstFailedAttempt(deliveryId, handle);
    expect(attempt).toMatchObject({ succeeded: false, statusCode: null, error: `timeout: no response within ${RECEIVER_TIMEOUT_MS} ms` });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(RECEIVER_TIMEOUT_MS - 100);
    expect(attempt.durationMs).toBeLessThan(RECEIVER_TIMEOUT_MS + 3000);
    expect(receiver.received).toHaveLength(1);
    expect((await stack.db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).status).toBe('pending');
  });

  it('never follows a redirect: a 3xx is a failed attempt and the Location is not contacted', async () => {
    const elsewhere = await httpsReceiver(() => ({ status: 200 }));
    const redirecting = await httpsReceiver(() => ({ status: 307, headers: { location: elsewhere.url('/moved') } }));
    const { accountId } = await accountWithSecret(stack.db, stack.deps.secrets);
    const { deliveryId, handle } = await deliver({ accountId, webhookUrl: redirecting.url() });
    const attempt = await firstFailedAttempt(deliveryId, handle);
    expect(attempt).toMatchObject({ succeeded: false, statusCode: 307, error: 'HTTP 307 (redirects are not followed)' });
    expect(redirecting.received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
  });

  it('fails on a certificate from no trusted CA (verification is never turned off)', async () => {
    const untrusted = await httpsReceiver(() => ({ status: 200 }), pki.untrusted);
    const { accountId } = await accountWithSecret(stack.db, stack.deps.secrets);
    const { deliveryId, handle } = await deliver({ accountId, webhookUrl: untrusted.url() });
    const attempt = await firstFailedAttempt(deliveryId, handle);
    expect(attempt.succeeded).toBe(false);
    expect(attempt.error).toMatch(/^tls: .*SELF_SIGNED/);
    expect(untrusted.received).toHaveLength(0);
  });

  it('signs with the secret current at attempt time: after POST /webhook/rotate, the new secret verifies and the old does not', async () => {
    const api = apiClient(stack.baseUrl);
    const account = await api.register();
    const receiver = await httpsReceiver(() => ({ status: 200 }));
    const { secret: oldSecret } = await accountWithSecret(stack.db, stack.deps.secrets, account.account_id);

    const before = await deliver({ accountId: account.account_id, webhookUrl: receiver.url() });
    await before.handle.result();
    verifyPithWebhook({ rawBody: receiver.received[0]!.body, headers: headersOf(receiver.received[0]!), secrets: [oldSecret] });

    const rotated = await api.post('/webhook/rotate', undefined, account.api_key);
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.webhook_signing_secret as string;
    const after = await deliver({ accountId: account.account_id, webhookUrl: receiver.url() });
    await after.handle.result();
    const request = receiver.received[1]!;
    expect(verifyPithWebhook({ rawBody: request.body, headers: headersOf(request), secrets: [newSecret] })).toMatchObject({ event: 'job.completed' });
    expect(() => verifyPithWebhook({ rawBody: request.body, headers: headersOf(request), secrets: [oldSecret] })).toThrow(/does not match/);
    // During a rotation window a receiver accepts both.
    verifyPithWebhook({ rawBody: request.body, headers: headersOf(request), secrets: [oldSecret, newSecret] });
  });
});

describe('the address check of every attempt (ALLOW_PRIVATE_TARGETS off)', () => {
  const attempt = (url: string) =>
    sendWebhookAttempt({ url, deliveryId: '00000000-0000-4000-8000-000000000000', body: '{}', secret: `whsec_${'0'.repeat(64)}`, timeoutMs: 2000, allowPrivate: false, userAgent: 'test', extraCa: pki.server.cert });

  it('refuses a host whose DNS answer is private at attempt time, before connecting', async () => {
    const receiver = await httpsReceiver(() => ({ status: 200 }));
    const name = hostname();
    // Precondition of this machine: its own name resolves to a loopback/private address (/etc/hosts).
    const resolved = await lookup(name, { all: true });
    expect(resolved.some((a) => !isPublicAddress(a.address))).toBe(true);
    const port = new URL(receiver.url()).port;
    const outcome = await attempt(`https://${name}:${port}/hook`);
    expect(outcome).toMatchObject({ succeeded: false, statusCode: null });
    expect(outcome.error).toMatch(/^refused: .*non-public address/);
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses private IP literals and plain http', async () => {
    expect((await attempt('https://127.0.0.1:9/hook')).error).toMatch(/^refused: /);
    expect((await attempt('https://[::1]:9/hook')).error).toMatch(/^refused: /);
    expect((await attempt('http://example.com/hook')).error).toBe('refused: webhook_url must be https://');
  });
});
