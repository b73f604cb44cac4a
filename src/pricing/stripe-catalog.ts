import Stripe from 'stripe';
import { PLAN_NAMES, PLANS, type PlanName } from '../contract/plans.js';
import type { PlanPricing, PriceTable } from './record.js';

/**
 * Live prices from Stripe. The Stripe account is expected to hold, for each plan
 * (free, pro, growth, enterprise), three active prices found by lookup key:
 *
 * - `pith_<plan>_monthly`: recurring, interval=month, per_unit; `unit_amount` = monthly price in cents.
 * - `pith_<plan>_annual`:  recurring, interval=year, per_unit; `unit_amount` = yearly price in cents.
 * - `pith_<plan>_overage`: recurring, usage_type=metered, per_unit; `unit_amount_decimal` = price of one
 *   request in cents, fractional (e.g. "0.35").
 *
 * Free gets $0 prices too, so that every plan is configured the same way. All twelve prices share one
 * currency. `included_requests` is read from the metadata key `included_requests` of the monthly price,
 * else of its product; when neither has it, the plan table's allowance (src/contract/plans.ts) is shown, since
 * that is the allowance the API enforces. Example:
 *
 *   stripe prices create --product prod_Pro --currency usd --unit-amount 4900 \
 *     -d "recurring[interval]=month" --lookup-key pith_pro_monthly -d "metadata[included_requests]=100000"
 *
 * Lookup keys are the contract with the account: the price's interval or usage type is not checked,
 * so re-pricing is done by moving a lookup key to a new price (`transfer_lookup_key`).
 */

export const STRIPE_DEFAULT_API_BASE = 'https://api.stripe.com';

export interface StripeCatalogOptions {
  /** `sk_live_…`, `sk_test_…` or a restricted key allowed to read prices and products. */
  secretKey: string;
  /** Where the Stripe API answers; `http://127.0.0.1:12111` for stripe-mock. Default Stripe's own. */
  apiBase?: string;
  /** Per request, in ms. Short: a slow Stripe delays only the first `GET /pricing` after the cache expires. */
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

export const DEFAULT_STRIPE_TIMEOUT_MS = 5_000;

/** The catalog does not look as documented above (a missing price, a tiered price, mixed currencies). */
export class StripeCatalogError extends Error {
  override name = 'StripeCatalogError';
}

type PriceKind = 'monthly' | 'annual' | 'overage';

export function lookupKeyOf(plan: PlanName, kind: PriceKind): string {
  return `pith_${plan}_${kind}`;
}

function stripeClient(options: StripeCatalogOptions): Stripe {
  const base = new URL(options.apiBase ?? STRIPE_DEFAULT_API_BASE);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(options.secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: options.timeoutMs ?? DEFAULT_STRIPE_TIMEOUT_MS,
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    telemetry: false,
  });
}

async function priceByLookupKey(stripe: Stripe, key: string): Promise<Stripe.Price> {
  const { data } = await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1, expand: ['data.product'] });
  const price = data[0];
  if (!price) throw new StripeCatalogError(`No active Stripe price has the lookup key ${key}`);
  // Stripe filters by the key; stripe-mock answers a fixture whose lookup_key is null, which is accepted.
  if (price.lookup_key !== null && price.lookup_key !== key) {
    throw new StripeCatalogError(`Asked Stripe for lookup key ${key}, got price ${price.id} with ${price.lookup_key}`);
  }
  return price;
}

/** The per-unit amount in cents, fractional when the price is (`unit_amount_decimal`). */
function centsOf(price: Stripe.Price): number {
  const amount = price.unit_amount_decimal ?? price.unit_amount;
  const cents = amount === null ? Number.NaN : Number(String(amount));
  if (!Number.isFinite(cents) || cents < 0) {
    throw new StripeCatalogError(`Stripe price ${price.id} (${price.lookup_key ?? 'no lookup key'}) has no per-unit amount; tiered and customer-chosen prices are not supported`);
  }
  return cents;
}

function productOf(price: Stripe.Price): Stripe.Product | undefined {
  const product = price.product;
  return typeof product === 'object' && !product.deleted ? product : undefined;
}

function includedRequestsOf(plan: PlanName, monthly: Stripe.Price): number {
  const raw: string | undefined = monthly.metadata.included_requests ?? productOf(monthly)?.metadata.included_requests;
  if (raw === undefined) return PLANS[plan].includedRequestsPerMonth;
  const included = Number(raw);
  if (!Number.isSafeInteger(included) || included < 0) {
    throw new StripeCatalogError(`metadata included_requests of Stripe price ${monthly.id} is not a whole number: ${JSON.stringify(raw)}`);
  }
  return included;
}

interface PlanPrices {
  plan: PlanName;
  prices: Record<PriceKind, Stripe.Price>;
}

async function pricesOfPlan(stripe: Stripe, plan: PlanName): Promise<PlanPrices> {
  const [monthly, annual, overage] = await Promise.all([
    priceByLookupKey(stripe, lookupKeyOf(plan, 'monthly')),
    priceByLookupKey(stripe, lookupKeyOf(plan, 'annual')),
    priceByLookupKey(stripe, lookupKeyOf(plan, 'overage')),
  ]);
  return { plan, prices: { monthly, annual, overage } };
}

function theOneCurrency(all: PlanPrices[]): string {
  const currencies = new Set(all.flatMap(({ prices }) => Object.values(prices).map((price) => price.currency)));
  const [currency] = currencies;
  if (currencies.size !== 1 || currency === undefined) throw new StripeCatalogError(`Pith's Stripe prices must share one currency; found ${[...currencies].join(', ') || 'none'}`);
  return currency;
}

/** Asks Stripe for every plan's prices (one list call per lookup key, all at once). Throws when Stripe is unreachable or the catalog is incomplete. */
export async function fetchStripePriceTable(options: StripeCatalogOptions): Promise<PriceTable> {
  const stripe = stripeClient(options);
  const all = await Promise.all(PLAN_NAMES.map((plan) => pricesOfPlan(stripe, plan)));
  const currency = theOneCurrency(all);
  const plans = Object.fromEntries(
    all.map(({ plan, prices }): [PlanName, PlanPricing] => [
      plan,
      {
        monthly_cents: centsOf(prices.monthly),
        annual_cents: centsOf(prices.annual),
        included_requests: includedRequestsOf(plan, prices.monthly),
        overage_unit_cents: centsOf(prices.overage),
      },
    ]),
  ) as Record<PlanName, PlanPricing>;
  return { currency, plans };
}
