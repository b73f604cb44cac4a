import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../auth.js';
import { metered, protect } from '../guard.js';
import { parseOrThrow } from '../validate.js';
import { bulkBody } from '../schemas.js';
import { ApiError } from '../../errors.js';
import { limitsOf } from '../../plans.js';
import { readJob, submitBulkJob } from '../../services/jobs.js';
import { assertWebhookUrl } from '../../services/webhook-url.js';
import { parseIdempotencyKey } from '../../services/idempotency.js';
import { assertUrlsAllowed, tighten } from '../../services/policy.js';
import { assertFetchableUrl } from '../../extraction/safe-fetch.js';
import { ExtractionError } from '../../extraction/errors.js';

export function bulkRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();

  /** POST /bulk: validates everything, checks every URL against the policy, meters one per URL, queues, answers at once. */
  router.post('/bulk', ...protect(deps, 'bulk'), async (ctx) => {
    const actor = authOf(ctx.state);
    const body = parseOrThrow(bulkBody, ctx.request.body);
    const idempotencyKey = parseIdempotencyKey(ctx.get('idempotency-key') || undefined);
    const cap = limitsOf(actor.plan).bulkUrlsPerRequest;
    if (body.urls.length > cap) {
      throw new ApiError('bulk_cap_exceeded', `urls: ${body.urls.length} URLs submitted; the ${actor.plan} plan allows ${cap} per request`);
    }
    body.urls.forEach((url, index) => {
      try {
        assertFetchableUrl(url, deps.cfg.ALLOW_PRIVATE_TARGETS);
      } catch (err) {
        if (err instanceof ExtractionError) {
          throw new ApiError(err.code === 'unsafe_url' ? 'unsafe_url' : 'invalid_request', `urls.${index}: ${err.message}`);
        }
        throw err;
      }
    });
    const policy = tighten(actor.policy, body);
    assertUrlsAllowed(policy, body.urls, 'urls');
    if (body.webhook_url !== undefined) await assertWebhookUrl(body.webhook_url, deps.cfg.ALLOW_PRIVATE_TARGETS);
    ctx.body = await submitBulkJob(
      deps,
      { accountId: actor.accountId, keyId: actor.keyId, plan: actor.plan },
      { ...body, robots: policy.respectRobots, idempotencyKey, body: ctx.request.body },
    );
  });

  router.get('/bulk/:job_id', ...protect(deps, 'bulk'), metered(deps), async (ctx) => {
    ctx.body = await readJob(deps.db, ctx.params.job_id ?? '', authOf(ctx.state).accountId, 'bulk');
  });

  /** GET /jobs/{id}: any valid key, either kind, same ownership check. */
  router.get('/jobs/:job_id', ...protect(deps), metered(deps), async (ctx) => {
    ctx.body = await readJob(deps.db, ctx.params.job_id ?? '', authOf(ctx.state).accountId);
  });

  return router;
}
