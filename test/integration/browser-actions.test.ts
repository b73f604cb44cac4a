import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, type AddressPolicy } from '../../src/net/address-policy.js';
import { ExtractionError } from '../../src/contract/extraction-error.js';
import { BROWSER_LIMITS } from '../../src/contract/limits.js';
import { BrowserPool } from '../../src/extraction/render/index.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';

/**
 * Page actions, screenshots, `wait_for` and `headers` in real Chromium. The sites listen on 127.0.0.3
 * (the page) and 127.0.0.4 (a third party), the only loopback addresses the pool's policy allows; a trap
 * on 127.0.0.1 counts every connection, so "refused" means nothing reached it.
 */
const SITE = '127.0.0.3';
const THIRD_PARTY = '127.0.0.4';

async function startTrap(): Promise<{ origin: string; connections: () => number; close(): Promise<void> }> {
  let connections = 0;
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><p>private admin page</p></body></html>'));
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const allowSites: AddressPolicy = (address) => address === SITE || address === THIRD_PARTY || isPublicAddress(address);

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(ExtractionError);
  return err as ExtractionError;
}

const formPage = `<!doctype html><html><head><title>Form</title><style>body { margin: 0 } #filler { height: 3000px }</style></head><body>
<input id="q" autocomplete="off"><button id="go">Search</button>
<p id="result">no search yet</p><p id="keys">no key yet</p><p id="scrolled">not scrolled</p>
<div id="filler"></div>
<script>
  document.getElementById('go').addEventListener('click', () => {
    fetch('/api/search?q=' + encodeURIComponent(document.getElementById('q').value)).then((r) => r.text()).then((text) => {
      document.getElementById('result').textContent = 'Results for ' + text;
    });
  });
  document.getElementById('q').addEventListener('keydown', (event) => {
    if (event.key === 'Enter') document.getElementById('keys').textContent = 'Enter pressed in the box';
  });
  addEventListener('scroll', () => { if (scrollY > 500) document.getElementById('scrolled').textContent = 'scrolled down ' + Math.round(scrollY); });
  setTimeout(() => { const late = document.createElement('p'); late.id = 'late'; late.textContent = 'late paragraph'; document.body.prepend(late); }, 400);
</script></body></html>`;

function tallPage(height: number): string {
  return `<!doctype html><html><head><style>body { margin: 0 } div { height: ${height}px; background: linear-gradient(#fff, #06c) }</style></head><body><p>tall page</p><div></div></body></html>`;
}

describe('browser sessions: actions, screenshots, wait_for, headers (real Chromium)', () => {
  let site: FixtureServer;
  let thirdParty: FixtureServer;
  let trap: Awaited<ReturnType<typeof startTrap>>;
  let pool: BrowserPool;

  beforeAll(async () => {
    trap = await startTrap();
    thirdParty = await startFixtureServer({ '/api/third': { headers: { 'access-control-allow-origin': '*' }, body: 'third' }, '/pixel.png': { headers: { 'content-type': 'image/png' }, body: '' } }, { host: THIRD_PARTY });
    site = await startFixtureServer(
      {
        '/form': { body: formPage },
        '/api/search': { body: 'pith' },
        '/tall': { body: tallPage(3_000) },
        '/very-tall': { body: tallPage(20_000) },
      },
      { host: SITE },
    );
    pool = new BrowserPool({ maxConcurrentPages: 2, timeoutMs: 10_000, settleMs: 1_500, addressPolicy: allowSites });
  });

  afterAll(async () => {
    await pool?.close();
    await Promise.all([site?.close(), thirdParty?.close(), trap?.close()]);
  });

  it('clicks, writes, presses, scrolls, waits and scrapes, in order', async () => {
    const page = await pool.render(site.url('/form'), {
      session: {
        actions: [
          { type: 'scrape' },
          { type: 'click', selector: '#q' },
          { type: 'write', text: 'extraction' },
          { type: 'press', key: 'Enter' },
          { type: 'click', selector: '#go' },
          { type: 'wait', selector: '#late' },
          { type: 'wait', ms: 50 },
          { type: 'scroll', direction: 'down', amount: 1_200 },
          { type: 'scrape' },
        ],
      },
    });
    expect(page.scrapes.map((scrape) => scrape.actionIndex)).toEqual([0, 8]);
    expect(page.scrapes[0]!.html).toContain('no search yet');
    expect(page.scrapes[1]!.html).toContain('Results for pith');
    expect(page.html).toContain('Enter pressed in the box');
    expect(page.html).toMatch(/scrolled down \d+/);
    expect(page.html).toContain('late paragraph');
    expect(site.received.some((request) => request.path === '/api/search')).toBe(true);
  });

  it('takes viewport and full-page screenshots: PNG by default, of the expected size', async () => {
    const page = await pool.render(site.url('/tall'), { session: { screenshots: ['viewport', 'full_page'], viewport: { width: 800, height: 600 } } });
    const [viewport, full] = page.screenshots;
    const viewportPng = PNG.sync.read(viewport!.bytes);
    expect([viewportPng.width, viewportPng.height]).toEqual([800, 600]);
    expect(viewport).toMatchObject({ kind: 'viewport', contentType: 'image/png', width: 800, height: 600, truncated: false });
    const fullPng = PNG.sync.read(full!.bytes);
    expect(fullPng.width).toBe(800);
    // The 3,000 px block and the paragraph above it; still far below the cap.
    expect(fullPng.height).toBeGreaterThan(3_000);
    expect(fullPng.height).toBeLessThan(3_200);
    expect(full).toMatchObject({ kind: 'full_page', width: 800, height: fullPng.height, truncated: false });
  });

  it('cuts a full-page screenshot at the height cap, and takes JPEG with quality, and a phone viewport', async () => {
    const page = await pool.render(site.url('/very-tall'), { session: { screenshots: ['full_page'], image: { type: 'jpeg', quality: 40 }, mobile: true } });
    const [full] = page.screenshots;
    const decoded = jpeg.decode(full!.bytes, { maxMemoryUsageInMB: 512 });
    expect([decoded.width, decoded.height]).toEqual([BROWSER_LIMITS.viewport.mobile.width, BROWSER_LIMITS.fullPageMaxHeight]);
    expect(full).toMatchObject({ contentType: 'image/jpeg', truncated: true, height: BROWSER_LIMITS.fullPageMaxHeight });
  });

  it('a screenshot action captures the page at that point', async () => {
    const page = await pool.render(site.url('/form'), { session: { actions: [{ type: 'screenshot', fullPage: false }, { type: 'scroll', direction: 'down' }, { type: 'screenshot', fullPage: true }] } });
    expect(page.screenshots.map((shot) => [shot.actionIndex, shot.kind])).toEqual([[0, 'viewport'], [2, 'full_page']]);
    expect(PNG.sync.read(page.screenshots[0]!.bytes).height).toBe(BROWSER_LIMITS.viewport.desktop.height);
  });

  it('a failing action is action_failed naming its index and reason', async () => {
    const missing = await failure(pool.render(site.url('/form'), { session: { actions: [{ type: 'wait', ms: 10 }, { type: 'click', selector: '#nowhere', timeoutMs: 300 }] } }));
    expect(missing).toMatchObject({ code: 'action_failed', actionIndex: 1 });
    expect(missing.message).toMatch(/actions\[1\] \(click "#nowhere"\).*no visible element matched within 300 ms/);

    const waitFor = await failure(pool.render(site.url('/form'), { timeoutMs: 3_000, session: { waitFor: '#never' } }));
    expect(waitFor.code).toBe('action_failed');
    expect(waitFor.message).toContain('wait_for "#never"');
  });

  it('the whole list stays within the request budget', async () => {
    const started = Date.now();
    const err = await failure(pool.render(site.url('/form'), { timeoutMs: 2_500, session: { actions: [{ type: 'wait', ms: 5_000 }] } }));
    expect(err).toMatchObject({ code: 'action_failed', actionIndex: 0 });
    expect(Date.now() - started).toBeLessThan(2_500 + 1_000);
  });

  it('a click that navigates to 127.0.0.1 is refused: unsafe_url, and nothing reaches the address', async () => {
    const links = await startFixtureServer({ '/links': { body: `<html><body><p>links</p><a id="admin" href="${trap.origin}/admin">admin</a><button id="sneaky">sneaky</button><script>document.getElementById('sneaky').onclick = () => fetch('${trap.origin}/api').catch(() => {})</script></body></html>` } }, { host: SITE });
    try {
      const sub = await pool.render(links.url('/links'), { session: { actions: [{ type: 'click', selector: '#sneaky' }] } });
      expect(sub.html).toContain('links');
      const err = await failure(pool.render(links.url('/links'), { session: { actions: [{ type: 'wait', ms: 10 }, { type: 'click', selector: '#admin' }] } }));
      expect(err).toMatchObject({ code: 'unsafe_url', actionIndex: 1 });
      expect(err.message).toContain('actions[1] (click "#admin")');
      expect(trap.connections()).toBe(0);
    } finally {
      await links.close();
    }
  });

  it('headers go to the page’s own origin only, never to third-party sub-requests', async () => {
    const port = new URL(thirdParty.url('/')).port;
    const page = `<html><body data-port="${port}"><p>headers page</p><img src="http://${THIRD_PARTY}:${port}/pixel.png"><script>
      fetch('/api/own').then(() => fetch('http://${THIRD_PARTY}:${port}/api/third'));
    </script></body></html>`;
    const own = await startFixtureServer({ '/headers': { body: page }, '/api/own': { body: 'own' } }, { host: SITE });
    try {
      await pool.render(own.url('/headers'), { session: { headers: { 'X-Pith-Test': 'secret-token', cookie: 'session=abc' }, screenshots: ['viewport'] } });
      const ownRequests = own.received.filter((request) => request.path === '/headers' || request.path === '/api/own');
      expect(ownRequests.length).toBe(2);
      for (const request of ownRequests) {
        expect(request.headers['x-pith-test']).toBe('secret-token');
        expect(request.headers.cookie).toBe('session=abc');
      }
      const thirdPartyRequests = thirdParty.received.filter((request) => request.path === '/api/third' || request.path === '/pixel.png');
      expect(thirdPartyRequests.length).toBeGreaterThanOrEqual(1);
      for (const request of thirdPartyRequests) {
        expect(request.headers['x-pith-test']).toBeUndefined();
        expect(request.headers.cookie).toBeUndefined();
      }
    } finally {
      await own.close();
    }
  });
});
