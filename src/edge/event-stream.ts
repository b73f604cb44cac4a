import { PassThrough } from 'node:stream';
import type { ParameterizedContext } from 'koa';

/**
 * A server-sent-events answer (`text/event-stream`): the Koa body is a PassThrough written event by event.
 * Nothing in the app compresses or buffers bodies, and `X-Accel-Buffering: no` asks a proxy in front not
 * to either. `signal` aborts once the stream is closed, by `close()` or by the client going away, so
 * whatever feeds the stream stops with it.
 */
export class EventStream {
  private readonly body = new PassThrough();
  private readonly closed = new AbortController();
  readonly signal = this.closed.signal;

  constructor(ctx: ParameterizedContext) {
    ctx.status = 200;
    // Set before the body: Koa keeps a Content-Type that is already there instead of `application/octet-stream`.
    ctx.set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
    ctx.body = this.body;
    // `close` on the response: the client disconnected, or the stream ended and was flushed.
    ctx.res.once('close', () => this.close());
  }

  send(event: string, data: unknown): void {
    this.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  /** How long a client should wait before reconnecting (EventSource honours it; fetch readers may read it). */
  retry(ms: number): void {
    this.write(`retry: ${ms}\n\n`);
  }

  close(): void {
    if (this.signal.aborted) return;
    this.closed.abort();
    this.body.end();
  }

  private write(chunk: string): void {
    if (!this.signal.aborted) this.body.write(chunk);
  }
}
