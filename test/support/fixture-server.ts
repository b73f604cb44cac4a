import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureRoute {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Milliseconds to wait before answering (timeouts). */
  delayMs?: number;
  /** Sent as `ETag`; a request whose `If-None-Match` names it is answered 304 Not Modified, as a real server does. */
  etag?: string;
}

export interface FixtureServer {
  url(path: string): string;
  /** How many requests each path received. */
  hits: Map<string, number>;
  /** The headers of each request, in arrival order. */
  received: { path: string; headers: http.IncomingHttpHeaders }[];
  /** The most requests the server was answering at once (how many fetches a crawl makes in parallel). */
  peakInFlight(): number;
  close(): Promise<void>;
}

/** A real HTTP server on loopback serving fixed pages: the fetch target of integration tests. */
export async function startFixtureServer(routes: Record<string, FixtureRoute>, options: { host?: string } = {}): Promise<FixtureServer> {
  const hits = new Map<string, number>();
  const received: FixtureServer['received'] = [];
  let inFlight = 0;
  let peak = 0;
  const host = options.host ?? '127.0.0.1';
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    received.push({ path, headers: req.headers });
    peak = Math.max(peak, ++inFlight);
    res.once('close', () => inFlight--);
    const route = routes[path];
    const answer = () => {
      if (!route) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>not here</body></html>');
        return;
      }
      if (route.etag && req.headers['if-none-match'] === route.etag) {
        res.writeHead(304, { etag: route.etag }).end();
        return;
      }
      res.writeHead(route.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...(route.etag ? { etag: route.etag } : {}), ...route.headers });
      res.end(route.body ?? '');
    };
    if (route?.delayMs) setTimeout(answer, route.delayMs);
    else answer();
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://${host}:${port}${path}`,
    hits,
    received,
    peakInFlight: () => peak,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A small but real article page. */
export function articlePage(title: string, paragraphs: string[], extra = ''): string {
  return `<!doctype html><html><head><title>${title}</title><meta name="author" content="Ada Lovelace">
<meta property="article:published_time" content="2024-03-05T10:00:00Z"></head>
<body><nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}${extra}</article>
<footer>© Example</footer></body></html>`;
}
