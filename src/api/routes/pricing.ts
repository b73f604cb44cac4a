import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { getPricing } from '../../services/pricing.js';
import { pricingDepsFromConfig } from '../../services/pricing/config.js';

/** GET /pricing (public): plan prices from Stripe, the shared 24 h cache, or the built-in defaults. */
export function pricingRoutes(deps: AppDeps): Router<PithState> {
  const quiet = deps.cfg.LOG_LEVEL === 'error' || deps.cfg.LOG_LEVEL === 'silent';
  const warn = (message: string) => {
    if (!quiet) console.warn(JSON.stringify({ level: 'warn', msg: message, component: 'pricing' }));
  };
  const pricing = pricingDepsFromConfig(deps.cfg, deps.db, warn);
  const router = new Router<PithState>();
  router.get('/pricing', async (ctx) => {
    ctx.body = await getPricing(pricing);
  });
  return router;
}
