import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient } from '../support/api.js';

let stack: Stack;
let pages: FixtureServer;
let api: ReturnType<typeof apiClient>;
let key: string;
let accountId: string;

const body = Array.from({ length: 10 }, (_, i) => `Paragraph ${i}: Pith turns pages into clean markdown, blocks and token-bounded chunks for agents.`);

beforeAll(async () => {
  pages = await startFixtureServer({
    '/doc': { body: articlePage('Extract me', body, '<h2>Code</h2><pre><code class="language-ts">const x = 1;</code></pre>') },
    '/broken': { status: 500, body: 'oops' },
    '/nav-only': { body: '<html><body><nav><a href="/a">A</a></nav></body></html>' },
    // Content that exists only after scripts run: a plain fetch sees an empty shell.
    '/spa': {
      body: `<!doctype html><html><head><title>SPA</title></head><body><div id="app"></div><script>
        const paragraphs = ${JSON.stringify(body)};
        document.getElementById('app').innerHTML = '<article><h1>Rendered in the browser</h1>' + paragraphs.map((p) => '<p>' + p + '</p>').join('') + '</article>';
      </script></body></html>`,
    },
  });
  stack = await startStack();
  api = apiClient(stack.baseUrl);
  ({ api_key: key, account_id: accountId } = await api.register());
});

afterAll(async () => {
  await stack?.stop();
  await pages?.close();
});

describe('POST /extract', () => {
  it('returns every format of the result entry', async () => {
    const res = await api.post('/extract', { url: pages.url('/doc') }, key);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['blocks', 'chunks', 'html', 'links', 'markdown', 'metadata', 'metrics', 'url']);
    expect(res.body.url).toBe(pages.url('/doc'));
    expect(res.body.markdown).toContain('```ts\nconst x = 1;\n```');
    expect(res.body.metadata).toMatchObject({ title: 'Extract me', author: 'Ada Lovelace', date: '2024-03-05T10:00:00.000Z' });
    expect(res.body.metrics.input_tokens).toBeGreaterThan(res.body.metrics.output_tokens);
    expect(res.body.chunks.at(-1).end_token).toBe(res.body.metrics.output_tokens);
    expect(res.body.blocks).toContainEqual({ type: 'heading', text: 'Code', level: 2 });
  });

  it('returns only the formats asked for, with the chunk bound asked for', async () => {
    const res = await api.post('/extract', { url: pages.url('/doc'), formats: ['chunks', 'metadata'], chunk_tokens: 64 }, key);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['chunks', 'metadata', 'url']);
    expect(res.body.chunks.length).toBeGreaterThan(1);
    for (const chunk of res.body.chunks) expect(chunk.end_token - chunk.start_token).toBeLessThanOrEqual(64);
  });

  it('answers target failures with their codes in the envelope', async () => {
    const broken = await api.post('/extract', { url: pages.url('/broken') }, key);
    expect(broken.status).toBe(422);
    expect(broken.body.error).toMatchObject({ code: 'target_http_error', retry: true });
    expect(broken.body.error.message).toContain('500');

    const refused = await api.post('/extract', { url: 'http://127.0.0.1:1/' }, key);
    expect(refused.body.error).toMatchObject({ code: 'fetch_failed', retry: true });

    const empty = await api.post('/extract', { url: pages.url('/nav-only') }, key);
    expect(empty.body.error).toMatchObject({ code: 'no_content', retry: false });
  });

  it('keeps only the parts include_tags names, or drops what exclude_tags names, through the threads', async () => {
    const only = await api.post('/extract', { url: pages.url('/doc'), include_tags: ['pre'], formats: ['markdown'] }, key);
    expect(only.status, JSON.stringify(only.body)).toBe(200);
    expect(only.body.markdown).toContain('const x = 1;');
    expect(only.body.markdown).not.toContain('Paragraph 0');
    const without = await api.post('/extract', { url: pages.url('/doc'), exclude_tags: ['pre', 'h2'], formats: ['markdown'] }, key);
    expect(without.status).toBe(200);
    expect(without.body.markdown).toContain('Paragraph 9');
    expect(without.body.markdown).not.toContain('const x = 1;');
    const nothing = await api.post('/extract', { url: pages.url('/doc'), include_tags: ['table.prices'] }, key);
    expect(nothing.status).toBe(422);
    expect(nothing.body.error.code).toBe('no_content');
    expect(nothing.body.error.message).toContain('include_tags matched nothing');
  });

  it('names the offending field on invalid input', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /^url/],
      [{ url: 'ftp://x.example/' }, /^url/],
      [{ url: pages.url('/doc'), chunk_tokens: 10 }, /^chunk_tokens: must be at least 64/],
      [{ url: pages.url('/doc'), formats: ['pdf'] }, /^formats\.0/],
      [{ url: pages.url('/doc'), surprise: true }, /surprise/],
      [{ url: pages.url('/doc'), include_tags: ['article', 'a[href'] }, /^include_tags\.1: is not a valid CSS selector/],
      [{ url: pages.url('/doc'), exclude_tags: [] }, /^exclude_tags: must name at least one selector/],
      [{ url: pages.url('/doc'), exclude_tags: Array.from({ length: 21 }, () => 'p') }, /^exclude_tags: must hold at most 20 selectors/],
    ];
    for (const [payload, message] of cases) {
      const res = await api.post('/extract', payload, key);
      expect(res.status, JSON.stringify(payload)).toBe(422);
      expect(res.body.error.code).toBe('invalid_request');
      expect(res.body.error.message).toMatch(message);
    }
  });

  it('gates render_js by plan with an upgrade_url', async () => {
    const res = await api.post('/extract', { url: pages.url('/doc'), render_js: true }, key);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'plan_not_supported', retry: false });
    expect(res.body.error.upgrade_url).toBeDefined();
  });

  it('renders client-side pages in Chromium with render_js on a plan that includes it', async () => {
    const pro = await api.register();
    await stack.db.account.update({ where: { id: pro.account_id }, data: { plan: 'pro' } });
    const shell = await api.post('/extract', { url: pages.url('/spa'), render_js: false }, pro.api_key);
    expect(shell.body.error?.code).toBe('no_content');
    const rendered = await api.post('/extract', { url: pages.url('/spa'), render_js: true }, pro.api_key);
    expect(rendered.status).toBe(200);
    expect(rendered.body.markdown).toContain('Paragraph 7: Pith turns pages into clean markdown');
    const health = await api.get('/health');
    expect(health.body.components.browser).toBe('ok');
  });

  it('meters attempted extractions once each and refusals not at all', async () => {
    const usage = await stack.db.usageEvent.findMany({ where: { accountId, endpoint: 'POST /extract' } });
    // 2 successes + 3 target failures + 3 selector extractions (one of them no_content: the page was
    // fetched); the 8 invalid bodies (3 of them invalid selectors) and the plan refusal are not metered.
    expect(usage.reduce((sum, u) => sum + u.units, 0)).toBe(8);
  });
});
