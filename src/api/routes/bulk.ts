import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { authenticate, authOf, requireScope } from '../auth.js';
import { parseOrThrow } from '../validate.js';
import { bulkBody } from '../schemas.js';
import { ApiError } from '../../errors.js';
import { limitsOf } from '../../plans.js';
import { readJob, submitBulkJob } from '../../services/jobs.js';
import { assertWebhookUrl } from '../../services/webhook-url.js';
import { assertFetchableUrl } from '../../extraction/safe-fetch.js';
import { ExtractionError } from '../../extraction/errors.js';

export function bulkRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  const auth = authenticate(deps.db);

  /** POST /bulk: validates everything, queues the job, answers at once with the job object. */
  router.post('/bulk', auth, requireScope('bulk'), async (ctx) => {
    const actor = authOf(ctx.state);
    const body = parseOrThrow(bulkBody, ctx.request.body);
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
    if (body.webhook_url !== undefined) await assertWebhookUrl(body.webhook_url, deps.cfg.ALLOW_PRIVATE_TARGETS);
    ctx.body = await submitBulkJob(deps, { accountId: actor.accountId, keyId: actor.keyId }, body);
  });

  router.get('/bulk/:jobId', auth, requireScope('bulk'), async (ctx) => {
    ctx.body = await readJob(deps.db, ctx.params.jobId ?? '', authOf(ctx.state).accountId, 'bulk');
  });

  /** GET /jobs/{id}: any valid key, either kind, same ownership check. */
  router.get('/jobs/:jobId', auth, async (ctx) => {
    ctx.body = await readJob(deps.db, ctx.params.jobId ?? '', authOf(ctx.state).accountId);
  });

  return router;
}
