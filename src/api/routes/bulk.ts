import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../auth.js';
import { protect } from '../guard.js';
import { parseOrThrow } from '../validate.js';
import { bulkBody } from '../schemas.js';
import { ApiError } from '../../errors.js';
import { limitsOf } from '../../plans.js';
import { submitJob } from '../../services/jobs.js';
import { assertUrlsAllowed, tighten } from '../../services/policy.js';
import { assertSubmittedUrlsFetchable, submissionExtras } from './job-submission.js';

/** POST /bulk: validates everything, checks every URL against the policy, meters one per URL, queues, answers at once. */
export function bulkRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  router.post('/bulk', ...protect(deps, 'bulk'), async (ctx) => {
    const actor = authOf(ctx.state);
    const body = parseOrThrow(bulkBody, ctx.request.body);
    const cap = limitsOf(actor.plan).bulkUrlsPerRequest;
    if (body.urls.length > cap) {
      throw new ApiError('bulk_cap_exceeded', `urls: ${body.urls.length} URLs submitted; the ${actor.plan} plan allows ${cap} per request`);
    }
    assertSubmittedUrlsFetchable(deps, body.urls, 'urls');
    const policy = tighten(actor.policy, body);
    assertUrlsAllowed(policy, body.urls, 'urls');
    const extras = await submissionExtras(deps, ctx, body);
    ctx.body = await submitJob(deps, actor, {
      kind: 'bulk',
      input: { urls: body.urls, robots: policy.respectRobots },
      webhook_url: body.webhook_url,
      webhook_include_results: body.webhook_include_results,
      ...extras,
    });
  });
  return router;
}
