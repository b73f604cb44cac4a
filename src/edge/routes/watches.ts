import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../middleware/auth.js';
import { meterCall, protect } from '../middleware/protect.js';
import { parseOrThrow } from '../../contract/parse.js';
import { watchBody, watchListQuery, watchPatchBody } from '../../contract/requests.js';
import { createWatch, deleteWatch, listOwnWatches, patchWatch, readWatch, type WatchCaller } from '../../watches/watch-requests.js';

const callerOf = (ctx: ParameterizedContext<PithState>): WatchCaller => {
  const auth = authOf(ctx.state);
  return { accountId: auth.accountId, keyId: auth.keyId, plan: auth.plan, policy: auth.policy, scopes: auth.scopes };
};

/**
 * Watches (beyond the contract's routes; issue "memory"): a key with `bulk` (URL watches) or `crawl`
 * (crawl watches). Each call is one metered request once it passed validation; reading, pausing and
 * deleting are counted even when the month is spent (a spent month must not keep a watch from being stopped).
 */
export function watchRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();

  router.post('/watches', ...protect(deps), async (ctx) => {
    const body = parseOrThrow(watchBody, ctx.request.body);
    const created = await createWatch(deps, callerOf(ctx), body, () => meterCall(deps, ctx));
    ctx.status = 201;
    ctx.body = created;
  });

  router.get('/watches', ...protect(deps), async (ctx) => {
    const query = parseOrThrow(watchListQuery, ctx.query, 'query');
    const page = await listOwnWatches(deps, callerOf(ctx), query);
    await meterCall(deps, ctx, 1, true);
    ctx.body = page;
  });

  router.get('/watches/:watch_id', ...protect(deps), async (ctx) => {
    const watch = await readWatch(deps, callerOf(ctx), ctx.params.watch_id ?? '');
    await meterCall(deps, ctx, 1, true);
    ctx.body = watch;
  });

  router.patch('/watches/:watch_id', ...protect(deps), async (ctx) => {
    const body = parseOrThrow(watchPatchBody, ctx.request.body);
    const watch = await patchWatch(deps, callerOf(ctx), ctx.params.watch_id ?? '', body);
    await meterCall(deps, ctx, 1, true);
    ctx.body = watch;
  });

  router.delete('/watches/:watch_id', ...protect(deps), async (ctx) => {
    await deleteWatch(deps, callerOf(ctx), ctx.params.watch_id ?? '');
    await meterCall(deps, ctx, 1, true);
    ctx.body = { watch_id: ctx.params.watch_id, deleted: true };
  });

  return router;
}
