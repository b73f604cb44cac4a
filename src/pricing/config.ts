import type { Config } from '../config/config.js';
import type { Db } from '../db/prisma.js';
import type { PricingDeps } from './pricing.js';

/**
 * The environment keys pricing reads, once src/config/config.ts validates them. Until then they are absent
 * from Config, and pricing runs without Stripe (cache, else built-in defaults) with a 24 h cache.
 */
export interface PricingEnv {
  /** Unset or empty: no live lookup. */
  STRIPE_SECRET_KEY?: string;
  /** Default https://api.stripe.com; `http://127.0.0.1:<port>` for stripe-mock. */
  STRIPE_API_BASE?: string;
  STRIPE_TIMEOUT_MS?: number;
  PRICING_CACHE_TTL_MS?: number;
}

export function pricingDepsFromConfig(cfg: Config, db: Db, warn?: (message: string) => void): PricingDeps {
  const env = cfg as Config & PricingEnv;
  return {
    db,
    stripe: env.STRIPE_SECRET_KEY ? { secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE, timeoutMs: env.STRIPE_TIMEOUT_MS } : undefined,
    cacheTtlMs: env.PRICING_CACHE_TTL_MS,
    warn,
  };
}
