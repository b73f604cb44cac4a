import type { Db } from '../db/prisma.js';
import { DEFAULT_PRICING_CACHE_ROW_ID, isFresh, readPriceCache, writePriceCache, type CachedPriceTable } from './cache.js';
import { fallbackPriceTable } from './fallback.js';
import type { PriceTable, PricingRecord, PricingSource } from './record.js';
import { fetchStripePriceTable, type StripeCatalogOptions } from './stripe-catalog.js';

export type { PlanPricing, PricingRecord, PricingSource } from './record.js';

/** Contract, "Limits": pricing cache 24 hours. */
export const DEFAULT_PRICING_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

export interface PricingDeps {
  db: Db;
  /** Absent: no Stripe key is configured, so only the cache and the built-in defaults are used. */
  stripe?: StripeCatalogOptions;
  cacheTtlMs?: number;
  /** PricingCache row id; tests use their own. */
  cacheRowId?: string;
  /** Injected clock, for TTL tests. */
  now?: () => Date;
  /** Told why the live lookup or the cache failed; the answer still goes out. */
  warn?: (message: string) => void;
}

function record(table: PriceTable, fetchedAt: Date, source: PricingSource): PricingRecord {
  return { currency: table.currency, fetched_at: fetchedAt.toISOString(), plans: table.plans, source };
}

function describe(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

/**
 * `GET /pricing`. A fresh cache row answers (`cache`); otherwise Stripe is asked and its answer is cached
 * (`stripe`). When Stripe cannot answer, a stale cache row still wins over the built-in defaults: it is
 * what the payment provider last said, and `fetched_at` tells its age; the row is not rewritten, so the
 * next request asks Stripe again. Only with no row at all do the defaults answer (`fallback`), and they
 * are never cached. A database failure is not fatal either: pricing is public and read-only.
 */
export async function getPricing(deps: PricingDeps): Promise<PricingRecord> {
  const now = deps.now ?? (() => new Date());
  const ttlMs = deps.cacheTtlMs ?? DEFAULT_PRICING_CACHE_TTL_MS;
  const rowId = deps.cacheRowId ?? DEFAULT_PRICING_CACHE_ROW_ID;
  const warn = deps.warn ?? (() => undefined);

  let cached: CachedPriceTable | undefined;
  try {
    cached = await readPriceCache(deps.db, rowId);
  } catch (err) {
    warn(`pricing cache unreadable: ${describe(err)}`);
  }
  if (cached && isFresh(cached, now(), ttlMs)) return record(cached.table, cached.fetchedAt, 'cache');

  if (deps.stripe) {
    try {
      const table = await fetchStripePriceTable(deps.stripe);
      const fetchedAt = now();
      await writePriceCache(deps.db, rowId, table, fetchedAt).catch((err: unknown) => warn(`pricing cache not written: ${describe(err)}`));
      return record(table, fetchedAt, 'stripe');
    } catch (err) {
      warn(`live prices from Stripe unavailable: ${describe(err)}`);
    }
  }

  if (cached) return record(cached.table, cached.fetchedAt, 'cache');
  return record(fallbackPriceTable(), now(), 'fallback');
}
