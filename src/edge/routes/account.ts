import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../middleware/auth.js';
import { meterCall, protect } from '../middleware/protect.js';
import { parseOrThrow } from '../../contract/parse.js';
import { logsQuery } from '../../contract/requests.js';
import { usageReport } from '../../accounts/metering.js';
import { readLogs } from '../../accounts/request-log.js';
import { upgradeUrlFor } from '../../contract/errors.js';

/** GET /usage and GET /logs: any valid key, the caller's own account only. */
export function accountRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();

  // Reading your usage is free and never refused by the quota: a spent month must stay visible.
  router.get('/usage', ...protect(deps), async (ctx) => {
    const auth = authOf(ctx.state);
    ctx.body = await usageReport(deps.db, auth.accountId, auth.plan, upgradeUrlFor(deps.cfg.BASE_URL));
  });

  router.get('/logs', ...protect(deps), async (ctx) => {
    const query = parseOrThrow(logsQuery, ctx.query, 'query');
    await meterCall(deps, ctx);
    // Entries of this very request and of the last few hundred milliseconds may still be queued.
    await deps.requestLog.flush();
    ctx.body = await readLogs(deps.db, authOf(ctx.state).accountId, query.limit, query.cursor, { endpoint: query.endpoint, status: query.status, keyId: query.key_id });
  });

  return router;
}
