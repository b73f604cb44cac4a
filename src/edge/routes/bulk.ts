import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../middleware/auth.js';
import { protectOrPay } from '../middleware/payment-guard.js';
import { bulkPrice } from '../../payments/pricers.js';
import { parseOrThrow } from '../../contract/parse.js';
import { bulkBody } from '../../contract/requests.js';
import { submitBulkRequest } from '../../jobs/requests.js';
import { submissionContextOf } from './job-submission.js';

/** POST /bulk: validates everything, checks every URL against the policy, meters one per URL, queues, answers at once. */
export function bulkRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  router.post('/bulk', ...protectOrPay(deps, 'bulk', bulkPrice, 'A bulk job'), async (ctx) => {
    const body = parseOrThrow(bulkBody, ctx.request.body);
    ctx.body = await submitBulkRequest(deps, authOf(ctx.state), body, submissionContextOf(ctx));
  });
  return router;
}
