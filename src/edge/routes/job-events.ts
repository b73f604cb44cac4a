import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../middleware/auth.js';
import { meterCall, protect } from '../middleware/protect.js';
import { findReadableJob } from '../../jobs/read.js';
import { progressReader } from '../../jobs/progress.js';
import { EventStream } from '../event-stream.js';
import { streamJobProgress } from '../job-progress-events.js';

/**
 * GET /jobs/{job_id}/events: a job's progress as server-sent events, for browsers that read it with
 * fetch() (EventSource cannot send `Authorization`). Any key; the ownership check of GET /jobs/{id}
 * answers 404/403 before any stream opens. Metered once, at open, and never refused for quota (a job
 * already paid for stays watchable).
 */
export function jobEventRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  router.get('/jobs/:job_id/events', ...protect(deps), async (ctx) => {
    const jobId = ctx.params.job_id ?? '';
    await findReadableJob(deps.db, jobId, { accountId: authOf(ctx.state).accountId });
    await meterCall(deps, ctx, 1, true);
    // Runs past this handler, for as long as the stream is open; it never rejects.
    void streamJobProgress(new EventStream(ctx), progressReader(deps.db, jobId));
  });
  return router;
}
