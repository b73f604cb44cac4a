import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/contract/errors.js';
import { assertCadenceAllowed, parseEvery } from '../../../src/watches/watch-cadence.js';
import { scheduleSpecOf } from '../../../src/watches/watch-schedule.js';
import { watchChangedBody } from '../../../src/watches/watch-changed-event.js';

const NOW = new Date('2026-11-25T10:00:00Z');

function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (err) {
    if (err instanceof ApiError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('every: intervals', () => {
  it('reads minutes, hours and days', () => {
    expect(parseEvery('15m', NOW)).toMatchObject({ intervalSeconds: 900, cron: null, shortestGapSeconds: 900 });
    expect(parseEvery(' 6h ', NOW)).toMatchObject({ every: '6h', intervalSeconds: 21_600 });
    expect(parseEvery('30d', NOW)).toMatchObject({ intervalSeconds: 30 * 86_400 });
  });

  it('refuses zero, more than 30 days and other units, naming the field', () => {
    for (const every of ['0m', '31d', '721h', '10s', '1w', 'soon', '']) {
      const { code, message } = refusal(() => parseEvery(every, NOW));
      expect({ every, code }).toEqual({ every, code: 'invalid_request' });
      expect(message).toMatch(/^every: /);
    }
  });
});

describe('every: cron expressions', () => {
  it('measures the shortest gap between runs, not the typical one', () => {
    expect(parseEvery('0 9 * * *', NOW)).toMatchObject({ cron: '0 9 * * *', shortestGapSeconds: 86_400 });
    // Every 5 minutes, but only between 9 and 10: a 5-minute watch.
    expect(parseEvery('*/5 9 * * 1-5', NOW)).toMatchObject({ shortestGapSeconds: 300 });
    expect(parseEvery('0 12 * * mon,THU', NOW)).toMatchObject({ shortestGapSeconds: 3 * 86_400 });
  });

  it('refuses what does not parse, what Temporal would read otherwise, and what never runs', () => {
    for (const every of ['61 * * * *', '* * * *', '* * * * * *', '0 0 L * *', '0 0 ? * *', '0 0 * * 1#2', '0 0 * * banana', '0 0 30 2 *']) {
      expect({ every, code: refusal(() => parseEvery(every, NOW)).code }).toEqual({ every, code: 'invalid_request' });
    }
  });
});

describe('plan minimums', () => {
  it("applies the plan's shortest interval to intervals and to a cron expression's shortest gap", () => {
    expect(() => assertCadenceAllowed(parseEvery('1d', NOW), 'free')).not.toThrow();
    expect(refusal(() => assertCadenceAllowed(parseEvery('23h', NOW), 'free'))).toMatchObject({ code: 'watch_interval_too_short', message: expect.stringMatching(/every: .*free plan allows one run every 1 day/) });
    expect(refusal(() => assertCadenceAllowed(parseEvery('30m', NOW), 'pro')).code).toBe('watch_interval_too_short');
    expect(() => assertCadenceAllowed(parseEvery('15m', NOW), 'growth')).not.toThrow();
    expect(() => assertCadenceAllowed(parseEvery('5m', NOW), 'enterprise')).not.toThrow();
    expect(refusal(() => assertCadenceAllowed(parseEvery('*/2 * * * *', NOW), 'enterprise')).message).toMatch(/as often as every 2 minutes/);
  });
});

describe('schedule spec', () => {
  it('counts intervals from the creation time and passes cron expressions through', () => {
    const spec = scheduleSpecOf(parseEvery('1d', NOW), NOW);
    expect(spec).toEqual({ intervals: [{ every: 86_400_000, offset: 10 * 3_600_000 }] });
    expect(scheduleSpecOf(parseEvery('0 9 * * *', NOW), NOW)).toEqual({ cronExpressions: ['0 9 * * *'] });
  });
});

describe('watch.changed body', () => {
  const base = { watch_id: 'w', kind: 'bulk' as const, job_id: 'j', scheduled_at: NOW.toISOString(), finished_at: NOW.toISOString(), pages: 2, results_url: 'r', watch_url: 'u' };
  it('lists the changed pages and counts them', () => {
    const body = JSON.parse(watchChangedBody({ ...base, changes: [{ url: 'https://a.example/', status: 'changed', previous_at: NOW.toISOString(), diff: '-a\n+b' }] }));
    expect(body).toMatchObject({ event: 'watch.changed', changed: 1, changes: [{ url: 'https://a.example/', diff: '-a\n+b' }] });
    expect(body.diffs_omitted_for_size).toBeUndefined();
  });

  it('drops the diffs, not the pages, when the body would pass its cap', () => {
    const changes = Array.from({ length: 3 }, (_, i) => ({ url: `https://a.example/${i}`, status: 'changed' as const, previous_at: null, diff: 'x'.repeat(1000) }));
    const body = JSON.parse(watchChangedBody({ ...base, changes }, 2000));
    expect(body).toMatchObject({ changed: 3, diffs_omitted_for_size: true });
    expect(body.changes.map((c: { url: string; diff: string | null }) => [c.url, c.diff])).toEqual(changes.map((c) => [c.url, null]));
  });
});
