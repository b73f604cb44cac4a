import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureStripeMock, startStripeMock, type StripeMockHandle } from '../../scripts/lib/stripe-mock.js';
import { createDb, type Db } from '../../src/db/prisma.js';
import { startStack, type Stack } from '../support/stack.js';
import { getPricing, type PricingDeps, type PricingRecord } from '../../src/pricing/pricing.js';
import { DEFAULT_PRICING_CACHE_ROW_ID } from '../../src/pricing/cache.js';

/**
 * GET /pricing against stripe-mock, Stripe's own emulator. It validates each request against Stripe's
 * OpenAPI spec and answers its fixture price whatever lookup key is asked, so the live assertions compare
 * with that fixture as stripe-mock serves it, not with prices a test pretends to have created.
 */

const PLANS = ['free', 'pro', 'growth', 'enterprise'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** decisions.md, "Plans" (fallback pricing), written out here so that the module's table is checked against it. */
const DECISIONS_FALLBACK = {
  free: { monthly_cents: 0, annual_cents: 0, included_requests: 1_000, overage_unit_cents: 0 },
  pro: { monthly_cents: 4900, annual_cents: 47040, included_requests: 100_000, overage_unit_cents: 0.35 },
  growth: { monthly_cents: 19900, annual_cents: 191040, included_requests: 1_000_000, overage_unit_cents: 0.25 },
  enterprise: { monthly_cents: 99900, annual_cents: 959040, included_requests: 10_000_000, overage_unit_cents: 0.15 },
};

interface FixturePrice {
  currency: string;
  unit_amount_decimal: string;
  metadata: Record<string, string>;
  product: { metadata: Record<string, string> };
}

let stripeMockBin: string;
let db: Db;
const running: StripeMockHandle[] = [];
const rowIds: string[] = [];

beforeAll(async () => {
  stripeMockBin = await ensureStripeMock();
  db = createDb(inject('databaseUrl'), 2);
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((mock) => mock.stop()));
  await db.pricingCache.deleteMany({ where: { id: { in: rowIds.splice(0) } } });
});

afterAll(async () => {
  await db.$disconnect();
});

async function stripeMock(): Promise<StripeMockHandle> {
  const mock = await startStripeMock(stripeMockBin);
  running.push(mock);
  return mock;
}

/** A cache row of the test's own, removed afterwards, so tests never see each other's cache. */
function ownRow(): string {
  const id = `test-${randomUUID()}`;
  rowIds.push(id);
  return id;
}

/** What stripe-mock answers for a lookup-key query, read raw over HTTP as Stripe's API documents it. */
async function fixturePrice(baseUrl: string): Promise<FixturePrice> {
  const response = await fetch(`${baseUrl}/v1/prices?lookup_keys[]=pith_pro_monthly&expand[]=data.product`, {
    headers: { authorization: 'Bearer sk_test_pith' },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: FixturePrice[] };
  expect(body.data).toHaveLength(1);
  return body.data[0]!;
}

function clockAt(start: number) {
  let t = start;
  return { now: () => new Date(t), set: (ms: number) => (t = ms) };
}

function deps(overrides: Partial<PricingDeps> & { apiBase?: string }): PricingDeps {
  const { apiBase, ...rest } = overrides;
  return { db, stripe: apiBase ? { secretKey: 'sk_test_pith', apiBase, timeoutMs: 3_000 } : undefined, ...rest };
}

function expectDecisionsFallback(record: PricingRecord): void {
  expect(record.source).toBe('fallback');
  expect(record.currency).toBe('usd');
  expect(record.plans).toEqual(DECISIONS_FALLBACK);
}

describe('GET /pricing prices', () => {
  it('looks prices up live in Stripe, maps them to cents and caches them', async () => {
    const mock = await stripeMock();
    const fixture = await fixturePrice(mock.baseUrl);
    // The fixture carries no included_requests metadata, so the plan allowances (= decisions.md) apply.
    expect(fixture.metadata.included_requests ?? fixture.product.metadata.included_requests).toBeUndefined();
    const fixtureCents = Number(fixture.unit_amount_decimal);
    expect(fixtureCents).not.toBe(DECISIONS_FALLBACK.pro.monthly_cents); // else "stripe" and "fallback" could not be told apart

    const cacheRowId = ownRow();
    const record = await getPricing(deps({ apiBase: mock.baseUrl, cacheRowId }));

    expect(record.source).toBe('stripe');
    expect(record.currency).toBe(fixture.currency);
    expect(Object.keys(record.plans)).toEqual([...PLANS]);
    for (const plan of PLANS) {
      expect(record.plans[plan]).toEqual({
        monthly_cents: fixtureCents,
        annual_cents: fixtureCents,
        included_requests: DECISIONS_FALLBACK[plan].included_requests,
        overage_unit_cents: fixtureCents,
      });
      for (const value of Object.values(record.plans[plan])) expect(typeof value).toBe('number');
    }
    const row = await db.pricingCache.findUnique({ where: { id: cacheRowId } });
    expect(row?.fetchedAt.toISOString()).toBe(record.fetched_at);
    expect(row?.payload).toEqual({ currency: record.currency, plans: record.plans });
  });

  it('answers from the cache without contacting Stripe while the cache is younger than 24 h', async () => {
    const mock = await stripeMock();
    const cacheRowId = ownRow();
    const clock = clockAt(Date.parse('2031-03-01T00:00:00.000Z'));
    const live = await getPricing(deps({ apiBase: mock.baseUrl, cacheRowId, now: clock.now }));
    expect(live.source).toBe('stripe');

    await mock.stop(); // from here on, any attempt to reach Stripe fails
    clock.set(Date.parse('2031-03-01T23:59:59.999Z'));
    const warnings: string[] = [];
    const cached = await getPricing(deps({ apiBase: mock.baseUrl, cacheRowId, now: clock.now, warn: (m) => warnings.push(m) }));

    expect(cached).toEqual({ ...live, source: 'cache' });
    expect(warnings).toEqual([]); // no failed Stripe call happened behind the cache answer
  });

  it('asks Stripe again once the cache is 24 h old, and stores the new fetch time', async () => {
    const mock = await stripeMock();
    const cacheRowId = ownRow();
    const start = Date.parse('2031-03-01T00:00:00.000Z');
    const clock = clockAt(start);
    const first = await getPricing(deps({ apiBase: mock.baseUrl, cacheRowId, now: clock.now }));
    expect(first.fetched_at).toBe('2031-03-01T00:00:00.000Z');

    clock.set(start + DAY_MS - 1);
    expect((await getPricing(deps({ apiBase: mock.baseUrl, cacheRowId, now: clock.now }))).source).toBe('cache');

    clock.set(start + DAY_MS);
    const refreshed = await getPricing(deps({ apiBase: mock.baseUrl, cacheRowId, now: clock.now }));
    expect(refreshed.source).toBe('stripe');
    expect(refreshed.fetched_at).toBe('2031-03-02T00:00:00.000Z');
    const row = await db.pricingCache.findUnique({ where: { id: cacheRowId } });
    expect(row?.fetchedAt.toISOString()).toBe('2031-03-02T00:00:00.000Z');
  });

  it('serves a stale cache rather than the defaults when Stripe is down, keeping its fetch time', async () => {
    const mock = await stripeMock();
    const cacheRowId = ownRow();
    const clock = clockAt(Date.parse('2031-03-01T00:00:00.000Z'));
    const live = await getPricing(deps({ apiBase: mock.baseUrl, cacheRowId, now: clock.now }));
    await mock.stop();

    clock.set(Date.parse('2031-03-05T00:00:00.000Z'));
    const warnings: string[] = [];
    const stale = await getPricing(deps({ apiBase: mock.baseUrl, cacheRowId, now: clock.now, warn: (m) => warnings.push(m) }));

    expect(stale).toEqual({ ...live, source: 'cache' });
    expect(stale.fetched_at).toBe('2031-03-01T00:00:00.000Z');
    expect(warnings.join('\n')).toMatch(/Stripe unavailable/);
  });

  it("falls back to decisions.md's prices when Stripe is down and nothing is cached, and caches nothing", async () => {
    const mock = await stripeMock();
    await mock.stop();
    const cacheRowId = ownRow();
    const clock = clockAt(Date.parse('2031-03-01T12:00:00.000Z'));

    const record = await getPricing(deps({ apiBase: mock.baseUrl, cacheRowId, now: clock.now }));

    expectDecisionsFallback(record);
    expect(record.fetched_at).toBe('2031-03-01T12:00:00.000Z'); // the time of the answer
    expect(await db.pricingCache.findUnique({ where: { id: cacheRowId } })).toBeNull();
  });

  it('without a Stripe key uses no live lookup: defaults when nothing is cached, a cache row of any age otherwise', async () => {
    const cacheRowId = ownRow();
    expectDecisionsFallback(await getPricing(deps({ cacheRowId })));

    const mock = await stripeMock();
    const clock = clockAt(Date.parse('2031-03-01T00:00:00.000Z'));
    const live = await getPricing(deps({ apiBase: mock.baseUrl, cacheRowId, now: clock.now }));
    clock.set(Date.parse('2031-04-01T00:00:00.000Z'));
    expect(await getPricing(deps({ cacheRowId, now: clock.now }))).toEqual({ ...live, source: 'cache' });
  });
});

describe('GET /pricing over HTTP', () => {
  let stack: Stack | undefined;

  afterEach(async () => {
    await stack?.stop();
    stack = undefined;
  });

  /** The real API (app.ts mounts the route) with Stripe pointed at the emulator through configuration. */
  async function serve(stripeApiBase: string): Promise<string> {
    stack = await startStack({ STRIPE_SECRET_KEY: 'sk_test_pith', STRIPE_API_BASE: stripeApiBase });
    return stack.baseUrl;
  }

  it('is public and answers the contract shape, live first and then from the shared cache', async () => {
    rowIds.push(DEFAULT_PRICING_CACHE_ROW_ID); // the route uses the shared row: start and end without it
    await db.pricingCache.deleteMany({ where: { id: DEFAULT_PRICING_CACHE_ROW_ID } });
    const mock = await stripeMock();
    const baseUrl = await serve(mock.baseUrl);

    const first = await fetch(`${baseUrl}/pricing`); // no Authorization header
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await first.json()) as PricingRecord;
    expect(Object.keys(body).sort()).toEqual(['currency', 'fetched_at', 'plans', 'source']);
    expect(body.source).toBe('stripe');
    expect(new Date(body.fetched_at).toISOString()).toBe(body.fetched_at);

    await mock.stop();
    const second = (await (await fetch(`${baseUrl}/pricing`)).json()) as PricingRecord;
    expect(second).toEqual({ ...body, source: 'cache' });
  });
});
