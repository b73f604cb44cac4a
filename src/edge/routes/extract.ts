import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../middleware/auth.js';
import { chargeOrMeter, protectOrPay } from '../middleware/payment-guard.js';
import { extractPrice } from '../../payments/pricers.js';
import { parseOrThrow } from '../../contract/parse.js';
import { extractBody } from '../../contract/requests.js';
import { extractForKey } from '../../pages/extract-page.js';

/** POST /extract: one URL, every format (or the ones asked for), answered when done. */
export function extractRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  router.post('/extract', ...protectOrPay(deps, 'extract', extractPrice, 'An extraction'), async (ctx) => {
    const body = parseOrThrow(extractBody, ctx.request.body);
    ctx.body = await extractForKey(deps, authOf(ctx.state), body, () => chargeOrMeter(deps, ctx));
  });
  return router;
}
