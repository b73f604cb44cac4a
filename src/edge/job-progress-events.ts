import { setTimeout as sleep } from 'node:timers/promises';
import { JOB_EVENTS } from '../contract/limits.js';
import { isFinishedStatus, type JobProgress } from '../jobs/progress.js';
import { jobEventStreams } from '../observability/metrics.js';
import { log } from '../observability/logger.js';
import type { EventStream } from './event-stream.js';

export type JobEventLimits = { readonly [K in Exclude<keyof typeof JOB_EVENTS, 'maxStreamsPerAccount'>]: number };

const changed = (a: JobProgress, b: JobProgress) => a.status !== b.status || a.total !== b.total || a.completed !== b.completed || a.failed !== b.failed;

/**
 * Feeds one job's progress into `stream` until the job finished, the stream's time is up or the client
 * left: `progress` at open and whenever status or a count changes, then `done` once the job finished
 * and the end; a keep-alive comment meanwhile; at the time limit (or when a read fails) a `retry` hint
 * and the end, so the client reopens. Resolves when the stream is closed, with every timer cleared.
 */
export async function streamJobProgress(stream: EventStream, read: () => Promise<JobProgress | null>, limits: JobEventLimits = JOB_EVENTS): Promise<void> {
  jobEventStreams.inc();
  const reopen = () => {
    stream.retry(limits.retryMs);
    stream.close();
  };
  const keepAlive = setInterval(() => stream.comment('keep-alive'), limits.keepAliveMs);
  const lifetime = setTimeout(reopen, limits.maxOpenMs);
  let sent: JobProgress | undefined;
  try {
    while (!stream.signal.aborted) {
      const progress = await read();
      // Gone (deleted with its account, or swept after its lifetime): nothing more will come.
      if (!progress) break;
      if (!sent || changed(sent, progress)) stream.send('progress', progress);
      sent = progress;
      if (isFinishedStatus(progress.status)) {
        stream.send('done', progress);
        break;
      }
      // Aborted with the stream: the wait ends at once and the loop sees the signal.
      await sleep(limits.pollMs, undefined, { signal: stream.signal }).catch(() => undefined);
    }
  } catch (err) {
    log().warn({ err: String(err), jobId: sent?.job_id }, 'job events: reading progress failed; asking the client to reconnect');
    reopen();
  } finally {
    clearInterval(keepAlive);
    clearTimeout(lifetime);
    stream.close();
    jobEventStreams.dec();
  }
}
