import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { SsrfRouteGuard } from './ssrf-route-guard.js';

export interface GuardProxy {
  /** `http://127.0.0.1:<port>`, for the browser context's `proxy.server`. */
  server: string;
  close(): Promise<void>;
}

// Hop-by-hop headers belong to one connection, not to the request being forwarded.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function endToEnd(rawHeaders: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    if (!HOP_BY_HOP.has(name.toLowerCase())) kept.push(name, rawHeaders[i + 1] as string);
  }
  return kept;
}

/** `host:port` of a CONNECT request as a URL the policy can judge (port 80 tunnels carry ws://). */
function tunnelTarget(authority: string): URL | undefined {
  try {
    const probe = new URL(`http://${authority}`);
    return new URL(`${probe.port === '80' ? 'http' : 'https'}://${authority}/`);
  } catch {
    return undefined;
  }
}

/**
 * A forward proxy on loopback for one render's browser context: plain HTTP requests and CONNECT
 * tunnels (HTTPS, WebSockets) are checked by the guard hop by hop, and connected to the addresses
 * the guard checked rather than resolved again. What Playwright routing cannot see (redirect hops,
 * preconnects) still has to come through here.
 */
export async function startGuardProxy(guard: SsrfRouteGuard): Promise<GuardProxy> {
  const sockets = new Set<Duplex>();
  const server = http.createServer();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  server.on('request', (req, res) => {
    void (async () => {
      let target: URL;
      try {
        target = new URL(req.url ?? '');
      } catch {
        return res.writeHead(400).end('absolute-form request expected');
      }
      const verdict = await guard.check(target);
      if (!verdict.allowed) {
        guard.refusals.push(verdict.refusal);
        return res.writeHead(403, { 'content-type': 'text/plain' }).end('refused by Pith');
      }
      const upstream = http.request(
        {
          host: verdict.addresses?.[0] ?? target.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: target.port || 80,
          method: req.method,
          path: `${target.pathname}${target.search}`,
          headers: endToEnd(req.rawHeaders),
          agent: false,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders));
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    })();
  });

  server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    void (async () => {
      const target = tunnelTarget(req.url ?? '');
      if (!target) return client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      const verdict = await guard.check(target);
      if (!verdict.allowed) {
        guard.refusals.push(verdict.refusal);
        return client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      }
      const port = Number(target.port || (target.protocol === 'http:' ? 80 : 443));
      const upstream = net.connect(port, verdict.addresses?.[0] ?? target.hostname.replace(/^\[(.*)\]$/, '$1'), () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
      client.on('error', () => upstream.destroy());
    })();
  });

  // WebSockets reach a proxy as CONNECT; an upgrade in absolute form is not expected.
  server.on('upgrade', (_req, socket: Duplex) => socket.end('HTTP/1.1 501 Not Implemented\r\n\r\n'));

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
