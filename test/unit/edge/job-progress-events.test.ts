import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { EventStream } from '../../../src/edge/event-stream.js';
import { streamJobProgress, type JobEventLimits } from '../../../src/edge/job-progress-events.js';
import type { JobProgress } from '../../../src/jobs/progress.js';
import { eventually, readEventStream } from '../../support/event-stream.js';

/**
 * The event stream's timing rules with short limits, over a real HTTP server and a fake reader of the
 * job: keep-alive comments, the time limit's `retry` hint, a failed read, and no timer left behind.
 */

const running: JobProgress = { job_id: 'j', status: 'running', total: 2, completed: 0, failed: 0 };
let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** An event stream that counts what its feed tries to write once it is closed: a leaked timer would. */
class WatchedStream extends EventStream {
  writesAfterClose = 0;
  override comment(text: string): void {
    if (this.signal.aborted) this.writesAfterClose++;
    super.comment(text);
  }
  override retry(ms: number): void {
    if (this.signal.aborted) this.writesAfterClose++;
    super.retry(ms);
  }
}

/** Serves one stream per request, fed by `read` with `limits`; `finished` settles when the feed has returned. */
async function serve(read: () => Promise<JobProgress | null>, limits: JobEventLimits): Promise<{ url: string; finished: Promise<void>[]; streams: WatchedStream[] }> {
  const finished: Promise<void>[] = [];
  const streams: WatchedStream[] = [];
  const app = new Koa();
  // A client leaving mid-stream is what one test does; Koa would print its `Premature close`.
  app.silent = true;
  app.use((ctx) => {
    const stream = new WatchedStream(ctx);
    streams.push(stream);
    finished.push(streamJobProgress(stream, read, limits));
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`, finished, streams };
}

describe('streamJobProgress', () => {
  it('sends keep-alive comments while nothing changes, then a retry hint and the end at its time limit', async () => {
    let reads = 0;
    const { url, finished } = await serve(async () => (reads++, running), { pollMs: 20, keepAliveMs: 60, maxOpenMs: 400, retryMs: 1234 });
    const stream = readEventStream(await fetch(url));
    await stream.ended;
    await finished[0];
    const events = stream.events;
    expect(events[0]).toEqual({ event: 'progress', data: JSON.stringify(running) });
    // Unchanged progress is not sent again.
    expect(events.filter((event) => event.event === 'progress')).toHaveLength(1);
    expect(events.filter((event) => event.comment === 'keep-alive').length).toBeGreaterThanOrEqual(3);
    expect(events.at(-1)).toEqual({ retry: 1234 });
    expect(reads).toBeGreaterThan(5);
    const readsAtEnd = reads;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads).toBe(readsAtEnd);
  });

  it('clears every timer and stops reading when the client goes away', async () => {
    let reads = 0;
    const { url, finished, streams } = await serve(async () => (reads++, running), { pollMs: 20, keepAliveMs: 30, maxOpenMs: 300, retryMs: 1000 });
    const client = new AbortController();
    const stream = readEventStream(await fetch(url, { signal: client.signal }));
    await eventually(() => stream.events.length > 0 && reads > 3);
    client.abort();
    await finished[0];
    expect(streams[0]!.signal.aborted).toBe(true);
    const readsAtEnd = reads;
    // Past several keep-alive periods and the time limit: neither timer fires into the closed stream.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(reads).toBe(readsAtEnd);
    expect(streams[0]!.writesAfterClose).toBe(0);
  });

  it('ends with a retry hint when reading the job fails, and quietly when the job is gone', async () => {
    let failing = true;
    const { url } = await serve(async () => {
      if (failing) throw new Error('database down');
      return null;
    }, { pollMs: 20, keepAliveMs: 1000, maxOpenMs: 5000, retryMs: 700 });
    const broken = readEventStream(await fetch(url));
    await broken.ended;
    expect(broken.events).toEqual([{ retry: 700 }]);
    failing = false;
    const gone = readEventStream(await fetch(url));
    await gone.ended;
    expect(gone.events).toEqual([]);
  });
});
