import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../auth.js';
import { meterCall, protect } from '../guard.js';
import { parseOrThrow } from '../validate.js';
import { extractBody } from '../schemas.js';
import { extractForAccount } from '../../services/extract-service.js';
import { assertUrlsAllowed, tighten } from '../../services/policy.js';

/** POST /extract: one URL, every format (or the ones asked for), answered when done. */
export function extractRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  router.post('/extract', ...protect(deps, 'extract'), async (ctx) => {
    const body = parseOrThrow(extractBody, ctx.request.body);
    const auth = authOf(ctx.state);
    const policy = tighten(auth.policy, body);
    assertUrlsAllowed(policy, [body.url]);
    ctx.body = await extractForAccount(deps, { plan: auth.plan, policy, meter: () => meterCall(deps, ctx) }, body);
  });
  return router;
}
