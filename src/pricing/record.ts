import { z } from 'zod';
import { PLAN_NAMES, type PlanName } from '../contract/plans.js';

/** One plan's prices as `GET /pricing` shows them. All money in cents; `overage_unit_cents` may be fractional. */
export interface PlanPricing {
  monthly_cents: number;
  annual_cents: number;
  included_requests: number;
  overage_unit_cents: number;
}

/** Prices of every plan in one currency: what the live lookup produces and what the cache row keeps. */
export interface PriceTable {
  /** ISO 4217, lower case as Stripe writes it (e.g. `usd`). */
  currency: string;
  plans: Record<PlanName, PlanPricing>;
}

/** `stripe`: fetched live just now; `cache`: an earlier live fetch; `fallback`: built-in defaults. */
export type PricingSource = 'stripe' | 'cache' | 'fallback';

/** The body of `GET /pricing`. */
export interface PricingRecord extends PriceTable {
  /** ISO 8601: when the prices were fetched from Stripe (for `fallback`, the time of the answer). */
  fetched_at: string;
  source: PricingSource;
}

const cents = z.number().finite().nonnegative();

const planPricingSchema = z.object({
  monthly_cents: cents,
  annual_cents: cents,
  included_requests: z.number().int().nonnegative(),
  overage_unit_cents: cents,
});

/**
 * The cache row's payload, checked on read: a row written by an older layout (or by hand) is treated
 * as no cache rather than served malformed.
 */
export const priceTableSchema = z.object({
  currency: z.string().min(1),
  plans: z.object(Object.fromEntries(PLAN_NAMES.map((plan) => [plan, planPricingSchema])) as Record<PlanName, typeof planPricingSchema>),
});
