import Router from '@koa/router';
import type { AppDeps, PithState } from '../state.js';
import { authOf } from '../middleware/auth.js';
import { meterCall, protect } from '../middleware/protect.js';
import { findReadableJob } from '../../jobs/read.js';
import { progressReader } from '../../jobs/progress.js';
import { EventStream } from '../event-stream.js';
import { streamJobProgress } from '../job-progress-events.js';
import { ApiError } from '../../contract/errors.js';
import { JOB_EVENTS } from '../../contract/limits.js';

/**
 * GET /jobs/{job_id}/events: a job's progress as server-sent events, for browsers that read it with
 * fetch() (EventSource cannot send `Authorization`). Any key; the ownership check of GET /jobs/{id}
 * answers 404/403 before any stream opens. Metered once, at open, and never refused for quota (a job
 * already paid for stays watchable).
 */
export function jobEventRoutes(deps: AppDeps): Router<PithState> {
  const router = new Router<PithState>();
  const streams = new OpenStreams(JOB_EVENTS.maxStreamsPerAccount);
  router.get('/jobs/:job_id/events', ...protect(deps), async (ctx) => {
    const jobId = ctx.params.job_id ?? '';
    const { accountId } = authOf(ctx.state);
    await findReadableJob(deps.db, jobId, { accountId });
    // Taken before metering (a refusal is never metered) and given back if metering refuses.
    const release = streams.take(accountId);
    try {
      await meterCall(deps, ctx, 1, true);
    } catch (err) {
      release();
      throw err;
    }
    // Runs past this handler, for as long as the stream is open; it never rejects.
    void streamJobProgress(new EventStream(ctx), progressReader(deps.db, jobId)).finally(release);
  });
  return router;
}

/** Open streams per account in this process; 429 `too_many_streams` past the cap. */
class OpenStreams {
  private readonly open = new Map<string, number>();
  constructor(private readonly cap: number) {}

  /** Counts one more stream of `accountId`; the returned function gives it back (once). */
  take(accountId: string): () => void {
    const count = this.open.get(accountId) ?? 0;
    if (count >= this.cap) {
      throw new ApiError('too_many_streams', `This account already has ${count} open event streams on this server; close one, or poll GET /jobs/{job_id}`, 1);
    }
    this.open.set(accountId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(accountId) ?? 1) - 1;
      if (left > 0) this.open.set(accountId, left);
      else this.open.delete(accountId);
    };
  }
}
