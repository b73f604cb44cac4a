import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { authenticate, authOf, requireScope } from '../auth.js';
import { parseOrThrow } from '../validate.js';
import { extractBody } from '../schemas.js';
import { extractForAccount } from '../../services/extract-service.js';

/** POST /extract: one URL, every format (or the ones asked for), answered when done. */
export function extractRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  router.post('/extract', authenticate(deps.db), requireScope('extract'), async (ctx) => {
    const body = parseOrThrow(extractBody, ctx.request.body);
    const auth = authOf(ctx.state);
    ctx.body = await extractForAccount(deps, { accountId: auth.accountId, keyId: auth.keyId, plan: auth.plan }, body);
  });
  return router;
}
