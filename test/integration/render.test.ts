import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, type AddressPolicy } from '../../src/net/address-policy.js';
import { ExtractionError } from '../../src/contract/extraction-error.js';
import { BrowserPool, RenderUnavailableError } from '../../src/extraction/render/index.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';

/**
 * A loopback server the rendered pages must never reach: counts TCP connections, not just requests.
 * It listens on 127.0.0.2, a loopback address of its own, so a policy can allow the fixture sites (127.0.0.1) only.
 */
const TRAP_ADDRESS = '127.0.0.2';

interface TrapServer {
  origin: string;
  port: number;
  connections: number;
  hits: Map<string, number>;
  close(): Promise<void>;
}

async function startTrapServer(): Promise<TrapServer> {
  const hits = new Map<string, number>();
  const count = (url: string | undefined) => {
    const path = (url ?? '/').split('?')[0] ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
  };
  const server = http.createServer((req, res) => {
    count(req.url);
    res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('trap');
  });
  server.on('upgrade', (req, socket) => {
    count(req.url);
    socket.destroy();
  });
  const trap = { connections: 0 } as TrapServer;
  server.on('connection', () => trap.connections++);
  await new Promise<void>((resolve) => server.listen(0, TRAP_ADDRESS, resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(trap, {
    origin: `http://${TRAP_ADDRESS}:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** Public addresses, plus exactly one loopback address (the fixture sites'). */
function allowOnly(siteUrl: string): AddressPolicy {
  const allowed = new URL(siteUrl).hostname;
  return (address) => address === allowed || isPublicAddress(address);
}

async function renderError(promise: Promise<unknown>): Promise<ExtractionError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ExtractionError);
  return err as ExtractionError;
}

const clientSidePage = `<!doctype html><html><head><title>Client side</title></head><body>
<script>
  fetch('/api/article').then((r) => r.json()).then((data) => {
    const article = document.createElement('article');
    article.innerHTML = '<h1>' + data.title + '</h1>' + data.paragraphs.map((p) => '<p>' + p + '</p>').join('');
    document.body.appendChild(article);
  });
</script></body></html>`;

function leakyPage(trap: TrapServer): string {
  const t = trap.origin;
  return `<!doctype html><html><head><title>Leaky</title>
<link rel="preconnect" href="${t}"><link rel="dns-prefetch" href="${t}">
<link rel="stylesheet" href="${t}/style.css"><script src="${t}/script.js"></script></head>
<body><p id="status">waiting</p><img src="${t}/img.png"><iframe src="${t}/frame"></iframe>
<a ping="${t}/ping" href="#" id="pinger">x</a>
<script>
  fetch('${t}/fetch').catch(() => {});
  const xhr = new XMLHttpRequest(); xhr.open('GET', '${t}/xhr'); xhr.send();
  navigator.sendBeacon('${t}/beacon', 'x');
  try { new WebSocket('ws://${TRAP_ADDRESS}:${trap.port}/ws'); } catch {}
  new EventSource('${t}/sse');
  new Worker(URL.createObjectURL(new Blob(["fetch('${t}/worker').catch(() => {})"], { type: 'text/javascript' })));
  fetch('/redirect-to-trap').catch(() => {});
  document.getElementById('pinger').click();
  fetch('/hold'); // keeps the network busy a while, so fire-and-forget requests go out before the render ends
  document.getElementById('status').textContent = 'leaky script ran';
</script></body></html>`;
}

describe('JS rendering (real Chromium)', () => {
  let site: FixtureServer;
  let trap: TrapServer;
  let pool: BrowserPool;

  beforeAll(async () => {
    trap = await startTrapServer();
    site = await startFixtureServer({
      '/client-side': { body: clientSidePage },
      '/api/article': {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Rendered by script', paragraphs: ['Only JavaScript puts this paragraph here.'] }),
      },
      '/leaky': { body: leakyPage(trap) },
      '/redirect-to-trap': { status: 302, headers: { location: `${trap.origin}/redirected` } },
      '/slow': { delayMs: 5_000, body: '<html><body>late</body></html>' },
      '/spin': { body: '<html><body><p>spinning</p><script>setTimeout(() => { for (;;) {} }, 50)</script></body></html>' },
      '/hold': { delayMs: 800, body: 'held' },
      '/plain': { body: '<html><body><p>plain page</p></body></html>' },
      // Content behind a chain of slow requests, the first one a short pause after load.
      '/chained': {
        body: `<html><body><script>setTimeout(() => fetch('/api/step-one').then((r) => r.text()).then(() => fetch('/api/step-two')).then((r) => r.text()).then((text) => {
          const p = document.createElement('p'); p.textContent = text; document.body.appendChild(p); }), 100)</script></body></html>`,
      },
      '/api/step-one': { delayMs: 200, body: 'one' },
      '/api/step-two': { delayMs: 200, body: 'the second step answered' },
      // Never quiet: a request every 50 ms for as long as the page lives.
      '/polling': { body: `<html><body><p>polling page</p><script>setInterval(() => fetch('/plain'), 50)</script></body></html>` },
    });
    pool = new BrowserPool({ maxConcurrentPages: 2, timeoutMs: 10_000, settleMs: 1_500, addressPolicy: allowOnly(site.url('/')) });
  });

  afterAll(async () => {
    await pool?.close();
    await site?.close();
    await trap?.close();
  });

  it('renders a client-side-only page into HTML that holds the article', async () => {
    const page = await pool.render(site.url('/client-side'));
    expect(page.status).toBe(200);
    expect(page.url).toBe(site.url('/client-side'));
    expect(page.html).toContain('<h1>Rendered by script</h1>');
    expect(page.html).toContain('Only JavaScript puts this paragraph here.');
    expect(site.hits.get('/api/article')).toBe(1);
  });

  it('waits for content behind a pause and a chain of slow requests, and no longer than settleMs for a page that never falls quiet', async () => {
    const chained = await pool.render(site.url('/chained'));
    expect(chained.html).toContain('<p>the second step answered</p>');
    const started = Date.now();
    const polling = await pool.render(site.url('/polling'));
    expect(polling.html).toContain('polling page');
    // settleMs is 1.5 s in this pool; the render's own budget is 10 s.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('lets a page render while none of its requests reach another loopback server', async () => {
    const page = await pool.render(site.url('/leaky'));
    expect(page.html).toContain('leaky script ran');
    expect(site.hits.get('/redirect-to-trap')).toBe(1); // the same-origin hop was allowed …
    await new Promise((resolve) => setTimeout(resolve, 500)); // a late leak would land here
    expect(trap.connections).toBe(0); // … and nothing, not even a preconnect, reached the trap
    expect([...trap.hits.keys()]).toEqual([]);
  });

  it('control: with the guard lifted the same page does reach the trap (so the test above can fail)', async () => {
    await pool.render(site.url('/leaky'), { allowPrivate: true });
    const expected = ['/style.css', '/script.js', '/frame', '/fetch', '/xhr', '/beacon', '/ping', '/sse', '/worker', '/redirected', '/ws'];
    await expect.poll(() => expected.filter((path) => !trap.hits.has(path)), { timeout: 3_000 }).toEqual([]);
    expect(trap.hits.get('/img.png')).toBeUndefined(); // images are blocked whatever the guard says
  });

  it('refuses a top-level URL the policy refuses, directly or through a redirect, with unsafe_url', async () => {
    const before = trap.connections;
    expect((await renderError(pool.render(`${trap.origin}/direct`))).code).toBe('unsafe_url');
    expect((await renderError(pool.render(site.url('/redirect-to-trap')))).code).toBe('unsafe_url');
    expect(trap.connections).toBe(before);
    // The default policy refuses loopback itself.
    const publicOnly = new BrowserPool({ maxConcurrentPages: 1 });
    try {
      expect((await renderError(publicOnly.render(site.url('/plain')))).code).toBe('unsafe_url');
    } finally {
      await publicOnly.close();
    }
  });

  it('gives target_timeout when the document does not arrive in time, and when a script never yields', async () => {
    const started = Date.now();
    expect((await renderError(pool.render(site.url('/slow'), { timeoutMs: 1_500 }))).code).toBe('target_timeout');
    expect(Date.now() - started).toBeLessThan(4_000);
    const spinStarted = Date.now();
    expect((await renderError(pool.render(site.url('/spin'), { timeoutMs: 2_000 }))).code).toBe('target_timeout');
    expect(Date.now() - spinStarted).toBeLessThan(5_000);
    // The pool is still usable after both.
    expect((await pool.render(site.url('/plain'))).html).toContain('plain page');
  });

  it('gives target_http_error with the status for a 404 document', async () => {
    const err = await renderError(pool.render(site.url('/missing')));
    expect(err.code).toBe('target_http_error');
    expect(err.httpStatus).toBe(404);
  });

  it('gives fetch_failed when nothing listens on the target port', async () => {
    const closed = await startFixtureServer({});
    const url = closed.url('/gone');
    await closed.close();
    const deadPool = new BrowserPool({ maxConcurrentPages: 1, addressPolicy: allowOnly(url) });
    try {
      expect((await renderError(deadPool.render(url))).code).toBe('fetch_failed');
    } finally {
      await deadPool.close();
    }
  });

  it('checks every hop again in the guard proxy, which connects only to the addresses it checked', async () => {
    // Allowed when Playwright routing checks the request, refused when the proxy checks it again.
    let checks = 0;
    const rebinding = new BrowserPool({ maxConcurrentPages: 1, addressPolicy: (address) => ++checks === 1 || isPublicAddress(address) });
    try {
      expect((await renderError(rebinding.render(site.url('/plain')))).code).toBe('unsafe_url');
      expect(checks).toBeGreaterThanOrEqual(2);
    } finally {
      await rebinding.close();
    }
  });

  it('replaces the browser after pagesPerBrowser renders and keeps rendering', async () => {
    const recycling = new BrowserPool({ maxConcurrentPages: 1, pagesPerBrowser: 2, addressPolicy: allowOnly(site.url('/')) });
    try {
      for (let i = 0; i < 5; i++) expect((await recycling.render(site.url('/client-side'))).html).toContain('Rendered by script');
      expect(recycling.status()).toMatchObject({ browserLaunches: 3, browsersOpen: 1 });
    } finally {
      await recycling.close();
    }
    expect(recycling.status()).toMatchObject({ available: false, browsersOpen: 0 });
  });

  it('does not cut off a render still running on the browser being replaced', async () => {
    const slowSite = await startFixtureServer({
      '/slow-article': { delayMs: 1_500, body: '<html><body><article>slow but whole</article></body></html>' },
      '/quick': { body: '<html><body><article>quick</article></body></html>' },
    });
    const recycling = new BrowserPool({ maxConcurrentPages: 2, pagesPerBrowser: 1, addressPolicy: allowOnly(slowSite.url('/')) });
    try {
      const slow = recycling.render(slowSite.url('/slow-article'));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const quick = await recycling.render(slowSite.url('/quick'));
      expect(quick.html).toContain('quick');
      expect(recycling.status().browserLaunches).toBe(2);
      expect((await slow).html).toContain('slow but whole');
      // The first browser closes once its page is closed, which happens just after that page's render answered.
      const deadline = Date.now() + 5_000;
      while (recycling.status().browsersOpen > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(recycling.status().browsersOpen).toBe(1);
    } finally {
      await recycling.close();
      await slowSite.close();
    }
  });

  it('reports js rendering unavailable when Chromium is missing', async () => {
    const missing = new BrowserPool({ executablePath: '/nonexistent/chromium' });
    expect(missing.available()).toBe(false);
    expect(missing.status().reason).toContain('/nonexistent/chromium');
    await expect(missing.render(site.url('/plain'))).rejects.toBeInstanceOf(RenderUnavailableError);
    expect(pool.available()).toBe(true);
  });
});
