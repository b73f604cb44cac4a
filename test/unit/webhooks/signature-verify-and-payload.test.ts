import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { parseConfig } from '../../../src/config/config.js';
import { signWebhook } from '../../../src/webhooks/signature.js';
import { PithWebhookVerificationError, verifyPithWebhook } from '../../../src/webhooks/verify.js';
import { completionBody, thinCompletionEvent } from '../../../src/webhooks/completion-payload.js';
import type { ResultEntry } from '../../../src/jobs/view.js';

const secret = `whsec_${'3f'.repeat(32)}`;
const otherSecret = `whsec_${'a1'.repeat(32)}`;
const deliveryId = '5d4c3b2a-1f0e-4d9c-8b7a-695847362514';
const now = new Date('2026-11-22T12:00:00Z');
const timestamp = Math.floor(now.getTime() / 1000);
const body = '{"event":"job.completed","job_id":"x"}';

function signed(overrides: { body?: string; timestamp?: number; secret?: string } = {}) {
  const ts = overrides.timestamp ?? timestamp;
  return {
    'X-Pith-Delivery-Id': deliveryId,
    'X-Pith-Timestamp': String(ts),
    'X-Pith-Signature': signWebhook({ deliveryId, timestamp: ts, body: overrides.body ?? body, secret: overrides.secret ?? secret }),
  };
}

describe('webhook signatures (src/webhooks/signature.ts)', () => {
  it('is v1, + base64 HMAC-SHA256 of "<id>.<timestamp>.<body>" keyed with the hex-decoded secret', () => {
    const mac = createHmac('sha256', Buffer.from('3f'.repeat(32), 'hex')).update(`${deliveryId}.${timestamp}.${body}`).digest('base64');
    expect(signed()['X-Pith-Signature']).toBe(`v1,${mac}`);
  });

  it('is what the Standard Webhooks library computes for the same secret in base64', () => {
    const standard = new Webhook(`whsec_${Buffer.from('3f'.repeat(32), 'hex').toString('base64')}`);
    expect(standard.sign(deliveryId, now, body)).toBe(signed()['X-Pith-Signature']);
  });

  it('refuses a secret that is not whsec_ + 64 hex', () => {
    expect(() => signWebhook({ deliveryId, timestamp, body, secret: 'whsec_abc' })).toThrow(/64 lowercase hex/);
  });
});

describe('verifyPithWebhook (src/webhooks/verify.ts)', () => {
  it('returns the parsed payload for a valid delivery, with headers in any case, as a Headers object too', () => {
    expect(verifyPithWebhook({ rawBody: body, headers: signed(), secrets: [secret], now })).toEqual({ event: 'job.completed', job_id: 'x' });
    const lower = Object.fromEntries(Object.entries(signed()).map(([k, v]) => [k.toLowerCase(), v]));
    expect(verifyPithWebhook({ rawBody: Buffer.from(body), headers: new Headers(lower), secrets: [secret], now })).toMatchObject({ job_id: 'x' });
  });

  it('accepts any of several secrets (a rotation window) and rejects the wrong one', () => {
    expect(verifyPithWebhook({ rawBody: body, headers: signed(), secrets: [otherSecret, secret], now })).toMatchObject({ job_id: 'x' });
    expect(() => verifyPithWebhook({ rawBody: body, headers: signed(), secrets: [otherSecret], now })).toThrow(expect.objectContaining({ reason: 'bad_signature' }));
  });

  it('rejects a changed body, a re-serialized body and a changed delivery id', () => {
    const headers = signed();
    expect(() => verifyPithWebhook({ rawBody: body.replace('x', 'y'), headers, secrets: [secret], now })).toThrow(PithWebhookVerificationError);
    expect(() => verifyPithWebhook({ rawBody: JSON.stringify(JSON.parse(body), null, 1), headers, secrets: [secret], now })).toThrow(/does not match/);
    expect(() => verifyPithWebhook({ rawBody: body, headers: { ...headers, 'X-Pith-Delivery-Id': 'other' }, secrets: [secret], now })).toThrow(/does not match/);
  });

  it('rejects timestamps more than toleranceSeconds away (default 300), either way', () => {
    expect(verifyPithWebhook({ rawBody: body, headers: signed({ timestamp: timestamp - 300 }), secrets: [secret], now })).toBeTruthy();
    expect(() => verifyPithWebhook({ rawBody: body, headers: signed({ timestamp: timestamp - 301 }), secrets: [secret], now })).toThrow(expect.objectContaining({ reason: 'timestamp_out_of_tolerance' }));
    expect(() => verifyPithWebhook({ rawBody: body, headers: signed({ timestamp: timestamp + 301 }), secrets: [secret], now })).toThrow(expect.objectContaining({ reason: 'timestamp_out_of_tolerance' }));
    expect(verifyPithWebhook({ rawBody: body, headers: signed({ timestamp: timestamp - 3600 }), secrets: [secret], now, toleranceSeconds: 3601 })).toBeTruthy();
  });

  it('names what is missing or malformed', () => {
    const { 'X-Pith-Signature': _signature, ...unsigned } = signed();
    expect(() => verifyPithWebhook({ rawBody: body, headers: unsigned, secrets: [secret], now })).toThrow(expect.objectContaining({ reason: 'missing_header' }));
    expect(() => verifyPithWebhook({ rawBody: body, headers: { ...signed(), 'X-Pith-Timestamp': '12:00' }, secrets: [secret], now })).toThrow(expect.objectContaining({ reason: 'bad_timestamp' }));
    expect(() => verifyPithWebhook({ rawBody: body, headers: signed(), secrets: ['whsec_short'], now })).toThrow(expect.objectContaining({ reason: 'bad_secret' }));
  });

  it('accepts a signature listed among others (Standard Webhooks form)', () => {
    const headers = signed();
    const many = { ...headers, 'X-Pith-Signature': `v1,AAAA ${headers['X-Pith-Signature']}` };
    expect(verifyPithWebhook({ rawBody: body, headers: many, secrets: [secret], now })).toMatchObject({ job_id: 'x' });
  });
});

describe('the job.completed body (src/webhooks/completion-payload.ts)', () => {
  const job = { id: 'j1', kind: 'bulk' as const, status: 'done' as const, total: 2, completed: 2, finishedAt: now, truncated: false, truncatedReason: null };
  const thin = thinCompletionEvent(job, 'https://pith.example');
  async function* entries(list: ResultEntry[]) {
    yield* list;
  }
  const entry = (n: number): ResultEntry => ({ url: `https://example.com/${n}`, error: 'e'.repeat(100), error_code: 'fetch_failed' });

  it('has the thin fields of the contract, in order, and crawl fields only for crawls', () => {
    expect(Object.keys(thin)).toEqual(['event', 'job_id', 'kind', 'status', 'total', 'completed', 'finished_at', 'results_url']);
    expect(thin.results_url).toBe('https://pith.example/bulk/j1');
    const crawl = thinCompletionEvent({ ...job, kind: 'crawl', truncated: true, truncatedReason: 'time_limit' }, 'https://pith.example');
    expect(crawl).toMatchObject({ truncated: true, truncated_reason: 'time_limit', results_url: 'https://pith.example/crawl/j1' });
  });

  it('inlines results up to the cap exactly, and sends the thin shape flagged beyond it', async () => {
    const list = [entry(1), entry(2)];
    const inline = await completionBody(thin, entries(list));
    expect(JSON.parse(inline)).toEqual({ ...thin, results: list });
    expect(inline).toBe(JSON.stringify({ ...thin, results: list }));
    const size = Buffer.byteLength(inline);
    expect(await completionBody(thin, entries(list), size)).toBe(inline);
    expect(JSON.parse(await completionBody(thin, entries(list), size - 1))).toEqual({ ...thin, results_truncated_for_size: true });
    expect(await completionBody(thin)).toBe(JSON.stringify(thin));
  });
});

describe('webhook configuration', () => {
  it('gives receivers 10 seconds by default and trusts no extra CA unless WEBHOOK_CA_FILE is set', () => {
    const cfg = parseConfig({});
    expect(cfg.WEBHOOK_TIMEOUT_MS).toBe(10_000);
    expect(cfg.WEBHOOK_CA_FILE).toBeUndefined();
    expect(() => parseConfig({ WEBHOOK_CA_FILE: '/nonexistent/ca.pem' })).toThrow(/WEBHOOK_CA_FILE: file not found/);
    expect(() => parseConfig({ WEBHOOK_TIMEOUT_MS: '0' })).toThrow(/WEBHOOK_TIMEOUT_MS/);
  });
});
