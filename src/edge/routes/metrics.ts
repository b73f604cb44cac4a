import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { ApiError } from '../../contract/errors.js';
import { registry } from '../../observability/metrics.js';
import { metricsAuthorized } from '../../observability/metrics-auth.js';

/**
 * GET /metrics: Prometheus text. Open unless METRICS_TOKEN is set (then `Authorization: Bearer <token>`);
 * METRICS_ENABLED=false leaves the route out entirely (404).
 */
export function metricsRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  if (!deps.cfg.METRICS_ENABLED) return router;
  router.get('/metrics', async (ctx) => {
    const authorization = ctx.get('Authorization') || undefined;
    if (!metricsAuthorized(deps.cfg.METRICS_TOKEN, authorization)) {
      throw authorization ? new ApiError('invalid_api_key', 'Wrong metrics token') : new ApiError('missing_api_key', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>');
    }
    ctx.body = await registry.metrics();
    ctx.type = registry.contentType;
  });
  return router;
}
