import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';
import { apiClient, pollUntil } from '../support/api.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { startReceiver, type ReceivedWebhook, type Receiver } from '../support/webhook-receiver.js';
import { accountWithSecret, finishedJob } from '../support/webhook-fixtures.js';
import { createCompletionDelivery } from '../../src/webhooks/deliveries.js';
import { verifyPithWebhook } from '../../src/webhooks/verify.js';

/** The delivery history and redelivery routes, and a real job's completion webhook, through the real API and worker. */

let stack: Stack;
let api: ReturnType<typeof apiClient>;
let receiver: Receiver;
let pages: FixtureServer;

beforeAll(async () => {
  receiver = await startReceiver(() => ({ status: 200 }));
  pages = await startFixtureServer({ '/a': { body: articlePage('Webhook page', Array.from({ length: 6 }, (_, i) => `Paragraph ${i} of a page whose job notifies a receiver.`)) } });
  stack = await startStack();
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
  await pages?.close();
});

const headersOf = (request: ReceivedWebhook) => request.headers as Record<string, string>;
const requestsFor = (deliveryId: string) => receiver.received.filter((r) => r.headers['x-pith-delivery-id'] === deliveryId);

/** A finished job of `accountId`, delivered to the receiver; resolves once delivered. */
async function deliveredJob(accountId: string): Promise<string> {
  const job = await finishedJob(stack.db, { accountId, webhookUrl: receiver.url(), results: [{ url: 'https://example.com/', ok: false, error: 'x', errorCode: 'fetch_failed' }] });
  const created = await createCompletionDelivery(stack.db, job.id, stack.cfg.BASE_URL);
  const deliveryId = created!.deliveryId;
  await stack.temporal.workflow.execute('webhookDeliveryWorkflow', { taskQueue: stack.cfg.TEMPORAL_TASK_QUEUE, workflowId: `webhook-${deliveryId}`, args: [{ deliveryId }] });
  return deliveryId;
}

describe('job.completed from a real bulk job', () => {
  it('POSTs the signed notification to webhook_url when the job finishes, listed as delivered', async () => {
    const account = await api.register();
    const submitted = await api.post('/bulk', { urls: [pages.url('/a')], webhook_url: receiver.url('/bulk-done') }, account.api_key);
    expect(submitted.status).toBe(200);
    const secret = submitted.body.webhook_signing_secret as string;
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const jobId = submitted.body.job_id as string;

    const [page] = (await pollUntil(() => api.get(`/webhooks/deliveries`, account.api_key), (res) => res.body.data?.[0]?.status === 'delivered', 30_000)).slice(-1);
    const delivery = page!.body.data[0];
    expect(delivery).toMatchObject({ event: 'job.completed', job_id: jobId, url: receiver.url('/bulk-done'), status: 'delivered', redelivery_of: null });
    const [request] = requestsFor(delivery.id);
    const payload = verifyPithWebhook({ rawBody: request!.body, headers: headersOf(request!), secrets: [secret] });
    expect(payload).toMatchObject({ event: 'job.completed', job_id: jobId, kind: 'bulk', status: 'done', total: 1, completed: 1, results_url: `${stack.cfg.BASE_URL}/bulk/${jobId}` });
    expect(payload).not.toHaveProperty('results');
    // At most one delivery per job, however the job workflow ends.
    expect(await stack.db.webhookDelivery.count({ where: { jobId } })).toBe(1);
  });
});

describe('GET /webhooks/deliveries', () => {
  it("lists the account's own deliveries newest first, with attempts and outcome, in pages", async () => {
    const account = await api.register();
    await accountWithSecret(stack.db, stack.deps.secrets, account.account_id);
    const ids = [await deliveredJob(account.account_id), await deliveredJob(account.account_id), await deliveredJob(account.account_id)];

    const first = await api.get('/webhooks/deliveries?limit=2', account.api_key);
    expect(first.status).toBe(200);
    expect(first.body.data.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await api.get(`/webhooks/deliveries?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`, account.api_key);
    expect(second.body.data.map((d: { id: string }) => d.id)).toEqual([ids[0]]);
    expect(second.body.next_cursor).toBeNull();

    const [delivery] = second.body.data;
    expect(delivery).toMatchObject({ id: ids[0], event: 'job.completed', url: receiver.url(), status: 'delivered', dead_lettered_at: null, redelivery_of: null });
    expect(Date.parse(delivery.delivered_at)).not.toBeNaN();
    expect(delivery.attempts).toEqual([{ number: 1, at: expect.any(String), duration_ms: expect.any(Number), status_code: 200, error: null, state: 'succeeded' }]);

    const stranger = await api.register();
    expect((await api.get('/webhooks/deliveries', stranger.api_key)).body).toEqual({ data: [], next_cursor: null });
  });

  it("filters by job_id, and says when a pending delivery's next attempt is due", async () => {
    const account = await api.register();
    await accountWithSecret(stack.db, stack.deps.secrets, account.account_id);
    const delivered = await deliveredJob(account.account_id);
    await deliveredJob(account.account_id);
    const deliveredJobId = (await stack.db.webhookDelivery.findUniqueOrThrow({ where: { id: delivered } })).jobId!;
    const onlyOne = await api.get(`/webhooks/deliveries?job_id=${deliveredJobId}`, account.api_key);
    expect(onlyOne.body.data.map((d: { id: string }) => d.id)).toEqual([delivered]);
    expect(onlyOne.body.data[0].next_attempt_at).toBeNull();
    const stranger = await api.register();
    expect((await api.get(`/webhooks/deliveries?job_id=${deliveredJobId}`, stranger.api_key)).body.data).toEqual([]);
    const badJobId = await api.get('/webhooks/deliveries?job_id=nope', account.api_key);
    expect(badJobId.status).toBe(422);
    expect(badJobId.body.error.message).toMatch(/^job_id: /);

    // A receiver that fails: after the first attempt the workflow sleeps 30 s, and the listing says until when.
    const failing = await startReceiver(() => ({ status: 500 }));
    try {
      const job = await finishedJob(stack.db, { accountId: account.account_id, webhookUrl: failing.url(), results: [{ url: 'https://example.com/', ok: false, error: 'x', errorCode: 'fetch_failed' }] });
      const { deliveryId } = (await createCompletionDelivery(stack.db, job.id, stack.cfg.BASE_URL))!;
      const handle = await stack.temporal.workflow.start('webhookDeliveryWorkflow', { taskQueue: stack.cfg.TEMPORAL_TASK_QUEUE, workflowId: `webhook-${deliveryId}`, args: [{ deliveryId }] });
      const [pending] = (await pollUntil(() => api.get(`/webhooks/deliveries?job_id=${job.id}`, account.api_key), (res) => res.body.data?.[0]?.attempts?.[0]?.state === 'failed', 30_000)).slice(-1);
      const delivery = pending!.body.data[0];
      expect(delivery).toMatchObject({ status: 'pending', attempts: [{ number: 1, status_code: 500, state: 'failed' }] });
      const attemptEnded = Date.parse(delivery.attempts[0].at) + delivery.attempts[0].duration_ms;
      expect(Date.parse(delivery.next_attempt_at) - attemptEnded).toBeGreaterThanOrEqual(29_000);
      expect(Date.parse(delivery.next_attempt_at) - attemptEnded).toBeLessThanOrEqual(31_000);
      await handle.terminate('test done');
    } finally {
      await failing.close();
    }
  });

  it('answers 401 without a key and 422 for a bad limit or cursor', async () => {
    const account = await api.register();
    expect((await api.get('/webhooks/deliveries')).body.error.code).toBe('missing_api_key');
    const badLimit = await api.get('/webhooks/deliveries?limit=0', account.api_key);
    expect(badLimit.status).toBe(422);
    expect(badLimit.body.error).toMatchObject({ code: 'invalid_request' });
    expect(badLimit.body.error.message).toMatch(/^limit: /);
    expect((await api.get('/webhooks/deliveries?cursor=nope', account.api_key)).body.error.code).toBe('invalid_request');
  });
});

describe('POST /webhooks/deliveries/{id}/redeliver', () => {
  it('sends the same body again under a new delivery id, signed with the current secret', async () => {
    const account = await api.register();
    const { secret } = await accountWithSecret(stack.db, stack.deps.secrets, account.account_id);
    const originalId = await deliveredJob(account.account_id);

    const res = await api.post(`/webhooks/deliveries/${originalId}/redeliver`, undefined, account.api_key);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ event: 'job.completed', status: 'pending', redelivery_of: originalId, attempts: [] });
    const copyId = res.body.id as string;
    expect(copyId).not.toBe(originalId);

    expect(await stack.temporal.workflow.getHandle(`webhook-${copyId}`).result()).toEqual({ status: 'delivered', attempts: 1 });
    const [original] = requestsFor(originalId);
    const [again] = requestsFor(copyId);
    expect(again!.body.equals(original!.body)).toBe(true);
    verifyPithWebhook({ rawBody: again!.body, headers: headersOf(again!), secrets: [secret] });

    const listed = await api.get('/webhooks/deliveries', account.api_key);
    expect(listed.body.data.map((d: { id: string; status: string }) => [d.id, d.status])).toEqual([
      [copyId, 'delivered'],
      [originalId, 'delivered'],
    ]);
    const metered = await stack.db.usageEvent.count({ where: { accountId: account.account_id, endpoint: 'POST /webhooks/deliveries/{id}/redeliver' } });
    expect(metered).toBe(1);
  });

  it("is 404 delivery_not_found for another account's or an unknown delivery (not metered), and needs the keys scope", async () => {
    const owner = await api.register();
    await accountWithSecret(stack.db, stack.deps.secrets, owner.account_id);
    const deliveryId = await deliveredJob(owner.account_id);

    const stranger = await api.register();
    for (const id of [deliveryId, randomUUID(), 'not-a-uuid']) {
      const res = await api.post(`/webhooks/deliveries/${id}/redeliver`, undefined, stranger.api_key);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'delivery_not_found', retry: false, docs_url: `${stack.cfg.BASE_URL}/docs/errors#delivery_not_found` });
    }
    expect(await stack.db.usageEvent.count({ where: { accountId: stranger.account_id, endpoint: 'POST /webhooks/deliveries/{id}/redeliver' } })).toBe(0);

    const bulkOnly = await api.post('/keys', { scopes: ['bulk'] }, owner.api_key);
    expect(bulkOnly.status).toBe(201);
    expect((await api.get('/webhooks/deliveries', bulkOnly.body.api_key)).status).toBe(200);
    const refused = await api.post(`/webhooks/deliveries/${deliveryId}/redeliver`, undefined, bulkOnly.body.api_key);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('insufficient_scope');
    expect(await stack.db.webhookDelivery.count({ where: { redeliveryOfId: deliveryId } })).toBe(0);
  });
});

describe('the OpenAPI document', () => {
  it('documents both delivery routes with their auth and errors, and the job.completed webhook with its signed headers', async () => {
    const doc = (await api.get('/openapi.json')).body;
    const list = doc.paths['/webhooks/deliveries'].get;
    expect(list['x-pith-scope']).toBeNull();
    expect(list.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/WebhookDeliveryPage' });
    const redeliver = doc.paths['/webhooks/deliveries/{id}/redeliver'].post;
    expect(redeliver['x-pith-scope']).toBe('keys');
    expect(redeliver['x-pith-error-codes']).toEqual(expect.arrayContaining(['delivery_not_found', 'insufficient_scope']));
    expect(Object.keys(redeliver.responses['404'].content['application/json'].examples)).toEqual(['delivery_not_found']);
    const hook = doc.webhooks['job.completed'].post;
    expect(hook.parameters.filter((p: { in: string }) => p.in === 'header').map((p: { name: string }) => p.name).sort()).toEqual(['X-Pith-Delivery-Id', 'X-Pith-Signature', 'X-Pith-Timestamp']);
    expect(hook.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/JobCompletedEvent' });
    const errorsPage = await (await fetch(`${stack.baseUrl}/docs/errors`)).text();
    expect(errorsPage).toContain('<section id="delivery_not_found">');
  });
});
