import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proKey, startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureRoute, type FixtureServer } from '../support/fixture-server.js';
import { apiClient, finishedJob } from '../support/api.js';
import { trackRemoval, trackVersion } from '../../src/changes/track-change.js';

/**
 * Change tracking (issue 21, `formats: ["change_tracking"]`): each result says how the page stands
 * against the same account's previous extraction of it — new, same (whitespace and tracking parameters
 * aside), changed with a bounded unified diff, removed when it now answers 404/410 — on /extract and in
 * jobs. Real API, PostgreSQL, Temporal and a loopback site.
 */

const paragraphs = ['The museum opens at nine in the morning and closes at six in the evening.', 'Tickets cost twelve euros for adults and nothing for children under twelve.', 'Guided tours start every hour from the main hall.'];

let stack: Stack;
let site: FixtureServer;
let api: ReturnType<typeof apiClient>;
const routes: Record<string, FixtureRoute> = {
  '/museum': { body: articlePage('Museum hours', paragraphs) },
  '/huge': { body: articlePage('Huge', Array.from({ length: 2500 }, (_, i) => `Line ${i} of the first version of a very large page that changes everywhere.`)) },
  '/listed': { body: articlePage('Listed', paragraphs) },
};

beforeAll(async () => {
  site = await startFixtureServer(routes);
  stack = await startStack();
  api = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

const track = (key: string, url: string, formats = ['change_tracking']) => api.post('/extract', { url, formats, render_js: false }, key);

describe('change_tracking', () => {
  it('says new, then same (whitespace and tracking parameters aside), then changed with a diff, then removed once', async () => {
    const key = await proKey(stack, api);
    const first = await track(key, site.url('/museum'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Only what was asked for: the markdown it compared is not answered.
    expect(Object.keys(first.body).sort()).toEqual(['change', 'url']);
    expect(first.body.change).toEqual({ status: 'new', previous_at: null, diff: null });

    routes['/museum'] = { body: articlePage('Museum   hours', paragraphs.map((p) => `\n   ${p.replace(/ /g, '  ')}   \n`)) };
    const same = await track(key, `${site.url('/museum')}?utm_source=newsletter`, ['markdown', 'change_tracking']);
    expect(same.body.change).toMatchObject({ status: 'same', diff: null });
    expect(Date.parse(same.body.change.previous_at)).toBeGreaterThan(0);
    expect(same.body.markdown).toContain('Tickets cost');

    routes['/museum'] = { body: articlePage('Museum hours', [paragraphs[0]!, 'Tickets cost fifteen euros for adults and nothing for children under twelve.', paragraphs[2]!]) };
    const changed = await track(key, site.url('/museum'));
    expect(changed.body.change.status).toBe('changed');
    // Compared with the last look (the `same` one), not the first.
    expect(Date.parse(changed.body.change.previous_at)).toBeGreaterThan(Date.parse(same.body.change.previous_at));
    expect(changed.body.change.diff).toContain('-Tickets cost twelve euros');
    expect(changed.body.change.diff).toContain('+Tickets cost fifteen euros');
    expect(changed.body.change.diff).toContain(' Guided tours start every hour');

    // Another account has its own history: for it the page is new.
    const other = await proKey(stack, api);
    expect((await track(other, site.url('/museum'))).body.change.status).toBe('new');

    routes['/museum'] = { status: 410, body: 'gone' };
    const removed = await track(key, site.url('/museum'));
    expect(removed.status).toBe(422);
    expect(removed.body.error.code).toBe('target_http_error');
    expect(removed.body.error.change).toMatchObject({ status: 'removed', diff: null });
    const stillGone = await track(key, site.url('/museum'));
    expect(stillGone.body.error.change.status).toBe('same');
  });

  it('bounds the diff of a page that changed everywhere', async () => {
    const key = await proKey(stack, api);
    await track(key, site.url('/huge'));
    routes['/huge'] = { body: articlePage('Huge', Array.from({ length: 2500 }, (_, i) => `Line ${i} of the second version, rewritten from top to bottom with other words.`)) };
    const changed = await track(key, site.url('/huge'));
    expect(changed.body.change.status).toBe('changed');
    expect(changed.body.change.diff_truncated).toBe(true);
    expect(changed.body.change.diff.length).toBeLessThanOrEqual(64 * 1024);
  });

  it('tracks every page of a bulk job, a page now gone included', async () => {
    const key = await proKey(stack, api);
    await finishedJob(api, 'bulk', key, { urls: [site.url('/listed')], formats: ['markdown', 'change_tracking'] });
    routes['/listed'] = { status: 404, body: 'not here' };
    const { byUrl } = await finishedJob<{ url: string; markdown?: string; change?: { status: string }; error_code?: string }>(api, 'bulk', key, { urls: [site.url('/listed'), site.url('/museum-new')], formats: ['markdown', 'change_tracking'] });
    expect(byUrl.get(site.url('/listed'))).toMatchObject({ error_code: 'target_http_error', change: { status: 'removed' } });
    // Never seen and not there: removed, with no previous version.
    expect(byUrl.get(site.url('/museum-new'))).toMatchObject({ error_code: 'target_http_error', change: { status: 'removed', previous_at: null } });
  });
});

describe('change_tracking in a job retried after it stored its version', () => {
  it('compares a retried look of the same job with the version before the job, so the change is not lost to `same`', async () => {
    const account = await api.register();
    const url = site.url('/retried');
    const look = (markdown: string, job: string) => trackVersion(stack.db, account.account_id, url, `# Retried\n\n${markdown}`, new Date(), job);
    expect((await look('first words', 'job-1')).status).toBe('new');
    const changed = await look('second words', 'job-2');
    expect(changed).toMatchObject({ status: 'changed', diff: expect.stringContaining('+second words') });
    // The activity of job-2 failed after storing its version and runs again: the same answer.
    expect(await look('second words', 'job-2')).toEqual(changed);
    // The next job compares with job-2's version.
    expect((await look('second words', 'job-3')).status).toBe('same');

    const gone = () => trackRemoval(stack.db, account.account_id, url, new Date(), 'job-4');
    expect((await gone()).status).toBe('removed');
    expect((await gone()).status).toBe('removed');
    expect((await trackRemoval(stack.db, account.account_id, url, new Date(), 'job-5')).status).toBe('same');
  });
});
