import { Cron } from 'croner';
import { ApiError } from '../contract/errors.js';
import { limitsOf } from '../contract/plans.js';
import { WATCH_LIMITS } from '../contract/limits.js';

/**
 * `every` of a watch: an interval ("15m", "6h", "1d": minutes, hours or days) or a five-field cron
 * expression in UTC ("0 9 * * 1-5"). Parsed here once, for the plan check and for the Schedule spec.
 */
export type WatchCadence =
  | { every: string; intervalSeconds: number; cron: null; shortestGapSeconds: number }
  | { every: string; intervalSeconds: null; cron: string; shortestGapSeconds: number };

const UNIT_SECONDS = { m: 60, h: 3_600, d: 86_400 } as const;
const INTERVAL = /^(\d{1,5})([mhd])$/;

// Temporal's cron reads digits, `*`, `,`, `-`, `/` and month / weekday names. croner also reads `L`, `W`,
// `#` and `?`, which Temporal would refuse or read differently: they are refused here first.
const CRON_FIELD = /^[0-9*,/-]*(?:[A-Za-z]{3}[0-9*,/-]*)*$/;
const CRON_NAMES = new Set(['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec', 'sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']);

const invalid = (message: string) => new ApiError('invalid_request', `every: ${message}`);

function describeSeconds(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400} day${seconds === 86_400 ? '' : 's'}`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600} hour${seconds === 3_600 ? '' : 's'}`;
  return `${Math.round(seconds / 60)} minute${seconds === 60 ? '' : 's'}`;
}

function parseInterval(every: string, match: RegExpExecArray): WatchCadence {
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
  if (seconds === 0) throw invalid('must be longer than zero');
  if (seconds > WATCH_LIMITS.maxIntervalSeconds) throw invalid(`"${every}" is longer than the longest interval, 30d`);
  return { every, intervalSeconds: seconds, cron: null, shortestGapSeconds: seconds };
}

/** The shortest gap between the expression's next runs (a run every 5 minutes between 9 and 10 is a 5-minute watch). */
function shortestGap(cron: Cron, from: Date): number | null {
  const runs = cron.nextRuns(WATCH_LIMITS.cronRunsSampled, from);
  if (runs.length < 2) return null;
  let gap = Infinity;
  for (let i = 1; i < runs.length; i++) gap = Math.min(gap, (runs[i]!.getTime() - runs[i - 1]!.getTime()) / 1000);
  return gap;
}

function parseCron(every: string, now: Date): WatchCadence {
  const fields = every.split(/\s+/);
  if (fields.length !== 5) throw invalid(`"${every}" is neither an interval ("15m", "6h", "1d") nor a cron expression of five fields (minute hour day month weekday)`);
  for (const field of fields) {
    const names = field.match(/[A-Za-z]+/g) ?? [];
    if (!CRON_FIELD.test(field) || names.some((name) => !CRON_NAMES.has(name.toLowerCase()))) {
      throw invalid(`cron field "${field}" may hold digits, names (jan, mon), "*", ",", "-" and "/" only`);
    }
  }
  let cron: Cron;
  try {
    cron = new Cron(every, { timezone: 'UTC', paused: true, mode: '5-part' });
  } catch (err) {
    throw invalid(`"${every}" is not a valid cron expression: ${(err as Error).message.replace(/^CronPattern: /, '')}`);
  }
  const gap = shortestGap(cron, now);
  if (gap === null) throw invalid(`"${every}" never runs (or runs only once)`);
  return { every, intervalSeconds: null, cron: every, shortestGapSeconds: gap };
}

/** Parses `every` (422 `invalid_request` naming it when it is neither an interval nor a valid cron expression). */
export function parseEvery(every: string, now = new Date()): WatchCadence {
  const trimmed = every.trim();
  const interval = INTERVAL.exec(trimmed);
  if (interval) return parseInterval(trimmed, interval);
  return parseCron(trimmed.replace(/\s+/g, ' '), now);
}

/** 422 `watch_interval_too_short` when the cadence runs more often than `plan` allows. */
export function assertCadenceAllowed(cadence: WatchCadence, plan: string): void {
  const minimum = limitsOf(plan).watchMinIntervalSeconds;
  if (cadence.shortestGapSeconds >= minimum) return;
  const often = cadence.cron ? `"${cadence.every}" runs as often as every ${describeSeconds(cadence.shortestGapSeconds)}` : `"${cadence.every}" runs more often than allowed`;
  throw new ApiError('watch_interval_too_short', `every: ${often}; the ${plan} plan allows one run every ${describeSeconds(minimum)} at the most`);
}
