import type { Policy } from '../accounts/key-policy.js';
import type { FetchOptions } from '../net/safe-fetch.js';
import type { MapBudget } from './map-budget.js';

/** A file Pith did not read (or read only in part), and why: the answer says so instead of failing. */
export interface MapSkip {
  url: string;
  reason: string;
}

/** Most skips reported: a broken index of thousands of children must not make the answer huge. */
const MAX_SKIPS = 50;

/** What every fetch of one map shares: the SSRF-guarded fetch settings, the key's policy and the budget. */
export interface MapContext {
  fetch: FetchOptions;
  policy: Policy;
  budget: MapBudget;
  skipped: MapSkip[];
}

export function noteSkip(ctx: MapContext, url: string, reason: string): void {
  if (ctx.skipped.length < MAX_SKIPS) ctx.skipped.push({ url, reason });
}

/** The fetch settings for one more request: never past the map's deadline, never past its byte budget. */
export function fetchWithinBudget(ctx: MapContext, maxBytes: number): FetchOptions {
  return { ...ctx.fetch, maxBytes: Math.max(1, Math.min(maxBytes, ctx.budget.bytesLeft())), truncate: true, timeoutMs: Math.max(1, Math.min(ctx.fetch.timeoutMs, ctx.budget.msLeft())) };
}
