import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { getPricing } from '../../pricing/pricing.js';
import { pricingDepsFromConfig } from '../../pricing/config.js';
import { log } from '../../observability/logger.js';

/** GET /pricing (public): plan prices from Stripe, the shared 24 h cache, or the built-in defaults. */
export function pricingRoutes(deps: AppDeps): Router<PithState> {
  const warn = (message: string) => log().warn({ component: 'pricing' }, message);
  const pricing = pricingDepsFromConfig(deps.cfg, deps.db, warn);
  const router = new Router<PithState>();
  router.get('/pricing', async (ctx) => {
    ctx.body = await getPricing(pricing);
  });
  return router;
}
