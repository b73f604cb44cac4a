import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../middleware/auth.js';
import { protect } from '../middleware/protect.js';
import { ApiError } from '../../contract/errors.js';
import { rotateWebhookSecret } from '../../accounts/webhook-secret.js';

/** POST /webhook/rotate: scope `keys` (it replaces the secret of every signature check), no body, unmetered. */
export function webhookRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  router.post('/webhook/rotate', ...protect(deps, 'keys'), async (ctx) => {
    if (ctx.request.length > 0 && ctx.request.body && Object.keys(ctx.request.body as object).length > 0) {
      throw new ApiError('invalid_request', 'body: POST /webhook/rotate takes no body');
    }
    ctx.body = await rotateWebhookSecret(deps.db, deps.secrets, authOf(ctx.state).accountId);
  });
  return router;
}
