import { type Prisma } from '@prisma/client';
import { queryPrepared, type Db, type RunSql } from '../db/prisma.js';
import { ApiError } from '../contract/errors.js';
import { limitsOf } from '../contract/plans.js';
import { planLimitsView, type PlanLimitsView } from './plan-limits-view.js';

/** The quota period is the calendar month in UTC (decisions). */
export function quotaPeriod(now = new Date()): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** 429 `rate_limit_exceeded`, `retry_after` counting down to the next period. */
export function quotaExceeded(units: number, allowance: number, now = new Date()): ApiError {
  const { end } = quotaPeriod(now);
  const secondsToReset = Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
  const message =
    units > 1
      ? `This batch of ${units} requests would exceed the monthly allowance of ${allowance}; nothing was queued`
      : `The monthly allowance of ${allowance} requests is used up until ${end.toISOString()}`;
  return new ApiError('rate_limit_exceeded', message, secondsToReset, { 'Retry-After': String(secondsToReset) });
}

export interface MeterRequest {
  accountId: string;
  keyId: string | null;
  plan: string;
  endpoint: string;
  units: number;
  /** Count the units even past the allowance instead of refusing (reads of jobs already paid for). */
  neverRefuse?: boolean;
}

type Tx = Prisma.TransactionClient;

/**
 * Reserves `units` of the month's allowance and records the usage event, atomically: the conditional
 * upsert admits a request only while `used + units <= allowance`, so concurrent requests at the edge
 * admit exactly the remaining count. A batch that would exceed the allowance is refused whole
 * (429 `rate_limit_exceeded`, `retry_after` counting down to the next period).
 * Pass `tx` to make the reservation part of a larger transaction (a job and its metering).
 */
export async function meter(db: Db | Tx, request: MeterRequest, now = new Date()): Promise<{ used: number; allowance: number; eventId: bigint }> {
  return meterWith(<Row>(_name: string, text: string, values: unknown[]) => db.$queryRawUnsafe<Row[]>(text, ...values), request, now);
}

// One statement, one round trip: the counter row is created or raised only while the units fit (the row
// lock of ON CONFLICT re-checks against the latest count, so concurrent requests admit exactly what is
// left), and the event is written only when it was. It was a transaction of five round trips: 6–10 ms
// of a cached answer's ~20 (`npm run bench:cache`; 2–8 ms now). The casts matter: two bare parameters
// compared are typed as text, and '3' <= '1000' is false.
const METER_SQL = `
    WITH counter AS (
      INSERT INTO usage_counters AS c (account_id, period_start, used)
      SELECT $1::uuid, $2::timestamptz, $3::int
      WHERE $4::boolean OR $3::int <= $5::int
      ON CONFLICT (account_id, period_start) DO UPDATE SET used = c.used + EXCLUDED.used
      WHERE $4::boolean OR c.used + EXCLUDED.used <= $5::int
      RETURNING c.used
    ), event AS (
      INSERT INTO usage_events (account_id, key_id, endpoint, units)
      SELECT $1::uuid, $6::text, $7::text, $3::int FROM counter
      RETURNING id
    )
    SELECT counter.used, event.id FROM counter, event`;

/** `meter` on a statement runner: inside a transaction of hot-path statements (transactionOnPool). */
export async function meterWith(run: RunSql, request: MeterRequest, now = new Date()): Promise<{ used: number; allowance: number; eventId: bigint }> {
  const allowance = limitsOf(request.plan).includedRequestsPerMonth;
  const { start } = quotaPeriod(now);
  const always = request.neverRefuse === true;
  const rows = await run<{ used: number; id: bigint | string }>('pith-meter', METER_SQL, [request.accountId, start, request.units, always, allowance, request.keyId, request.endpoint]);
  const row = rows[0];
  if (!row) throw quotaExceeded(request.units, allowance, now);
  // pg answers a bigint as a string, Prisma as a BigInt.
  return { used: Number(row.used), allowance, eventId: BigInt(row.id) };
}

/**
 * Refuses (429 `rate_limit_exceeded`) when the month's allowance is already spent, reserving nothing: a
 * cheap gate before work that is metered only once it succeeded (POST /search asks its provider first,
 * and a spent month must not keep a paid provider busy).
 */
export async function assertQuotaLeft(db: Db, accountId: string, plan: string, now = new Date()): Promise<void> {
  const allowance = limitsOf(plan).includedRequestsPerMonth;
  const { start } = quotaPeriod(now);
  const counter = await db.usageCounter.findUnique({ where: { accountId_periodStart: { accountId, periodStart: start } }, select: { used: true } });
  if ((counter?.used ?? 0) >= allowance) throw quotaExceeded(1, allowance, now);
}

export interface UsageReport {
  plan: string;
  period_start: string;
  period_end: string;
  included_requests: number;
  used_requests: number;
  remaining_requests: number;
  by_endpoint: Record<string, number>;
  /** Every UTC day of the period up to today, oldest first, days without requests included. */
  by_day: { date: string; requests: number }[];
  rate_limit_rps: number | null;
  /** Everything the plan allows, so a person (the console) sees what an upgrade would change. */
  plan_limits: PlanLimitsView;
  /** Where to upgrade: the same link as an error's `upgrade_url`. */
  upgrade_url: string;
}

/** One row per endpoint (`day` null) and one per day (`endpoint` null), each with the month's counter. */
type UsageRow = { endpoint: string | null; day: string | null; units: bigint | string | null; used: number | null };

// GROUPING SETS sums the month's events per endpoint and per UTC day in one pass over the index.
const USAGE_REPORT_SQL = `
    SELECT e.endpoint, e.day, e.units, c.used
    FROM (SELECT used FROM usage_counters WHERE account_id = $1::uuid AND period_start = $2::timestamptz) c
    FULL JOIN (SELECT endpoint, to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, SUM(units) AS units FROM usage_events
               WHERE account_id = $1::uuid AND created_at >= $2::timestamptz AND created_at < $3::timestamptz
               GROUP BY GROUPING SETS ((endpoint), ((created_at AT TIME ZONE 'UTC')::date))) e ON true`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of every UTC day from `start` to `now`'s day, inclusive. */
function daysOfPeriod(start: Date, now: Date): string[] {
  const days: string[] = [];
  for (let day = start.getTime(); day <= now.getTime(); day += DAY_MS) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}

/** GET /usage (decisions' shape, plus `by_day`, `plan_limits` and `upgrade_url`). */
export async function usageReport(db: Db, accountId: string, plan: string, upgradeUrl: string, now = new Date()): Promise<UsageReport> {
  const { start, end } = quotaPeriod(now);
  const limits = limitsOf(plan);
  // One round trip (this is the route that is polled): the month's counter, the per-endpoint and the per-day sums.
  const rows = await queryPrepared<UsageRow>(db, 'pith-usage-report', USAGE_REPORT_SQL, [accountId, start, end]);
  const used = rows.find((row) => row.used !== null)?.used ?? 0;
  const byEndpoint = rows.filter((row) => row.endpoint !== null).map((row) => [row.endpoint as string, Number(row.units ?? 0)] as const);
  const byDay = new Map(rows.filter((row) => row.day !== null && row.endpoint === null).map((row) => [row.day as string, Number(row.units ?? 0)]));
  return {
    plan,
    period_start: start.toISOString(),
    period_end: end.toISOString(),
    included_requests: limits.includedRequestsPerMonth,
    used_requests: used,
    remaining_requests: Math.max(0, limits.includedRequestsPerMonth - used),
    by_endpoint: Object.fromEntries(byEndpoint),
    by_day: daysOfPeriod(start, now).map((date) => ({ date, requests: byDay.get(date) ?? 0 })),
    rate_limit_rps: limits.requestsPerSecond,
    plan_limits: planLimitsView(limits),
    upgrade_url: upgradeUrl,
  };
}

/** A cheap read of the month's counter: whether one more request fits (the reservation itself decides). */
export async function hasQuotaLeft(db: Db, accountId: string, plan: string): Promise<boolean> {
  const { start } = quotaPeriod();
  // Asked before every crawl page: a prepared statement, not a compiled Prisma query.
  const [counter] = await queryPrepared<{ used: number }>(db, 'pith-quota-used', 'SELECT used FROM usage_counters WHERE account_id = $1::uuid AND period_start = $2::timestamptz', [accountId, start]);
  return (counter?.used ?? 0) < limitsOf(plan).includedRequestsPerMonth;
}
