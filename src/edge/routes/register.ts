import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { parseOrThrow } from '../../contract/parse.js';
import { registerBody } from '../../contract/requests.js';
import { registerAccount } from '../../accounts/registration.js';

/** POST /register {email} → 201 { account_id, key_id, api_key, plan }; the raw key is shown only here. Free, unmetered. */
export function registerRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  router.post('/register', async (ctx) => {
    const { email } = parseOrThrow(registerBody, ctx.request.body);
    await deps.limits.consumeRegistration(ctx.ip);
    ctx.status = 201;
    ctx.body = await registerAccount(deps.db, email);
  });
  return router;
}
