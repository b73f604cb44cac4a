import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../middleware/auth.js';
import { meterCall, protect } from '../middleware/protect.js';
import { parseOrThrow } from '../../contract/parse.js';
import { deliveriesQuery } from '../../contract/requests.js';
import { findOwnDelivery, listDeliveries } from '../../webhooks/delivery-view.js';
import { redeliver } from '../../webhooks/redelivery.js';

/**
 * Webhook delivery history (beyond the contract). Reading it needs any valid key of the account, like
 * GET /logs; redelivering needs `keys`, the scope that governs the webhook secret, since it makes Pith
 * sign and send again.
 */
export function webhookDeliveryRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();

  router.get('/webhooks/deliveries', ...protect(deps), async (ctx) => {
    const query = parseOrThrow(deliveriesQuery, ctx.query, 'query');
    await meterCall(deps, ctx);
    ctx.body = await listDeliveries(deps.db, authOf(ctx.state).accountId, { limit: query.limit, cursor: query.cursor, jobId: query.job_id });
  });

  router.post('/webhooks/deliveries/:id/redeliver', ...protect(deps, 'keys'), async (ctx) => {
    // Found first: a 404 is a refusal, and refusals are not metered.
    const original = await findOwnDelivery(deps.db, authOf(ctx.state).accountId, ctx.params.id ?? '');
    await meterCall(deps, ctx);
    ctx.status = 202;
    ctx.body = await redeliver(deps, original);
  });

  return router;
}
