import type { Middleware } from 'koa';
import type { PithState } from '../state.js';
import { routePatternOf } from './protect.js';
import { httpDuration, httpRequests } from '../../observability/metrics.js';
import { log } from '../../observability/logger.js';

/** Label of requests no route matched (404s, probes): raw paths would make the label set unbounded. */
const UNMATCHED = 'unmatched';

/**
 * Counts and times every request by route pattern, method and status, and writes one access log line
 * (path without the query string: a key pasted there is never logged).
 */
export function httpMetrics(): Middleware<PithState> {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const seconds = (performance.now() - started) / 1000;
      const route = routePatternOf(ctx) ?? UNMATCHED;
      const labels = { method: ctx.method, route };
      httpRequests.inc({ ...labels, status: String(ctx.status) });
      httpDuration.observe(labels, seconds);
      log().info({ method: ctx.method, path: ctx.path, route, status: ctx.status, ms: Math.round(seconds * 1000), accountId: ctx.state.auth?.accountId }, 'request');
    }
  };
}
