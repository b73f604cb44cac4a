import type { Job } from '@prisma/client';
import type { ResultEntry } from '../jobs/view.js';
import type { JobCompletedEvent } from './job-completed-event.js';

/** Contract: inline results are capped at about 5 MB; the whole body stays within 5 MiB. */
export const INLINE_RESULTS_MAX_BYTES = 5 * 1024 * 1024;

type FinishedJob = Pick<Job, 'id' | 'kind' | 'status' | 'total' | 'completed' | 'finishedAt' | 'truncated' | 'truncatedReason'>;

/** The thin shape: what every notification carries. */
export function thinCompletionEvent(job: FinishedJob, baseUrl: string, now = new Date()): JobCompletedEvent {
  return {
    event: 'job.completed',
    job_id: job.id,
    kind: job.kind,
    status: job.status,
    total: job.total,
    completed: job.completed,
    finished_at: (job.finishedAt ?? now).toISOString(),
    ...(job.kind === 'crawl' ? { truncated: job.truncated, truncated_reason: job.truncatedReason } : {}),
    results_url: `${baseUrl}/${job.kind}/${job.id}`,
  };
}

/**
 * The exact body to send, serialized once. With results it is built entry by entry and abandoned as soon
 * as it passes the cap, so a huge job never sits in memory twice; over the cap the thin shape is sent
 * with `results_truncated_for_size: true`.
 */
export async function completionBody(thin: JobCompletedEvent, results?: AsyncIterable<ResultEntry>, maxBytes = INLINE_RESULTS_MAX_BYTES): Promise<string> {
  const thinJson = JSON.stringify(thin);
  if (!results) return thinJson;
  const head = `${thinJson.slice(0, -1)},"results":[`;
  const parts: string[] = [head];
  let size = Buffer.byteLength(head) + 2; // + the closing `]}`
  let first = true;
  for await (const entry of results) {
    const json = (first ? '' : ',') + JSON.stringify(entry);
    first = false;
    size += Buffer.byteLength(json);
    if (size > maxBytes) return JSON.stringify({ ...thin, results_truncated_for_size: true });
    parts.push(json);
  }
  parts.push(']}');
  return parts.join('');
}
