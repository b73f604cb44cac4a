import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, proKey, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient } from '../support/api.js';
import { purgeExpiredFiles } from '../../src/files/file-store.js';

let stack: Stack;
let pages: FixtureServer;
let api: ReturnType<typeof apiClient>;
let pro: string;
let free: string;

const paragraphs = Array.from({ length: 8 }, (_, i) => `Paragraph ${i}: screenshots and page actions run in a guarded Chromium before extraction.`);

beforeAll(async () => {
  pages = await startFixtureServer({
    '/doc': { body: articlePage('Shot me', paragraphs) },
    // Content only after scripts run: a plain fetch sees an empty #app.
    '/spa': {
      body: `<!doctype html><html><head><title>SPA</title></head><body><div id="app"></div><script>
        document.getElementById('app').innerHTML = '<article><h1>Rendered in the browser</h1>' + ${JSON.stringify(paragraphs)}.map((p) => '<p>' + p + '</p>').join('') + '</article>';
      </script></body></html>`,
    },
    '/more': {
      body: `<!doctype html><html><head><title>More</title></head><body><article><h1>Load more</h1><p>${paragraphs[0]}</p><div id="list"></div>
        <button id="more">More</button></article><script>
        document.getElementById('more').onclick = () => { document.getElementById('list').innerHTML = ${JSON.stringify(paragraphs.slice(1).map((p) => `<p>${p}</p>`).join(''))}; };
      </script></body></html>`,
    },
  });
  stack = await startStack();
  api = apiClient(stack.baseUrl);
  pro = await proKey(stack, api);
  free = (await api.register()).api_key;
});

afterAll(async () => {
  await stack?.stop();
  await pages?.close();
});

/** GETs a file link; the link names BASE_URL, which in tests is not the port the stack listens on. */
async function download(link: string, key?: string): Promise<{ status: number; type: string | null; bytes: Buffer; json?: any }> {
  const { pathname, search } = new URL(link);
  const response = await fetch(`${stack.baseUrl}${pathname}${search}`, key ? { headers: { authorization: `Bearer ${key}` } } : {});
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type');
  return { status: response.status, type, bytes, ...(type?.includes('json') ? { json: JSON.parse(bytes.toString()) } : {}) };
}

describe('POST /extract with the browser', () => {
  it('answers screenshots as stored files: a signed link without a key, GET /files/{id} with the owner’s key only', async () => {
    const res = await api.post('/extract', { url: pages.url('/doc'), formats: ['markdown', 'screenshot', 'screenshot@full_page'], viewport: { width: 1024, height: 700 } }, pro);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['markdown', 'screenshot', 'screenshot_full_page', 'url']);
    expect(res.body.markdown).toContain('Paragraph 7');
    const shot = res.body.screenshot;
    expect(shot.url).toMatch(new RegExp(`^${stack.cfg.BASE_URL}/files/${shot.file_id}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    expect(shot).toMatchObject({ content_type: 'image/png', width: 1024, height: 700, truncated: false });
    expect(shot.data).toBeUndefined();

    const signed = await download(shot.url);
    expect(signed.status).toBe(200);
    expect(signed.type).toBe('image/png');
    const png = PNG.sync.read(signed.bytes);
    expect([png.width, png.height]).toEqual([1024, 700]);
    expect(signed.bytes.length).toBe(shot.size_bytes);
    const full = PNG.sync.read((await download(res.body.screenshot_full_page.url)).bytes);
    expect(full.width).toBe(1024);
    expect(full.height).toBe(res.body.screenshot_full_page.height);

    const byKey = await download(`${stack.baseUrl}/files/${shot.file_id}`, pro);
    expect(byKey.status).toBe(200);
    expect(byKey.bytes.equals(signed.bytes)).toBe(true);
    const otherAccount = await download(`${stack.baseUrl}/files/${shot.file_id}`, free);
    expect(otherAccount.status).toBe(403);
    expect(otherAccount.json.error.code).toBe('forbidden');
    const noKey = await download(`${stack.baseUrl}/files/${shot.file_id}`);
    expect(noKey.status).toBe(401);
    const tampered = await download(shot.url.replace(/signature=[0-9a-f]/, (m: string) => (m.endsWith('0') ? m.slice(0, -1) + '1' : m.slice(0, -1) + '0')));
    expect(tampered.status).toBe(404);
    expect(tampered.json.error.code).toBe('file_not_found');
    const expiredLink = stack.deps.fileLinks.link(shot.file_id, new Date(Date.now() - 1_000));
    expect((await download(expiredLink)).json.error.code).toBe('file_not_found');
  });

  it('inlines the image with screenshot_inline, and a screenshot alone skips extraction', async () => {
    const res = await api.post('/extract', { url: pages.url('/doc'), formats: ['screenshot'], screenshot_inline: true, quality: 50 }, pro);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['screenshot', 'url']);
    expect(res.body.screenshot.content_type).toBe('image/jpeg');
    const inline = Buffer.from(res.body.screenshot.data, 'base64');
    expect(inline.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect((await download(res.body.screenshot.url)).bytes.equals(inline)).toBe(true);
  });

  it('runs actions before extraction and reports scrapes and action screenshots by index', async () => {
    const res = await api.post('/extract', { url: pages.url('/more'), formats: ['markdown'], actions: [{ type: 'scrape' }, { type: 'click', selector: '#more' }, { type: 'screenshot' }, { type: 'scrape' }] }, pro);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.markdown).toContain('Paragraph 7');
    expect(res.body.actions.scrapes.map((s: { action: number }) => s.action)).toEqual([0, 3]);
    expect(res.body.actions.scrapes[0].markdown).not.toContain('Paragraph 7');
    expect(res.body.actions.scrapes[1].markdown).toContain('Paragraph 7');
    expect(res.body.actions.screenshots).toHaveLength(1);
    expect(res.body.actions.screenshots[0]).toMatchObject({ action: 2, full_page: false, width: 1280, height: 800 });
  });

  it('a failing action is 422 action_failed with its index in the envelope (metered: the page was opened)', async () => {
    const res = await api.post('/extract', { url: pages.url('/more'), actions: [{ type: 'click', selector: '#more' }, { type: 'click', selector: '#absent', timeout_ms: 200 }] }, pro);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'action_failed', action_index: 1, retry: false });
    expect(res.body.error.message).toContain('actions[1] (click "#absent")');
    expect(res.body.error.docs_url).toMatch(/\/docs\/errors#action_failed$/);
  });

  it('refuses browser options on plans without rendering and bad browser input with the field named, unmetered', async () => {
    const account = await api.register();
    const plan = await api.post('/extract', { url: pages.url('/doc'), formats: ['screenshot'] }, account.api_key);
    expect(plan.status).toBe(403);
    expect(plan.body.error).toMatchObject({ code: 'plan_not_supported' });
    expect(plan.body.error.upgrade_url).toBeDefined();
    const cases: [object, RegExp][] = [
      [{ render_js: false, actions: [{ type: 'wait', ms: 10 }] }, /^render_js: is false, but actions needs the browser/],
      [{ actions: [{ type: 'eval', code: '1' }] }, /^actions\.0\.type: must be an action object whose type is one of wait, click/],
      [{ actions: [{ type: 'press', key: 'Enter; rm -rf' }] }, /^actions\.0\.key: must be one key/],
      [{ actions: [{ type: 'wait', ms: 10, selector: 'p' }] }, /^actions\.0: wait takes either ms or selector/],
      [{ actions: Array.from({ length: 51 }, () => ({ type: 'wait', ms: 1 })) }, /^actions: must hold at most 50 actions/],
      [{ actions: [{ type: 'click', selector: 'p[' }] }, /^actions\.0\.selector: is not a valid CSS selector/],
      [{ viewport: { width: 100, height: 600 } }, /^viewport\.width: must be at least 320/],
      [{ quality: 80 }, /^quality: applies only when a screenshot is taken/],
      [{ headers: { Host: 'evil' } }, /^headers\.Host: names a header Pith sets itself/],
      [{ headers: { 'X-A': 'line\r\nbreak' } }, /^headers\.X-A: must not hold line breaks/],
      [{ render_js: 'sometimes' }, /^render_js: must be true, false or "auto"/],
    ];
    for (const [extra, message] of cases) {
      const res = await api.post('/extract', { url: pages.url('/doc'), ...extra }, account.api_key);
      expect(res.status, JSON.stringify(extra)).toBe(422);
      expect(res.body.error.code).toBe('invalid_request');
      expect(res.body.error.message).toMatch(message);
    }
    const usage = await stack.db.usageEvent.findMany({ where: { accountId: account.account_id } });
    expect(usage).toHaveLength(0);
  });

  it('render_js "auto" (the default with rendering) renders an app shell and nothing else', async () => {
    const auto = await api.post('/extract', { url: pages.url('/spa'), formats: ['markdown', 'metadata'] }, pro);
    expect(auto.status, JSON.stringify(auto.body)).toBe(200);
    expect(auto.body.markdown).toContain('Paragraph 7');
    expect(auto.body.metadata.rendered).toBe(true);
    const article = await api.post('/extract', { url: pages.url('/doc'), formats: ['metadata'], render_js: 'auto' }, pro);
    expect(article.body.metadata.rendered).toBe(false);
    const never = await api.post('/extract', { url: pages.url('/spa'), render_js: false }, pro);
    expect(never.body.error.code).toBe('no_content');
    // Plans without rendering keep the fetched result.
    const freePlan = await api.post('/extract', { url: pages.url('/spa') }, free);
    expect(freePlan.body.error.code).toBe('no_content');
    const freeAuto = await api.post('/extract', { url: pages.url('/spa'), render_js: 'auto' }, free);
    expect(freeAuto.body.error.code).toBe('plan_not_supported');
  });

  it('sends headers with a plain fetch to the page’s origin', async () => {
    const before = pages.received.length;
    const res = await api.post('/extract', { url: pages.url('/doc'), formats: ['markdown'], render_js: false, headers: { 'X-Tenant': 'blue', 'User-Agent': 'CustomAgent/1.0' } }, pro);
    expect(res.status).toBe(200);
    const request = pages.received.slice(before).find((r) => r.path === '/doc');
    expect(request?.headers['x-tenant']).toBe('blue');
    expect(request?.headers['user-agent']).toBe('CustomAgent/1.0');
  });

  it('deletes files past their lifetime with the expiry sweep', async () => {
    const res = await api.post('/extract', { url: pages.url('/doc'), formats: ['screenshot'] }, pro);
    const id = res.body.screenshot.file_id;
    await stack.db.storedFile.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    const gone = await download(`${stack.baseUrl}/files/${id}`, pro);
    expect(gone.status).toBe(404);
    expect(gone.json.error.code).toBe('file_not_found');
    expect(await purgeExpiredFiles(stack.db)).toBeGreaterThanOrEqual(1);
    expect(await stack.db.storedFile.findUnique({ where: { id } })).toBeNull();
  });
});
