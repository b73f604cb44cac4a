import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { Address } from 'viem';
import { startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient, pollUntil } from '../support/api.js';
import { payerWallet, startPaymentRig, type PaymentRig } from '../support/x402-chain.js';
import { parseConfig } from '../../src/config/config.js';
import { createApiDeps } from '../../src/edge/deps.js';
import { createApp } from '../../src/edge/app.js';

const paragraphs = (topic: string) =>
  Array.from({ length: 6 }, (_, i) => `${topic} paragraph ${i + 1}: an agent without an account pays for exactly the pages it asks for, and reads its job back with a token.`);

/** 0.35 ¢ per metered request in a 6-decimal dollar token = 3 500 units. */
const UNIT = 3_500n;

let rig: PaymentRig;
let stack: Stack;
let pages: FixtureServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  rig = await startPaymentRig();
  pages = await startFixtureServer({
    '/a': { body: articlePage('Paid article A', paragraphs('Alpha')) },
    '/b': { body: articlePage('Paid article B', paragraphs('Beta')) },
    '/c': { body: articlePage('Paid article C', paragraphs('Gamma')) },
  });
  stack = await startStack({ ...rig.env, X402_CHALLENGES_PER_MINUTE: '1000' });
  api = apiClient(stack.baseUrl);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await pages?.close();
  await rig?.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${stack.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function challengeFor(path: string, body: unknown): Promise<string> {
  const response = await post(path, body);
  expect(response.status).toBe(402);
  const header = response.headers.get('payment-required');
  expect(header).toBeTruthy();
  return header!;
}

describe('x402: the challenge', () => {
  it('answers an unpaid bulk submission with 402 payment_required quoting one unit per URL, in the envelope and the PAYMENT-REQUIRED header', async () => {
    const urls = [pages.url('/a'), pages.url('/b'), pages.url('/c')];
    const response = await post('/bulk', { urls });
    expect(response.status).toBe(402);
    const body = (await response.json()) as { error: { code: string; retry: boolean; message: string; payment_requirements: unknown } };
    expect(body.error).toMatchObject({ code: 'payment_required', retry: true });
    const challenge = decodePaymentRequiredHeader(response.headers.get('payment-required')!);
    expect(body.error.payment_requirements).toEqual(challenge);
    expect(challenge.x402Version).toBe(2);
    expect(challenge.resource.url).toBe(`${stack.cfg.BASE_URL}/bulk`);
    expect(challenge.accepts).toHaveLength(1);
    expect(challenge.accepts[0]).toMatchObject({
      scheme: 'exact',
      network: rig.chain.network,
      amount: String(3n * UNIT),
      asset: rig.chain.token.address,
      payTo: rig.chain.merchant,
      extra: { name: 'Pith USD', version: '1' },
    });
  });

  it('prices a crawl at its page limit and an extraction at one request', async () => {
    const crawl = decodePaymentRequiredHeader(await challengeFor('/crawl', { url: pages.url('/a'), limit: 7 }));
    expect(crawl.accepts[0]?.amount).toBe(String(7n * UNIT));
    const extract = decodePaymentRequiredHeader(await challengeFor('/extract', { url: pages.url('/a') }));
    expect(extract.accepts[0]?.amount).toBe(String(UNIT));
    const map = decodePaymentRequiredHeader(await challengeFor('/map', { url: pages.url('/a'), limit: 50_000 }));
    expect(map.accepts[0]?.amount).toBe(String(UNIT));
  });

  it('validates the body before quoting: a bad body is 422 invalid_request naming the field, not a challenge', async () => {
    const response = await post('/bulk', { urls: 'not a list' });
    expect(response.status).toBe(422);
    expect(response.headers.get('payment-required')).toBeNull();
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.message).toContain('urls');
  });

  it('keeps keyed callers on their key: a Bearer request is never asked to pay', async () => {
    const { api_key: key } = await api.register();
    const response = await api.post('/extract', { url: pages.url('/a') }, key);
    expect(response.status).toBe(200);
    const bad = await api.post('/extract', { url: pages.url('/a') }, 'ce_0000000000000000000000000000000000000000');
    expect(bad.status).toBe(401);
    expect(bad.body.error.code).toBe('invalid_api_key');
  });
});

describe('x402: paying with the x402 client', () => {
  it('pays for a bulk job with @x402/fetch, gets job_id + job_token, and polls it with X-Job-Token alone', async () => {
    const wallet = payerWallet(rig.chain.payerKeys[0]!);
    const before = { payer: await rig.balanceOf(wallet.address), merchant: await rig.balanceOf(rig.chain.merchant as Address) };
    const urls = [pages.url('/a'), pages.url('/b')];
    const response = await wallet.fetch(`${stack.baseUrl}/bulk`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ urls }) });
    expect(response.status).toBe(200);
    const job = (await response.json()) as { job_id: string; job_token: string; total: number; status: string };
    expect(job.total).toBe(2);
    expect(job.job_token).toMatch(/^jt_[A-Za-z0-9_-]{43,}$/);

    const settlement = decodePaymentResponseHeader(response.headers.get('payment-response')!);
    expect(settlement).toMatchObject({ success: true, network: rig.chain.network, payer: wallet.address });
    expect(settlement.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await rig.balanceOf(wallet.address)).toBe(before.payer - 2n * UNIT);
    expect(await rig.balanceOf(rig.chain.merchant as Address)).toBe(before.merchant + 2n * UNIT);

    const row = await stack.db.payment.findFirstOrThrow({ where: { jobId: job.job_id } });
    expect(row).toMatchObject({ status: 'settled', payer: wallet.address.toLowerCase(), amount: String(2n * UNIT), units: 2, endpoint: 'POST /bulk', transaction: settlement.transaction });
    expect(row.amountCents.toString()).toBe('0.7');
    expect(row.redeemedAt).not.toBeNull();

    const reads = await pollUntil(
      () => api.call('GET', `/bulk/${job.job_id}`, { headers: { 'x-job-token': job.job_token } }),
      (r) => r.body.status === 'done',
    );
    expect(reads.every((r) => r.status === 200)).toBe(true);
    expect(reads.at(-1)!.body.results.map((r: { url: string }) => r.url)).toEqual(urls);

    // The token reads this job only.
    const { api_key: key } = await api.register();
    const other = await api.post('/bulk', { urls: [pages.url('/c')] }, key);
    const foreign = await api.call('GET', `/bulk/${other.body.job_id}`, { headers: { 'x-job-token': job.job_token } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('forbidden');
  });

  it('pays for an extraction and for a crawl (a plan-gated feature is priced, not refused)', async () => {
    const wallet = payerWallet(rig.chain.payerKeys[1]!);
    const before = await rig.balanceOf(wallet.address);
    const extract = await wallet.fetch(`${stack.baseUrl}/extract`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: pages.url('/b'), formats: ['markdown'] }) });
    expect(extract.status).toBe(200);
    expect(((await extract.json()) as { markdown: string }).markdown).toContain('Beta paragraph 1');

    const crawl = await wallet.fetch(`${stack.baseUrl}/crawl`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: pages.url('/a'), limit: 2, depth: 1 }) });
    expect(crawl.status).toBe(200);
    const job = (await crawl.json()) as { job_id: string; job_token: string; kind: string };
    expect(job.kind).toBe('crawl');
    const done = await pollUntil(
      () => api.call('GET', `/crawl/${job.job_id}`, { headers: { 'x-job-token': job.job_token } }),
      (r) => r.body.status === 'done',
    );
    expect(done.at(-1)!.body.completed).toBeLessThanOrEqual(2);
    expect(await rig.balanceOf(wallet.address)).toBe(before - UNIT - 2n * UNIT);
  });

  it('pays for a map: one request whatever its limit, the links capped at the payer plan', async () => {
    const wallet = payerWallet(rig.chain.payerKeys[1]!);
    const before = await rig.balanceOf(wallet.address);
    const response = await wallet.fetch(`${stack.baseUrl}/map`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: pages.url('/a'), limit: 50_000, sitemap: 'skip' }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('payment-response')).toBeTruthy();
    const map = (await response.json()) as { links: { url: string }[]; sources: { page: number } };
    expect(map.links.map((link) => link.url)).toContain(pages.url('/a'));
    expect(map.sources.page).toBe(map.links.length);
    expect(await rig.balanceOf(wallet.address)).toBe(before - UNIT);
  });

  it('returns the same job and token for an Idempotency-Key replay, without charging again', async () => {
    const wallet = payerWallet(rig.chain.payerKeys[2]!);
    const body = { urls: [pages.url('/c')] };
    const init = () => ({ method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `paid-${Date.now()}` }, body: JSON.stringify(body) });
    const first = init();
    const one = await wallet.fetch(`${stack.baseUrl}/bulk`, first);
    expect(one.status).toBe(200);
    const original = (await one.json()) as { job_id: string; job_token: string };
    const afterFirst = await rig.balanceOf(wallet.address);

    const again = await wallet.fetch(`${stack.baseUrl}/bulk`, { ...init(), headers: first.headers });
    expect(again.status).toBe(200);
    const replay = (await again.json()) as { job_id: string; job_token: string };
    expect(replay).toMatchObject({ job_id: original.job_id, job_token: original.job_token });
    expect(await rig.balanceOf(wallet.address)).toBe(afterFirst);
  });
});

describe('x402: refused payments', () => {
  it('refuses a replayed payment with 402 payment_invalid (retry false) and charges nothing more', async () => {
    const wallet = payerWallet(rig.chain.payerKeys[0]!);
    const body = { url: pages.url('/a'), formats: ['markdown'] };
    const paid = await wallet.fetch(`${stack.baseUrl}/extract`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(paid.status).toBe(200);
    const signature = wallet.sent.at(-1)!.get('payment-signature')!;
    const balance = await rig.balanceOf(wallet.address);

    const replay = await post('/extract', body, { 'payment-signature': signature });
    expect(replay.status).toBe(402);
    expect(((await replay.json()) as { error: { code: string; retry: boolean } }).error).toMatchObject({ code: 'payment_invalid', retry: false });
    expect(await rig.balanceOf(wallet.address)).toBe(balance);
  });

  it('lets one of two concurrent requests presenting the same payment through, and charges once', async () => {
    const wallet = payerWallet(rig.chain.payerKeys[1]!);
    const body = { url: pages.url('/c'), formats: ['markdown'] };
    const { header } = await wallet.pay(await challengeFor('/extract', body));
    const before = await rig.balanceOf(wallet.address);
    const answers = await Promise.all([0, 1].map(() => post('/extract', body, { 'payment-signature': header })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 402]);
    const refused = answers.find((a) => a.status === 402)!;
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('payment_invalid');
    expect(await rig.balanceOf(wallet.address)).toBe(before - UNIT);
  });

  it('refuses a mispriced payment: one paid for one URL, sent with two', async () => {
    const wallet = payerWallet(rig.chain.payerKeys[1]!);
    const { header } = await wallet.pay(await challengeFor('/bulk', { urls: [pages.url('/a')] }));
    const response = await post('/bulk', { urls: [pages.url('/a'), pages.url('/b')] }, { 'payment-signature': header });
    expect(response.status).toBe(402);
    const error = ((await response.json()) as { error: { code: string; retry: boolean; message: string } }).error;
    expect(error).toMatchObject({ code: 'payment_invalid', retry: false });
    expect(error.message).toMatch(/does not match/);
  });

  it('refuses tampered payments: a changed amount, another recipient, a broken signature', async () => {
    const wallet = payerWallet(rig.chain.payerKeys[1]!);
    const body = { urls: [pages.url('/b')] };
    const { payload } = await wallet.pay(await challengeFor('/bulk', body));
    const inner = payload.payload as { authorization: Record<string, string>; signature: string };

    const raisedValue = { ...payload, payload: { ...inner, authorization: { ...inner.authorization, value: String(10n * UNIT) } } };
    const otherPayee = { ...payload, payload: { ...inner, authorization: { ...inner.authorization, to: wallet.address } } };
    const flipped = `${inner.signature.slice(0, 10)}${inner.signature[10] === 'a' ? 'b' : 'a'}${inner.signature.slice(11)}`;
    const brokenSignature = { ...payload, payload: { ...inner, signature: flipped } };
    for (const tampered of [raisedValue, otherPayee, brokenSignature]) {
      const response = await post('/bulk', body, { 'payment-signature': encodePaymentSignatureHeader(tampered) });
      expect(response.status).toBe(402);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('payment_invalid');
    }
    const garbage = await post('/bulk', body, { 'payment-signature': 'not-a-payment' });
    expect(garbage.status).toBe(402);
    expect(((await garbage.json()) as { error: { code: string } }).error.code).toBe('payment_invalid');
    expect(await stack.db.job.count({ where: { account: { payerAddress: wallet.address.toLowerCase() }, kind: 'bulk' } })).toBe(0);
  });

  it('answers 402 payment_settlement_failed (retry true) while the chain has not confirmed, and the same payment succeeds once it has — charged once', async () => {
    const wallet = payerWallet(rig.chain.payerKeys[2]!);
    const body = { url: pages.url('/c'), formats: ['markdown'] };
    const { header } = await wallet.pay(await challengeFor('/extract', body));
    const before = await rig.balanceOf(wallet.address);
    await rig.chain.setMining(false);
    let pending: Response;
    try {
      pending = await post('/extract', body, { 'payment-signature': header });
    } finally {
      await rig.chain.setMining(true);
    }
    expect(pending.status).toBe(402);
    expect(((await pending.json()) as { error: { code: string; retry: boolean } }).error).toMatchObject({ code: 'payment_settlement_failed', retry: true });

    const retried = await post('/extract', body, { 'payment-signature': header });
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { markdown: string }).markdown).toContain('Gamma paragraph 1');
    expect(await rig.balanceOf(wallet.address)).toBe(before - UNIT);
    const rows = await stack.db.payment.findMany({ where: { payer: wallet.address.toLowerCase(), endpoint: 'POST /extract' } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'settled', units: 1 });
  });

  it('limits unpaid challenges per IP with 429 challenge_rate_limited; paid and keyed requests are not counted', async () => {
    const cfg = parseConfig({
      NODE_ENV: 'test',
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATABASE_URL: stack.cfg.DATABASE_URL,
      TEMPORAL_ADDRESS: stack.cfg.TEMPORAL_ADDRESS,
      ALLOW_PRIVATE_TARGETS: 'true',
      EXTRACTION_THREADS: '0',
      REGISTER_LIMIT_PER_HOUR: '100000',
      WEBHOOK_ENCRYPTION_KEY: 'ab'.repeat(32),
      ...rig.env,
      X402_CHALLENGES_PER_MINUTE: '3',
    });
    const deps = createApiDeps(cfg, stack.db, stack.temporal);
    const server: Server = createApp(deps).listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const statuses: number[] = [];
      let limited: Response | undefined;
      for (let i = 0; i < 5 && !limited; i++) {
        const response = await fetch(`${base}/extract`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: pages.url('/a') }) });
        statuses.push(response.status);
        if (response.status === 429) limited = response;
      }
      // The window is shared with the other challenges of this minute, so the 429 may come before the 4th.
      expect(statuses.filter((s) => s === 402).length).toBeLessThanOrEqual(3);
      expect(limited).toBeDefined();
      const error = ((await limited!.json()) as { error: { code: string; retry: boolean; retry_after: number } }).error;
      expect(error).toMatchObject({ code: 'challenge_rate_limited', retry: true });
      expect(error.retry_after).toBeGreaterThan(0);
      expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);

      // Past the limit, a keyed request and a paid one still go through.
      const { api_key: key } = await apiClient(base).register();
      const keyed = await apiClient(base).post('/extract', { url: pages.url('/a'), formats: ['markdown'] }, key);
      expect(keyed.status).toBe(200);
      const wallet = payerWallet(rig.chain.payerKeys[0]!);
      const { header } = await wallet.pay(await challengeFor('/extract', { url: pages.url('/b'), formats: ['markdown'] }));
      const paid = await fetch(`${base}/extract`, { method: 'POST', headers: { 'content-type': 'application/json', 'payment-signature': header }, body: JSON.stringify({ url: pages.url('/b'), formats: ['markdown'] }) });
      expect(paid.status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.close();
    }
  });
});
