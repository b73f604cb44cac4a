import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../middleware/auth.js';
import { protectOrPay } from '../middleware/payment-guard.js';
import { crawlPrice } from '../../payments/pricers.js';
import { parseOrThrow } from '../../contract/parse.js';
import { crawlBody } from '../../contract/requests.js';
import { crawlLimitsOf, submitCrawlRequest } from '../../jobs/requests.js';
import { submissionContextOf } from './job-submission.js';

/**
 * POST /crawl: Pro and above (403 `plan_not_supported`, checked before the body so a Free caller learns
 * what to change first), then the checks of submitCrawlRequest.
 */
export function crawlRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  router.post('/crawl', ...protectOrPay(deps, 'crawl', crawlPrice, 'A crawl'), async (ctx) => {
    const actor = authOf(ctx.state);
    crawlLimitsOf(actor.plan);
    const body = parseOrThrow(crawlBody, ctx.request.body);
    ctx.body = await submitCrawlRequest(deps, actor, body, submissionContextOf(ctx));
  });
  return router;
}
