/** Plan limits as data (contract "Limits" + decisions "Plans"). `null` means unlimited / not offered. */

export const PLAN_NAMES = ['free', 'pro', 'growth', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface PlanLimits {
  bulkUrlsPerRequest: number;
  /** null: crawling is not part of the plan. */
  crawlDepth: number | null;
  crawlPagesPerJob: number | null;
  searchResults: number;
  /** POST /map: most links one call answers (a larger `limit` is lowered to it). */
  mapLinks: number;
  /** null: unlimited. */
  requestsPerSecond: number | null;
  renderJs: boolean;
  includedRequestsPerMonth: number;
  /** Watches the account may keep (null: unlimited). */
  watches: number | null;
  /** The shortest interval between a watch's runs (for a cron expression: its shortest gap). */
  watchMinIntervalSeconds: number;
}

export const PLANS: Readonly<Record<PlanName, PlanLimits>> = {
  free: { bulkUrlsPerRequest: 10, crawlDepth: null, crawlPagesPerJob: null, searchResults: 5, mapLinks: 1_000, requestsPerSecond: 5, renderJs: false, includedRequestsPerMonth: 1_000, watches: 3, watchMinIntervalSeconds: 86_400 },
  pro: { bulkUrlsPerRequest: 50, crawlDepth: 5, crawlPagesPerJob: 500, searchResults: 10, mapLinks: 10_000, requestsPerSecond: 20, renderJs: true, includedRequestsPerMonth: 100_000, watches: 50, watchMinIntervalSeconds: 3_600 },
  growth: { bulkUrlsPerRequest: 200, crawlDepth: 10, crawlPagesPerJob: 5_000, searchResults: 50, mapLinks: 50_000, requestsPerSecond: 100, renderJs: true, includedRequestsPerMonth: 1_000_000, watches: 500, watchMinIntervalSeconds: 900 },
  enterprise: { bulkUrlsPerRequest: 1_000, crawlDepth: 20, crawlPagesPerJob: 50_000, searchResults: 100, mapLinks: 100_000, requestsPerSecond: null, renderJs: true, includedRequestsPerMonth: 10_000_000, watches: null, watchMinIntervalSeconds: 300 },
};

/**
 * Pay-per-request (x402) callers: Pro's caps and features (decisions: they pay the Pro overage price), no
 * per-second limit of their own (unpaid challenges are limited per IP; every paid request is paid for)
 * and no monthly allowance, since each request is paid when it is made. No watches: a watch runs on its
 * own, later, with nobody there to pay for each run.
 */
export const PAYER_PLAN = 'x402';
export const PAYER_LIMITS: Readonly<PlanLimits> = { ...PLANS.pro, requestsPerSecond: null, includedRequestsPerMonth: 2_000_000_000, watches: 0 };

export function limitsOf(plan: string): PlanLimits {
  if (plan === PAYER_PLAN) return PAYER_LIMITS;
  return PLANS[(PLAN_NAMES as readonly string[]).includes(plan) ? (plan as PlanName) : 'free'];
}
