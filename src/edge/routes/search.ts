import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../middleware/auth.js';
import { meterCall, protect } from '../middleware/protect.js';
import { parseOrThrow } from '../../contract/parse.js';
import { searchBody } from '../../contract/requests.js';
import { tighten } from '../../accounts/key-policy.js';
import { searchForAccount } from '../../pages/search-pages.js';
import { createSearchProvider } from '../../search/create-provider.js';

/** POST /search: the configured provider's results, each optionally extracted. */
export function searchRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  const provider = createSearchProvider(deps.cfg, deps.db);
  router.post('/search', ...protect(deps, 'search'), async (ctx) => {
    const body = parseOrThrow(searchBody, ctx.request.body);
    const auth = authOf(ctx.state);
    const caller = { accountId: auth.accountId, plan: auth.plan, policy: tighten(auth.policy, body), meter: (units: number) => meterCall(deps, ctx, units) };
    ctx.body = await searchForAccount(deps, provider, caller, body);
  });
  return router;
}
