import type { Prisma } from '@prisma/client';
import type { Db } from '../db/prisma.js';
import { priceTableSchema, type PriceTable } from './record.js';

/** The PricingCache row every API instance shares, so that Stripe is asked about once per TTL in total. */
export const DEFAULT_PRICING_CACHE_ROW_ID = 'stripe';

export interface CachedPriceTable {
  table: PriceTable;
  fetchedAt: Date;
}

/** The cached table, or undefined when there is none or its payload no longer has the expected shape. */
export async function readPriceCache(db: Db, rowId: string): Promise<CachedPriceTable | undefined> {
  const row = await db.pricingCache.findUnique({ where: { id: rowId } });
  if (!row) return undefined;
  const parsed = priceTableSchema.safeParse(row.payload);
  return parsed.success ? { table: parsed.data, fetchedAt: row.fetchedAt } : undefined;
}

export async function writePriceCache(db: Db, rowId: string, table: PriceTable, fetchedAt: Date): Promise<void> {
  // A PriceTable is plain JSON (strings and numbers); the interface just lacks Prisma's index signature.
  const payload = { currency: table.currency, plans: table.plans } as unknown as Prisma.InputJsonObject;
  await db.pricingCache.upsert({ where: { id: rowId }, create: { id: rowId, payload, fetchedAt }, update: { payload, fetchedAt } });
}

export function isFresh(cached: CachedPriceTable, now: Date, ttlMs: number): boolean {
  return now.getTime() - cached.fetchedAt.getTime() < ttlMs;
}
