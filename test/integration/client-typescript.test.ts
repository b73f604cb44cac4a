import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';
import { articlePage, startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { startReceiver } from '../support/webhook-receiver.js';
import { apiClient } from '../support/api.js';
import { buildTypeScriptClient, runTypeScriptQuickStart } from '../support/quickstarts.js';
import { quotaPeriod } from '../../src/accounts/metering.js';
import { PLANS } from '../../src/contract/plans.js';
import { PithClient, PithError, PithWebhookVerificationError, verifyWebhook } from '../../clients/typescript/src/index.js';

/**
 * pith-client against the real service (API, worker, PostgreSQL, Temporal, loopback pages): its calls, typed
 * errors, 429 backoff, the idempotent retry after a dropped connection, paging, webhook verification of a
 * real delivery, the `pith` command line built with tsc, and the README's quick start run as written.
 */

let stack: Stack;
let site: FixtureServer;
let api: ReturnType<typeof apiClient>;
let scratch: string;
/** The package built for these tests (its own copy: other test files build theirs). */
let pkg: string;

const page = (n: number) => articlePage(`Client page ${n}`, [`Page ${n} of the client tests: a paragraph long enough for the extractor to keep as the content of the page.`, 'A second paragraph, so that the markdown has more than one line of text in it.']);

beforeAll(async () => {
  site = await startFixtureServer(Object.fromEntries(Array.from({ length: 6 }, (_, n) => [`/p/${n}`, { body: page(n) }])));
  stack = await startStack();
  api = apiClient(stack.baseUrl);
  scratch = mkdtempSync(path.join(tmpdir(), 'pith-client-'));
  // The package builds on its own (what `npm pack` would ship, and what `npx pith` runs).
  pkg = await buildTypeScriptClient();
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await site?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  if (pkg) rmSync(pkg, { recursive: true, force: true });
});

async function account(plan: 'free' | 'pro' | 'enterprise' = 'enterprise'): Promise<{ key: string; accountId: string }> {
  const registered = await api.register();
  await stack.db.account.update({ where: { id: registered.account_id }, data: { plan } });
  return { key: registered.api_key, accountId: registered.account_id };
}

describe('pith-client (TypeScript)', () => {
  it('extracts, submits a bulk job, waits with progress and pages through its results', async () => {
    const { key } = await account();
    const pith = new PithClient({ apiKey: key, baseUrl: stack.baseUrl });
    const one = await pith.extract({ url: site.url('/p/0'), formats: ['markdown'] });
    expect(one.markdown).toContain('Page 0 of the client tests');

    const job = await pith.bulk({ urls: [0, 1, 2, 3, 4].map((n) => site.url(`/p/${n}`)) });
    const seen: number[] = [];
    const done = await pith.wait(job.job_id, { onProgress: (j) => seen.push(j.completed), intervalMs: 100 });
    expect(done).toMatchObject({ status: 'done', total: 5, completed: 5 });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const urls: string[] = [];
    for await (const result of pith.results(job.job_id, { pageSize: 2 })) urls.push(result.url);
    expect(urls).toEqual([0, 1, 2, 3, 4].map((n) => site.url(`/p/${n}`)));

    const logged: string[] = [];
    for await (const entry of pith.logs({ pageSize: 2 })) logged.push(entry.endpoint);
    expect(logged.length).toBeGreaterThanOrEqual(4);
    expect((await pith.usage()).used_requests).toBeGreaterThanOrEqual(6);

    // The public routes need no key.
    const anonymous = new PithClient({ apiKey: '', baseUrl: stack.baseUrl });
    expect((await anonymous.register(`client-${Date.now()}@example.com`)).api_key).toEqual(expect.any(String));
    expect((await anonymous.health()).status).toBe('ok');
    expect((await anonymous.pricing()).plans).toBeDefined();
  });

  it('lists jobs a page at a time or all of them, with filters, and filters the request log', async () => {
    const { key } = await account();
    const pith = new PithClient({ apiKey: key, baseUrl: stack.baseUrl });
    const submitted = [];
    for (const n of [0, 1, 2]) submitted.push((await pith.bulk({ urls: [site.url(`/p/${n}`)] })).job_id);

    const first = await pith.jobs.page({ limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const rest = await pith.jobs.page({ limit: 2, cursor: first.next_cursor! });
    expect(rest.next_cursor).toBeNull();
    const listed: string[] = [];
    for await (const job of pith.jobs.list({ kind: 'bulk', pageSize: 1 })) {
      expect(job).toMatchObject({ kind: 'bulk', total: 1, webhook_url: null });
      listed.push(job.job_id);
    }
    expect(listed).toEqual([...first.data, ...rest.data].map((job) => job.job_id));
    expect([...listed].sort()).toEqual([...submitted].sort());
    const newestFirst = [...first.data, ...rest.data].map((job) => job.created_at);
    expect(newestFirst).toEqual([...newestFirst].sort().reverse());
    const crawls: unknown[] = [];
    for await (const job of pith.jobs.list({ kind: 'crawl' })) crawls.push(job);
    expect(crawls).toEqual([]);
    await expect(pith.jobs.page({ cursor: 'not-a-cursor' })).rejects.toMatchObject({ status: 422, code: 'invalid_request', message: expect.stringMatching(/^cursor:/) });

    const { data: keys } = await pith.keys.list();
    const bulkLog: string[] = [];
    for await (const entry of pith.logs({ endpoint: 'POST /bulk', status: '2xx', key_id: keys[0]!.id, pageSize: 2 })) bulkLog.push(`${entry.endpoint} ${entry.status}`);
    expect(bulkLog).toEqual(['POST /bulk 200', 'POST /bulk 200', 'POST /bulk 200']);
    const refused: number[] = [];
    for await (const entry of pith.logs({ status: '4xx' })) refused.push(entry.status);
    expect(refused).toEqual([422]);
  });

  it('throws the envelope as PithError, and never retries a spent month', async () => {
    const { key, accountId } = await account('free');
    const pith = new PithClient({ apiKey: key, baseUrl: stack.baseUrl });
    const invalid = await pith.extract({ url: 'not a url' } as never).catch((err: unknown) => err);
    expect(invalid).toBeInstanceOf(PithError);
    expect(invalid).toMatchObject({ status: 422, code: 'invalid_request', retry: false, docsUrl: expect.stringContaining('/docs/errors#invalid_request') });

    const { start } = quotaPeriod();
    await stack.db.usageCounter.upsert({ where: { accountId_periodStart: { accountId, periodStart: start } }, create: { accountId, periodStart: start, used: PLANS.free.includedRequestsPerMonth }, update: { used: PLANS.free.includedRequestsPerMonth } });
    let calls = 0;
    const counting = new PithClient({ apiKey: key, baseUrl: stack.baseUrl, fetch: (input, init) => (calls++, fetch(input, init)) });
    const spent = await counting.extract({ url: site.url('/p/0') }).catch((err: unknown) => err);
    expect(spent).toMatchObject({ status: 429, code: 'rate_limit_exceeded', upgradeUrl: expect.any(String), retryAfter: expect.any(Number) });
    expect(calls).toBe(1);
  });

  it('waits out rate_limit_too_fast with Retry-After-Ms and succeeds', async () => {
    const { key } = await account('free'); // 5 requests per second
    const statuses: number[] = [];
    const pith = new PithClient({
      apiKey: key,
      baseUrl: stack.baseUrl,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        statuses.push(response.status);
        return response;
      },
    });
    const answers = await Promise.all(Array.from({ length: 15 }, () => pith.usage()));
    expect(answers).toHaveLength(15);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200)).toHaveLength(15);
  });

  it('retries a bulk submission whose connection dropped with the same Idempotency-Key: one job, metered once', async () => {
    const { key, accountId } = await account();
    const target = new URL(stack.baseUrl);
    let dropped = 0;
    // A real TCP hop that loses the answer of the first request: the server did the work, the client saw nothing.
    const proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port), target.hostname);
      client.pipe(upstream);
      upstream.on('data', (chunk) => {
        if (dropped === 0) {
          dropped++;
          client.destroy();
          upstream.destroy();
          return;
        }
        client.write(chunk);
      });
      upstream.on('end', () => client.end());
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const pith = new PithClient({ apiKey: key, baseUrl: `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}` });
      const job = await pith.bulk({ urls: [site.url('/p/5')] });
      expect(dropped).toBe(1);
      expect(await stack.db.job.count({ where: { accountId } })).toBe(1);
      expect((await stack.db.job.findFirstOrThrow({ where: { accountId } })).id).toBe(job.job_id);
      const metered = await stack.db.usageEvent.aggregate({ where: { accountId, endpoint: 'POST /bulk' }, _sum: { units: true } });
      expect(metered._sum.units).toBe(1);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('verifies a real job.completed delivery, and refuses a tampered one', async () => {
    const { key } = await account();
    const receiver = await startReceiver(() => ({ status: 200 }));
    try {
      const pith = new PithClient({ apiKey: key, baseUrl: stack.baseUrl });
      const job = (await pith.bulk({ urls: [site.url('/p/1')], webhook_url: receiver.url('/hook') })) as { job_id: string; webhook_signing_secret: string };
      const [delivery] = await receiver.waitFor(1, 60_000);
      const event = verifyWebhook<{ event: string; job_id: string }>(delivery!.body, delivery!.headers as Record<string, string>, job.webhook_signing_secret);
      expect(event).toMatchObject({ event: 'job.completed', job_id: job.job_id });
      const tampered = Buffer.from(delivery!.body.toString('utf8').replace('"done"', '"failed"'));
      expect(() => verifyWebhook(tampered, delivery!.headers as Record<string, string>, job.webhook_signing_secret)).toThrow(PithWebhookVerificationError);
    } finally {
      await receiver.close();
    }
  });
});

/** Runs the built CLI like `npx pith` would. */
function pith(args: string[], env: Record<string, string | undefined>, stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(pkg, 'dist', 'cli.js'), ...args], { env: { PATH: process.env.PATH, ...env } as NodeJS.ProcessEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    if (stdin !== undefined) child.stdin.end(stdin);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe('the pith command line', () => {
  it('extracts to stdout, runs a bulk job with progress on stderr and results as JSON Lines, and exits per error class', async () => {
    const { key } = await account();
    const env = { PITH_API_KEY: key, PITH_BASE_URL: stack.baseUrl };
    const markdown = await pith(['extract', site.url('/p/2')], env);
    expect(markdown).toMatchObject({ code: 0, stderr: '' });
    expect(markdown.stdout).toContain('Page 2 of the client tests');
    const asJson = await pith(['extract', site.url('/p/2'), '--format', 'json'], env);
    expect(JSON.parse(asJson.stdout)).toMatchObject({ url: site.url('/p/2'), markdown: expect.any(String) });

    const list = path.join(scratch, 'urls.txt');
    writeFileSync(list, `# two pages\n${site.url('/p/3')}\n\n${site.url('/p/4')}\n`);
    const bulk = await pith(['bulk', list, '--wait'], env);
    expect(bulk.code).toBe(0);
    const lines = bulk.stdout.trim().split('\n').map((line) => JSON.parse(line) as { url: string });
    expect(lines.map((l) => l.url)).toEqual([site.url('/p/3'), site.url('/p/4')]);
    expect(bulk.stderr).toMatch(/bulk \w+ \[#+-*\] 2\/2/);
    const fromStdin = await pith(['bulk', '-'], env, `${site.url('/p/3')}\n`);
    expect(JSON.parse(fromStdin.stdout)).toMatchObject({ job_id: expect.any(String), total: 1 });

    expect((await pith(['usage'], env)).code).toBe(0);
    expect(await pith(['extract', site.url('/p/2')], { PITH_BASE_URL: stack.baseUrl })).toMatchObject({ code: 2, stderr: expect.stringContaining('PITH_API_KEY') });
    expect((await pith(['frobnicate'], env)).code).toBe(2);
    expect(await pith(['extract', 'ftp://example.com/x'], env)).toMatchObject({ code: 4, stderr: expect.stringContaining('invalid_request') });
    expect((await pith(['usage'], { ...env, PITH_API_KEY: 'pith_live_not_a_real_key' })).code).toBe(3);
    expect((await pith(['usage'], { ...env, PITH_BASE_URL: 'http://127.0.0.1:9' })).code).toBe(6);
  });
});

describe("the README's quick start", () => {
  it('runs as written against the service', async () => {
    const { key } = await account();
    const stdout = await runTypeScriptQuickStart(pkg, { PITH_API_KEY: key, PITH_BASE_URL: stack.baseUrl, QUICKSTART_URL: site.url('/p/0') });
    expect(stdout).toContain('Page 0 of the client tests');
    expect(stdout).toContain(`${site.url('/p/0')} ok`);
    expect(stdout).toMatch(/\d+ requests used this month/);
  });
});
