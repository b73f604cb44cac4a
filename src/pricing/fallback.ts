import { PLAN_NAMES, PLANS, type PlanName } from '../contract/plans.js';
import type { PlanPricing, PriceTable } from './record.js';

/**
 * Built-in prices (decisions.md, "Plans", fallback pricing), served only when Stripe cannot be asked
 * and no earlier answer is cached. Included requests come from the plan limits, the one place they live.
 */
export const FALLBACK_CURRENCY = 'usd';

export const FALLBACK_PRICES: Readonly<Record<PlanName, Omit<PlanPricing, 'included_requests'>>> = {
  free: { monthly_cents: 0, annual_cents: 0, overage_unit_cents: 0 },
  pro: { monthly_cents: 4900, annual_cents: 47040, overage_unit_cents: 0.35 },
  growth: { monthly_cents: 19900, annual_cents: 191040, overage_unit_cents: 0.25 },
  enterprise: { monthly_cents: 99900, annual_cents: 959040, overage_unit_cents: 0.15 },
};

export function fallbackPriceTable(): PriceTable {
  const plans = Object.fromEntries(
    PLAN_NAMES.map((plan) => [plan, { ...FALLBACK_PRICES[plan], included_requests: PLANS[plan].includedRequestsPerMonth }]),
  ) as Record<PlanName, PlanPricing>;
  return { currency: FALLBACK_CURRENCY, plans };
}
