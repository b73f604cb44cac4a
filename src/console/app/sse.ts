import { EventSourceParserStream } from 'eventsource-parser/stream';
import { PithError, type ErrorBody } from '../../../clients/typescript/src/errors';

const MAX_RATE_LIMIT_WAIT_MS = 10_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

export interface JobProgressEvent {
  job_id: string;
  status: string;
  total: number;
  completed: number;
  failed: number;
}

/**
 * Follows `GET /jobs/{id}/events`. EventSource cannot send `Authorization`, so this is fetch and a stream
 * reader with eventsource-parser. Ends with the `done` event; a stream the server closed early (its time
 * bound, a restart) is reopened after a growing pause (3 s, doubling to 30 s); the per-second rate limit is waited out. Errors in the envelope become PithError.
 */
export async function followJob(baseUrl: string, apiKey: string, jobId: string, onEvent: (event: JobProgressEvent, done: boolean) => void, signal: AbortSignal): Promise<void> {
  let retryMs = 3000;
  while (!signal.aborted) {
    const response = await fetch(`${baseUrl}/jobs/${encodeURIComponent(jobId)}/events`, { headers: { authorization: `Bearer ${apiKey}`, accept: 'text/event-stream' }, signal });
    if (!response.ok || !response.body) {
      const body = (await response.json().catch(() => null)) as { error?: ErrorBody } | null;
      // A page opens several calls at once: the per-second limit is waited out, as the client library does.
      const waitMs = Number(response.headers.get('retry-after-ms') ?? NaN);
      if (body?.error?.code === 'rate_limit_too_fast' && Number.isFinite(waitMs) && waitMs <= MAX_RATE_LIMIT_WAIT_MS) {
        await sleep(Math.max(1, waitMs), signal);
        continue;
      }
      throw body?.error ? new PithError(response.status, body.error) : new Error(`The progress stream answered HTTP ${response.status}`);
    }
    const events = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
    const reader = events.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (value.event !== 'progress' && value.event !== 'done') continue;
      const finished = value.event === 'done';
      onEvent(JSON.parse(value.data) as JobProgressEvent, finished);
      if (finished) {
        await reader.cancel();
        return;
      }
    }
    await sleep(retryMs, signal);
    retryMs = Math.min(30_000, retryMs * 2);
  }
}
