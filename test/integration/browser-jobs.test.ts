import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proKey, startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient, finishedJob } from '../support/api.js';
import { startReceiver } from '../support/webhook-receiver.js';
import { deleteExpiredJobs } from '../../src/jobs/store/index.js';

/**
 * The page fields of POST /extract on POST /bulk and /crawl (issue 20): every page of a job is rendered,
 * captured, cut and kept as the same page on /extract would be, its screenshots are the job's files (they
 * live as long as its results), and a crawl follows links whatever `formats` keeps. Real API, Temporal
 * workflows, Chromium and a loopback site.
 */

const paragraphs = (topic: string) => Array.from({ length: 6 }, (_, i) => `${topic} paragraph ${i + 1}: a job applies the caller's page options to every page it extracts.`);

let stack: Stack;
let site: FixtureServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  site = await startFixtureServer({
    '/doc': { body: articlePage('A plain article', paragraphs('Plain')) },
    // An app shell: an empty mount point and a script that writes the content.
    '/spa': {
      body: `<!doctype html><html><head><title>SPA</title></head><body><div id="app"></div><script>
        document.getElementById('app').innerHTML = '<article><h1>Rendered in the browser</h1>' + ${JSON.stringify(paragraphs('Rendered'))}.map((p) => '<p>' + p + '</p>').join('') + '</article>';
      </script></body></html>`,
    },
    '/hub': { body: articlePage('The hub', paragraphs('Hub'), '<aside class="promo"><p>Subscribe to the promotional letter for offers nobody asked for.</p></aside><p><a href="/leaf">the leaf</a></p>') },
    '/leaf': { body: articlePage('The leaf', paragraphs('Leaf'), '<aside class="promo"><p>Subscribe to the promotional letter for offers nobody asked for.</p></aside>') },
  });
  stack = await startStack({ CRAWL_DELAY_MS: '0', CRAWL_CONCURRENCY: '2' });
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

type Shot = { file_id: string; url: string; expires_at: string; width: number; height: number; content_type: string };
type Entry = { url: string; markdown?: string; links?: string[]; metadata?: { rendered?: boolean }; screenshot?: Shot; error_code?: string };

const finished = (kind: 'bulk' | 'crawl', key: string, body: object) => finishedJob<Entry>(api, kind, key, body);

/** GETs a file link (it names BASE_URL, which in tests is not the port the stack listens on). */
async function download(link: string, key?: string): Promise<{ status: number; bytes: Buffer; code?: string }> {
  const { pathname, search } = new URL(link);
  const response = await fetch(`${stack.baseUrl}${pathname}${search}`, key ? { headers: { authorization: `Bearer ${key}` } } : {});
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes, ...(response.headers.get('content-type')?.includes('json') ? { code: JSON.parse(bytes.toString()).error.code } : {}) };
}

describe('page options on jobs', () => {
  it('a bulk job renders and screenshots every URL, keeps only the formats asked for, and its files live exactly as long as its results', async () => {
    const key = await proKey(stack, api);
    const { job, byUrl } = await finished('bulk', key, { urls: [site.url('/doc'), site.url('/spa')], formats: ['markdown', 'screenshot'], viewport: { width: 800, height: 600 } });
    expect(job.status).toBe('done');
    const spa = byUrl.get(site.url('/spa'))!;
    expect(Object.keys(spa).sort()).toEqual(['markdown', 'screenshot', 'url']);
    expect(spa.markdown).toContain('Rendered paragraph 6');
    for (const entry of byUrl.values()) {
      const shot = entry.screenshot!;
      expect(shot).toMatchObject({ content_type: 'image/png', width: 800, height: 600 });
      // A finished job's links end with its results.
      expect(shot.expires_at).toBe(job.expires_at);
      const signed = await download(shot.url);
      expect(signed.status).toBe(200);
      const png = PNG.sync.read(signed.bytes);
      expect([png.width, png.height]).toEqual([800, 600]);
    }

    // The results expire: the file goes with them (404 by link and by key), then with the job's row.
    const fileId = spa.screenshot!.file_id;
    await stack.db.job.update({ where: { id: job.job_id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await download(spa.screenshot!.url)).code).toBe('file_not_found');
    expect((await download(`${stack.baseUrl}/files/${fileId}`, key)).code).toBe('file_not_found');
    await deleteExpiredJobs(stack.db, 100);
    expect(await stack.db.storedFile.count({ where: { id: fileId } })).toBe(0);
  });

  it('a completion webhook with results carries working screenshot links that end with the results', async () => {
    const receiver = await startReceiver(() => ({ status: 200 }));
    try {
      const key = await proKey(stack, api);
      const { job } = await finished('bulk', key, { urls: [site.url('/doc')], formats: ['screenshot'], webhook_url: receiver.url('/hook'), webhook_include_results: true });
      const [delivery] = await receiver.waitFor(1, 30_000);
      const event = JSON.parse(delivery!.body.toString());
      const shot = event.results[0].screenshot;
      expect(shot, delivery!.body.toString().slice(0, 500)).toBeDefined();
      expect(shot.expires_at).toBe(job.expires_at);
      const image = await download(shot.url);
      expect(image.status).toBe(200);
      expect(PNG.sync.read(image.bytes).width).toBe(1280);
    } finally {
      await receiver.close();
    }
  });

  it('renders only app shells by default on a plan with rendering, and never on Free', async () => {
    const key = await proKey(stack, api);
    const { byUrl } = await finished('bulk', key, { urls: [site.url('/doc'), site.url('/spa')] });
    expect(byUrl.get(site.url('/spa'))!.metadata?.rendered).toBe(true);
    expect(byUrl.get(site.url('/spa'))!.markdown).toContain('Rendered paragraph 1');
    expect(byUrl.get(site.url('/doc'))!.metadata?.rendered).toBe(false);

    const free = (await api.register()).api_key;
    const plain = await finished('bulk', free, { urls: [site.url('/spa')] });
    expect(plain.byUrl.get(site.url('/spa'))!.error_code).toBe('no_content');
  });

  it('a crawl cuts every page with exclude_tags and follows links that formats leaves out of its results', async () => {
    const key = await proKey(stack, api);
    const { job, byUrl } = await finished('crawl', key, { url: site.url('/hub'), depth: 1, include_patterns: ['/leaf'], formats: ['markdown'], exclude_tags: ['.promo'] });
    expect(job.status).toBe('done');
    expect([...byUrl.keys()].sort()).toEqual([site.url('/hub'), site.url('/leaf')].sort());
    for (const entry of byUrl.values()) {
      expect(Object.keys(entry).sort()).toEqual(['markdown', 'url']);
      expect(entry.markdown).not.toContain('promotional letter');
    }
    expect(byUrl.get(site.url('/leaf'))!.markdown).toContain('Leaf paragraph 6');
  });

  it('refuses browser options a job cannot honour before anything is queued or metered', async () => {
    const key = await proKey(stack, api);
    const conflicting = await api.post('/bulk', { urls: [site.url('/doc')], render_js: false, wait_for: '#app' }, key);
    expect(conflicting.status).toBe(422);
    expect(conflicting.body.error.code).toBe('invalid_request');
    expect(conflicting.body.error.message).toContain('render_js');
    const inline = await api.post('/crawl', { url: site.url('/hub'), formats: ['screenshot'], screenshot_inline: true }, key);
    expect(inline.status).toBe(422);
    expect(inline.body.error.message).toContain('screenshot_inline');

    const free = (await api.register()).api_key;
    const before = (await api.get('/usage', free)).body;
    const refused = await api.post('/bulk', { urls: [site.url('/doc')], formats: ['screenshot'] }, free);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('plan_not_supported');
    expect((await api.get('/usage', free)).body.used_requests).toBe(before.used_requests);
  });
});
