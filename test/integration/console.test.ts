import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { proKey, startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { apiClient } from '../support/api.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { CONSOLE_SCREENSHOT_DIR, startConsoleBrowser, type ConsoleBrowser, type ConsoleTab } from '../support/console-browser.js';

/**
 * The web console in real Chromium against a real API, worker, PostgreSQL and Temporal: each page is
 * walked as a person would (labels, buttons, keyboard), screenshots are written at desktop and phone
 * width, axe-core checks WCAG 2.1 AA, and the page must run under the strict CSP without a violation.
 */

let stack: Stack;
let pages: FixtureServer;
let receiver: Receiver;
let chrome: ConsoleBrowser;
let api: ReturnType<typeof apiClient>;

const ARTICLE_TITLE = 'Tidal energy in the Bay of Fundy';
const article = articlePage(ARTICLE_TITLE, [
  'The Bay of Fundy has the highest tides on Earth, rising and falling by up to sixteen metres twice a day. '.repeat(3),
  'Engineers have tried for decades to turn that motion into electricity with turbines anchored to the sea floor. '.repeat(3),
]);
const slowPages = Array.from({ length: 10 }, (_, i) => `/s${i + 1}`);

beforeAll(async () => {
  pages = await startFixtureServer({
    '/article': { body: article },
    '/gone': { status: 404, body: 'not here' },
    ...Object.fromEntries(slowPages.map((p, i) => [p, { delayMs: 300 + i * 100, body: articlePage(`Slow page ${p}`, [`Words about ${p}. `.repeat(60)]) }])),
  });
  receiver = await startReceiver(() => ({ status: 200 }));
  stack = await startStack();
  api = apiClient(stack.baseUrl);
  chrome = await startConsoleBrowser();
});

afterAll(async () => {
  await chrome?.close();
  await stack?.stop();
  await receiver?.close();
  await pages?.close();
});

/** A tab signed in with `key` through the sign-in form. */
async function signedIn(key: string): Promise<ConsoleTab> {
  const tab = await chrome.open(stack.baseUrl);
  await tab.page.goto('/console');
  await tab.page.getByLabel('API key', { exact: true }).fill(key);
  await tab.page.getByRole('button', { name: 'Sign in' }).click();
  await tab.page.getByRole('heading', { level: 1, name: 'Playground' }).waitFor();
  return tab;
}

async function expectAccessible(tab: ConsoleTab): Promise<void> {
  expect(await tab.accessibilityViolations()).toEqual([]);
}

describe('console: serving', () => {
  it('serves the page and its hashed assets under a CSP without inline script or style', async () => {
    const shell = await fetch(`${stack.baseUrl}/console`);
    expect(shell.status).toBe(200);
    const csp = shell.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    const html = await shell.text();
    const script = /src="([^"]+\.js)"/.exec(html)?.[1];
    const style = /href="([^"]+\.css)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/console\/assets\/console-[A-Z0-9]+\.js$/);
    expect(html).not.toMatch(/<script>|<style>|style="/);
    const asset = await fetch(`${stack.baseUrl}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('vary')).toContain('Accept-Encoding');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${stack.baseUrl}${style}`)).headers.get('content-type')).toContain('text/css');
    // Nothing from a CDN: the bundle names no other origin to load code from.
    expect(await asset.text()).not.toMatch(/https:\/\/(cdn|unpkg|jsdelivr)/);
    const missing = await fetch(`${stack.baseUrl}/console/assets/nope.js`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('not_found');
  });
});

describe('console: sign-in', () => {
  it('registers an account, shows its key once, signs in with it, and signs out again', async () => {
    const tab = await chrome.open(stack.baseUrl);
    const { page } = tab;
    await page.goto('/console');
    await page.getByRole('heading', { level: 1, name: 'Pith console' }).waitFor();
    await expectAccessible(tab);
    await tab.shoot('sign-in');

    await page.getByLabel('E-mail', { exact: true }).fill(`console-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Create a free account' }).click();
    const key = (await page.getByTestId('new-account-key').textContent()) ?? '';
    expect(key).toMatch(/^ce_[0-9a-f]{40}$/);
    await page.getByRole('button', { name: 'Copy key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await page.getByRole('button', { name: 'Continue with this key' }).click();
    await page.getByRole('heading', { level: 1, name: 'Playground' }).waitFor();
    // The key lives in this tab's sessionStorage only: no cookie is set.
    expect(await page.evaluate(() => sessionStorage.getItem('pith.console.api_key'))).toBe(key);
    expect(await tab.context.cookies()).toEqual([]);

    // A reload keeps the session (same tab); signing out forgets the key.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Playground' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pith console' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('pith.console.api_key'))).toBeNull();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Pith console' }).waitFor();
    expect(tab.problems).toEqual([]);
    await tab.context.close();
  });

  it('shows a refused key as a readable message with the docs link', async () => {
    const tab = await chrome.open(stack.baseUrl);
    await tab.page.goto('/console');
    await tab.page.getByLabel('API key', { exact: true }).fill(`ce_${'0'.repeat(40)}`);
    await tab.page.getByRole('button', { name: 'Sign in' }).click();
    const alert = tab.page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('invalid_api_key');
    const docs = alert.getByRole('link', { name: 'What this error means' });
    expect(await docs.getAttribute('href')).toMatch(/\/docs\/errors#invalid_api_key$/);
    expect(await tab.page.evaluate(() => sessionStorage.getItem('pith.console.api_key'))).toBeNull();
    await tab.context.close();
  });
});

describe('console: playground', () => {
  it('extracts a loopback page: rendered and raw markdown, blocks, chunks with token ranges, metadata, savings, snippets', async () => {
    const { api_key: key } = await api.register();
    const tab = await signedIn(key);
    const { page } = tab;
    await page.getByLabel('Page URL', { exact: true }).fill(pages.url('/article'));
    await page.getByRole('button', { name: 'Extract' }).click();
    await page.getByRole('heading', { level: 2, name: /Result/ }).waitFor();

    // Rendered: the title is a real heading inside the sanitized HTML.
    await page.locator('.rendered-markdown h1', { hasText: ARTICLE_TITLE }).waitFor();
    expect(await page.locator('.rendered-markdown').textContent()).toContain('highest tides on Earth');
    await expectAccessible(tab);
    await tab.shoot('playground');

    await page.getByRole('tab', { name: 'Markdown' }).click();
    const raw = (await page.getByTestId('raw-markdown').textContent()) ?? '';
    expect(raw.startsWith(`# ${ARTICLE_TITLE}`)).toBe(true);
    const direct = await api.post('/extract', { url: pages.url('/article'), formats: ['markdown'] }, key);
    expect(raw).toBe(direct.body.markdown);

    // Keyboard: arrow keys move between tabs.
    await page.getByRole('tab', { name: 'Markdown' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: /^Blocks/ }).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('.blocks li').count()).toBeGreaterThan(1);
    await page.getByRole('tab', { name: /^Chunks/ }).click();
    expect(await page.locator('.chunk-range').first().textContent()).toMatch(/^Tokens 0–\d+/);
    await page.getByRole('tab', { name: 'Metadata' }).click();
    expect(await page.locator('.facts').textContent()).toContain(ARTICLE_TITLE);

    // Savings: HTML tokens against markdown tokens, in a chart with its numbers as a table.
    const savings = await page.locator('.savings figcaption').textContent();
    expect(savings).toMatch(/^Token savings: [\d,]+ tokens \([\d.]+%\)$/);
    expect(await page.locator('.savings .bar-list li').count()).toBe(2);

    // Snippets: the request as sent, never the key.
    await page.getByRole('tab', { name: 'curl' }).click();
    const curl = (await page.locator('.tab-panel pre').last().textContent()) ?? '';
    expect(curl).toContain(`${stack.baseUrl}/extract`);
    expect(curl).toContain(pages.url('/article'));
    expect(curl).toContain('$PITH_API_KEY');
    expect(curl).not.toContain(key);
    await page.getByRole('tab', { name: 'Python' }).click();
    expect(await page.locator('.tab-panel pre').last().textContent()).toContain(`pith.extract(${JSON.stringify(pages.url('/article'))}`);
    await page.getByRole('tab', { name: 'TypeScript' }).click();
    expect(await page.locator('.tab-panel pre').last().textContent()).toContain('await pith.extract(');
    expect(tab.problems).toEqual([]);
    await tab.context.close();
  });

  it('shows an API error with its code and docs link, and a bad field by name', async () => {
    const { api_key: key } = await api.register();
    const tab = await signedIn(key);
    const { page } = tab;
    await page.getByLabel('Page URL', { exact: true }).fill(pages.url('/gone'));
    await page.getByRole('button', { name: 'Extract' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('target_http_error');
    expect(await alert.getByRole('link', { name: 'What this error means' }).getAttribute('href')).toMatch(/\/docs\/errors#target_http_error$/);

    await page.getByText('More options').click();
    await page.getByLabel('Page actions (JSON, rendering)', { exact: true }).fill('[{"type":');
    await page.getByRole('button', { name: 'Extract' }).click();
    await expect.poll(() => alert.textContent()).toContain('actions: must be a JSON array');
    await tab.shoot('playground-error');
    await tab.context.close();
  });
});

describe('console: jobs', () => {
  it('submits a bulk job, follows its progress bar to done, pages results and shows the webhook delivery', async () => {
    // Pro: eleven URLs in one request (Free takes ten), so the results fill more than one page of ten.
    const key = await proKey(stack, api);
    const tab = await signedIn(key);
    const { page } = tab;
    await page.getByRole('link', { name: 'Jobs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor();
    await page.getByText('Start a bulk job').click();
    const urls = [...slowPages.map((p) => pages.url(p)), pages.url('/gone')];
    await page.getByLabel('URLs, one per line', { exact: true }).fill(urls.join('\n'));
    await page.getByLabel('Completion webhook URL (optional)', { exact: true }).fill(receiver.url('/hook'));
    await page.getByRole('button', { name: 'Submit bulk job' }).click();
    await page.getByRole('heading', { level: 1, name: /^Job / }).waitFor();
    const jobId = /#\/jobs\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? '';
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);

    // The bar moves while the job runs (the pages answer slowly), then reaches the total.
    const bar = page.getByRole('progressbar');
    const seen = new Set<number>();
    await expect
      .poll(
        async () => {
          const value = Number(await bar.getAttribute('value'));
          seen.add(value);
          return value;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(urls.length);
    expect(await bar.getAttribute('max')).toBe(String(urls.length));
    expect([...seen].some((value) => value > 0 && value < urls.length)).toBe(true);
    await page.locator('.job-progress .badge', { hasText: 'done' }).waitFor();
    expect(await page.locator('.job-progress-text').textContent()).toContain(`${urls.length} of ${urls.length} done, 1 failed`);

    // Per-URL outcomes: the failed URL with its code, the others openable to their content.
    await expect.poll(() => page.locator('.result-row').count()).toBe(10);
    await page.locator('.result-row summary').first().click();
    await page.locator('.result-row .rendered-markdown h1', { hasText: 'Slow page /s1' }).waitFor();
    await page.getByRole('button', { name: 'Next results' }).click();
    const failed = page.locator('.result-failed');
    await failed.waitFor();
    expect(await page.locator('.result-row').count()).toBe(1);
    expect(await failed.textContent()).toContain('11.');
    expect(await failed.textContent()).toContain('target_http_error');
    expect(await page.getByRole('button', { name: 'Next results' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous results' }).click();
    await expect.poll(() => page.locator('.result-row').count()).toBe(10);

    // The completion webhook: delivered once, then redelivered from the console.
    await receiver.waitFor(1);
    await page.reload();
    const delivery = page.locator('.delivery').first();
    await delivery.waitFor();
    expect(await delivery.textContent()).toContain('delivered');
    expect(await delivery.locator('tbody tr').first().textContent()).toContain('HTTP 200');
    await expectAccessible(tab);
    await tab.shoot('job');
    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    await receiver.waitFor(2);
    await expect.poll(() => page.locator('.delivery').count()).toBe(2);

    // The list: newest first, this job done with its counts.
    await page.getByRole('link', { name: '← All jobs' }).click();
    const row = page.locator('.jobs-table tbody tr').first();
    await row.waitFor();
    expect(await row.textContent()).toContain(jobId.slice(0, 8));
    expect(await row.textContent()).toContain(`${urls.length} of ${urls.length} done, 1 failed`);
    await expectAccessible(tab);
    await tab.shoot('jobs');
    expect(tab.problems).toEqual([]);
    await tab.context.close();
  });
});

describe('console: keys', () => {
  it('creates a scoped key with a policy (shown once, copied), revokes it, rotates the webhook secret and the signed-in key', async () => {
    const { api_key: key } = await api.register();
    const tab = await signedIn(key);
    const { page } = tab;
    await page.getByRole('link', { name: 'Keys' }).click();
    await page.getByRole('heading', { level: 1, name: 'Keys' }).waitFor();
    await page.getByText('Create a key').click();
    await page.getByLabel('Name', { exact: true }).fill('docs crawler');
    await page.getByLabel('bulk', { exact: true }).check();
    await page.getByLabel('Allowed domains, one per line (empty: any)', { exact: true }).fill('example.com\ndocs.example.com');
    await page.getByLabel('Denied URL patterns, one per line', { exact: true }).fill('*/admin*');
    await page.getByLabel('robots.txt', { exact: true }).selectOption('strict');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('shown-once-secret').textContent()) ?? '';
    expect(secret).toMatch(/^ce_[0-9a-f]{40}$/);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    const listed = (await api.get('/keys', key)).body.data.find((k: { name: string }) => k.name === 'docs crawler');
    expect(listed).toMatchObject({ scopes: ['extract', 'bulk'], policy: { allow_domains: ['example.com', 'docs.example.com'], deny_patterns: ['*/admin*'], respect_robots: 'strict' } });
    const row = page.locator('.keys-table tbody tr', { hasText: 'docs crawler' });
    expect(await row.textContent()).toContain('only example.com, docs.example.com');
    await expectAccessible(tab);
    await tab.shoot('keys');

    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expect.poll(() => page.getByTestId('shown-once-secret').count()).toBe(0);
    await row.getByRole('button', { name: 'Revoke docs crawler' }).click();
    await page.getByRole('button', { name: 'Confirm revoking docs crawler' }).click();
    await expect.poll(() => page.locator('.keys-table tbody tr', { hasText: 'docs crawler' }).count()).toBe(0);
    expect((await api.get('/usage', secret)).status).toBe(401);

    await page.getByRole('button', { name: 'Rotate the webhook signing secret' }).click();
    expect(await page.getByTestId('shown-once-secret').textContent()).toMatch(/^whsec_[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'I have stored it' }).click();

    // Rotating the signed-in key: the old one stops, the console carries on with the new one.
    await page.getByRole('button', { name: 'Rotate the signed-in key' }).click();
    const rotated = (await page.getByTestId('shown-once-secret').textContent()) ?? '';
    expect(rotated).toMatch(/^ce_[0-9a-f]{40}$/);
    expect(rotated).not.toBe(key);
    expect((await api.get('/usage', key)).status).toBe(401);
    expect(await page.evaluate(() => sessionStorage.getItem('pith.console.api_key'))).toBe(rotated);
    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByText('requests used').waitFor();
    expect(tab.problems).toEqual([]);
    await tab.context.close();
  });
});

describe('console: usage and logs', () => {
  it('shows the month against the allowance by day and endpoint with the plan limits, and filters the request log', async () => {
    const { api_key: key } = await api.register();
    expect((await api.post('/extract', { url: pages.url('/article') }, key)).status).toBe(200);
    expect((await api.post('/extract', { url: pages.url('/gone') }, key)).status).toBe(422);
    expect((await api.post('/extract', { url: 'not a url' }, key)).status).toBe(422);
    const usage = (await api.get('/usage', key)).body;

    const tab = await signedIn(key);
    const { page } = tab;
    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByText('requests used').waitFor();
    const stats = await page.locator('.stats').textContent();
    expect(stats).toContain(`${usage.used_requests}requests used`);
    expect(stats).toContain(`remaining of ${new Intl.NumberFormat('en').format(usage.included_requests)}`);
    expect(await page.getByRole('meter').getAttribute('value')).toBe(String(usage.used_requests));
    const today = new Date().toISOString().slice(5, 10);
    const byDay = page.locator('figure', { hasText: 'Requests by day (UTC)' }).locator('table');
    expect(await byDay.locator('tr').count()).toBe(usage.by_day.length);
    expect(await byDay.locator('tr', { hasText: today }).locator('td').textContent()).toBe(String(usage.by_day.at(-1).requests));
    expect(await page.locator('figure', { hasText: 'Requests by endpoint' }).textContent()).toContain('extract');
    expect(await page.locator('section', { hasText: "Your plan's limits" }).textContent()).toContain('URLs per bulk request10');
    expect(await page.getByRole('link', { name: /Upgrade/ }).getAttribute('href')).toMatch(/\/pricing$/);
    await expectAccessible(tab);
    await tab.shoot('usage');

    await page.getByRole('link', { name: 'Logs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Request log' }).waitFor();
    const rows = page.locator('.logs-table tbody tr');
    await rows.first().waitFor();
    expect(await page.locator('.logs-table').textContent()).toContain('422');
    await page.getByLabel('Status', { exact: true }).selectOption('4xx');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    // Only 4xx rows: the two refused extractions, and any 429 the console met and waited out (Free: 5 per second).
    await expect
      .poll(async () => {
        const codes = await rows.locator('td:nth-child(3)').allTextContents();
        return codes.every((code) => code.startsWith('4')) && codes.filter((code) => code === '422').length === 2;
      })
      .toBe(true);
    await page.getByLabel('Status', { exact: true }).selectOption('');
    await page.getByLabel('Endpoint', { exact: true }).fill('GET /usage');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(async () => (await rows.allTextContents()).every((text) => text.includes('GET /usage'))).toBe(true);
    await expectAccessible(tab);
    await tab.shoot('logs');
    expect(tab.problems).toEqual([]);
    expect(existsSync(path.join(CONSOLE_SCREENSHOT_DIR, 'logs-phone.png'))).toBe(true);
    await tab.context.close();
  });
});
