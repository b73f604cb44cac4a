import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../middleware/auth.js';
import { meterCall, metered, protect } from '../middleware/protect.js';
import { parseOrThrow } from '../../contract/parse.js';
import { createKeyBody } from '../../contract/requests.js';
import { listKeys, mintKey, revokeKey, rotateKey } from '../../accounts/key-management.js';

/** /keys and everything under it: scope `keys`. */
export function keyRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  const guard = protect(deps, 'keys');

  router.post('/keys', ...guard, async (ctx) => {
    const body = parseOrThrow(createKeyBody, ctx.request.body);
    await meterCall(deps, ctx);
    ctx.body = await mintKey(deps.db, authOf(ctx.state), body);
    ctx.status = 201;
  });

  router.get('/keys', ...guard, metered(deps), async (ctx) => {
    ctx.body = await listKeys(deps.db, authOf(ctx.state).accountId);
  });

  router.post('/keys/rotate', ...guard, metered(deps), async (ctx) => {
    ctx.body = await rotateKey(deps.db, authOf(ctx.state));
  });

  router.delete('/keys/:id', ...guard, metered(deps), async (ctx) => {
    ctx.body = await revokeKey(deps.db, authOf(ctx.state).accountId, ctx.params.id ?? '');
  });

  return router;
}
