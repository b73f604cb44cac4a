import http from 'node:http';
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The raw body bytes, as a receiver must verify them. */
  body: Buffer;
  at: number;
}

/** How the receiver answers its n-th request (1-based): a status, optionally late, or never ('hang'). */
export type Reply = { status: number; headers?: Record<string, string>; delayMs?: number } | 'hang';

export interface Receiver {
  url(path?: string): string;
  received: ReceivedWebhook[];
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A real webhook receiver on loopback (HTTPS when given a key and certificate) that records every request. */
export async function startReceiver(reply: (n: number, request: ReceivedWebhook) => Reply, tls?: { key: string; cert: string }): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: (() => void)[] = [];
  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks), at: Date.now() };
      received.push(request);
      waiters.splice(0).forEach((wake) => wake());
      const answer = reply(received.length, request);
      if (answer === 'hang') return;
      const send = () => res.writeHead(answer.status, answer.headers).end('ok');
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  };
  const server = tls ? https.createServer({ key: tls.key, cert: tls.cert }, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `${tls ? 'https' : 'http'}://127.0.0.1:${port}${path}`,
    received,
    async waitFor(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${count} requests in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
