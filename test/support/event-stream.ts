/** A server-sent event as a browser's fetch() reader sees it: comments and `retry:` lines kept too, for tests. */
export interface SseEvent {
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

/** Parses one block (the lines between blank lines) of a text/event-stream body. */
function parseBlock(block: string): SseEvent {
  const parsed: SseEvent = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) parsed.comment = line.slice(1).trim();
    else if (line.startsWith('event: ')) parsed.event = line.slice(7);
    else if (line.startsWith('data: ')) parsed.data = parsed.data === undefined ? line.slice(6) : `${parsed.data}\n${line.slice(6)}`;
    else if (line.startsWith('retry: ')) parsed.retry = Number(line.slice(7));
  }
  return parsed;
}

/**
 * Reads an event stream the way a browser does without EventSource (which cannot send Authorization):
 * fetch() and the body's reader. `events` fills as blocks arrive; `ended` resolves when the server ends
 * the stream (or the reader is cancelled).
 */
export function readEventStream(response: Response): { events: SseEvent[]; ended: Promise<void>; cancel(): Promise<void> } {
  const events: SseEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffered = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffered += value;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          events.push(parseBlock(buffered.slice(0, end)));
          buffered = buffered.slice(end + 2);
        }
      }
    } catch {
      // Aborted by the test: the stream is over for this reader.
    }
  })();
  return { events, ended, cancel: () => reader.cancel().catch(() => undefined) };
}

/** Waits until `check` holds (polling every 20 ms), or throws after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not reached in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
