import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReplayRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface ReplayAnswer {
  status?: number;
  /** An object is sent as JSON; a string as it is (e.g. a body that is not JSON). */
  body?: unknown;
  contentType?: string;
  /** Milliseconds before answering (timeouts). */
  delayMs?: number;
}

export interface ReplayServer {
  url(path?: string): string;
  /** Every request received, in order. */
  requests: ReplayRequest[];
  /** Replaces how the server answers (one server serves several scenarios). */
  answer: (request: ReplayRequest) => ReplayAnswer;
  close(): Promise<void>;
}

/**
 * A loopback HTTP server standing in for a third-party API (SearXNG, Brave Search): it records each
 * request and answers whatever the test's `answer` returns, in that service's own response format.
 */
export async function startReplayServer(answer: (request: ReplayRequest) => ReplayAnswer): Promise<ReplayServer> {
  const replay: ReplayServer = { url: () => '', requests: [], answer, close: async () => {} };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://replay');
    const request: ReplayRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers };
    replay.requests.push(request);
    const reply = replay.answer(request);
    const send = () => {
      if (res.destroyed) return;
      const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
      res.writeHead(reply.status ?? 200, { 'content-type': reply.contentType ?? 'application/json; charset=utf-8' }).end(body);
    };
    if (reply.delayMs) setTimeout(send, reply.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  replay.url = (path = '') => `http://127.0.0.1:${port}${path}`;
  replay.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return replay;
}
