import { EventSourceParserStream } from 'eventsource-parser/stream';
import { PithError, type ErrorBody } from '../../../clients/typescript/src/errors';

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
 * bound, a restart) is reopened after its `retry:` hint. Errors in the envelope become PithError.
 */
export async function followJob(baseUrl: string, apiKey: string, jobId: string, onEvent: (event: JobProgressEvent, done: boolean) => void, signal: AbortSignal): Promise<void> {
  let retryMs = 3000;
  while (!signal.aborted) {
    const response = await fetch(`${baseUrl}/jobs/${encodeURIComponent(jobId)}/events`, { headers: { authorization: `Bearer ${apiKey}`, accept: 'text/event-stream' }, signal });
    if (!response.ok || !response.body) {
      const body = (await response.json().catch(() => null)) as { error?: ErrorBody } | null;
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
    await new Promise((resolve) => setTimeout(resolve, retryMs));
    retryMs = Math.min(30_000, retryMs * 2);
  }
}
