import { Context } from '@temporalio/activity';
import { storedOutcomesIn, type JobPageSettings } from '../src/jobs/store/index.js';
import type { ResultWriter } from '../src/jobs/result-writer.js';
import type { ExtractedContent } from '../src/extraction/types.js';
import type { BatchOutcome, ExtractJobUrlsInput, JobActivities } from '../workflows/activities.js';
import { extractForJob, type JobActivityDeps, type JobPage } from './job-activities.js';
import { withUrlAttempts } from './url-attempts.js';
import { timeExtraction } from '../src/observability/metrics.js';
import { indexPageQuietly } from '../src/search/index-page.js';
import { log } from '../src/observability/logger.js';
import { redactSecrets } from '../src/observability/redact.js';
import { heartbeatAtMostEverySecond } from './heartbeats.js';

/**
 * A batch's checkpoint, carried by its heartbeats: every URL before `next` is stored, and these are their
 * counts. A retried attempt (its worker died) starts there, and skips the rows stored after it too (a
 * heartbeat is sent at most every few seconds: the last rows may be newer than it).
 */
export interface BatchCheckpoint extends BatchOutcome {
  next: number;
}

const checkpointOf = (details: unknown): BatchCheckpoint => {
  const d = details as Partial<BatchCheckpoint> | undefined;
  return typeof d?.next === 'number' && typeof d.succeeded === 'number' && typeof d.failed === 'number' ? { next: d.next, succeeded: d.succeeded, failed: d.failed } : { next: 0, succeeded: 0, failed: 0 };
};

/**
 * `extractJobUrls`: a bulk job's URLs `from`… one after another in one activity, each extracted as a one-URL
 * activity would (its own attempts), its outcome handed to the worker's ResultWriter while the next URL is
 * fetched. The batch ends when every row is durable; only the counts cross history.
 */
export function createBulkBatchActivity(deps: JobActivityDeps, settingsOf: (jobId: string) => Promise<JobPageSettings | null>, writer: ResultWriter): Pick<JobActivities, 'extractJobUrls'> {
  const { db, cfg } = deps;
  return {
    async extractJobUrls({ jobId, from, urls, robots }: ExtractJobUrlsInput): Promise<BatchOutcome> {
      const context = Context.current();
      const checkpoint = checkpointOf(context.info.heartbeatDetails);
      // Outcomes known past the checkpoint: stored before this attempt, or stored by it. The checkpoint
      // moves over them in order, so its counts always cover exactly the URLs before `next`.
      const known = new Map<number, boolean>();
      for (const [position, ok] of await storedOutcomesIn(db, jobId, from + checkpoint.next, from + urls.length)) known.set(position - from, ok);
      const advance = () => {
        const before = checkpoint.next;
        for (let ok = known.get(checkpoint.next); ok !== undefined; ok = known.get(checkpoint.next)) {
          checkpoint[ok ? 'succeeded' : 'failed']++;
          known.delete(checkpoint.next++);
        }
        if (checkpoint.next > before) heartbeatAtMostEverySecond(context, checkpoint);
      };
      advance();
      const todo = urls.map((url, index) => ({ url, index })).filter(({ index }) => index >= checkpoint.next && !known.has(index));
      if (todo.length === 0) return { succeeded: checkpoint.succeeded, failed: checkpoint.failed };
      // A job deleted under its workflow (expired, or its account removed) has nothing left to store into.
      const job = await settingsOf(jobId);
      if (!job) return { succeeded: checkpoint.succeeded, failed: urls.length - checkpoint.succeeded };
      const page: JobPage = { jobId, accountId: job.accountId, robots: robots ?? 'advisory', page: job.page };

      const writes: Promise<void>[] = [];
      let failure: { err: unknown } | undefined;
      for (const { url, index } of todo) {
        // A failed write fails the batch (Temporal retries it); a cancelled one stops between two URLs.
        if (failure || context.cancellationSignal.aborted) break;
        const { outcome } = await timeExtraction('job', () => withUrlAttempts((attempt) => extractForJob(deps, url, page, { attempt, heartbeatDetails: () => checkpoint })), (o) => o.outcome.ok);
        const write = writer.store(jobId, { position: from + index, url, outcome }).then(async (inserted) => {
          known.set(index, outcome.ok);
          advance();
          log().debug({ position: from + index, url: redactSecrets(url), ok: outcome.ok, inserted, ...(outcome.ok ? {} : { errorCode: outcome.errorCode }) }, 'job url extracted');
          // Search index (POST /search): the stored page becomes findable by the job's account; a failure is
          // only logged, never the URL's outcome.
          if (outcome.ok) await indexPageQuietly(db, cfg, { jobId }, url, outcome.content as Partial<ExtractedContent>);
        });
        writes.push(write.catch((err: unknown) => void (failure ??= { err })));
      }
      await Promise.all(writes);
      if (failure) throw failure.err;
      // Cancelled: what was stored stays, and the activity ends as cancelled.
      if (context.cancellationSignal.aborted) await context.cancelled;
      return { succeeded: checkpoint.succeeded, failed: checkpoint.failed };
    },
  };
}
