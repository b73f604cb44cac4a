import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../middleware/auth.js';
import { chargeOrMeter, protectOrPay } from '../middleware/payment-guard.js';
import { mapPrice } from '../../payments/pricers.js';
import { parseOrThrow } from '../../contract/parse.js';
import { mapBody } from '../../contract/requests.js';
import { mapForKey } from '../../map/map-for-key.js';

/** POST /map: a site's URLs from its sitemaps and start page, answered at once (scope `crawl`, or paid per request). */
export function mapRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  router.post('/map', ...protectOrPay(deps, 'crawl', mapPrice, 'A site map'), async (ctx) => {
    const body = parseOrThrow(mapBody, ctx.request.body);
    ctx.body = await mapForKey(deps.cfg, authOf(ctx.state), body, () => chargeOrMeter(deps, ctx));
  });
  return router;
}
